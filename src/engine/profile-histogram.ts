// Equal-width histogram of a numeric (or date) column's present values, for the profile view's
// chart: at most `maxBins` bins over [min, max], fewer when the column has fewer distinct values.
export interface Histogram {
  /** Bin i covers [edges[i], edges[i + 1]), the last bin also its right edge. */
  readonly edges: number[];
  readonly counts: number[];
}

export const DEFAULT_BINS = 20;

/** Null when the column has no present value. */
export function histogram(values: Float64Array, distinct: number, maxBins = DEFAULT_BINS): Histogram | null {
  let min = Infinity;
  let max = -Infinity;
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (min > max) return null;
  const bins = min === max ? 1 : Math.max(1, Math.min(maxBins, distinct));
  const width = (max - min) / bins;
  const counts = new Array<number>(bins).fill(0);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    if (v !== v) continue;
    counts[width === 0 ? 0 : Math.min(bins - 1, Math.floor((v - min) / width))]++;
  }
  return { edges: Array.from({ length: bins + 1 }, (_, i) => (i === bins ? max : min + i * width)), counts };
}
