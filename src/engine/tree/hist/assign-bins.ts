// The bin of every value of one numeric column, written into the row-major bin matrix.
// Self-contained (no reference outside its body): the histogram helper thread (tree/parallel/)
// runs this very function from its source text.

/**
 * Writes bins[i·F + f] for every row i: the number of edges below x[i] (`padded`: the sorted
 * edges, then +∞ up to 256 entries), or `binCount` (the missing bin) for NaN. Returns the largest
 * value. `descending` walks the rows backwards, so that two threads binning different features
 * of the same rows do not write the same cache lines at the same time.
 */
export function assignBins(x: Float64Array, padded: Float64Array, binCount: number, f: number, featureCount: number, bins: Uint8Array, descending: boolean): number {
  let max = -Infinity;
  const n = x.length;
  for (let k = 0; k < n; k++) {
    const i = descending ? n - 1 - k : k;
    const v = x[i];
    let b = binCount;
    if (!Number.isNaN(v)) {
      // A fixed 8-step search, with arithmetic instead of branches (random values mispredict
      // every other branch: 2.4× slower).
      b = 0;
      for (let step = 128; step > 0; step >>= 1) b += Number(padded[b + step - 1] < v) * step;
      if (v > max) max = v;
    }
    bins[i * featureCount + f] = b;
  }
  return max;
}
