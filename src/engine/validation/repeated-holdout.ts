// Repeated hold-out ("random sampling", course notes §8.7.1): the hold-out split drawn K times with
// the same proportions (stratified when possible), seeded seed, seed + 1, …, seed + K − 1; each
// repeat's tree grown and pruned on its training part as the shown tree is, measured on its test
// part, and every headline figure summed up by its mean and standard deviation over the repeats.
import type { Dataset } from '../dataset';
import { throwIfAborted } from '../errors';
import type { TrainParams } from '../model';
import type { Metrics } from '../metrics/types';
import { trainTree } from '../tree/train';
import { meanOf, stdOf } from './cross-validate';
import { evaluateModel } from './evaluate';
import { pruneGrown, type PruneOptions } from './prune-grown';
import { holdoutSplit, type Strata } from './split';
import { subsetDataset } from './subset';
import type { RepeatedHoldoutResult } from './types';

/** The figures a repeat is summed up by, by name: one number each. */
export function headlineFigures(m: Metrics): [string, number][] {
  if (m.task === 'regression') {
    return [
      ['R²', m.r2],
      ['MSE', m.mse],
      ['RMSE', m.rmse],
      ['MAE', m.mae],
    ];
  }
  const figures: [string, number][] = [
    ['accuracy', m.accuracy],
    ['error rate', m.errorRate],
    ['macro precision', m.macro.precision],
    ['macro recall', m.macro.recall],
    ['macro F1', m.macro.f1],
    ['weighted F1', m.weighted.f1],
  ];
  if (m.positiveClass !== null) {
    const p = m.perClass[m.classes.indexOf(m.positiveClass)];
    figures.push([`precision of ${m.positiveClass}`, p.precision], [`recall of ${m.positiveClass}`, p.recall], [`F1 of ${m.positiveClass}`, p.f1]);
  }
  if (m.roc) figures.push(['ROC AUC', m.roc.auc]);
  if (m.pr) figures.push(['average precision', m.pr.averagePrecision]);
  return figures;
}

/** Each figure's values over the repeats, mean and population std; a figure some repeat lacks (no ROC without both classes) is left out. */
function summarize(perRepeat: readonly Metrics[]): RepeatedHoldoutResult['figures'] {
  const values = new Map<string, number[]>();
  for (const m of perRepeat) for (const [name, x] of headlineFigures(m)) values.set(name, [...(values.get(name) ?? []), x]);
  return [...values]
    .filter(([, xs]) => xs.length === perRepeat.length)
    .map(([name, xs]) => ({ name, values: xs, mean: meanOf(xs), std: stdOf(xs) }));
}

export interface RepeatSettings {
  testSize: number;
  /** The first repeat's seed; repeat i splits with seed + i. */
  seed: number;
  repeats: number;
  positiveClass?: string;
  signal?: AbortSignal;
  /** After each repeat's tree is trained and measured: repeats done so far, of `repeats`. */
  onRepeat?: (done: number, repeats: number) => void;
}

/**
 * `first`: the first repeat's metrics, already measured (the report's hold-out: the shown tree on
 * the split of `seed`), so its tree is not grown twice.
 */
export function repeatedHoldout(dataset: Dataset, strata: Strata, params: TrainParams, prune: PruneOptions, first: Metrics, r: RepeatSettings): RepeatedHoldoutResult {
  const seeds = Array.from({ length: r.repeats }, (_, i) => r.seed + i);
  const perRepeat: Metrics[] = [first];
  for (const seed of seeds.slice(1)) {
    throwIfAborted(r.signal);
    const split = holdoutSplit(strata, r.testSize, seed);
    const train = subsetDataset(dataset, split.train);
    const grown = trainTree(train, params, { signal: r.signal }).model;
    const { trained } = pruneGrown(grown, train, params, prune, { signal: r.signal });
    perRepeat.push(evaluateModel(trained, subsetDataset(dataset, split.test), r.positiveClass));
    r.onRepeat?.(perRepeat.length, r.repeats);
  }
  return summarizeRepeats(perRepeat, { testSize: r.testSize, seeds, stratified: strata.strata !== null });
}

/** Repeats' metrics (in seed order) summed up: the score per repeat, every figure's mean and std (a tree's and a forest's repeats alike). */
export function summarizeRepeats(perRepeat: readonly Metrics[], r: { testSize: number; seeds: number[]; stratified: boolean }): RepeatedHoldoutResult {
  const figures = summarize(perRepeat);
  const score = figures[0];
  return {
    testSize: r.testSize,
    repeats: perRepeat.length,
    seeds: r.seeds,
    stratified: r.stratified,
    scoreName: perRepeat[0].task === 'classification' ? 'accuracy' : 'r2',
    scores: score.values,
    mean: score.mean,
    std: score.std,
    figures,
  };
}
