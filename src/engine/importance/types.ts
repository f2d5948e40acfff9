// Feature importances: what the model says (MDI, split counts, depth) and what permuting a
// column costs (permutation importance, the answer to MDI's bias towards many-valued features).

export interface FeatureImportance {
  feature: string;
  /** Mean decrease in impurity, normalised to sum 1 over features (0 for all when the tree is a leaf). */
  mdi: number;
  /** Decision nodes splitting on the feature. */
  splitCount: number;
  /** Mean depth of those nodes (root = 0); null when unused. */
  meanDepth: number | null;
  /** Drop of the score when the column is shuffled, over `repeats` shuffles; null if not computed. */
  permutationMean: number | null;
  permutationStd: number | null;
}

export interface PermutationSettings {
  /** Which rows the score was measured on. */
  set: 'holdout' | 'training';
  /** How many: all rows of the set, or a random sample of PERMUTATION_MAX_ROWS of them. */
  rows: number;
  /** Rows in the set. */
  setRows: number;
  repeats: number;
  seed: number;
  /** accuracy (classification) or r2 (regression). */
  scoreName: 'accuracy' | 'r2';
  baselineScore: number;
}

export interface Importances {
  /** Sorted by MDI, largest first. */
  features: FeatureImportance[];
  permutation: PermutationSettings | null;
}
