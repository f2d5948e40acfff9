// A node's subtree in a model: in preorder it is the id range [nodeId, lastInSubtree(nodeId)].
import type { TreeModel } from '../model';

/** Largest id in the subtree of `nodeId`. */
export function lastInSubtree(model: TreeModel, nodeId: number): number {
  let id = nodeId;
  while (model.nodes[id].children.length > 0) id = model.nodes[id].children[model.nodes[id].children.length - 1];
  return id;
}
