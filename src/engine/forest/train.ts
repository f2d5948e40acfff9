// trainForest: the sequential runner — plan, every member in index order, assemble.
import type { Dataset } from '../dataset';
import type { GrowHooks } from '../tree/grow-hooks';
import { memberCaches } from './member-caches';
import { assembleForest } from './assemble';
import { trainMember } from './member';
import { planForest } from './plan';
import type { ForestParams, ForestReport } from './types';

export function trainForest(dataset: Dataset, params: ForestParams, hooks: GrowHooks = {}): ForestReport {
  const plan = planForest(dataset, params);
  const memberHooks = { ...hooks, ...memberCaches() };
  const members = Array.from({ length: plan.params.nTrees }, (_, i) => trainMember(dataset, plan, i, memberHooks));
  return assembleForest(dataset, plan, members, hooks);
}
