// The exact splitter (`splitter: 'exact'`, scikit-learn's BestSplitter): every feature's samples
// presorted once (SortedSamples), each node's best split searched over every threshold and
// category subset (CartSplitter), then the node's samples partitioned stably in every feature's
// order, so both children stay sorted. No per-node state beyond the samples' order.
import { CartSplitter, type CartSplit, type SampleStats, sampleStatsOf, tieTolerance } from './cart-splitter';
import { classNodeStats, regressionStatsOf } from './criterion';
import { classImpurity, criterionSpec, type CriterionSpec } from './criteria';
import type { FeatureDraw } from './feature-draw';
import type { ResolvedParams } from './params';
import type { Presorted } from './presort';
import type { Scratch } from './scratch';
import { MISSING_KEY, SortedSamples } from './sorted-samples';
import type { GrowNode, NodeSplit, Splitter } from './splitter';
import type { TrainingSet } from './training-set';

/**
 * Feature draws of at most 1/GATHER_RATIO of the features keep only the order partitioned
 * (sorted-samples.ts): on the bench's forest (sqrt(20) = 4 features a split) about a tenth less CPU.
 */
const GATHER_RATIO = 2;

/** Whether a splitter drawing `maxFeatures` of `featureCount` features per node gathers them (SortedSamples). */
export const gathersFor = (maxFeatures: number, featureCount: number): boolean => maxFeatures * GATHER_RATIO <= featureCount;

/** isLeftCode's mark of a category that goes with the missing values. */
const RARE = 2;

export class ExactSplitter implements Splitter<GrowNode> {
  private readonly samples: SortedSamples;
  private readonly search: CartSplitter;
  private readonly sampleStats: SampleStats;
  private readonly criterion: CriterionSpec;
  /** Scratch membership of the codes going left at a categorical split (all 0 between uses). */
  private readonly isLeftCode: Uint8Array;

  constructor(
    private readonly set: TrainingSet,
    params: ResolvedParams,
    draw: FeatureDraw | null = null,
    presorted: Presorted | null = null,
    scratch: Scratch | null = null,
  ) {
    this.criterion = criterionSpec(params.criterion);
    this.sampleStats = sampleStatsOf(set);
    this.isLeftCode = new Uint8Array(Math.max(0, ...set.features.map((f) => f.categories.length)));
    this.samples = new SortedSamples(set, this.sampleStats.slot, presorted, draw !== null && gathersFor(draw.maxFeatures, set.features.length), scratch);
    this.search = new CartSplitter(set.features, this.samples, this.sampleStats, this.criterion.proxy, params.minSamplesLeaf, params.minCategorySamples, params.minWeightLeaf, set.sampledFrom);
    this.search.draw = draw;
  }

  root(): GrowNode {
    return this.nodeOf(0, this.set.n, 0);
  }

  split(node: GrowNode): NodeSplit<GrowNode> | null {
    const { start, end } = node;
    const split = this.search.findBest(start, end, node.stats, tieTolerance(this.set, node.weight, node.impurity), node.weight);
    if (split === null) return null;
    const branches = this.route(split, start, end);
    const pos = this.samples.partition(start, end, this.set.features.length);
    if (pos === start || pos === end) return null;
    return {
      left: this.nodeOf(start, pos, node.depth + 1),
      right: this.nodeOf(pos, end, node.depth + 1),
      feature: split.feature,
      threshold: split.kind === 'numeric' ? split.threshold : NaN,
      missingLeft: split.sawMissing ? split.missingLeft : null,
      branches,
    };
  }

  /** Nothing to hand down: the partition kept both children's samples sorted. */
  prepareChildren(): void {}

  /** Nothing to free: node statistics are small and per node. */
  release(): void {}

  private nodeOf(start: number, end: number, depth: number): GrowNode {
    const { dim, regression, weight, slot } = this.sampleStats;
    const stats = new Float64Array(dim);
    const { order, slots } = this.samples;
    if (!regression) {
      let w = end - start;
      if (weight === null && !this.samples.gathers) for (let p = start; p < end; p++) stats[slots[p]] += 1;
      else if (weight === null) for (let p = start; p < end; p++) stats[slot[order[p]]] += 1;
      else w = classNodeStats(slot, weight, order, start, end, stats);
      return { start, end, depth, weight: w, stats, impurity: classImpurity(this.criterion.name, stats, w), mean: NaN };
    }
    const { sum, weight: w, mean, mse } = regressionStatsOf(this.set.yValue, weight, order, start, end);
    stats[0] = sum;
    return { start, end, depth, weight: w, stats, impurity: mse, mean };
  }

  /** Marks goLeft for the node's samples; for a categorical split returns its (code, child) pairs. */
  private route(split: CartSplit, start: number, end: number): number[] | null {
    const { order, keys, goLeft, n } = this.samples;
    const base = split.feature * n;
    const missing = split.missingLeft ? 1 : 0;
    if (split.kind === 'numeric') {
      // x ≤ threshold exactly when the value's rank is at most the split's.
      const last = split.leftKey;
      for (let p = base + start; p < base + end; p++) {
        const k = keys[p];
        goLeft[order[p]] = k === MISSING_KEY ? missing : k <= last ? 1 : 0;
      }
      return null;
    }
    // 1: left; RARE: with the missing values, and no branch of its own (so predict sends it there too).
    const isLeft = this.isLeftCode;
    for (const c of split.leftCodes) isLeft[c] = 1;
    for (const c of split.rareCodes) isLeft[c] = RARE;
    const branches: number[] = [];
    for (let p = base + start; p < base + end; p++) {
      const v = keys[p];
      const l = v === MISSING_KEY ? RARE : isLeft[v];
      if (l === RARE) {
        goLeft[order[p]] = missing;
        continue;
      }
      goLeft[order[p]] = l;
      // Sorted by code (a categorical key is its code): a new code starts a run.
      if (p === base + start || keys[p - 1] !== v) branches.push(v, l === 1 ? 0 : 1);
    }
    for (const c of split.leftCodes) isLeft[c] = 0;
    for (const c of split.rareCodes) isLeft[c] = 0;
    return branches;
  }
}
