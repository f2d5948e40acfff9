// trainForest: the sequential runner — plan, every member in index order, assemble.
import type { Dataset } from '../dataset';
import type { GrowHooks } from '../tree/grow-hooks';
import { Presorted } from '../tree/presort';
import { assembleForest } from './assemble';
import { trainMember } from './member';
import { planForest } from './plan';
import type { ForestParams, ForestReport } from './types';

export function trainForest(dataset: Dataset, params: ForestParams, hooks: GrowHooks = {}): ForestReport {
  const plan = planForest(dataset, params);
  // Every member is drawn from the plan's training rows: their feature orders are sorted once.
  const memberHooks = { ...hooks, presorted: new Presorted() };
  const members = Array.from({ length: plan.params.nTrees }, (_, i) => trainMember(dataset, plan, i, memberHooks));
  return assembleForest(dataset, plan, members, hooks);
}
