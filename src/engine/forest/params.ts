// A forest's parameters with their defaults filled in and checked (docs/formulas.md "Ensembles"):
// each bad value is an InputError naming it, before any tree is grown.
import { InputError } from '../errors';
import type { Task, TrainParams } from '../model';
import type { ForestModel, ForestParams, MaxFeatures } from './types';

export const DEFAULT_N_TREES = 100;

export type ResolvedForestParams = ForestModel['params'];

const bad = (message: string): never => {
  throw new InputError('bad-option', message);
};

/** Features per split for `featureCount` columns (scikit-learn's rounding: down, at least 1). */
export function resolveMaxFeatures(asked: MaxFeatures, featureCount: number): number {
  const p = featureCount;
  const atLeastOne = (x: number): number => Math.max(1, Math.floor(x));
  switch (asked) {
    case 'all':
      return p;
    case 'sqrt':
      return atLeastOne(Math.sqrt(p));
    case 'third':
      return atLeastOne(p / 3);
    case 'log2':
      return atLeastOne(Math.log2(p));
  }
  if (typeof asked !== 'number' || !Number.isFinite(asked) || asked <= 0) return bad(`max features must be sqrt, third, log2, all, an integer ≥ 1 or a fraction in (0, 1), got ${String(asked)}`);
  if (asked < 1) return atLeastOne(asked * p);
  if (!Number.isInteger(asked)) return bad(`max features must be an integer ≥ 1 or a fraction in (0, 1), got ${asked}`);
  if (asked > p) return bad(`max features ${asked} is more than the ${p} feature column${p === 1 ? '' : 's'}`);
  return asked;
}

/**
 * Rows drawn per tree from `trainingRows`: null → all; a number ≤ 1 is a fraction (1 = all), above
 * 1 an integer count (at most the training rows).
 */
export function resolveMaxSamples(asked: number | null | undefined, trainingRows: number): number {
  if (asked === undefined || asked === null) return trainingRows;
  if (!Number.isFinite(asked) || asked <= 0) return bad(`max samples must be a fraction in (0, 1] or a row count ≥ 1, got ${asked}`);
  if (asked <= 1) return Math.max(1, Math.round(asked * trainingRows));
  if (!Number.isInteger(asked)) return bad(`max samples above 1 must be a whole row count, got ${asked}`);
  if (asked > trainingRows) return bad(`max samples ${asked} is more than the ${trainingRows} training rows`);
  return asked;
}

export function resolveForestParams(params: ForestParams, task: Task, featureCount: number, trainingRows: number): ResolvedForestParams {
  if (params.ensemble !== 'forest' && params.ensemble !== 'bagging') bad(`unknown ensemble "${String(params.ensemble)}" (forest, bagging)`);
  const nTrees = params.nTrees ?? DEFAULT_N_TREES;
  if (!Number.isInteger(nTrees) || nTrees < 1) bad(`the number of trees must be an integer ≥ 1, got ${nTrees}`);
  const algorithm = params.algorithm ?? 'cart';
  if (params.ensemble === 'forest' && algorithm !== 'cart') bad(`a random forest grows CART trees; use --ensemble bagging for ${algorithm} trees`);
  const askedFeatures = params.maxFeatures ?? (params.ensemble === 'bagging' ? 'all' : task === 'classification' ? 'sqrt' : 'third');
  const maxFeatures = resolveMaxFeatures(askedFeatures, featureCount);
  if (params.ensemble === 'bagging' && maxFeatures !== featureCount) bad('bagging tries every feature at every split; random feature subsets need --ensemble forest');
  const voting = params.voting ?? 'soft';
  if (voting !== 'soft' && voting !== 'hard') bad(`voting must be soft or hard, got "${String(voting)}"`);
  if (task === 'regression' && params.voting !== undefined) bad(`voting applies to classification; a regression forest predicts the mean of its trees (drop --voting ${params.voting})`);
  const bootstrap = params.bootstrap ?? true;
  if (!bootstrap && params.maxSamples !== undefined && params.maxSamples !== null) bad('max samples needs bootstrap sampling; without it every tree sees every row');
  const seed = params.seed ?? 0;
  if (!Number.isInteger(seed)) bad(`the seed must be an integer, got ${seed}`);
  const maxSamples = bootstrap ? resolveMaxSamples(params.maxSamples, trainingRows) : trainingRows;
  return { ...params, algorithm, task, nTrees, maxFeatures, maxSamples, voting, bootstrap, seed };
}

/** The fields a forest adds to a tree's parameters. */
const FOREST_ONLY = new Set(['ensemble', 'nTrees', 'maxFeatures', 'maxSamples', 'bootstrap', 'voting', 'seed']);

/** A member tree's parameters: the forest's fields dropped, so a member reads as a plain tree model. */
export function treeParamsOf(params: ForestParams): TrainParams {
  return Object.fromEntries(Object.entries(params).filter(([key]) => !FOREST_ONLY.has(key))) as unknown as TrainParams;
}
