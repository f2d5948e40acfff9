// Forest prediction: soft (mean class shares) or hard (majority) voting, mean for regression.
import type { Dataset } from '../dataset';
import type { TreeModel } from '../model';
import type { ForestModel, RowVotes } from './types';

export interface ForestPrediction {
  predictions: Array<string | number>;
  /** Classification: row-major class shares (row r, class k at r · classes + k); null for regression. */
  shares: Float64Array | null;
}

export function predictForest(model: ForestModel, dataset: Dataset): ForestPrediction {
  void model;
  void dataset;
  throw new Error('predictForest: not implemented yet');
}

export function rowVotes(model: ForestModel, dataset: Dataset, row: number): RowVotes {
  void model;
  void dataset;
  throw new Error(`rowVotes ${row}: not implemented yet`);
}

export function memberModel(model: ForestModel, index: number): TreeModel {
  void model;
  throw new Error(`memberModel ${index}: not implemented yet`);
}
