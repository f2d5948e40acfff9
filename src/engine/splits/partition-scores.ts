// The scores of one partition of a node's samples into branches (docs/formulas.md "Partition
// scores"): information gain, split information and gain ratio, Gini decrease, and for a numeric
// target the variance reduction. The splitter picks the partition; these say how good it is in
// every measure at once.
import { entropy, gini } from '../impurity';

export interface PartitionScores {
  /** Classification only (bits); null for a regression target. */
  readonly informationGain: number | null;
  readonly splitInfo: number | null;
  readonly gainRatio: number | null;
  readonly giniDecrease: number | null;
  /** Regression only: Var(S) − Σ |S_v|/|S| · Var(S_v); null for classification. */
  readonly varianceReduction: number | null;
}

/**
 * Classification: `branches[b]` holds the class counts of branch b, all of the same length.
 * `parent` (optional scratch of that length) avoids an allocation in loops over many candidates.
 */
export function classPartitionScores(branches: readonly Float64Array[], parent = new Float64Array(branches[0].length)): PartitionScores {
  parent.fill(0);
  const weights = branches.map((counts) => {
    let w = 0;
    for (let k = 0; k < counts.length; k++) {
      parent[k] += counts[k];
      w += counts[k];
    }
    return w;
  });
  const n = weights.reduce((a, b) => a + b, 0);
  let childEntropy = 0;
  let childGini = 0;
  let splitInfo = 0;
  branches.forEach((counts, b) => {
    const share = weights[b] / n;
    if (share <= 0) return;
    childEntropy += share * entropy(counts, 'bits', weights[b]);
    childGini += share * gini(counts, weights[b]);
    splitInfo -= share * Math.log2(share);
  });
  const informationGain = entropy(parent, 'bits', n) - childEntropy;
  return {
    informationGain,
    splitInfo,
    gainRatio: splitInfo > 0 ? informationGain / splitInfo : 0,
    giniDecrease: gini(parent, n) - childGini,
    varianceReduction: null,
  };
}

/**
 * Regression: branch b holds `weights[b]` samples whose targets, minus the node's mean, sum to
 * `centredSums[b]`. Then Var(S) − Σ w_b/N·Var(S_b) = Σ centredSums[b]² / (w_b·N): centring keeps
 * the subtraction of two large sums (and its rounding) out of the result.
 */
export function regressionPartitionScores(weights: readonly number[], centredSums: readonly number[]): PartitionScores {
  const n = weights.reduce((a, b) => a + b, 0);
  let reduction = 0;
  weights.forEach((w, b) => {
    if (w > 0) reduction += (centredSums[b] * centredSums[b]) / (w * n);
  });
  return { informationGain: null, splitInfo: null, gainRatio: null, giniDecrease: null, varianceReduction: reduction };
}
