// "Train on N random rows" of a table whose row count is known before reading (a Parquet footer
// says it): the rows to keep drawn up front, a seeded uniform sample without replacement (every
// set of N rows equally likely), so the reader decodes only the row groups holding some of them
// and keeps only those rows. Floyd's algorithm (Bentley & Floyd, "A sample of brilliance",
// CACM 1987): N draws whatever the table's size, then sorted into file order.
import { createRng, type Rng } from '../random';

/** A uniform integer in [0, n), for n up to 2^53 (two 32-bit draws where one is too coarse). */
function below(rng: Rng, n: number): number {
  if (n <= 2 ** 32) return Math.floor(rng() * n);
  return Math.floor((Math.floor(rng() * 2 ** 21) * 2 ** 32 + Math.floor(rng() * 2 ** 32)) / 2 ** 53 * n);
}

/** min(n, total) distinct row indices of [0, total), ascending; the same for the same seed. */
export function pickRows(total: number, n: number, seed: number): Float64Array {
  if (!Number.isInteger(n) || n < 1) throw new RangeError(`sample size must be an integer ≥ 1, got ${n}`);
  if (n >= total) return Float64Array.from({ length: total }, (_, i) => i);
  const rng = createRng(seed);
  const chosen = new Set<number>();
  for (let j = total - n; j < total; j++) {
    const t = below(rng, j + 1);
    chosen.add(chosen.has(t) ? j : t);
  }
  return Float64Array.from(chosen).sort();
}
