// The tree learner's one entry point: Dataset + parameters → model JSON (docs/model-format.md).
import type { Dataset } from '../dataset';
import type { TrainParams, TreeModel } from '../model';
import { growCart } from './cart-builder';
import type { GrowHooks } from './grow-hooks';
import { chooseSplitter } from './hist/choose-splitter';
import { growMultiway } from './multiway-builder';
import { resolveParams } from './params';
import { toModel } from './to-model';
import { buildTrainingSet } from './training-set';

export interface TrainResult {
  model: TreeModel;
  /** Rows used for training (target present). */
  trainingRows: number;
  /** Rows left out because their target was missing. */
  droppedMissingTarget: number;
}

export function trainTree(dataset: Dataset, params: TrainParams, hooks: GrowHooks = {}): TrainResult {
  const set = buildTrainingSet(dataset, params.target, params.task ?? 'auto', params);
  const resolved = resolveParams({ ...params, splitter: chooseSplitter(params, set.n) }, set.task);
  const store = resolved.algorithm === 'cart' ? growCart(set, resolved, hooks) : growMultiway(set, resolved, resolved.algorithm, hooks);
  return { model: toModel(store, set, params, resolved), trainingRows: set.n, droppedMissingTarget: set.droppedMissingTarget };
}
