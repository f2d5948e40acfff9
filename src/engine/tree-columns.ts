// A whole tree's columns (model-columns.ts) read in place: what the extension host keeps of a
// trained tree. The host answers the panel (slices, rules pages, row paths) from these columns and
// never rebuilds a node object per node: a fully grown tree's 200,000 node objects took the
// host's thread 0.4 s to make. Where code needs a few nodes as the model JSON has them (a rule's
// path, a row's path), `modelOf` decodes just those.
import type { ModelNode, TreeModel } from './model';
import { emptyTree, nodeOfColumns, splitOfColumns, type TreeColumns } from './model-columns';

// Every reader here takes a whole tree's columns: node `id` at place `id` of every column (as
// `encodeModel` makes them), not a slice of them.

export function isLeaf(tree: TreeColumns, id: number): boolean {
  return tree.nodes.childStart[id + 1] === tree.nodes.childStart[id];
}

/** The children of node `id`, in branch order. */
export function childrenOf(tree: TreeColumns, id: number): number[] {
  const { childStart, children } = tree.nodes;
  const out: number[] = [];
  for (let i = childStart[id]; i < childStart[id + 1]; i++) out.push(children[i]);
  return out;
}

/** Classification: the class label; regression: the predicted value. */
export function predictionOf(tree: TreeColumns, id: number): string | number {
  const p = tree.nodes.prediction[id];
  return tree.task === 'classification' ? (tree.classes ?? [])[p] : p;
}

/** A leaf's share of rows of class index `c` (rules/extract.ts's `classShare`, read off the columns). */
export function classShareOf(tree: TreeColumns, id: number, c: number): number {
  const samples = (tree.nodes.weightedSamples ?? tree.nodes.samples)[id];
  return samples > 0 && c >= 0 ? tree.nodes.value[id * (tree.classes ?? []).length + c] / samples : 0;
}

/** Node `id` as the model JSON has it. */
export function nodeAt(tree: TreeColumns, id: number): ModelNode {
  return nodeOfColumns(tree, tree.nodes, id);
}

/** What routing a row reads of node `id` (compileNodes): no value arrays made. */
export function routeAt(tree: TreeColumns, id: number): Pick<ModelNode, 'split' | 'children' | 'prediction' | 'missingGoesTo'> {
  const missing = tree.nodes.missingGoesTo[id];
  return { split: splitOfColumns(tree, tree.nodes, id), children: childrenOf(tree, id), prediction: predictionOf(tree, id), missingGoesTo: missing < 0 ? null : missing };
}

/** Each node's parent by id (-1 for the root). */
export function parentsOf(tree: TreeColumns): Int32Array {
  const { childStart, children } = tree.nodes;
  const parent = new Int32Array(tree.totalNodes).fill(-1);
  for (let id = 0; id < tree.totalNodes; id++) for (let i = childStart[id]; i < childStart[id + 1]; i++) parent[children[i]] = id;
  return parent;
}

/** The model with only the nodes `ids` decoded (the rest are holes): enough for a path or a rule. */
export function modelOf(tree: TreeColumns, ids: Iterable<number>): TreeModel {
  const { model } = emptyTree(tree);
  for (const id of ids) model.nodes[id] = nodeAt(tree, id);
  return model;
}
