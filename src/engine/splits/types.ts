// The per-column split scores (docs/cli.md: `splits`): each column's best split of the whole data set against
// a target, how it scores in every measure, and its rank. Plain JSON for the CLI, the worker and
// the hover; the `splits` CLI's JSON contract is { target, splits: [{ feature, kind, threshold |
// branches, informationGain, gainRatio, giniDecrease, varianceReduction }] } — fields may be added.
import type { Algorithm, Criterion, Task } from '../model';
import type { LeftOutColumn } from '../model';

export interface SplitOptions {
  target: string;
  task?: 'auto' | Task;
  /** cart (default; c45 when the criterion is gain_ratio), id3 or c45, as the tree would grow. */
  algorithm?: Algorithm;
  /** Ranking measure; the algorithm's own by default (gini, entropy, gain_ratio, squared_error). */
  criterion?: Criterion;
  minSamplesLeaf?: number;
  /** As TrainParams.minCategorySamples: rarer categories join the missing values. */
  minCategorySamples?: number;
  ignore?: string[];
  /** Columns scored even when ID-like or constant. */
  keep?: string[];
  /** Already decided ID-like and constant columns (e.g. a trained model's); found on the data when absent. */
  leftOut?: LeftOutColumn[];
  /** At most this many points per score curve (default 120); 0 leaves the curves out. */
  curvePoints?: number;
}

/** One point of a column's score curve: the criterion's score if the split were at `threshold`. */
export interface CurvePoint {
  threshold: number;
  score: number;
}

export interface ColumnSplit {
  feature: string;
  /** Numeric: `x ≤ threshold` left. Categorical (and boolean): one category set per branch. */
  kind: 'numeric' | 'categorical';
  threshold?: number;
  /** Date and ordinal columns: their type, and the threshold as shown (ISO 8601 date, or the category of ⌊threshold⌋). */
  valueType?: 'date' | 'ordinal';
  thresholdText?: string;
  branches?: string[][];
  informationGain: number | null;
  gainRatio: number | null;
  giniDecrease: number | null;
  varianceReduction: number | null;
  /** The score by the ranking criterion (one of the four above). */
  score: number;
  /** 1-based among the columns that can split. */
  rank: number;
  /** Training rows whose value of this column is missing. */
  missing: number;
  /** Numeric columns: the score along the candidate thresholds (present values only), thinned. */
  curve?: CurvePoint[];
}

export interface SplitsReport {
  target: string;
  task: Task;
  algorithm: Algorithm;
  criterion: Criterion;
  /** Rows with a target value: the root node's samples. */
  rows: number;
  /** Ranked best first; ties keep the column order. */
  splits: ColumnSplit[];
  /** Columns with no valid split (constant, all missing, or every category too rare: minCategorySamples). */
  unsplittable: string[];
  /** ID-like and constant columns left out of training, so not scored (tree/left-out.ts). */
  leftOut: LeftOutColumn[];
  /** The question a tree with these settings asks first, and why; null when nothing splits. */
  root: { feature: string; reason: string } | null;
}
