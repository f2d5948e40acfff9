// Grows a CART tree in histogram mode (`splitter: 'hist'`): the same stopping rules, criteria,
// tie margin and TreeStore as the exact builder, but each node's split comes from per-feature bin
// histograms (HistSplitter) instead of presorted samples. One index array is partitioned in
// place (a node owns idx[start, end)); of two children the smaller one's histograms are built
// from its samples and the larger one's are the parent's minus the smaller's, in the parent's
// buffer. Depth-first keeps at most one histogram per pending node on the stack; best-first
// (max_leaf_nodes) keeps none in its frontier and builds both children's when it expands a node.
import { isOrderedType } from '../../dataset';
import { throwIfAborted } from '../../errors';
import { type GrowHooks, sampleStatsOf, tieTolerance } from '../cart-builder';
import type { SampleStats } from '../cart-splitter';
import { type CartCriterion, classImpurity, regressionNodeStats, sideProxyFor } from '../criterion';
import { MaxHeap } from '../max-heap';
import type { ResolvedParams } from '../params';
import type { TrainingSet } from '../training-set';
import { TreeStore } from '../tree-store';
import { type BinnedSet, binTrainingSet } from './bins';
import { type HistSplit, HistSplitter, leftOfBins, SMALL_NODE } from './hist-splitter';
import { SmallNodeOrder } from './small-node-order';
import type { NodeInfo } from '../cart-builder';
import { partitionBySide } from './partition-by-side';

const PROGRESS_EVERY = 256;
/** numpy.finfo(float64).eps, scikit-learn's EPSILON (as the exact builder). */
const EPSILON = Number.EPSILON;

type HistNode = NodeInfo;

interface Plan {
  readonly split: HistSplit;
  readonly left: HistNode;
  readonly right: HistNode;
  readonly decrease: number;
  readonly improvement: number;
}

class HistGrower {
  readonly store: TreeStore;
  private readonly binned: BinnedSet;
  private readonly splitter: HistSplitter;
  private readonly stats: SampleStats;
  private readonly stride: number;
  private readonly featureCount: number;
  /** Training sample indices; a node owns [start, end), ascending within it (stable partitions). */
  private readonly idx: Int32Array;
  private readonly spare: Int32Array;
  private readonly pool: Float64Array[] = [];
  /** Node statistics arrays no longer in use (one per node would be 2M allocations for 1M rows). */
  private readonly statsPool: Float64Array[] = [];
  /** Scratch: a regression node's value for the store (which copies it), not an array per node. */
  private readonly meanValue = new Float64Array(1);
  /** Scratch: the side of each bin of the split being applied. */
  private readonly side = new Uint8Array(256);
  /** Per-feature bin order of the small nodes' samples. */
  private readonly sorted: SmallNodeOrder;
  private grown = 0;

  constructor(
    private readonly set: TrainingSet,
    private readonly params: ResolvedParams,
    private readonly hooks: GrowHooks,
    /** Nodes of at most this many samples (≤ SMALL_NODE) are searched from their sorted samples. */
    private readonly smallNode: number,
  ) {
    const criterion = params.criterion as CartCriterion;
    this.stats = sampleStatsOf(set);
    this.stride = this.stats.dim + 1;
    this.store = new TreeStore(this.stats.dim);
    this.binned = binTrainingSet(set);
    this.featureCount = set.features.length;
    const numeric = set.features.map((f) => isOrderedType(f.type));
    this.splitter = new HistSplitter(this.binned, numeric, this.stats.dim, set.task === 'regression', sideProxyFor(criterion), params.minSamplesLeaf, params.minCategorySamples);
    this.sorted = new SmallNodeOrder(this.binned.bins, this.featureCount, SMALL_NODE);
    this.idx = Int32Array.from({ length: set.n }, (_, i) => i);
    this.spare = new Int32Array(set.n);
  }

  private acquire(): Float64Array {
    const h = this.pool.pop();
    if (h === undefined) return new Float64Array(this.binned.slotCount * this.stride);
    h.fill(0);
    return h;
  }

  private release(h: Float64Array | null): void {
    if (h !== null) this.pool.push(h);
  }

  /** Adds the samples idx[start, end) to the zeroed histogram `h`. */
  private fill(h: Float64Array, start: number, end: number): void {
    const { idx, featureCount: F, stride } = this;
    const { bins, offsets } = this.binned;
    const { slot, amount, dim } = this.stats;
    if (amount === null) {
      for (let p = start; p < end; p++) {
        const i = idx[p];
        const k = slot[i];
        const row = i * F;
        for (let f = 0; f < F; f++) {
          const s = (offsets[f] + bins[row + f]) * stride;
          h[s + k] += 1;
          h[s + dim] += 1;
        }
      }
      return;
    }
    for (let p = start; p < end; p++) {
      const i = idx[p];
      const y = amount[i];
      const row = i * F;
      for (let f = 0; f < F; f++) {
        const s = (offsets[f] + bins[row + f]) * stride;
        h[s] += y;
        h[s + 1] += 1;
      }
    }
  }

