// The cost-complexity pruning path (scikit-learn's `cost_complexity_pruning_path`).

export interface PruningPath {
  /** Effective alphas, ascending, starting at 0: pruning at ccpAlphas[i] gives the i-th subtree. */
  ccpAlphas: number[];
  /** Total leaf impurity Σ N_leaf/N · imp(leaf) of each subtree. */
  impurities: number[];
  /** Node and leaf counts of each subtree. */
  nodeCounts: number[];
  leafCounts: number[];
}
