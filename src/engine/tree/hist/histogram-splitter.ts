// The histogram splitter (`splitter: 'hist'`) as the growth loops see it (../splitter.ts): each
// node's split comes from per-feature bin histograms (HistSplitter) instead of presorted samples.
// One index array is partitioned in place (a node owns idx[start, end)). A node's histogram is its
// per-node state: of two children the smaller one's is built from its samples and the larger
// one's is the parent's minus the smaller's, in the parent's buffer. Depth-first growth thus keeps
// at most one histogram per pending node on its stack; best-first releases a node's histogram once
// it is planned, so both children's are built when it is expanded. Small nodes (≤ SMALL_NODE
// samples) are searched from their samples sorted by bin (SmallNodeOrder), without a histogram.
import { isOrderedType } from '../../dataset';
import { type SampleStats, sampleStatsOf, tieTolerance } from '../cart-splitter';
import { classNodeStats, regressionStatsOf } from '../criterion';
import { classImpurity, criterionSpec } from '../criteria';
import type { FeatureDraw } from '../feature-draw';
import type { ResolvedParams } from '../params';
import type { GrowNode, NodeSplit, Splitter } from '../splitter';
import { mightSplit } from '../stopping';
import type { TrainingSet } from '../training-set';
import { type BinnedSet, binTrainingSet } from './bins';
import type { Scratch } from '../scratch';
import type { SharedBins } from './shared-bins';
import { HistSplitter, leftOfBins, SMALL_NODE } from './hist-splitter';
import { partitionBySide } from './partition-by-side';
import { SmallNodeOrder } from './small-node-order';

export interface HistNode extends GrowNode {
  /** The node's histogram, null when it is small or cannot split (or once released). */
  hist: Float64Array | null;
}

export class HistogramSplitter implements Splitter<HistNode> {
  private readonly binned: BinnedSet;
  private readonly search: HistSplitter;
  private readonly stats: SampleStats;
  private readonly stride: number;
  private readonly featureCount: number;
  /** Nodes of at most this many samples (≤ SMALL_NODE) are searched from their sorted samples. */
  private readonly smallNode: number;
  /** Training sample indices; a node owns [start, end), ascending within it (stable partitions). */
  private readonly idx: Int32Array;
  private readonly spare: Int32Array;
  private readonly pool: Float64Array[] = [];
  /** Node statistics arrays no longer in use (one per node would be 2M allocations for 1M rows). */
  private readonly statsPool: Float64Array[] = [];
  /** Scratch: the side of each bin of the split being applied. */
  private readonly side = new Uint8Array(256);
  /** Per-feature bin order of the small nodes' samples. */
  private readonly sorted: SmallNodeOrder;

  /** With a feature draw (random forests), a node's histogram holds only the features drawn for it, filled as they are drawn. */
  private readonly drawn: boolean;
  /** Every feature, in order: the list a full histogram is filled for. */
  private readonly allFeatures: Int32Array;

  /**
   * `smallNode` is a test seam: 0 searches every node through a full histogram. With a min weight
   * per leaf every node is (the small-node scans do not check it). `sharedBins`: bins made once for
   * the set this one is drawn from (a forest's).
   */
  constructor(
    private readonly set: TrainingSet,
    private readonly params: ResolvedParams,
    smallNode = SMALL_NODE,
    draw: FeatureDraw | null = null,
    sharedBins: SharedBins | null = null,
    /** Where the sample order and its spare go, kept for the next tree (a forest member's); absent: new arrays. */
    scratch: Scratch | null = null,
  ) {
    this.stats = sampleStatsOf(set);
    const weighted = this.stats.weight !== null;
    this.smallNode = params.minWeightLeaf > 0 ? 0 : Math.min(smallNode, SMALL_NODE);
    this.stride = this.stats.dim + (weighted ? 2 : 1);
    this.binned = sharedBins === null ? binTrainingSet(set) : sharedBins.of(set);
    this.drawn = draw !== null;
    this.allFeatures = Int32Array.from({ length: set.features.length }, (_, f) => f);
    this.featureCount = set.features.length;
    const numeric = set.features.map((f) => isOrderedType(f.type));
    const proxy = criterionSpec(params.criterion).proxy;
    this.search = new HistSplitter(this.binned, numeric, this.stats.dim, set.task === 'regression', proxy, params.minSamplesLeaf, params.minCategorySamples, params.minWeightLeaf, weighted);
    this.search.draw = draw;
    this.sorted = new SmallNodeOrder(this.binned.bins, this.featureCount, SMALL_NODE);
    this.idx = scratch?.ints('histOrder', set.n) ?? new Int32Array(set.n);
    for (let i = 0; i < set.n; i++) this.idx[i] = i;
    this.spare = scratch?.ints('histSpare', set.n) ?? new Int32Array(set.n);
  }

