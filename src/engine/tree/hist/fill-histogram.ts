// Adds a node's samples to its histograms, for a range of features: the histogram builder's inner
// loop. Self-contained (no reference outside its body), because the split-search helper thread
// (tree/parallel/) runs this very function from its source text.

/**
 * Adds the samples idx[start, end) to `h` for features [from, to): at the slot of each sample's
 * bin, 1 to its class's count (classification) or its target value to the sum (regression, stat
 * 0), and 1 to the sample count (stat dim).
 */
export function fillHistogram(
  h: Float64Array,
  idx: Int32Array,
  start: number,
  end: number,
  bins: Uint8Array,
  offsets: Int32Array,
  featureCount: number,
  from: number,
  to: number,
  slot: Int32Array,
  amount: Float64Array | null,
  dim: number,
): void {
  const stride = dim + 1;
  if (amount === null) {
    for (let p = start; p < end; p++) {
      const i = idx[p];
      const k = slot[i];
      const row = i * featureCount;
      for (let f = from; f < to; f++) {
        const s = (offsets[f] + bins[row + f]) * stride;
        h[s + k] += 1;
        h[s + dim] += 1;
      }
    }
    return;
  }
  for (let p = start; p < end; p++) {
    const i = idx[p];
    const y = amount[i];
    const row = i * featureCount;
    for (let f = from; f < to; f++) {
      const s = (offsets[f] + bins[row + f]) * stride;
      h[s] += y;
      h[s + 1] += 1;
    }
  }
}
