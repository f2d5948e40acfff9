// The worked arithmetic of a node (docs/formulas.md "Worked calculations"): what the learn mode
// shows and exports. Plain JSON: it crosses the worker boundary and is rendered as Markdown
// (markdown.ts) or in the panel's calculation drawer.
import type { EntropyUnit } from '../impurity';
import type { Criterion, ModelSplit, Task } from '../model';

/** The measure a node's impurity is stated in: the tree's criterion's (entropy also for gain ratio; tree/criteria.ts). */
import type { ImpurityMeasure } from '../tree/criteria';

export type { ImpurityMeasure };

/** One line of a derivation: a LaTeX formula (`$$…$$` without the delimiters) and its value. */
export interface Step {
  /** What the step computes, in words (e.g. "entropy of the node"). */
  label: string;
  latex: string;
  value: number;
}

/** One branch of a candidate split: the node's cases it receives. */
export interface BranchRow {
  /** The branch's condition, e.g. `≤ 2.45`, `sunny`. */
  label: string;
  /** Classification: class weights in the order of `NodeCalculation.classes`; regression: null. */
  counts: number[] | null;
  /** Σ of the cases' weights (the row count without weights). */
  weight: number;
  /** Regression: the branch's mean target. */
  mean: number | null;
  /** The branch's impurity in the node's measure (and unit). */
  impurity: number;
}

/** A numeric attribute's candidate threshold and the score a split there would have. */
export interface ThresholdScore {
  threshold: number;
  score: number;
  chosen: boolean;
}

export interface CandidateCalculation {
  feature: string;
  /** Readable condition, as the node details show it. */
  condition: string;
  split: ModelSplit;
  /** True for the split the tree uses at this node. */
  chosen: boolean;
  /** 1-based by the criterion's score. */
  rank: number;
  branches: BranchRow[];
  /** Cases whose value is unknown: CART sends them to `missingBranch`, ID3/C4.5 down every branch (Quinlan's fractional cases). */
  missingWeight: number;
  missingBranch: number | null;
  /** The weighted mean impurity of the branches, H̄_A(S) (or Gini, variance). */
  weightedImpurity: number;
  /** The score by the tree's criterion, as the engine computes it (entropy scores in `unit`). */
  score: number;
  informationGain: number | null;
  splitInfo: number | null;
  gainRatio: number | null;
  giniDecrease: number | null;
  /** The derivation: weighted mean, the score (and SplitInfo, gain ratio for C4.5). */
  steps: Step[];
  /** Numeric attributes: every candidate midpoint between consecutive present values (at most MAX_THRESHOLDS, evenly thinned). */
  thresholds: ThresholdScore[] | null;
  /** How many midpoints there were before thinning. */
  thresholdCount: number;
}

export interface NodeCalculation {
  nodeId: number;
  depth: number;
  /** The conditions from the root to the node. */
  path: string[];
  task: Task;
  criterion: Criterion;
  measure: ImpurityMeasure;
  unit: EntropyUnit;
  /** What the score is called: information gain, gain ratio, Gini decrease, variance reduction. */
  scoreName: string;
  classes: string[];
  /** Classification: class weights at the node; regression: null. */
  counts: number[] | null;
  /** Σ of the cases' weights. */
  weight: number;
  mean: number | null;
  impurity: number;
  /** The node's impurity as the formula with its numbers. */
  impuritySteps: Step[];
  /** The node's split (if any) first, then the other columns' best splits, best first. */
  candidates: CandidateCalculation[];
}
