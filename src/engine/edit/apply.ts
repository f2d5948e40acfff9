// Applies one edit to a model, or a list of them in order (docs/formulas.md "Edited trees"): a new model
// each time, never a change in place. The edited model records every edit (docs/model-format.md
// "Edits") and its importances are recomputed from its nodes (tree/mdi.ts); a tree with a decision
// threshold keeps it, every node predicting the decision at it.
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import { withoutSplitFacts, type EditRecord, type ModelNode, type ModelSplit, type TreeEdit, type TreeModel } from '../model';
import type { GrowHooks } from '../tree/grow-hooks';
import { mdiImportances } from '../tree/mdi';
import { EPSILON } from '../tree/stopping';
import { withDecisionThreshold } from '../tree/decision-threshold';
import { growCartLeaf, splitCart } from './cart-regrow';
import { checkSplit } from './check-split';
import { replaceSubtree, subtreeAt } from './graft';
import { regrowMultiway } from './multiway-regrow';
import { partAt, wholePart } from './part';
import { pruneBelow } from './prune-regrown';
import { freshLeaves } from './stale';

function refuse(problem: string): never {
  throw new InputError('bad-option', problem);
}

/** The edits that regrow part of the tree. */
type Regrow = Extract<TreeEdit, { op: 'grow' | 'split' }>;

/**
 * The node's subtree regrown (ids from 0) by the model's algorithm: CART on the node's rows alone
 * (cart-regrow.ts), ID3/C4.5 from the node's cases inside the whole tree (multiway-regrow.ts).
 */
function regrownSubtree(dataset: Dataset, model: TreeModel, leaves: Int32Array, edit: Regrow, hooks: GrowHooks): ModelNode[] {
  const node = model.nodes[edit.node];
  if ((model.params.algorithm ?? 'cart') !== 'cart') {
    if (edit.op === 'grow') return regrowMultiway(dataset, model, node.id, null, node.depth + 1, hooks);
    checkSplit(model, node.id, null, edit.split);
    const maxDepth = model.params.maxDepth ?? null;
    return regrowMultiway(dataset, model, node.id, edit.split, maxDepth === null ? null : Math.max(maxDepth, node.depth + 1), hooks);
  }
  const part = partAt(wholePart(dataset, model), model, leaves, node.id);
  if (edit.op === 'grow') return growCartLeaf(part, model, node, hooks);
  checkSplit(model, node.id, part.rows, edit.split);
  return splitCart(part, model, node, edit.split, hooks);
}

/**
 * The node's subtree after a grow or a chosen split: its root keeps the node's own statistics (the
 * same rows, summed in the tree's order: a regression mean may differ in the last bit); below a
 * chosen split the subtrees are pruned as the tree was.
 */
function regrown(dataset: Dataset, model: TreeModel, leaves: Int32Array, edit: Regrow, hooks: GrowHooks): ModelNode[] {
  const node = model.nodes[edit.node];
  if (node.impurity <= EPSILON) refuse(`node ${node.id} holds a single class (or value): no split can separate it`);
  const sub = regrownSubtree(dataset, model, leaves, edit, hooks);
  if (sub.length === 1) refuse(`no split of node ${node.id} passes the tree's settings (min samples, min impurity decrease)`);
  const [root, ...below] = edit.op === 'split' ? pruneBelow(model, sub) : sub;
  const { samples, weightedSamples, impurity, value, prediction } = node;
  return [{ ...root, samples, ...(weightedSamples === undefined ? {} : { weightedSamples }), impurity, value, prediction }, ...below];
}

/** The node's subtree after the edit, ids from 0. */
function editedSubtree(dataset: Dataset, model: TreeModel, leaves: Int32Array, edit: TreeEdit, hooks: GrowHooks): ModelNode[] {
  const node = model.nodes[edit.node];
  const leaf = node.children.length === 0;
  switch (edit.op) {
    case 'snip':
      if (leaf) refuse(`node ${node.id} is already a leaf`);
      return [{ ...withoutSplitFacts(node), id: 0, split: null, missingGoesTo: null, children: [], snipped: subtreeAt(model, node.id) }];
    case 'restore':
      if (node.snipped === undefined) refuse(`node ${node.id} has no snipped subtree to restore`);
      return node.snipped;
    case 'grow':
      if (!leaf) refuse(`node ${node.id} is not a leaf: snip it first, or choose its split`);
      return regrown(dataset, model, leaves, edit, hooks);
    case 'split':
      return regrown(dataset, model, leaves, edit, hooks);
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
  const replaced: TreeModel = { ...model, nodes: replaceSubtree(model, edit.node, sub), edited: true, edits: [...(model.edits ?? []), record] };
  // A regrown subtree's leaves predict their largest class; with a decision threshold every node
  // predicts the decision at it instead (docs/model-format.md "Decision threshold").
  const edited = model.decisionThreshold ? withDecisionThreshold(replaced, model.decisionThreshold) : replaced;
  return { ...edited, featureImportances: mdiImportances(edited) };
}

/** `grown` after every edit of `edits` in order: undo is a replay of a prefix. */
export function replayEdits(dataset: Dataset, grown: TreeModel, edits: readonly TreeEdit[], hooks: GrowHooks = {}): TreeModel {
  return edits.reduce((model, edit) => applyEdit(dataset, model, edit, hooks), grown);
}
