// An imported ensemble's predictions as the metrics read them (`evaluate --model`).
import type { Dataset } from '../dataset';
import type { RowPredictions } from '../validation/evaluate';
import { predictedRows } from '../validation/predicted-rows';
import type { ImportedEnsemble } from './ensemble';
import { predictEnsemble } from './predict';

export function ensembleRowPredictions(e: ImportedEnsemble, dataset: Dataset, positiveClass?: string): RowPredictions {
  const { predictions, probabilities } = predictEnsemble(e, dataset);
  return predictedRows(e, dataset, predictions, probabilities, positiveClass);
}
