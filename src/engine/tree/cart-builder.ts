// Grows a CART tree (binary splits) into a TreeStore: depth-first, or best-first with a priority
// queue when maxLeafNodes is set, with scikit-learn's stopping rules (sklearn/tree/_tree.pyx):
// a node is a leaf when depth ≥ max_depth, samples < min_samples_split or < 2·min_samples_leaf,
// impurity ≤ ε, no valid split exists, or its weighted impurity decrease
// N_t/N·(imp − N_L/N_t·imp_L − N_R/N_t·imp_R) + ε < min_impurity_decrease.
import { throwIfAborted } from '../errors';
import { CartSplitter, type CartSplit, type SampleStats } from './cart-splitter';
import { type CartCriterion, classImpurity, regressionNodeStats, sideProxyFor } from './criterion';
import { MaxHeap } from './max-heap';
import type { ResolvedParams } from './params';
import { MISSING_KEY, SortedSamples } from './sorted-samples';
import type { TrainingSet } from './training-set';
import { TreeStore } from './tree-store';

/** numpy.finfo(float64).eps, scikit-learn's EPSILON. */
const EPSILON = 2.220446049250313e-16;
/** Relative margin by which a later candidate must beat the best one (see CartSplitter.findBest). */
const TIE_TOLERANCE = 1e-12;
const PROGRESS_EVERY = 1024;
/** isLeftCode's mark of a category that goes with the missing values. */
const RARE = 2;

export interface GrowHooks {
  signal?: AbortSignal;
  onProgress?: (nodesGrown: number) => void;
}

/** What each training sample adds to the splitter's stats: its class, or its target value. */
export function sampleStatsOf(set: TrainingSet): SampleStats {
  return set.task === 'classification'
    ? { dim: set.classes.length, slot: set.yClass, amount: null }
    : { dim: 1, slot: new Int32Array(set.n), amount: set.yValue };
}

/** The splitter's tie margin for a node of weight `w`, scaled to the size of its proxy values. */
export function tieTolerance(set: TrainingSet, w: number, impurity: number): number {
  return TIE_TOLERANCE * (set.task === 'classification' ? w * (1 + Math.log(w)) : w * impurity);
}

/** A node being grown: its samples[start:end], statistics and impurity (shared with the hist builder). */
export interface NodeInfo {
  readonly start: number;
  readonly end: number;
  readonly depth: number;
  readonly stats: Float64Array;
  readonly impurity: number;
  /** Regression: the mean; classification: unused. */
  readonly mean: number;
}

interface Plan {
  readonly feature: number;
  readonly threshold: number;
  /** Categorical: (code, child index) of each category present in the node, flattened. */
  readonly branches: number[] | null;
  readonly missingChild: number;
  readonly left: NodeInfo;
  readonly right: NodeInfo;
  /** N_t·imp_t − N_L·imp_L − N_R·imp_R. */
  readonly decrease: number;
  /** The decrease weighted by N_t/N, as scikit-learn's split.improvement. */
  readonly improvement: number;
}

class CartGrower {
  readonly store: TreeStore;
  private readonly samples: SortedSamples;
  private readonly splitter: CartSplitter;
  private readonly sampleStats: SampleStats;
  private readonly criterion: CartCriterion;
  private grownSinceReport = 0;
  /** Scratch membership of the codes going left at a categorical split (all 0 between uses). */
  private readonly isLeftCode: Uint8Array;

  constructor(
    private readonly set: TrainingSet,
    private readonly params: ResolvedParams,
    private readonly hooks: GrowHooks,
  ) {
    this.criterion = params.criterion as CartCriterion;
    this.sampleStats = sampleStatsOf(set);
    this.store = new TreeStore(this.sampleStats.dim);
    this.isLeftCode = new Uint8Array(Math.max(0, ...set.features.map((f) => f.categories.length)));
    this.samples = new SortedSamples(set.features, set.n, this.sampleStats.slot);
    this.splitter = new CartSplitter(set.features, this.samples, this.sampleStats, sideProxyFor(this.criterion), params.minSamplesLeaf, params.minCategorySamples);
  }

  nodeInfo(start: number, end: number, depth: number): NodeInfo {
    const { dim, amount } = this.sampleStats;
    const stats = new Float64Array(dim);
    const { order, slots } = this.samples;
    const w = end - start;
    if (amount === null) {
      for (let p = start; p < end; p++) stats[slots[p]] += 1;
      return { start, end, depth, stats, impurity: classImpurity(this.criterion, stats, w), mean: NaN };
    }
    const { sum, mean, mse } = regressionNodeStats(amount, order, start, end);
    stats[0] = sum;
    return { start, end, depth, stats, impurity: mse, mean };
  }

