// Summary statistics of a numeric column, from its sorted present values.

export interface NumericSummary {
  readonly min: number;
  readonly max: number;
  readonly mean: number;
  /** Sample standard deviation (n − 1 in the denominator, as pandas' `std`); null for one value. */
  readonly std: number | null;
  /** Quartiles by linear interpolation between order statistics (numpy/pandas default). */
  readonly q1: number;
  readonly median: number;
  readonly q3: number;
}

/** Present (non-NaN) values of `values`, sorted ascending. */
export function sortedPresent(values: Float64Array): Float64Array {
  let n = 0;
  for (let i = 0; i < values.length; i++) if (values[i] === values[i]) n++;
  const out = new Float64Array(n);
  let k = 0;
  for (let i = 0; i < values.length; i++) if (values[i] === values[i]) out[k++] = values[i];
  return out.sort();
}

/** Quantile p ∈ [0, 1] of sorted values: position (n − 1)·p, linearly interpolated. */
export function quantile(sorted: Float64Array, p: number): number {
  const position = (sorted.length - 1) * p;
  const lo = Math.floor(position);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (position - lo);
}

/** Null for an empty column. */
export function numericSummary(sorted: Float64Array): NumericSummary | null {
  const n = sorted.length;
  if (n === 0) return null;
  let sum = 0;
  for (let i = 0; i < n; i++) sum += sorted[i];
  const mean = sum / n;
  // Two passes: the centred sum of squares does not cancel catastrophically like Σx² − n·mean².
  let squares = 0;
  for (let i = 0; i < n; i++) squares += (sorted[i] - mean) * (sorted[i] - mean);
  return {
    min: sorted[0],
    max: sorted[n - 1],
    mean,
    std: n > 1 ? Math.sqrt(squares / (n - 1)) : null,
    q1: quantile(sorted, 0.25),
    median: quantile(sorted, 0.5),
    q3: quantile(sorted, 0.75),
  };
}

/** Distinct values of sorted input and how often each occurs, in ascending order. */
export function runs(sorted: Float64Array): { values: Float64Array; counts: Float64Array } {
  let distinct = 0;
  for (let i = 0; i < sorted.length; i++) if (i === 0 || sorted[i] !== sorted[i - 1]) distinct++;
  const values = new Float64Array(distinct);
  const counts = new Float64Array(distinct);
  let k = -1;
  for (let i = 0; i < sorted.length; i++) {
    if (i === 0 || sorted[i] !== sorted[i - 1]) values[++k] = sorted[i];
    counts[k]++;
  }
  return { values, counts };
}
