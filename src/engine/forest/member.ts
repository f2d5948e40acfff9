// trainMember: one tree of a forest, a function of (dataset, plan, index) only.
import type { Dataset } from '../dataset';
import type { GrowHooks } from '../tree/grow-hooks';
import type { ForestPlan } from './plan';
import type { ForestTree } from './types';

export interface ForestMember {
  index: number;
  tree: ForestTree;
}

export function trainMember(dataset: Dataset, plan: ForestPlan, index: number, hooks: GrowHooks = {}): ForestMember {
  void dataset;
  void plan;
  void hooks;
  throw new Error(`trainMember ${index}: not implemented yet`);
}