  nodeOf(start: number, end: number, depth: number): HistNode {
    const { dim, slot, amount } = this.stats;
    const stats = this.statsPool.pop() ?? new Float64Array(dim);
    const idx = this.idx;
    const w = end - start;
    if (amount === null) {
      stats.fill(0);
      for (let p = start; p < end; p++) stats[slot[idx[p]]] += 1;
      return { start, end, depth, stats, impurity: classImpurity(this.params.criterion as CartCriterion, stats, w), mean: NaN };
    }
    const { sum, mean, mse } = regressionNodeStats(amount, idx, start, end);
    stats[0] = sum;
    return { start, end, depth, stats, impurity: mse, mean };
  }

  /** The cheap stopping rules: a node failing them becomes a leaf without any histogram. */
  mightSplit(node: HistNode): boolean {
    const { params } = this;
    const w = node.end - node.start;
    return !(node.depth >= params.maxDepth || w < params.minSamplesSplit || w < 2 * params.minSamplesLeaf || node.impurity <= EPSILON);
  }

  addNode(node: HistNode): number {
    let value = node.stats;
    if (this.set.task === 'regression') {
      value = this.meanValue;
      value[0] = node.mean;
    }
    const id = this.store.addNode(node.depth, node.end - node.start, node.impurity, value);
    // Nodes near the root take long each: the signal is read at every node, progress less often.
    throwIfAborted(this.hooks.signal);
    if (++this.grown % PROGRESS_EVERY === 0) this.hooks.onProgress?.(this.store.count);
    return id;
  }

  /** Whether the node is big enough to be searched through a full histogram. */
  private wantsHistogram(node: HistNode): boolean {
    return node.end - node.start > this.smallNode && this.mightSplit(node);
  }

  /** Whether a small node's split search will read its sorted order. */
  private needsOrder(node: HistNode): boolean {
    return node.end - node.start > 2 && this.mightSplit(node);
  }

  /**
   * The split of `node` from its histogram `h` (null for a small node: from its sorted bins), its
   * samples partitioned by it, or null for a leaf. The node's statistics are not needed after it
   * (its children have their own): their array is recycled.
   */
  plan(node: HistNode, h: Float64Array | null): Plan | null {
    const plan = this.search(node, h);
    this.statsPool.push(node.stats);
    return plan;
  }

  private search(node: HistNode, h: Float64Array | null): Plan | null {
    if (!this.mightSplit(node)) return null;
    const w = node.end - node.start;
    const tolerance = tieTolerance(this.set, w, node.impurity);
    // Two samples need no sorted order (HistSplitter.findBestSmall).
    const sorted = h === null && w > 2;
    if (sorted) this.sorted.prepare(this.idx, node.start, node.end);
    const split = h === null ? this.splitter.findBestSmall(this.idx, this.sorted, node.start, node.end, this.stats, node.stats, tolerance) : this.splitter.findBest(h, node.stats, w, tolerance);
    if (split === null) return null;
    const side = leftOfBins(split, this.binned.features[split.feature].binCount, this.side);
    const pos = this.partition(node.start, node.end, split.feature, side);
    if (pos === node.start || pos === node.end) return null;
    const left = this.nodeOf(node.start, pos, node.depth + 1);
    const right = this.nodeOf(pos, node.end, node.depth + 1);
    if (sorted && (this.needsOrder(left) || this.needsOrder(right))) this.sorted.partition(node.start, node.end, split.feature, side);
    const wl = pos - node.start;
    const wr = node.end - pos;
    const improvement = (w / this.set.n) * (node.impurity - (wr / w) * right.impurity - (wl / w) * left.impurity);
    if (improvement + EPSILON < this.params.minImpurityDecrease) return null;
    return { split, left, right, decrease: w * node.impurity - wl * left.impurity - wr * right.impurity, improvement };
  }

  /** Stable partition of idx[start, end) by the split's side of each sample's bin. */
  private partition(start: number, end: number, f: number, side: Uint8Array): number {
    return partitionBySide(this.idx, start, end, this.binned.bins, this.featureCount, f, side, this.spare);
  }