  root(): HistNode {
    const root = this.nodeOf(0, this.set.n, 0);
    if (!this.drawn) root.hist = this.histogramOf(root);
    return root;
  }

  split(node: HistNode): NodeSplit<HistNode> | null {
    const { start, end } = node;
    const w = end - start;
    const tolerance = tieTolerance(this.set, node.weight, node.impurity);
    // Two samples need no sorted order (HistSplitter.findBestSmall).
    // With a draw, a big node's histogram is filled one drawn feature at a time, here.
    const h = this.drawn && w > this.smallNode ? this.acquire(false) : node.hist;
    if (this.drawn && h !== null) this.search.prepareDrawn = (features, from, to) => this.fillDrawn(h, features, from, to, start, end);
    const sorted = h === null && w > 2;
    if (sorted) this.sorted.prepare(this.idx, start, end);
    const split = h === null ? this.search.findBestSmall(this.idx, this.sorted, start, end, this.stats, node.stats, tolerance, node.weight) : this.search.findBest(h, node.stats, node.weight, tolerance, w);
    if (this.drawn) this.releaseHistogram(h);
    if (split === null) return null;
    const binned = this.binned.features[split.feature];
    const side = leftOfBins(split, binned.binCount, this.side);
    const pos = partitionBySide(this.idx, start, end, this.binned.bins, this.featureCount, split.feature, side, this.spare);
    if (pos === start || pos === end) return null;
    const left = this.nodeOf(start, pos, node.depth + 1);
    const right = this.nodeOf(pos, end, node.depth + 1);
    if (sorted && (this.needsOrder(left) || this.needsOrder(right))) this.sorted.partition(start, end, split.feature, side);
    // Only categories that reached this node, and not too rarely, get a branch; others go where missing values go.
    let branches: number[] | null = null;
    if (split.kind === 'categorical') {
      branches = [];
      for (const b of split.presentBins) branches.push(binned.codeOfBin[b], side[b] === 1 ? 0 : 1);
    }
    return {
      left,
      right,
      feature: split.feature,
      threshold: split.kind === 'numeric' ? split.threshold : NaN,
      missingLeft: split.sawMissing ? split.missingLeft : null,
      branches,
    };
  }

  /**
   * Histograms of the children that might split (null for the others). With the parent's
   * histogram: the smaller child's is built, the larger's is the parent's minus it, in place.
   */
  prepareChildren(parent: HistNode, { left, right }: NodeSplit<HistNode>): void {
    if (this.drawn) return;
    const h = parent.hist;
    parent.hist = null;
    const needL = this.wantsHistogram(left);
    const needR = this.wantsHistogram(right);
    const leftSmaller = left.end - left.start <= right.end - right.start;
    const small = leftSmaller ? left : right;
    const large = leftSmaller ? right : left;
    const needSmall = leftSmaller ? needL : needR;
    const needLarge = leftSmaller ? needR : needL;
    // Subtraction costs a pass over every slot; a small enough child is cheaper to build.
    const subtract = needLarge && h !== null && (large.end - large.start) * this.featureCount * 4 >= h.length;
    let hs: Float64Array | null = null;
    if (needSmall || subtract) {
      hs = this.acquire();
      this.fill(hs, small.start, small.end);
    }
    if (subtract && h !== null && hs !== null) {
      for (let j = 0; j < h.length; j++) h[j] -= hs[j];
      large.hist = h;
    } else {
      this.releaseHistogram(h);
      if (needLarge) large.hist = this.histogramOf(large);
    }
    if (needSmall) small.hist = hs;
    else this.releaseHistogram(hs);
  }

