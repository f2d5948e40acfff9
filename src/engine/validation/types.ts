// How a tree was validated: hold-out split, k-fold cross-validation, alpha chosen by CV.
import type { Metrics } from '../metrics/types';

export type ScoreName = 'accuracy' | 'r2';

export type ValidationSettings =
  | { kind: 'none' }
  /** `repeats` (> 1): the hold-out drawn that many times, seeds `seed` … `seed + repeats − 1` (repeated-holdout.ts); the tree shown is the first's. */
  | { kind: 'holdout'; testSize: number; seed: number; stratified: boolean; repeats?: number }
  /** `leaveOneOut`: a fold per row with a target (`folds` is their count), never stratified. */
  | { kind: 'cv'; folds: number; seed: number; stratified: boolean; leaveOneOut?: true };

export interface CrossValidationResult {
  folds: number;
  seed: number;
  scoreName: ScoreName;
  /** One score per fold (leave-one-out: each row's 0 or 1; none for a regression, a row's R² being undefined). */
  scores: number[];
  /** Of the fold scores (leave-one-out: the pooled accuracy or R²). */
  mean: number;
  std: number;
  /** Metrics over all out-of-fold predictions together. */
  pooled: Metrics;
  /** With ccp_alpha chosen by CV: the alpha chosen inside each fold (nested CV); else null. */
  alphas: number[] | null;
  /** True: leave-one-out, a fold per row (course notes §8.7.2). */
  leaveOneOut?: true;
  /** True: the CV of a fixed (edited) tree's structure, splits kept and leaves refitted per fold (edit/structure-cv.ts). */
  structure?: true;
}

/** The hold-out repeated with the same proportions ("random sampling", course notes §8.7.1). */
export interface RepeatedHoldoutResult {
  testSize: number;
  repeats: number;
  /** Each repeat's split seed: the first is the report's seed, then one more each. */
  seeds: number[];
  stratified: boolean;
  scoreName: ScoreName;
  /** Each repeat's accuracy or R², their mean and population std (as a cross-validation's). */
  scores: number[];
  mean: number;
  std: number;
  /** Every headline figure (accuracy, macro F1, ROC AUC, …; R², RMSE, …) per repeat, its mean and population std. */
  figures: { name: string; values: number[]; mean: number; std: number }[];
}

/**
 * The honest score of "choose ccp_alpha by CV": each outer fold chooses its own alpha by an inner
 * CV on its training part, prunes the tree grown there at it, and is scored on its test part.
 */
export interface NestedAlphaEstimate {
  folds: number;
  seed: number;
  scoreName: ScoreName;
  /** The alpha each outer fold chose. */
  alphas: number[];
  scores: number[];
  mean: number;
  std: number;
  /** Trees grown for it (outer and inner folds): what the estimate costs. */
  fits: number;
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
  stratified: boolean;
  scoreName: ScoreName;
  candidates: AlphaCandidate[];
  bestAlpha: number;
  chosenAlpha: number;
  /** Mean CV score of the chosen alpha on the folds that chose it: optimistic, see `nested`. */
  chosenScore: number;
  /** The nested estimate (the report computes it; `train` does not); null when not computed. */
  nested: NestedAlphaEstimate | null;
}
