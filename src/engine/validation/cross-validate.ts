// k-fold cross-validation of a training recipe (grow + prune + simplify): each fold is predicted
// by a tree trained on the other folds; one score per fold and the metrics of all out-of-fold
// predictions together.
import type { Dataset } from '../dataset';
import { throwIfAborted } from '../errors';
import type { TrainParams, TreeModel } from '../model';
import type { Metrics } from '../metrics/types';
import { classificationMetrics } from '../metrics/classification';
import { regressionMetrics } from '../metrics/regression';
import { postProcess, type PostProcessing } from '../prune/post-process';
import { trainTree } from '../tree/train';
import { predictRows, type RowPredictions, scoreOf, scoreName } from './evaluate';
import { complement, kFolds, targetStrata, type Strata } from './split';
import { subsetDataset } from './subset';
import type { CrossValidationResult } from './types';

export interface Fold {
  train: Dataset;
  test: Dataset;
}

/** The k (train, test) pairs of a seeded, stratified k-fold partition. */
export function makeFolds(dataset: Dataset, params: TrainParams, k: number, seed: number): { strata: Strata; folds: Fold[] } {
  const strata = targetStrata(dataset, params.target, params.task ?? 'auto');
  const folds = kFolds(strata, k, seed).map((test) => ({ train: subsetDataset(dataset, complement(strata, test)), test: subsetDataset(dataset, test) }));
  return { strata, folds };
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
  const classes = [...(model.classes ?? [])];
  const codeOf = new Map(classes.map((c, i) => [c, i]));
  const code = (label: string): number => {
    let c = codeOf.get(label);
    if (c === undefined) {
      c = classes.length;
      classes.push(label);
      codeOf.set(label, c);
    }
    return c;
  };
  const yTrue: number[] = [];
  const yPred: number[] = [];
  const scores: number[] = [];
  for (const p of parts) {
    p.truth.codes.forEach((t, i) => {
      yTrue.push(code(p.truth.classes[t]));
      yPred.push(code(p.truth.classes[p.codes[i]]));
      // The score is the share of the second class; re-express it if this fold ordered classes otherwise.
      if (p.scores) scores.push(p.truth.classes[1] === classes[1] ? p.scores[i] : 1 - p.scores[i]);
    });
  }
  const binary = classes.length === 2 && scores.length === yTrue.length;
  return classificationMetrics(classes, yTrue, yPred, binary ? scores : undefined);
}

export function crossValidate(
  dataset: Dataset,
  params: TrainParams,
  post: PostProcessing,
  k: number,
  seed: number,
  signal?: AbortSignal,
): CrossValidationResult {
  const { folds } = makeFolds(dataset, params, k, seed);
  const parts: RowPredictions[] = [];
  let first: TreeModel | null = null;
  for (const fold of folds) {
    throwIfAborted(signal);
    const model = postProcess(trainTree(fold.train, params, { signal }).model, post);
    first ??= model;
    parts.push(predictRows(model, fold.test));
  }
  const scores = parts.map(scoreOf);
  const model = first as TreeModel;
  return { folds: k, seed, scoreName: scoreName(model), scores, mean: meanOf(scores), std: stdOf(scores), pooled: pooledMetrics(parts, model) };
}
