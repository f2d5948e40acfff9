// Subtrees in a model's preorder node list: a node's subtree is the id range [at, last], so
// cutting one out or putting another in its place shifts the ids after it by the size difference.
import type { ModelNode, TreeModel } from '../model';
import { lastInSubtree } from '../tree/subtree';

/** The subtree at `at` as nodes of their own: preorder, `at` as id 0. */
export function subtreeAt(model: TreeModel, at: number): ModelNode[] {
  return model.nodes.slice(at, lastInSubtree(model, at) + 1).map((n) => ({ ...n, id: n.id - at, children: n.children.map((c) => c - at) }));
}

/** `model`'s nodes with the subtree at `at` replaced by `sub` (preorder, ids from 0, depths as in the tree). */
export function replaceSubtree(model: TreeModel, at: number, sub: readonly ModelNode[]): ModelNode[] {
  const last = lastInSubtree(model, at);
  const delta = sub.length - (last - at + 1);
  const shift = (c: number): number => (c > last ? c + delta : c);
  return [
    ...model.nodes.slice(0, at).map((n) => ({ ...n, children: n.children.map(shift) })),
    ...sub.map((n) => ({ ...n, id: n.id + at, children: n.children.map((c) => c + at) })),
    ...model.nodes.slice(last + 1).map((n) => ({ ...n, id: n.id + delta, children: n.children.map(shift) })),
  ];
}
