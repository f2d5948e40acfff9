// The node steps both CART growth loops share (depth-first.ts, best-first.ts): add a node to the
// tree, plan its split under the stopping rules (stopping.ts), apply a plan. The split search and
// the samples' order are the splitter's (splitter.ts); the tree is the TreeStore.
import { type GrowHooks, nodeAdded } from './grow-hooks';
import type { ResolvedParams } from './params';
import type { GrowNode, NodeSplit, Splitter } from './splitter';
import { improvesEnough, mightSplit } from './stopping';
import type { TrainingSet } from './training-set';
import { TreeStore } from './tree-store';

/** A node's split, found and its samples partitioned, not yet in the tree. */
export interface Plan<N extends GrowNode> {
  readonly node: N;
  readonly split: NodeSplit<N>;
  /** N_t·imp_t − N_L·imp_L − N_R·imp_R (N: weights), for importances. */
  readonly decrease: number;
  /** The decrease weighted by N_t/N, as scikit-learn's split.improvement (best-first's priority). */
  readonly improvement: number;
}

export class Growth<N extends GrowNode> {
  readonly store: TreeStore;
  private readonly classification: boolean;
  /** Scratch: a regression node's value for the store (which copies it), not an array per node. */
  private readonly meanValue = new Float64Array(1);

  constructor(
    readonly splitter: Splitter<N>,
    private readonly set: TrainingSet,
    private readonly params: ResolvedParams,
    private readonly hooks: GrowHooks,
  ) {
    this.classification = set.task === 'classification';
    const dim = this.classification ? set.classes.length : 1;
    this.store = hooks.scratch?.store(dim) ?? new TreeStore(dim);
  }

  /** Appends `node` to the tree as a leaf; its id. */
  add(node: N): number {
    let value = node.stats;
    if (!this.classification) {
      value = this.meanValue;
      value[0] = node.mean;
    }
    const id = this.store.addNode(node.depth, node.end - node.start, node.weight, node.impurity, value);
    nodeAdded(this.hooks, this.store.count);
    return id;
  }

  /** The split to apply at `node` (its samples already partitioned by it), or null for a leaf. */
  plan(node: N): Plan<N> | null {
    const w = node.weight;
    if (!mightSplit(this.params, node.depth, node.end - node.start, node.impurity, w)) return null;
    const split = this.splitter.split(node);
    if (split === null) return null;
    const { left, right } = split;
    const wl = left.weight;
    const wr = right.weight;
    const improvement = (w / this.set.weightedN) * (node.impurity - (wr / w) * right.impurity - (wl / w) * left.impurity);
    if (!improvesEnough(this.params, improvement)) return null;
    return { node, split, decrease: w * node.impurity - wl * left.impurity - wr * right.impurity, improvement };
  }

  /** Turns the plan's node (tree id `id`) into a split with two new leaves; their ids. */
  expand(id: number, plan: Plan<N>): [number, number] {
    const { split } = plan;
    const l = this.add(split.left);
    const r = this.add(split.right);
    // No missing value seen here: at prediction they follow the larger child (by weight: rows
    // without weights), the right one on a tie (scikit-learn ≥ 1.3: left only when n_left > n_right).
    const missingLeft = split.missingLeft ?? split.left.weight > split.right.weight;
    this.store.setSplit(id, split.feature, split.threshold, l, 2, missingLeft ? 0 : 1, split.missingLeft !== null, plan.decrease);
    const b = split.branches;
    if (b !== null) for (let j = 0; j < b.length; j += 2) this.store.addCategoryBranch(id, b[j], b[j + 1]);
    this.splitter.prepareChildren(plan.node, split);
    return [l, r];
  }
}