  /** The node's histogram and statistics arrays go back to their pools. */
  release(node: HistNode): void {
    this.releaseHistogram(node.hist);
    node.hist = null;
    this.statsPool.push(node.stats);
  }

  private nodeOf(start: number, end: number, depth: number): HistNode {
    const { dim, slot, regression, weight } = this.stats;
    const stats = this.statsPool.pop() ?? new Float64Array(dim);
    const idx = this.idx;
    if (!regression) {
      let w = end - start;
      if (weight === null) {
        stats.fill(0);
        for (let p = start; p < end; p++) stats[slot[idx[p]]] += 1;
      } else {
        w = classNodeStats(slot, weight, idx, start, end, stats);
      }
      return { start, end, depth, weight: w, stats, impurity: classImpurity(this.params.criterion, stats, w), mean: NaN, hist: null };
    }
    const { sum, weight: w, mean, mse } = regressionStatsOf(this.set.yValue, weight, idx, start, end);
    stats[0] = sum;
    return { start, end, depth, weight: w, stats, impurity: mse, mean, hist: null };
  }

  /** Whether a node will be searched through a full histogram: big enough, and it might split. */
  private wantsHistogram(node: HistNode): boolean {
    return node.end - node.start > this.smallNode && mightSplit(this.params, node.depth, node.end - node.start, node.impurity, node.weight);
  }

  /** Whether a small node's split search will read its sorted order. */
  private needsOrder(node: HistNode): boolean {
    return node.end - node.start > 2 && mightSplit(this.params, node.depth, node.end - node.start, node.impurity, node.weight);
  }

  /** A node's histogram built from its samples, or null when it is small or cannot split anyway. */
  private histogramOf(node: HistNode): Float64Array | null {
    if (!this.wantsHistogram(node)) return null;
    const h = this.acquire();
    this.fill(h, node.start, node.end);
    return h;
  }

  /** A histogram buffer, zeroed unless `zero` is false (its features are then zeroed as they are filled). */
  private acquire(zero = true): Float64Array {
    const h = this.pool.pop();
    if (h === undefined) return new Float64Array(this.binned.slotCount * this.stride);
    if (zero) h.fill(0);
    return h;
  }

  /** The part of `h` of features[from, to), zeroed and filled from the samples idx[start, end) in one pass. */
  private fillDrawn(h: Float64Array, features: Int32Array, from: number, to: number, start: number, end: number): void {
    const { offsets, features: binned } = this.binned;
    for (let j = from; j < to; j++) {
      const f = features[j];
      h.fill(0, offsets[f] * this.stride, (offsets[f] + binned[f].binCount + 1) * this.stride);
    }
    this.fill(h, start, end, features, from, to);
  }

  private releaseHistogram(h: Float64Array | null): void {
    if (h !== null) this.pool.push(h);
  }

  /** Adds the samples idx[start, end) to the zeroed histogram `h`, for the features list[from, to) (default: all). */
  private fill(h: Float64Array, start: number, end: number, list = this.allFeatures, from = 0, to = list.length): void {
    const { idx, featureCount: F, stride } = this;
    const { bins, offsets } = this.binned;
    const { slot, amount, dim, weight } = this.stats;
    if (weight !== null && amount !== null) {
      // With sample weights: stats Σ amount, the weight, then the row count (stride dim + 2).
      for (let p = start; p < end; p++) {
        const i = idx[p];
        const k = slot[i];
        const a = amount[i];
        const wi = weight[i];
        const row = i * F;
        for (let j = from; j < to; j++) {
          const f = list[j];
          const s = (offsets[f] + bins[row + f]) * stride;
          h[s + k] += a;
          h[s + dim] += wi;
          h[s + dim + 1] += 1;
        }
      }
      return;
    }
    // Without: stats Σ amount (1 a row for classes; the target, at slot 0, for regression), then the row count.
    for (let p = start; p < end; p++) {
      const i = idx[p];
      const k = slot[i];
      const a = amount === null ? 1 : amount[i];
      const row = i * F;
      for (let j = from; j < to; j++) {
        const f = list[j];
        const s = (offsets[f] + bins[row + f]) * stride;
        h[s + k] += a;
        h[s + dim] += 1;
      }
    }
  }
}
