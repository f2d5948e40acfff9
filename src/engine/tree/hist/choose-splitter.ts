// Which CART split search a training run uses. 'auto' (the extension's default) takes the
// histogram splitter on large data, where it is several times faster than the exact search at
// nearly the same accuracy (BENCHMARKS.md), and the exact one below, where it is quick anyway
// and matches scikit-learn's trees.
import { InputError } from '../../errors';
import type { Splitter, TrainParams } from '../../model';

/** Above this many training rows 'auto' means hist (exact takes seconds beyond it; hist a fraction). */
export const HIST_ABOVE_ROWS = 200_000;

export function chooseSplitter(params: TrainParams, trainingRows: number): Splitter {
  const requested = params.splitter ?? 'exact';
  if (requested !== 'auto') return requested;
  const above = params.histogramAboveRows ?? HIST_ABOVE_ROWS;
  if (!Number.isInteger(above) || above < 0) throw new InputError('bad-option', `histogram row threshold must be an integer ≥ 0, got ${above}`);
  return (params.algorithm ?? 'cart') === 'cart' && trainingRows > above ? 'hist' : 'exact';
}
