// Training parameters with their defaults (scikit-learn's DecisionTreeClassifier/Regressor:
// fully grown, min_samples_split = 2, min_samples_leaf = 1) and the checks that make a bad
// combination an InputError rather than a silently different tree.
import { InputError } from '../errors';
import type { Algorithm, Criterion, PruneMethod, Splitter, Task, TrainParams } from '../model';
import { criteriaFor, criterionSpec } from './criteria';
import { DEFAULT_MIN_CATEGORY_SAMPLES } from './rare-categories';

export interface ResolvedParams {
  readonly algorithm: Algorithm;
  readonly criterion: Criterion;
  /** null: unlimited (stopping.ts reached()). */
  readonly maxDepth: number | null;
  readonly minSamplesSplit: number;
  readonly minSamplesLeaf: number;
  /** null: depth-first growth without a leaf budget. */
  readonly maxLeafNodes: number | null;
  readonly minImpurityDecrease: number;
  /** CART's split search: every threshold (exact) or bin bounds of ≤ 255 quantile bins (hist). */
  readonly splitter: Splitter;
  /** CART subset splits: categories with fewer rows in a node join its missing values (rare-categories.ts). */
  readonly minCategorySamples: number;
  /** The weight each leaf needs: min_weight_fraction_leaf × the total weight (0: no limit). */
  readonly minWeightLeaf: number;
}

const ALGORITHMS: readonly Algorithm[] = ['cart', 'id3', 'c45'];

/** Pruning when none is asked for: C4.5 prunes by design (pessimistic error, README "Pruning"); CART and ID3 stay grown. */
export const defaultPrune = (algorithm: Algorithm | undefined): PruneMethod => (algorithm === 'c45' ? 'pessimistic' : 'none');

function integer(name: string, value: number | undefined | null, fallback: number, min: number): number {
  if (value === undefined || value === null) return fallback;
  if (!Number.isInteger(value) || value < min) throw new InputError('bad-option', `${name} must be an integer ≥ ${min}, got ${value}`);
  return value;
}

/** `totalWeight`: the training rows' total weight (their count without weights), for min_weight_fraction_leaf. */
export function resolveParams(params: TrainParams, task: Task, totalWeight = 0): ResolvedParams {
  const algorithm = params.algorithm ?? 'cart';
  if (!ALGORITHMS.includes(algorithm)) throw new InputError('bad-option', `unknown algorithm "${String(algorithm)}" (${ALGORITHMS.join(', ')})`);
  if (params.criterion !== undefined) criterionSpec(params.criterion);
  const allowed = criteriaFor(algorithm, task).map((c) => c.name);
  if (allowed.length === 0) throw new InputError('bad-option', `${algorithm} builds classification trees only; use --algorithm cart for a ${task} target`);
  const criterion = params.criterion ?? allowed[0];
  if (!allowed.includes(criterion)) {
    throw new InputError('bad-option', `criterion "${criterion}" does not fit ${algorithm} ${task} (use ${allowed.join(' or ')})`);
  }
  if (algorithm !== 'cart' && params.maxLeafNodes !== undefined && params.maxLeafNodes !== null) {
    throw new InputError('bad-option', `max leaf nodes (best-first growth) applies to cart only, not ${algorithm}`);
  }
  const splitter = params.splitter ?? 'exact';
  if (splitter !== 'exact' && splitter !== 'hist') throw new InputError('bad-option', `unknown splitter "${String(splitter)}" (exact, hist)`);
  if (algorithm !== 'cart' && splitter === 'hist') throw new InputError('bad-option', `the histogram splitter applies to cart only, not ${algorithm}`);
  const minImpurityDecrease = params.minImpurityDecrease ?? 0;
  if (!Number.isFinite(minImpurityDecrease) || minImpurityDecrease < 0) {
    throw new InputError('bad-option', `min impurity decrease must be a number ≥ 0, got ${minImpurityDecrease}`);
  }
  const fraction = params.minWeightFractionLeaf ?? 0;
  if (!(fraction >= 0 && fraction <= 0.5)) throw new InputError('bad-option', `min weight fraction leaf must be a number in [0, 0.5], got ${fraction}`);
  return {
    algorithm,
    criterion,
    maxDepth: params.maxDepth === null || params.maxDepth === undefined ? null : integer('max depth', params.maxDepth, 0, 1),
    minSamplesSplit: integer('min samples split', params.minSamplesSplit, 2, 2),
    minSamplesLeaf: integer('min samples leaf', params.minSamplesLeaf, 1, 1),
    maxLeafNodes: params.maxLeafNodes === null || params.maxLeafNodes === undefined ? null : integer('max leaf nodes', params.maxLeafNodes, 0, 2),
    minImpurityDecrease,
    splitter,
    minCategorySamples: integer('min category samples', params.minCategorySamples, DEFAULT_MIN_CATEGORY_SAMPLES, 0),
    minWeightLeaf: fraction * totalWeight,
  };
}