  /**
   * Histograms of the plan's children that might split (null for the others). With the parent's
   * histogram: the smaller child's is built, the larger's is the parent's minus it, in place.
   */
  childHistograms(plan: Plan, parent: Float64Array | null): [Float64Array | null, Float64Array | null] {
    const { left, right } = plan;
    const needL = this.wantsHistogram(left);
    const needR = this.wantsHistogram(right);
    const leftSmaller = left.end - left.start <= right.end - right.start;
    const small = leftSmaller ? left : right;
    const needSmall = leftSmaller ? needL : needR;
    const needLarge = leftSmaller ? needR : needL;
    let hs: Float64Array | null = null;
    let hl: Float64Array | null = null;
    const large = leftSmaller ? right : left;
    // Subtraction costs a pass over every slot; a small enough child is cheaper to build.
    const subtract = needLarge && parent !== null && (large.end - large.start) * this.featureCount * 4 >= parent.length;
    if (needSmall || subtract) {
      hs = this.acquire();
      this.fill(hs, small.start, small.end);
    }
    if (subtract && parent !== null && hs !== null) {
      for (let j = 0; j < parent.length; j++) parent[j] -= hs[j];
      hl = parent;
    } else {
      this.release(parent);
      if (needLarge) hl = this.histogramOf(large);
    }
    if (!needSmall) {
      this.release(hs);
      hs = null;
    }
    return leftSmaller ? [hs, hl] : [hl, hs];
  }

  /** A node's histogram built from its samples, or null when it is small or cannot split anyway. */
  histogramOf(node: HistNode): Float64Array | null {
    if (!this.wantsHistogram(node)) return null;
    const h = this.acquire();
    this.fill(h, node.start, node.end);
    return h;
  }

  expand(id: number, plan: Plan): [number, number] {
    const l = this.addNode(plan.left);
    const r = this.addNode(plan.right);
    const { split } = plan;
    const binned = this.binned.features[split.feature];
    // No missing value seen here: at prediction they follow the larger child (as the exact builder).
    const wl = plan.left.end - plan.left.start;
    const missingLeft = split.sawMissing ? split.missingLeft : wl > plan.right.end - plan.right.start;
    this.store.setSplit(id, split.feature, split.kind === 'numeric' ? split.threshold : NaN, l, 2, missingLeft ? 0 : 1, plan.decrease);
    // Only categories that reached this node, and not too rarely, get a branch; others go where missing values go.
    const side = leftOfBins(split, binned.binCount, this.side);
    for (const b of split.presentBins) this.store.addCategoryBranch(id, binned.codeOfBin[b], side[b] === 1 ? 0 : 1);
    return [l, r];
  }

  growDepthFirst(): void {
    const root = this.nodeOf(0, this.set.n, 0);
    const rootHist = this.histogramOf(root);
    const stack: Array<{ id: number; node: HistNode; hist: Float64Array | null }> = [{ id: this.addNode(root), node: root, hist: rootHist }];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const plan = this.plan(top.node, top.hist);
      if (plan === null) {
        this.release(top.hist);
        continue;
      }
      const [l, r] = this.expand(top.id, plan);
      const [hl, hr] = this.childHistograms(plan, top.hist);
      stack.push({ id: r, node: plan.right, hist: hr }, { id: l, node: plan.left, hist: hl });
    }
  }

  growBestFirst(maxLeafNodes: number): void {
    type Entry = { priority: number; seq: number; plan: Plan | null };
    const frontier = new MaxHeap<Entry>();
    const enqueue = (id: number, node: HistNode, hist: Float64Array | null): void => {
      const plan = this.plan(node, hist);
      this.release(hist);
      frontier.push({ priority: plan ? plan.improvement : 0, seq: id, plan });
    };
    const root = this.nodeOf(0, this.set.n, 0);
    enqueue(this.addNode(root), root, this.histogramOf(root));
    let splitsLeft = maxLeafNodes - 1;
    for (let e = frontier.pop(); e !== undefined; e = frontier.pop()) {
      if (e.plan === null || splitsLeft <= 0) continue;
      splitsLeft--;
      const [l, r] = this.expand(e.seq, e.plan);
      const [hl, hr] = this.childHistograms(e.plan, null);
      enqueue(l, e.plan.left, hl);
      enqueue(r, e.plan.right, hr);
    }
  }
}

/** `smallNode` is a test seam: 0 searches every node through a full histogram. */
export function growHist(set: TrainingSet, params: ResolvedParams, hooks: GrowHooks = {}, smallNode = SMALL_NODE): TreeStore {
  const grower = new HistGrower(set, params, hooks, Math.min(smallNode, SMALL_NODE));
  if (params.maxLeafNodes === null) grower.growDepthFirst();
  else grower.growBestFirst(params.maxLeafNodes);
  return grower.store;
}
