// The tree learner's one entry point: Dataset + parameters → model JSON (docs/model-format.md).
import type { Dataset } from '../dataset';
import type { TrainParams, TreeModel } from '../model';
import { growCart } from './cart-builder';
import type { GrowHooks } from './grow-hooks';
import { chooseSplitter } from './hist/choose-splitter';
import { growMultiway } from './multiway-builder';
import { resolveParams } from './params';
import { withWeights } from './sample-weights';
import { toModel } from './to-model';
import { buildTrainingSet } from './training-set';

export interface TrainResult {
  model: TreeModel;
  /** Rows used for training (target present). */
  trainingRows: number;
  /** Rows left out because their target was missing. */
  droppedMissingTarget: number;
}

/**
 * `sampleWeight`: one weight per dataset row (rows without a target ignore theirs), multiplied
 * with `params.classWeight`; absent (and no weight column): every row weighs 1.
 */
export function trainTree(dataset: Dataset, params: TrainParams, hooks: GrowHooks = {}, sampleWeight?: Float64Array): TrainResult {
  const rows = buildTrainingSet(dataset, params.target, params.task ?? 'auto', params);
  const set = withWeights(dataset, rows, params, sampleWeight);
  const resolved = resolveParams({ ...params, splitter: chooseSplitter(params, set.n) }, set.task, set.weightedN);
  const store = resolved.algorithm === 'cart' ? growCart(set, resolved, hooks) : growMultiway(set, resolved, resolved.algorithm, hooks);
  return { model: toModel(store, set, params, resolved), trainingRows: set.n, droppedMissingTarget: set.droppedMissingTarget };
}
