// Applies one edit to a model, or a list of them in order (issue 18: steer the tree): a new model
// each time, never a change in place. The edited model records every edit (docs/model-format.md
// "Edits") and its importances are recomputed from its nodes (tree/mdi.ts).
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import type { EditRecord, ModelNode, ModelSplit, TrainParams, TreeEdit, TreeModel } from '../model';
import type { GrowHooks } from '../tree/grow-hooks';
import { mdiImportances } from '../tree/mdi';
import { EPSILON } from '../tree/stopping';
import { lastInSubtree } from '../tree/subtree';
import { usesWeights } from '../tree/sample-weights';
import { trainTree } from '../tree/train';
import { subsetDataset } from '../validation/subset';
import { checkSplit } from './check-split';
import { growUnderSplit } from './forced-split';
import { replaceSubtree, subtreeAt } from './graft';
import { remapNodes } from './node-stats';
import { paramsForPart, partLeafFraction } from './part-params';
import { freshLeaves } from './stale';

function refuse(problem: string): never {
  throw new InputError('bad-option', problem);
}

/** The dataset rows (target missing or not) that reach `at`'s subtree. */
function rowsAt(model: TreeModel, leaves: Int32Array, at: number): Int32Array {
  const last = lastInSubtree(model, at);
  const rows: number[] = [];
  for (let r = 0; r < leaves.length; r++) if (leaves[r] >= at && leaves[r] <= last) rows.push(r);
  return Int32Array.from(rows);
}

/**
 * The model's parameters for a tree grown from `node` as its root: max depth counted from the
 * node, the limits relative to the whole tree rescaled to its rows (part-params.ts). A leaf
 * budget (maxLeafNodes) applies to each tree grown.
 */
function paramsAt(model: TreeModel, node: ModelNode): TrainParams {
  const maxDepth = model.params.maxDepth ?? null;
  return { ...paramsForPart(model.params, model.nodes[0].samples, node.samples), maxDepth: maxDepth === null ? null : Math.max(1, maxDepth - node.depth) };
}

/** Choosing a split or growing regrows from the rows; weighted trees are not regrown yet (their weights, e.g. balanced classes, are the whole tree's). */
function checkRegrowable(model: TreeModel, node: ModelNode): void {
  if (usesWeights(model.params)) refuse('choosing a split or growing a leaf is not available for a tree trained with sample or class weights; snip and restore are');
  if (node.impurity <= EPSILON) refuse(`node ${node.id} holds a single class (or value): no split can separate it`);
}

/**
 * A subtree grown on the node's rows, restated in the tree's classes and depths; its root keeps the
 * node's own statistics (the same rows, summed in the tree's order: a regression mean may differ in the last bit).
 */
function placed(model: TreeModel, node: ModelNode, grown: TreeModel): ModelNode[] {
  const nodes = remapNodes(grown.nodes, grown.classes, model.classes ?? []).map((n) => ({ ...n, depth: n.depth + node.depth }));
  const { samples, impurity, value, prediction } = node;
  nodes[0] = { ...nodes[0], samples, impurity, value, prediction };
  return nodes;
}

/** The node's subtree after the edit, ids from 0. */
function editedSubtree(dataset: Dataset, model: TreeModel, leaves: Int32Array, edit: TreeEdit, hooks: GrowHooks): ModelNode[] {
  const node = model.nodes[edit.node];
  const leaf = node.children.length === 0;
  switch (edit.op) {
    case 'snip':
      if (leaf) refuse(`node ${node.id} is already a leaf`);
      return [{ ...node, id: 0, split: null, missingGoesTo: null, children: [], snipped: subtreeAt(model, node.id) }];
    case 'restore':
      if (node.snipped === undefined) refuse(`node ${node.id} has no snipped subtree to restore`);
      return node.snipped;
    case 'grow': {
      if (!leaf) refuse(`node ${node.id} is not a leaf: snip it first, or choose its split`);
      checkRegrowable(model, node);
      if (partLeafFraction(model.params, model.nodes[0].samples, node.samples) > 0.5) refuse(`node ${node.id} is too small to split under the tree's min weight fraction per leaf`);
      const rows = subsetDataset(dataset, rowsAt(model, leaves, node.id));
      const grown = trainTree(rows, { ...paramsAt(model, node), maxDepth: 1 }, hooks).model;
      if (grown.nodes.length === 1) refuse(`no split of node ${node.id} passes the tree's settings (min samples, min impurity decrease)`);
      return placed(model, node, grown);
    }
    case 'split': {
      checkRegrowable(model, node);
      const rows = subsetDataset(dataset, rowsAt(model, leaves, node.id));
      checkSplit(model, node.id, rows, edit.split);
      return placed(model, node, growUnderSplit(rows, paramsAt(model, node), edit.split, hooks));
    }
  }
}

/**
 * The model after `edit`. `dataset`: the rows the tree was trained on (for a hold-out report, its
 * training part). Throws InputError: 'stale-model' when the data no longer fits the model,
 * 'bad-option' for an edit that does not fit the tree (no such node, a split it refuses).
 */
export function applyEdit(dataset: Dataset, model: TreeModel, edit: TreeEdit, hooks: GrowHooks = {}): TreeModel {
  if (!Number.isInteger(edit.node) || model.nodes[edit.node] === undefined) refuse(`the tree has no node ${String(edit.node)} (nodes 0 … ${model.nodes.length - 1})`);
  const leaves = freshLeaves(dataset, model);
  const sub = editedSubtree(dataset, model, leaves, edit, hooks);
  const before: ModelSplit | null = model.nodes[edit.node].split;
  const record: EditRecord = { edit, before, after: sub[0].split };
  const edited: TreeModel = { ...model, nodes: replaceSubtree(model, edit.node, sub), edited: true, edits: [...(model.edits ?? []), record] };
  return { ...edited, featureImportances: mdiImportances(edited) };
}

/** `grown` after every edit of `edits` in order: undo is a replay of a prefix. */
export function replayEdits(dataset: Dataset, grown: TreeModel, edits: readonly TreeEdit[], hooks: GrowHooks = {}): TreeModel {
  return edits.reduce((model, edit) => applyEdit(dataset, model, edit, hooks), grown);
}
