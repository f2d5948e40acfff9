// Impurity and heterogeneity of a frequency vector (docs/formulas.md "Heterogeneity indices").
// Shared by column profiles, split scoring and the hover; the tree builder's hot loop uses the same
// formulas incrementally.

export type EntropyUnit = 'bits' | 'nats' | 'hartleys';

const LOG_BASE: Record<EntropyUnit, number> = { bits: Math.LN2, nats: 1, hartleys: Math.LN10 };

/** How many `unit`s one bit is (ln 2 / ln base): converts the tree's entropy scores, kept in bits, to the unit shown. */
export const unitsPerBit = (unit: EntropyUnit): number => Math.LN2 / LOG_BASE[unit];

function total(counts: ArrayLike<number>): number {
  let n = 0;
  for (let i = 0; i < counts.length; i++) n += counts[i];
  return n;
}

/** Number of non-zero entries: the distinct values actually present. */
export function distinctPresent(counts: ArrayLike<number>): number {
  let s = 0;
  for (let i = 0; i < counts.length; i++) if (counts[i] > 0) s++;
  return s;
}

/** Gini index 1 − Σ fᵢ²; 0 for an empty vector. */
export function gini(counts: ArrayLike<number>, n: number = total(counts)): number {
  if (n <= 0) return 0;
  let sq = 0;
  for (let i = 0; i < counts.length; i++) sq += counts[i] * counts[i];
  return 1 - sq / (n * n);
}

/** Entropy −Σ fᵢ log fᵢ with 0·log 0 = 0, in the given unit (bits by default). */
export function entropy(counts: ArrayLike<number>, unit: EntropyUnit = 'bits', n: number = total(counts)): number {
  if (n <= 0) return 0;
  let h = 0;
  for (let i = 0; i < counts.length; i++) {
    const c = counts[i];
    if (c > 0) h -= (c / n) * Math.log(c / n);
  }
  // Clamp the −0 / rounding dust of a pure vector to exactly 0.
  return h > 0 ? h / LOG_BASE[unit] : 0;
}

/** Normalised Gini s·I/(s−1) over the s values present; null when s = 1 (undefined). */
export function normalizedGini(counts: ArrayLike<number>): number | null {
  const s = distinctPresent(counts);
  return s <= 1 ? null : (s * gini(counts)) / (s - 1);
}

/** Normalised entropy H / log s over the s values present; null when s = 1 (undefined). */
export function normalizedEntropy(counts: ArrayLike<number>): number | null {
  const s = distinctPresent(counts);
  return s <= 1 ? null : entropy(counts, 'nats') / Math.log(s);
}
