// Any model's predictions for the rows of a dataset that have a target, as the tree metrics read
// them (evaluate.ts's RowPredictions): predicted class codes or values, and with two classes the
// positive class's share or probability as the ROC/PR score. Forests and imported ensembles give
// their predictions and shares; this turns them into the metrics' terms once.
import type { Dataset } from '../dataset';
import type { TreeModel } from '../model';
import type { RowPredictions } from './evaluate';
import { readTruth } from './truth';
import { minorityCode } from './positive-class';

/** `shares`: row-major class shares or probabilities in `head.classes` order, or null. */
export function predictedRows(
  head: Pick<TreeModel, 'task' | 'target' | 'classes'>,
  dataset: Dataset,
  predictions: ReadonlyArray<string | number>,
  shares: Float64Array | null,
  positiveClass?: string,
): RowPredictions {
  const truth = readTruth(head, dataset);
  const n = truth.rows.length;
  if (head.task === 'regression') return { truth, codes: new Int32Array(0), values: Float64Array.from(truth.rows, (r) => predictions[r] as number), scores: null, positive: -1 };
  const codeOf = new Map(truth.classes.map((c, i) => [c, i]));
  const codes = Int32Array.from(truth.rows, (r) => codeOf.get(String(predictions[r])) ?? -1);
  const positive = positiveClass === undefined ? minorityCode(truth.codes) : truth.classes.indexOf(positiveClass);
  const k = (head.classes ?? []).length;
  const scores = truth.classes.length === 2 && positive >= 0 && positive < k && shares !== null ? Float64Array.from({ length: n }, (_, i) => shares[truth.rows[i] * k + positive]) : null;
  return { truth, codes, values: new Float64Array(0), scores, positive };
}
