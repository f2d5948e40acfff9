// CART subtrees regrown under a node (choose a split, grow a leaf: docs/formulas.md "Edited trees"): grown by the engine on
// the node's rows alone (with the weights the whole tree gave them, part.ts), with the model's
// parameters restated for that part (part-params.ts) and max depth counted from the node.
import { InputError } from '../errors';
import { type ModelNode, type ModelSplit, nodeWeight, type TrainParams, type TreeModel } from '../model';
import type { GrowHooks } from '../tree/grow-hooks';
import { growUnderSplit } from './forced-split';
import { remapNodes } from './node-stats';
import { type Part, trainPart } from './part';
import { paramsForPart, partLeafFraction } from './part-params';

/**
 * The model's parameters for a tree grown from `node` as its root: max depth counted from the
 * node, the limits relative to the whole tree rescaled to its weight (part-params.ts). A leaf
 * budget (maxLeafNodes) applies to each tree grown.
 */
function paramsAt(model: TreeModel, node: ModelNode): TrainParams {
  const maxDepth = model.params.maxDepth ?? null;
  return { ...paramsForPart(model.params, nodeWeight(model.nodes[0]), nodeWeight(node)), maxDepth: maxDepth === null ? null : Math.max(1, maxDepth - node.depth) };
}

/** A subtree grown on the node's rows restated in the tree's classes and depths (ids from 0). */
function placed(model: TreeModel, node: ModelNode, grown: TreeModel): ModelNode[] {
  return remapNodes(grown.nodes, grown.classes, model.classes ?? []).map((n) => ({ ...n, depth: n.depth + node.depth }));
}

/** The leaf `node` split one level by its best split; `part`: its rows. */
export function growCartLeaf(part: Part, model: TreeModel, node: ModelNode, hooks: GrowHooks): ModelNode[] {
  if (partLeafFraction(model.params, nodeWeight(model.nodes[0]), nodeWeight(node)) > 0.5) {
    throw new InputError('bad-option', `node ${node.id} is too small to split under the tree's min weight fraction per leaf`);
  }
  return placed(model, node, trainPart(part, { ...paramsAt(model, node), maxDepth: 1 }, hooks));
}

/** `node`'s subtree regrown under `split`; `part`: its rows. */
export function splitCart(part: Part, model: TreeModel, node: ModelNode, split: ModelSplit, hooks: GrowHooks): ModelNode[] {
  return placed(model, node, growUnderSplit(part, paramsAt(model, node), split, hooks));
}
