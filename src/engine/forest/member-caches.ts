// What the members of one forest share, whichever thread grows them: feature orders sorted once
// (exact splitter) and bins made once (histogram splitter), both over the plan's training rows, and
// the working arrays, reused from member to member.
// A pool sorts and bins once for all its workers (forestCaches, on memory they share).
import type { Dataset } from '../dataset';
import { gathersFor } from '../tree/exact-splitter';
import type { GrowHooks } from '../tree/grow-hooks';
import { binTrainingSet, type BinnedSet } from '../tree/hist/bins';
import { SharedBins } from '../tree/hist/shared-bins';
import { Presorted, type IntsOf, type PresortedData } from '../tree/presort';
import { Scratch } from '../tree/scratch';
import { buildTrainingSet } from '../tree/training-set';
import type { ForestPlan } from './plan';

/** What a forest's pool makes once for its workers: the exact splitter's orders or the histogram splitter's bins (or neither). */
export interface ForestCaches {
  presorted: PresortedData | null;
  bins: BinnedSet | null;
}

/** A thread's caches for the members it grows, one after another: they share the scratch arrays. */
export function memberCaches(made: Partial<ForestCaches> = {}): Required<Pick<GrowHooks, 'presorted' | 'sharedBins' | 'scratch'>> {
  const scratch = new Scratch();
  return { presorted: new Presorted(undefined, made.presorted ?? undefined), sharedBins: new SharedBins(made.bins ?? null, scratch), scratch };
}

/**
 * For CART members: the exact splitter's orders of every feature (and, when its draws gather,
 * only the rows' keys beside them) sorted for the plan's training set, or the histogram splitter's
 * bins of it, on arrays from `ints` and `bytes`.
 */
export function forestCaches(dataset: Dataset, plan: ForestPlan, ints: IntsOf, bytes: (length: number) => Uint8Array): ForestCaches {
  const none = { presorted: null, bins: null };
  const { splitter } = plan.treeParams;
  if ((plan.treeParams.algorithm ?? 'cart') !== 'cart' || (splitter !== 'exact' && splitter !== 'hist')) return none;
  // The set every member's trainTree builds before drawing its sample.
  const set = buildTrainingSet(dataset, plan.params.target, plan.task, plan.treeParams);
  if (splitter === 'hist') return { presorted: null, bins: binTrainingSet(set, bytes) };
  const presorted = new Presorted(ints);
  if (plan.params.maxFeatures < set.features.length && gathersFor(plan.params.maxFeatures, set.features.length)) presorted.rowKeys(set.features);
  else for (const feature of set.features) presorted.of(feature);
  return { presorted: presorted.data(), bins: null };
}
