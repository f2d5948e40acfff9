// planForest: everything every member needs, decided once (task, resolved parameters, seeds).
import type { Dataset } from '../dataset';
import type { Task } from '../model';
import type { ForestModel, ForestParams } from './types';

export interface ForestPlan {
  params: ForestModel['params'];
  task: Task;
  trainingRows: number;
}

export function planForest(dataset: Dataset, params: ForestParams): ForestPlan {
  void dataset;
  void params;
  throw new Error('planForest: not implemented yet');
}
