// scikit-learn's stopping rules (sklearn/tree/_tree.pyx), in one place for every builder (CART's
// growth loops and the ID3/C4.5 multiway builder): a node is a leaf when depth ≥ max_depth,
// samples < min_samples_split or < 2·min_samples_leaf, weight < 2·min_weight_leaf, impurity ≤ ε, no valid split exists, or
// its weighted impurity decrease N_t/N·(imp − N_L/N_t·imp_L − N_R/N_t·imp_R) + ε <
// min_impurity_decrease. Best-first growth also stops at max_leaf_nodes leaves (best-first.ts).
// A limit of null means no limit, the one spelling from the settings to the model (README).
import type { ResolvedParams } from './params';

/** numpy.finfo(float64).eps, scikit-learn's EPSILON. */
export const EPSILON = Number.EPSILON;

/** Whether `value` has reached `limit`; a null limit is never reached. */
export function reached(value: number, limit: number | null): boolean {
  return limit !== null && value >= limit;
}

/** The rules checked before any split search: a node of `n` rows and weight `w` failing them is a leaf. */
export function mightSplit(params: ResolvedParams, depth: number, n: number, impurity: number, w = n): boolean {
  return !(reached(depth, params.maxDepth) || n < params.minSamplesSplit || n < 2 * params.minSamplesLeaf || w < 2 * params.minWeightLeaf || impurity <= EPSILON);
}

/** Whether a split's weighted impurity decrease (N_t/N-scaled, as scikit-learn's improvement) is enough. */
export function improvesEnough(params: ResolvedParams, improvement: number): boolean {
  return !(improvement + EPSILON < params.minImpurityDecrease);
}
