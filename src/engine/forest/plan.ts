// planForest: what every member needs, decided once on the whole data — the task, the classes and
// features (left-out columns fixed here, so every tree sees the same columns), the parameters with
// their defaults, and the training rows the bootstrap draws from. Plain data: it goes to pool
// workers by postMessage.
import type { Dataset } from '../dataset';
import type { ModelFeature, Task, TrainParams } from '../model';
import { decideLeftOut } from '../tree/left-out';
import { chooseSplitter } from '../tree/hist/choose-splitter';
import { resolveParams } from '../tree/params';
import { buildTrainingSet, modelFeatures } from '../tree/training-set';
import { resolveForestParams, treeParamsOf } from './params';
import { FOREST_FORMAT, FOREST_VERSION, type ForestHead, type ForestModel, type ForestParams } from './types';

export interface ForestPlan {
  params: ForestModel['params'];
  task: Task;
  trainingRows: number;
  /** Training sample i ↔ dataset row rows[i] (rows whose target is present). */
  rows: Int32Array;
  /** Rows drawn per tree (with bootstrap; without, every row once). */
  sampleSize: number;
  classes: string[];
  features: ModelFeature[];
  /** What each member's trainTree gets: the base tree's parameters, task and left-out columns decided. */
  treeParams: TrainParams;
  droppedMissingTarget: number;
}

export function planForest(dataset: Dataset, params: ForestParams): ForestPlan {
  const leftOut = decideLeftOut(dataset, params.target, params);
  const set = buildTrainingSet(dataset, params.target, params.task ?? 'auto', leftOut);
  // 'auto' (the extension's default) decided once on the training rows, as trainTree does: every member
  // then uses the same search and the model records which.
  const decided = { ...leftOut, splitter: chooseSplitter(leftOut, set.n) };
  // The tree's own checks and defaults (criterion), so the model records what its trees used.
  const { criterion } = resolveParams(decided, set.task);
  const resolved = resolveForestParams({ ...decided, task: set.task, criterion }, set.task, set.features.length, set.n);
  return {
    params: resolved,
    task: set.task,
    trainingRows: set.n,
    rows: set.rows,
    sampleSize: resolved.maxSamples ?? set.n,
    classes: [...set.classes],
    features: modelFeatures(set),
    treeParams: treeParamsOf(resolved),
    droppedMissingTarget: set.droppedMissingTarget,
  };
}

/** The forest model's head as the plan decides it (assembly adds the trees). */
export function forestHead(plan: ForestPlan): ForestHead {
  return {
    format: FOREST_FORMAT,
    version: FOREST_VERSION,
    task: plan.task,
    target: plan.params.target,
    ...(plan.task === 'classification' ? { classes: [...plan.classes] } : {}),
    features: plan.features,
    params: plan.params,
  };
}

/** Dataset row → training sample index (−1: not a training row), made once per plan and dataset size. */
const sampleIndexes = new WeakMap<ForestPlan, Int32Array>();

export function sampleIndexOf(plan: ForestPlan, rowCount: number): Int32Array {
  let found = sampleIndexes.get(plan);
  if (found === undefined || found.length !== rowCount) {
    found = new Int32Array(rowCount).fill(-1);
    for (let i = 0; i < plan.rows.length; i++) found[plan.rows[i]] = i;
    sampleIndexes.set(plan, found);
  }
  return found;
}
