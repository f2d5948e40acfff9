// The rows an edit regrows from — a node's (or a child's) training rows as a dataset of their own —
// and, for a tree trained with weights, each row's weight as the whole tree gave it (docs/formulas.md
// "Sample and class weights"). Balanced class weights are n / (k · n_c) over every training row, so
// a part grown alone is given the tree's weights instead of working them out on its own rows.
import type { Dataset } from '../dataset';
import type { TrainParams, TreeModel } from '../model';
import type { GrowHooks } from '../tree/grow-hooks';
import { usesWeights, withWeights } from '../tree/sample-weights';
import { lastInSubtree } from '../tree/subtree';
import { trainTree } from '../tree/train';
import { buildTrainingSet } from '../tree/training-set';
import { subsetDataset } from '../validation/subset';

export interface Part {
  rows: Dataset;
  /** One weight per row of `rows`; absent for an unweighted tree. */
  weight?: Float64Array;
}

/** `dataset` (the rows `model` was trained on) as a part, each row with its training weight (0: no target, or weight 0). */
export function wholePart(dataset: Dataset, model: TreeModel): Part {
  if (!usesWeights(model.params)) return { rows: dataset };
  const set = withWeights(dataset, buildTrainingSet(dataset, model.target, model.task, model.params), model.params);
  const weight = new Float64Array(dataset.rowCount);
  set.rows.forEach((row, i) => (weight[row] = set.weight?.[i] ?? 1));
  return { rows: dataset, weight };
}

/** The rows `rows` of `part`, with their weights. */
export function subPart(part: Part, rows: Int32Array): Part {
  const sub = subsetDataset(part.rows, rows);
  return part.weight === undefined ? { rows: sub } : { rows: sub, weight: Float64Array.from(rows, (r) => part.weight?.[r] ?? 0) };
}

/** The rows (target missing or not) of `whole` whose leaf (`leaves`, per row) is in `at`'s subtree, with their weights. */
export function partAt(whole: Part, model: TreeModel, leaves: Int32Array, at: number): Part {
  const last = lastInSubtree(model, at);
  const rows: number[] = [];
  for (let r = 0; r < leaves.length; r++) if (leaves[r] >= at && leaves[r] <= last) rows.push(r);
  return subPart(whole, Int32Array.from(rows));
}

/** The parameters a part is grown with: its weights are given whole, so no class weight multiplies them again. */
export function partParams(part: Part, params: TrainParams): TrainParams {
  if (part.weight === undefined) return params;
  const { classWeight: _given, ...rest } = params;
  return rest;
}

/** The engine's tree on the part's rows, with their weights. */
export function trainPart(part: Part, params: TrainParams, hooks: GrowHooks = {}): TreeModel {
  return trainTree(part.rows, partParams(part, params), hooks, part.weight).model;
}
