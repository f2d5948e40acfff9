// The tree learner's one entry point: Dataset + parameters → model JSON (docs/model-format.md).
import type { Dataset } from '../dataset';
import type { TrainParams, TreeModel } from '../model';
import { growCart } from './cart-builder';
import type { GrowHooks } from './grow-hooks';
import { chooseSplitter } from './hist/choose-splitter';
import { growMultiway } from './multiway-builder';
import { resolveParams, type ResolvedParams } from './params';
import { withWeights, type RowWeights } from './sample-weights';
import { toModel } from './to-model';
import { buildTrainingSet, type TrainingSet } from './training-set';
import type { TreeStore } from './tree-store';

export interface TrainResult {
  model: TreeModel;
  /** Rows used for training (target present). */
  trainingRows: number;
  /** Rows left out because their target was missing. */
  droppedMissingTarget: number;
}

/** A tree as grown, before it becomes model JSON: its store, the set it was grown on and the parameters decided. */
export interface GrownTree {
  store: TreeStore;
  set: TrainingSet;
  resolved: ResolvedParams;
}

/**
 * `sampleWeight`: one weight per dataset row (rows without a target ignore theirs), multiplied
 * with `params.classWeight`; absent (and no weight column): every row weighs 1.
 */
export function growTree(dataset: Dataset, params: TrainParams, hooks: GrowHooks = {}, sampleWeight?: RowWeights): GrownTree {
  const rows = hooks.trainingSet ?? buildTrainingSet(dataset, params.target, params.task ?? 'auto', params);
  const set = withWeights(dataset, rows, params, sampleWeight, hooks.scratch ?? null);
  const resolved = resolveParams({ ...params, splitter: chooseSplitter(params, set.n) }, set.task, set.weightedN);
  const store = resolved.algorithm === 'cart' ? growCart(set, resolved, hooks) : growMultiway(set, resolved, resolved.algorithm, hooks);
  return { store, set, resolved };
}

/** growTree's tree as model JSON. */
export function trainTree(dataset: Dataset, params: TrainParams, hooks: GrowHooks = {}, sampleWeight?: RowWeights): TrainResult {
  const { store, set, resolved } = growTree(dataset, params, hooks, sampleWeight);
  return { model: toModel(store, set, params, resolved), trainingRows: set.n, droppedMissingTarget: set.droppedMissingTarget };
}
