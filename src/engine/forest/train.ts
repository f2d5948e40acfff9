// trainForest: the sequential runner — plan, every member in index order added to the assembly as
// it is grown (its leaves dropped at once), the report.
import type { Dataset } from '../dataset';
import type { GrowHooks } from '../tree/grow-hooks';
import { memberCaches } from './member-caches';
import { ForestAssembly } from './assemble';
import { trainMember } from './member';
import { planForest } from './plan';
import type { ForestParams, ForestReport } from './types';

/** `positiveClass`: a binary target's class the OOB and training metrics score (ForestAssembly). */
export function trainForest(dataset: Dataset, params: ForestParams, hooks: GrowHooks = {}, positiveClass?: string): ForestReport {
  const plan = planForest(dataset, params);
  const memberHooks = { ...hooks, ...memberCaches() };
  const assembly = new ForestAssembly(dataset, plan, positiveClass);
  for (let i = 0; i < plan.params.nTrees; i++) assembly.add(trainMember(dataset, plan, i, memberHooks));
  return assembly.finish(hooks);
}
