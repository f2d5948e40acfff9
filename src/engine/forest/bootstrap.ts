// Which training rows each tree of a forest is trained on, re-derived from the plan's seed and the
// tree's index alone: the member (any thread) and the assembly (OOB rows) get the same sample
// without passing it around. Bootstrap: maxSamples draws with replacement, kept as a count per
// training row (scikit-learn's way: the counts are the tree's sample weights).
import { createRng, randomInt } from '../random';
import type { ForestPlan } from './plan';

/** Tree `index`'s own seed: the forest's seed and the index mixed (golden-ratio multiplier), so neighbours differ. */
export function memberSeed(seed: number, index: number): number {
  return (Math.imul(index + 1, 0x9e3779b1) ^ Math.imul(seed >>> 0, 0x85ebca6b)) >>> 0;
}

/** Whether a count can exceed 16 bits: one row could be drawn ≥ 65,536 times (counts of a bootstrap of n from n rarely exceed 15). */
export const wideCounts = (plan: ForestPlan): boolean => plan.sampleSize >= 0xffff;

/** Times each training sample is in tree `index`'s sample (all 1 without bootstrap); `reuse`: an array from an earlier call (or of wideCounts' type) to write over. */
export function inBagCounts(plan: ForestPlan, index: number, reuse?: Uint16Array | Int32Array): Uint16Array | Int32Array {
  const n = plan.trainingRows;
  const counts = reuse?.length === n ? reuse.fill(0) : wideCounts(plan) ? new Int32Array(n) : new Uint16Array(n);
  if (!plan.params.bootstrap) return counts.fill(1);
  const rng = createRng(memberSeed(plan.params.seed, index));
  for (let k = 0; k < plan.sampleSize; k++) counts[randomInt(rng, n)]++;
  return counts;
}

/** The feature-subset seed of tree `index` (independent of its bootstrap draws). */
export function featureSeed(seed: number, index: number): number {
  return memberSeed(seed ^ 0x5bd1e995, index);
}
