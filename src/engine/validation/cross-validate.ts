// k-fold cross-validation of a training recipe: each fold is predicted by a tree trained on the
// other folds (grown and pruned; never simplified, which would change the leaves' class shares);
// one score per fold and the metrics of all out-of-fold predictions together.
import type { Dataset } from '../dataset';
import { sortClassLabels } from '../label-order';
import { throwIfAborted } from '../errors';
import type { TrainParams, TreeModel } from '../model';
import type { Metrics } from '../metrics/types';
import { classificationMetrics } from '../metrics/classification';
import { regressionMetrics } from '../metrics/regression';
import { pruneOnly, type PostProcessing } from '../prune/post-process';
import { trainTree } from '../tree/train';
import { predictRows, type RowPredictions, scoreOf, scoreName } from './evaluate';
import { complement, kFolds, leaveOneOutFolds, targetStrata } from './split';
import { subsetDataset } from './subset';
import type { CrossValidationResult } from './types';

export interface Fold {
  train: Dataset;
  test: Dataset;
}

/** How folds are drawn: k, the seed of the shuffle, and whether classes are stratified. */
export interface FoldSettings {
  k: number;
  seed: number;
  /** Default true (classification only; regression folds are always a plain shuffle). */
  stratify?: boolean;
  /** Leave-one-out: a fold per row with a target, in row order (`k` is then that count; seed and stratify unused). */
  leaveOneOut?: boolean;
}

/** The k (train, test) pairs of a seeded, (by default) stratified k-fold partition, or of leave-one-out. */
export function makeFolds(dataset: Dataset, params: TrainParams, f: FoldSettings): { folds: Fold[]; warnings: string[] } {
  const strata = targetStrata(dataset, params.target, params.task ?? 'auto', !f.leaveOneOut && (f.stratify ?? true));
  const { folds, warnings } = f.leaveOneOut ? leaveOneOutFolds(strata) : kFolds(strata, f.k, f.seed);
  return { folds: folds.map((test) => ({ train: subsetDataset(dataset, complement(strata, test)), test: subsetDataset(dataset, test) })), warnings };
}

export const meanOf = (xs: readonly number[]): number => xs.reduce((a, b) => a + b, 0) / xs.length;
/** Population standard deviation (as scikit-learn's cv_results_ std). */
export const stdOf = (xs: readonly number[]): number => {
  const m = meanOf(xs);
  return Math.sqrt(xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length);
};

/** Metrics over the predictions of several models, classes matched by label. */
function pooledMetrics(parts: readonly RowPredictions[], model: TreeModel): Metrics {
  if (model.task === 'regression') {
    return regressionMetrics(
      parts.flatMap((p) => Array.from(p.truth.values)),
      parts.flatMap((p) => Array.from(p.values)),
    );
  }
  // Every fold's labels in the order the whole data's classes take (as a tree trained on it sorts
  // them): a class that the first fold's training rows lack is not moved to the end.
  const classes = sortClassLabels([...new Set([...(model.classes ?? []), ...parts.flatMap((p) => p.truth.classes)])]);
  const codeOf = new Map(classes.map((c, i) => [c, i]));
  const code = (label: string): number => codeOf.get(label) as number;
  const scored = parts.find((p) => p.scores);
  const positiveLabel = scored ? scored.truth.classes[scored.positive] : undefined;
  const yTrue: number[] = [];
  const yPred: number[] = [];
  const scores: number[] = [];
  for (const p of parts) {
    p.truth.codes.forEach((t, i) => {
      yTrue.push(code(p.truth.classes[t]));
      yPred.push(code(p.truth.classes[p.codes[i]]));
      // The score is the share of the positive class; re-express it if this fold's positive class is the other one.
      if (p.scores) scores.push(p.truth.classes[p.positive] === positiveLabel ? p.scores[i] : 1 - p.scores[i]);
    });
  }
  const binary = classes.length === 2 && positiveLabel !== undefined && scores.length === yTrue.length;
  return classificationMetrics(classes, yTrue, yPred, binary ? scores : undefined, binary ? code(positiveLabel) : undefined);
}

/** Fold scores, their mean and std, and the pooled metrics of out-of-fold predictions (`alphas`: per fold, when chosen inside it). */
export function summarizeFolds(parts: readonly RowPredictions[], model: TreeModel, f: FoldSettings, alphas: number[] | null = null): CrossValidationResult {
  const pooled = pooledMetrics(parts, model);
  if (f.leaveOneOut) {
    // A fold of one row: its accuracy is 0 or 1 (their mean is the pooled accuracy); its R² is
    // undefined (scikit-learn gives nan), so a regression's LOO is summed up by the pooled R² alone.
    const scores = pooled.task === 'classification' ? parts.map(scoreOf) : [];
    const mean = pooled.task === 'classification' ? pooled.accuracy : pooled.r2;
    return { folds: parts.length, seed: f.seed, scoreName: scoreName(model), scores, mean, std: scores.length ? stdOf(scores) : 0, pooled, alphas, leaveOneOut: true };
  }
  const scores = parts.map(scoreOf);
  return { folds: f.k, seed: f.seed, scoreName: scoreName(model), scores, mean: meanOf(scores), std: stdOf(scores), pooled, alphas };
}

export interface CvOptions {
  stratify?: boolean;
  /** Leave-one-out instead of k folds (`k` is then ignored). */
  leaveOneOut?: boolean;
  positiveClass?: string;
  signal?: AbortSignal;
  /** After each fold's tree is trained and scored: folds done so far, of k. */
  onFold?: (done: number, k: number) => void;
}

export function crossValidate(dataset: Dataset, params: TrainParams, post: PostProcessing, k: number, seed: number, options: CvOptions = {}): CrossValidationResult & { warnings: string[] } {
  const settings: FoldSettings = { k, seed, stratify: options.stratify, leaveOneOut: options.leaveOneOut };
  const { folds, warnings } = makeFolds(dataset, params, settings);
  const parts: RowPredictions[] = [];
  let first: TreeModel | null = null;
  for (const fold of folds) {
    throwIfAborted(options.signal);
    const model = pruneOnly(trainTree(fold.train, params, { signal: options.signal }).model, post);
    first ??= model;
    parts.push(predictRows(model, fold.test, options.positiveClass));
    options.onFold?.(parts.length, folds.length);
  }
  return { ...summarizeFolds(parts, first as TreeModel, settings), warnings };
}
