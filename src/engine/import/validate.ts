// An imported ensemble's predictions as the metrics read them (`evaluate --model`).
import type { Dataset } from '../dataset';
import type { DecisionThreshold } from '../model';
import { decideShares } from '../tree/decision-threshold';
import type { RowPredictions } from '../validation/evaluate';
import { predictedRows } from '../validation/predicted-rows';
import type { ImportedEnsemble } from './ensemble';
import { predictEnsemble } from './predict';

/** `threshold`: a binary model predicts its positive class where the library's probability of it is ≥ the value (as `predict --threshold`). */
export function ensembleRowPredictions(e: ImportedEnsemble, dataset: Dataset, positiveClass?: string, threshold?: DecisionThreshold): RowPredictions {
  const { predictions, probabilities } = predictEnsemble(e, dataset);
  const decided = threshold === undefined || probabilities === null ? predictions : decideShares(e.classes ?? [], probabilities, threshold);
  return predictedRows(e, dataset, decided, probabilities, positiveClass);
}
