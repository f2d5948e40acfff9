// The contract between CART's growth loops (depth-first.ts, best-first.ts) and a split search
// plugged into them, as scikit-learn's Splitter: the exact one (exact-splitter.ts, presorted
// samples) and the histogram one (hist/histogram-splitter.ts). A splitter owns the training
// samples' order — a node is the range [start, end) of it — and whatever per-node state its search
// needs (histograms); the builder owns the stopping rules and the tree. Calls are per node, never
// per sample, so one loop serves both splitters at full speed.
/** A node being grown: its samples [start, end) in the splitter's order, statistics and impurity. */
export interface GrowNode {
  readonly start: number;
  readonly end: number;
  readonly depth: number;
  /** Total weight of its samples (scikit-learn's weighted_n_node_samples; end − start without weights). */
  readonly weight: number;
  /** Class weights (classification) or [Σy] (regression). */
  readonly stats: Float64Array;
  readonly impurity: number;
  /** Regression: the mean; classification: unused. */
  readonly mean: number;
}

/** A node's best binary split, its samples already partitioned: left [start, pos), right [pos, end). */
export interface NodeSplit<N extends GrowNode> {
  readonly left: N;
  readonly right: N;
  readonly feature: number;
  /** Numeric: x ≤ threshold goes left; categorical: NaN. */
  readonly threshold: number;
  /** The missing values' side, or null when the node had none (the builder sends them with the larger child). */
  readonly missingLeft: boolean | null;
  /** Categorical: (code, child index) of each category that gets a branch, flattened; numeric: null. */
  readonly branches: readonly number[] | null;
}

export interface Splitter<N extends GrowNode> {
  /** The root: every training sample. */
  root(): N;
  /** The node's best split with its samples partitioned by it, or null when it has no valid split. */
  split(node: N): NodeSplit<N> | null;
  /** Gives the children of an applied split the state their own search needs (may take the parent's). */
  prepareChildren(parent: N, split: NodeSplit<N>): void;
  /** The builder is done with `node`: its state may be reused (at most once per node). */
  release(node: N): void;
}