  addNode(info: NodeInfo): number {
    const id = this.store.addNode(info.depth, info.end - info.start, info.impurity, this.set.task === 'classification' ? info.stats : [info.mean]);
    if (++this.grownSinceReport === PROGRESS_EVERY) {
      this.grownSinceReport = 0;
      throwIfAborted(this.hooks.signal);
      this.hooks.onProgress?.(this.store.count);
    }
    return id;
  }

  /** The split to apply at `node` (its samples already partitioned by it), or null for a leaf. */
  plan(node: NodeInfo): Plan | null {
    const { params } = this;
    const w = node.end - node.start;
    if (node.depth >= params.maxDepth || w < params.minSamplesSplit || w < 2 * params.minSamplesLeaf || node.impurity <= EPSILON) return null;
    const split = this.splitter.findBest(node.start, node.end, node.stats, tieTolerance(this.set, w, node.impurity));
    if (split === null) return null;
    const branches = this.route(split, node.start, node.end);
    const pos = this.samples.partition(node.start, node.end, this.set.features.length);
    if (pos === node.start || pos === node.end) return null;
    const left = this.nodeInfo(node.start, pos, node.depth + 1);
    const right = this.nodeInfo(pos, node.end, node.depth + 1);
    const wl = pos - node.start;
    const wr = node.end - pos;
    const improvement = (w / this.set.n) * (node.impurity - (wr / w) * right.impurity - (wl / w) * left.impurity);
    if (improvement + EPSILON < params.minImpurityDecrease) return null;
    // No missing value seen here: at prediction they follow the larger child, the right one on a
    // tie (scikit-learn ≥ 1.3: left only when n_left > n_right).
    const missingLeft = split.sawMissing ? split.missingLeft : wl > wr;
    return {
      feature: split.feature,
      threshold: split.kind === 'numeric' ? split.threshold : NaN,
      branches,
      missingChild: missingLeft ? 0 : 1,
      left,
      right,
      decrease: w * node.impurity - wl * left.impurity - wr * right.impurity,
      improvement,
    };
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

  /** Creates the two children of `id` from its plan; returns their ids. */
  expand(id: number, plan: Plan): [number, number] {
    const l = this.addNode(plan.left);
    const r = this.addNode(plan.right);
    this.store.setSplit(id, plan.feature, plan.threshold, l, 2, plan.missingChild, plan.decrease);
    this.recordBranches(id, plan);
    return [l, r];
  }

  private recordBranches(id: number, plan: Plan): void {
    const b = plan.branches;
    if (b !== null) for (let j = 0; j < b.length; j += 2) this.store.addCategoryBranch(id, b[j], b[j + 1]);
  }

  growDepthFirst(): void {
    const root = this.nodeInfo(0, this.set.n, 0);
    const stack: Array<{ id: number; info: NodeInfo }> = [{ id: this.addNode(root), info: root }];
    for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
      const plan = this.plan(top.info);
      if (plan === null) continue;
      const [l, r] = this.expand(top.id, plan);
      stack.push({ id: r, info: plan.right }, { id: l, info: plan.left });
    }
  }

  growBestFirst(maxLeafNodes: number): void {
    // A node's split is planned when the node is created; its priority is that split's improvement.
    type Entry = { priority: number; seq: number; plan: Plan | null };
    const frontier = new MaxHeap<Entry>();
    const enqueue = (id: number, info: NodeInfo): void => {
      const plan = this.plan(info);
      frontier.push({ priority: plan ? plan.improvement : 0, seq: id, plan });
    };
    const root = this.nodeInfo(0, this.set.n, 0);
    enqueue(this.addNode(root), root);
    let splitsLeft = maxLeafNodes - 1;
    for (let e = frontier.pop(); e !== undefined; e = frontier.pop()) {
      if (e.plan === null || splitsLeft <= 0) continue;
      splitsLeft--;
      const [l, r] = this.expand(e.seq, e.plan);
      enqueue(l, e.plan.left);
      enqueue(r, e.plan.right);
    }
  }
}

export function growCart(set: TrainingSet, params: ResolvedParams, hooks: GrowHooks = {}): TreeStore {
  const grower = new CartGrower(set, params, hooks);
  if (params.maxLeafNodes === null) grower.growDepthFirst();
  else grower.growBestFirst(params.maxLeafNodes);
  return grower.store;
}
