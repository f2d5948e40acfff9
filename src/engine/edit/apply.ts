// Applies one edit to a model, or a list of them in order (issue 18: steer the tree): a new model
// each time, never a change in place. The edited model records every edit (docs/model-format.md
// "Edits") and its importances are recomputed from its nodes (tree/mdi.ts).
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import { type EditRecord, type ModelNode, type ModelSplit, nodeWeight, type TrainParams, type TreeEdit, type TreeModel } from '../model';
import type { GrowHooks } from '../tree/grow-hooks';
import { mdiImportances } from '../tree/mdi';
import { EPSILON } from '../tree/stopping';
import { lastInSubtree } from '../tree/subtree';
import { checkSplit } from './check-split';
import { growUnderSplit } from './forced-split';
import { replaceSubtree, subtreeAt } from './graft';
import { remapNodes } from './node-stats';
import { type Part, subPart, trainPart, wholePart } from './part';
import { paramsForPart, partLeafFraction } from './part-params';
import { freshLeaves } from './stale';

function refuse(problem: string): never {
  throw new InputError('bad-option', problem);
}

/** The rows (target missing or not) of the whole part that reach `at`'s subtree, with their weights. */
function partAt(whole: Part, model: TreeModel, leaves: Int32Array, at: number): Part {
  const last = lastInSubtree(model, at);
  const rows: number[] = [];
  for (let r = 0; r < leaves.length; r++) if (leaves[r] >= at && leaves[r] <= last) rows.push(r);
  return subPart(whole, Int32Array.from(rows));
}

/**
 * The model's parameters for a tree grown from `node` as its root: max depth counted from the
 * node, the limits relative to the whole tree rescaled to its rows (part-params.ts). A leaf
 * budget (maxLeafNodes) applies to each tree grown.
 */
function paramsAt(model: TreeModel, node: ModelNode): TrainParams {
  const maxDepth = model.params.maxDepth ?? null;
  return { ...paramsForPart(model.params, nodeWeight(model.nodes[0]), nodeWeight(node)), maxDepth: maxDepth === null ? null : Math.max(1, maxDepth - node.depth) };
}

/** Choosing a split or growing regrows from the node's rows. */
function checkRegrowable(node: ModelNode): void {
  if (node.impurity <= EPSILON) refuse(`node ${node.id} holds a single class (or value): no split can separate it`);
}

/**
 * A subtree grown on the node's rows, restated in the tree's classes and depths; its root keeps the
 * node's own statistics (the same rows, summed in the tree's order: a regression mean may differ in the last bit).
 */
function placed(model: TreeModel, node: ModelNode, grown: TreeModel): ModelNode[] {
  const nodes = remapNodes(grown.nodes, grown.classes, model.classes ?? []).map((n) => ({ ...n, depth: n.depth + node.depth }));
  const { samples, weightedSamples, impurity, value, prediction } = node;
  nodes[0] = { ...nodes[0], samples, ...(weightedSamples === undefined ? {} : { weightedSamples }), impurity, value, prediction };
  return nodes;
}

/** The node's subtree after the edit, ids from 0. */
function editedSubtree(whole: Part, model: TreeModel, leaves: Int32Array, edit: TreeEdit, hooks: GrowHooks): ModelNode[] {
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
      checkRegrowable(node);
      if (partLeafFraction(model.params, nodeWeight(model.nodes[0]), nodeWeight(node)) > 0.5) refuse(`node ${node.id} is too small to split under the tree's min weight fraction per leaf`);
      const grown = trainPart(partAt(whole, model, leaves, node.id), { ...paramsAt(model, node), maxDepth: 1 }, hooks);
      if (grown.nodes.length === 1) refuse(`no split of node ${node.id} passes the tree's settings (min samples, min impurity decrease)`);
      return placed(model, node, grown);
    }
    case 'split': {
      checkRegrowable(node);
      const part = partAt(whole, model, leaves, node.id);
      checkSplit(model, node.id, part.rows, edit.split);
      return placed(model, node, growUnderSplit(part, paramsAt(model, node), edit.split, hooks));
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
  const sub = editedSubtree(wholePart(dataset, model), model, leaves, edit, hooks);
  const before: ModelSplit | null = model.nodes[edit.node].split;
  const record: EditRecord = { edit, before, after: sub[0].split };
  const edited: TreeModel = { ...model, nodes: replaceSubtree(model, edit.node, sub), edited: true, edits: [...(model.edits ?? []), record] };
  return { ...edited, featureImportances: mdiImportances(edited) };
}

/** `grown` after every edit of `edits` in order: undo is a replay of a prefix. */
export function replayEdits(dataset: Dataset, grown: TreeModel, edits: readonly TreeEdit[], hooks: GrowHooks = {}): TreeModel {
  return edits.reduce((model, edit) => applyEdit(dataset, model, edit, hooks), grown);
}
