// What the members of one forest share, whichever thread grows them: feature orders sorted once
// (exact splitter) and bins made once (histogram splitter), both over the plan's training rows, and
// the exact splitter's working arrays, reused from member to member.
// A pool sorts once for all its workers (presortForest, on memory they share).
import type { Dataset } from '../dataset';
import { gathersFor } from '../tree/exact-splitter';
import type { GrowHooks } from '../tree/grow-hooks';
import { SharedBins } from '../tree/hist/shared-bins';
import { Presorted, type IntsOf, type PresortedData } from '../tree/presort';
import { Scratch } from '../tree/scratch';
import { buildTrainingSet } from '../tree/training-set';
import type { ForestPlan } from './plan';

/** A thread's caches for the members it grows, one after another: they share the scratch arrays. */
export function memberCaches(presorted?: PresortedData): Required<Pick<GrowHooks, 'presorted' | 'sharedBins' | 'scratch'>> {
  return { presorted: new Presorted(undefined, presorted), sharedBins: new SharedBins(), scratch: new Scratch() };
}

/** The exact splitter's orders of every feature (and, when its draws gather, the rows' keys) sorted for the plan's training set, on arrays from `ints`; null for histogram forests. */
export function presortForest(dataset: Dataset, plan: ForestPlan, ints: IntsOf): PresortedData | null {
  if (plan.treeParams.splitter !== 'exact' || (plan.treeParams.algorithm ?? 'cart') !== 'cart') return null;
  // The set every member's trainTree builds before drawing its sample.
  const set = buildTrainingSet(dataset, plan.params.target, plan.task, plan.treeParams);
  const presorted = new Presorted(ints);
  for (const feature of set.features) presorted.of(feature);
  if (plan.params.maxFeatures < set.features.length && gathersFor(plan.params.maxFeatures, set.features.length)) presorted.rowKeys(set.features);
  return presorted.data();
}
