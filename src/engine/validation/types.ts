// How a tree was validated: hold-out split, k-fold cross-validation, alpha chosen by CV.
import type { Metrics } from '../metrics/types';

export type ScoreName = 'accuracy' | 'r2';

export type ValidationSettings =
  | { kind: 'none' }
  | { kind: 'holdout'; testSize: number; seed: number; stratified: boolean }
  | { kind: 'cv'; folds: number; seed: number; stratified: boolean };

export interface CrossValidationResult {
  folds: number;
  seed: number;
  scoreName: ScoreName;
  /** One score per fold. */
  scores: number[];
  mean: number;
  std: number;
  /** Metrics over all out-of-fold predictions together. */
  pooled: Metrics;
}

export interface AlphaCandidate {
  alpha: number;
  meanScore: number;
  stdScore: number;
  /** Standard error of the mean over folds: std / √k. */
  stdError: number;
}

/**
 * `ccp_alpha` chosen by k-fold CV. Candidates are the geometric means of consecutive alphas of
 * the full-data pruning path. 'best': the highest mean score (ties → the larger alpha, the
 * smaller tree). 'one-se': the largest alpha whose mean is within one standard error of the best.
 */
export interface AlphaSelection {
  rule: 'best' | 'one-se';
  folds: number;
  seed: number;
  scoreName: ScoreName;
  candidates: AlphaCandidate[];
  bestAlpha: number;
  chosenAlpha: number;
}
