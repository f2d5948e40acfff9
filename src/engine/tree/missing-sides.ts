// One split candidate scored with the node's missing values on the right child or on the left
// (scikit-learn ≥ 1.3). Shared by the exact and the histogram splitters, whose search differs only
// in how `left` is accumulated. A numeric scan tries every threshold with missing values on the
// right first, then every threshold with them on the left, as scikit-learn's two search passes do,
// so ties go to the same candidate; a categorical scan tries both sides of each subset in turn.
import type { SideProxy } from './criterion';

/** The running state of one node's split search that a candidate is scored against. */
export interface MissingSidesSearch {
  readonly dim: number;
  /** Weighted class counts (or sums) of the node's samples with a value / without one. */
  readonly present: Float64Array;
  readonly missing: Float64Array;
  /** Their total weights, and their row counts (equal without sample weights). */
  readonly wPresent: number;
  readonly wMissing: number;
  readonly nPresent: number;
  readonly nMissing: number;
  /** Scratch for the two children's statistics. */
  readonly sideA: Float64Array;
  readonly sideB: Float64Array;
  readonly proxy: SideProxy;
  /** Rows each child needs (scikit-learn's min_samples_leaf counts rows, not weight). */
  readonly minSamplesLeaf: number;
  /** Weight each child needs (min_weight_fraction_leaf × total weight; 0: none). */
  readonly minWeightLeaf: number;
  /** A candidate must beat the best proxy by more than this to replace it (deterministic ties). */
  readonly tolerance: number;
  bestProxy: number;
}

/**
 * The state a MissingSidesSearch is scored against, held alike by both splitters (cart-splitter.ts,
 * hist/hist-splitter.ts), which fill it per node and feature.
 */
export class MissingSidesState implements MissingSidesSearch {
  /** The present samples' statistics left of the candidate being scanned. */
  protected readonly left: Float64Array;
  readonly present: Float64Array;
  readonly missing: Float64Array;
  readonly sideA: Float64Array;
  readonly sideB: Float64Array;
  wPresent = 0;
  wMissing = 0;
  nPresent = 0;
  nMissing = 0;
  bestProxy = -Infinity;
  tolerance = 0;

  constructor(
    readonly dim: number,
    readonly proxy: SideProxy,
    readonly minSamplesLeaf: number,
    /** Categories with fewer rows in a node join its missing values (rare-categories.ts); ≤ 1: never. */
    readonly minCategorySamples: number,
    readonly minWeightLeaf: number,
  ) {
    this.left = new Float64Array(dim);
    this.present = new Float64Array(dim);
    this.missing = new Float64Array(dim);
    this.sideA = new Float64Array(dim);
    this.sideB = new Float64Array(dim);
  }
}

/**
 * Tries "present samples with statistics `left` (weight wL, nL rows) go left, the rest and the
 * missing ones right"; updates `bestProxy` and returns whether the candidate became the best.
 */
export function considerMissingRight(s: MissingSidesSearch, left: Float64Array, wL: number, nL: number): boolean {
  const { dim, present, missing, sideB, proxy, minSamplesLeaf, minWeightLeaf } = s;
  const wR = s.wPresent - wL + s.wMissing;
  const nR = s.nPresent - nL + s.nMissing;
  if (nL < minSamplesLeaf || nR < minSamplesLeaf || wL < minWeightLeaf || wR < minWeightLeaf) return false;
  for (let k = 0; k < dim; k++) sideB[k] = present[k] - left[k] + missing[k];
  const p = proxy(left, 0, dim, wL) + proxy(sideB, 0, dim, wR);
  if (!(p > s.bestProxy + s.tolerance)) return false;
  s.bestProxy = p;
  return true;
}

/** As considerMissingRight with the node's missing samples joining the left side instead. */
export function considerMissingLeft(s: MissingSidesSearch, left: Float64Array, wL: number, nL: number): boolean {
  const { dim, present, missing, sideA, sideB, proxy, minSamplesLeaf, minWeightLeaf } = s;
  const wM = s.wMissing;
  const wR = s.wPresent - wL;
  const nR = s.nPresent - nL;
  if (s.nMissing <= 0 || nL + s.nMissing < minSamplesLeaf || nR < minSamplesLeaf || wL + wM < minWeightLeaf || wR < minWeightLeaf) return false;
  for (let k = 0; k < dim; k++) {
    sideA[k] = left[k] + missing[k];
    sideB[k] = present[k] - left[k];
  }
  const p = proxy(sideA, 0, dim, wL + wM) + proxy(sideB, 0, dim, wR);
  if (!(p > s.bestProxy + s.tolerance)) return false;
  s.bestProxy = p;
  return true;
}

/**
 * Both sides of one candidate, missing values right first. Returns 0 (no improvement), 1 (best,
 * missing right) or 2 (best, missing left).
 */
export function considerMissingSides(s: MissingSidesSearch, left: Float64Array, wL: number, nL: number): number {
  let result = considerMissingRight(s, left, wL, nL) ? 1 : 0;
  if (considerMissingLeft(s, left, wL, nL)) result = 2;
  return result;
}
