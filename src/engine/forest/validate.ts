// A forest measured on data it was not trained on, beside its OOB score: a hold-out part, or k-fold
// cross-validation (docs/formulas.md "Validation"), with the same splits, metrics and fold summary
// as a single tree. The forest trainer is passed in, so the CLI and the extension can train on a
// pool of threads (src/worker/forest-pool.ts) or sequentially (train.ts).
import type { Dataset } from '../dataset';
import type { Metrics } from '../metrics/types';
import { type FoldSettings, makeFolds, summarizeFolds } from '../validation/cross-validate';
import { metricsOf, type RowPredictions } from '../validation/evaluate';
import { predictedRows } from '../validation/predicted-rows';
import { holdoutSplit, targetStrata } from '../validation/split';
import { subsetDataset } from '../validation/subset';
import type { CrossValidationResult, RepeatedHoldoutResult } from '../validation/types';
import { summarizeRepeats } from '../validation/repeated-holdout';
import { memberModel, predictForest } from './predict';
import type { ForestModel, ForestParams, ForestReport } from './types';

export type ForestTrainer = (dataset: Dataset, params: ForestParams) => Promise<ForestReport>;

/** The forest's predictions for every row of `dataset` that has a target, as the tree metrics read them. */
export function forestRowPredictions(model: ForestModel, dataset: Dataset, positiveClass?: string): RowPredictions {
  const { predictions, shares } = predictForest(model, dataset);
  // Two classes: the forest's share (or vote fraction) of the positive class scores ROC and PR.
  return predictedRows(model, dataset, predictions, shares, positiveClass);
}

export interface SplitSettings {
  seed: number;
  stratify: boolean;
  positiveClass?: string;
}

/** Trained on 1 − testSize of the rows, measured on the rest. */
export async function holdoutForest(dataset: Dataset, params: ForestParams, testSize: number, s: SplitSettings, train: ForestTrainer): Promise<Metrics> {
  const split = holdoutSplit(targetStrata(dataset, params.target, params.task ?? 'auto', s.stratify), testSize, s.seed);
  const report = await train(subsetDataset(dataset, split.train), params);
  return metricsOf(forestRowPredictions(report.model, subsetDataset(dataset, split.test), s.positiveClass));
}

/**
 * The hold-out drawn `repeats` times (split seeds seed, seed + 1, …; stratified when asked and
 * possible), a forest of the same parameters (its own seed unchanged) trained on each training
 * part and measured on its test part, as a single tree's repeats (validation/repeated-holdout.ts).
 */
export async function repeatedHoldoutForest(dataset: Dataset, params: ForestParams, r: { testSize: number; repeats: number; first: Metrics }, s: SplitSettings, train: ForestTrainer): Promise<RepeatedHoldoutResult> {
  const { testSize, repeats, first } = r;
  const strata = targetStrata(dataset, params.target, params.task ?? 'auto', s.stratify);
  const seeds = Array.from({ length: repeats }, (_, i) => s.seed + i);
  // `first`: the hold-out of seed `s.seed`, already measured, so its forest is not grown twice.
  const perRepeat: Metrics[] = [first];
  for (const seed of seeds.slice(1)) perRepeat.push(await holdoutForest(dataset, params, testSize, { ...s, seed }, train));
  return summarizeRepeats(perRepeat, { testSize, seeds, stratified: strata.strata !== null });
}

/** k-fold cross-validation (`'loo'`: leave-one-out): each fold predicted by a forest trained on the other folds. */
export async function crossValidateForest(
  dataset: Dataset,
  params: ForestParams,
  k: number | 'loo',
  s: SplitSettings,
  train: ForestTrainer,
): Promise<CrossValidationResult & { warnings: string[] }> {
  const settings: FoldSettings = k === 'loo' ? { k: 0, seed: s.seed, leaveOneOut: true } : { k, seed: s.seed, stratify: s.stratify };
  const { folds, warnings } = makeFolds(dataset, params, settings);
  const parts: RowPredictions[] = [];
  let first: ForestModel | null = null;
  for (const fold of folds) {
    const { model } = await train(fold.train, params);
    first ??= model;
    parts.push(forestRowPredictions(model, fold.test, s.positiveClass));
  }
  return { ...summarizeFolds(parts, memberModel(first as ForestModel, 0), settings), warnings };
}
