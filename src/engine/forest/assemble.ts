// assembleForest: the members → model, OOB evaluation, importances, metrics.
import type { Dataset } from '../dataset';
import type { GrowHooks } from '../tree/grow-hooks';
import type { ForestMember } from './member';
import type { ForestPlan } from './plan';
import type { ForestReport } from './types';

export function assembleForest(dataset: Dataset, plan: ForestPlan, members: ForestMember[], hooks: GrowHooks = {}): ForestReport {
  void dataset;
  void plan;
  void members;
  void hooks;
  throw new Error('assembleForest: not implemented yet');
}
