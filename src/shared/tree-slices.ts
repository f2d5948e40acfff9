// Which nodes of a tree the panel sends. A tree of up to WHOLE_TREE_MAX_NODES goes whole: drawing
// that many already takes minutes (~5 ms a node in Mermaid), so no view ever needs more at once.
// A bigger one goes a slice at a time: the top of the tree first (the panel opens folded to a
// few levels), then the subtree under a "+N nodes" stub when it is opened, or the branch down to
// a node a row or a rule leads to. What the webview gets then stays small at any tree size.
import type { TreeModel } from '../engine/model';
import { parentIndex } from './render/tree-labels';
import { encodeModel, encodeNodes, treeFacts, type TreeFacts, type WireModel, type WireNodes } from '../engine/model-columns';

export const WHOLE_TREE_MAX_NODES = 10_000;
/** Nodes in one slice of a bigger tree: far more than a folded view shows (60 nodes, 4 levels). */
export const SLICE_NODES = 1_000;

interface TreeIndex extends TreeFacts {
  parent: Int32Array;
}

/** Computed once per tree: a fully grown tree's million nodes take tens of ms to walk. */
const indexes = new WeakMap<TreeModel, TreeIndex>();

function indexOf(model: TreeModel): TreeIndex {
  let index = indexes.get(model);
  if (!index) {
    index = { ...treeFacts(model), parent: parentIndex(model) };
    indexes.set(model, index);
  }
  return index;
}

/**
 * Breadth-first from `root`, a node's children all together or not at all (a node is either
 * openable in the webview or a stub), until `limit` nodes.
 */
function topOf(model: TreeModel, root: number, limit: number): number[] {
  const ids = [root];
  for (let head = 0; head < ids.length; head++) {
    const children = model.nodes[ids[head]].children;
    if (ids.length + children.length > limit) break;
    ids.push(...children);
  }
  return ids;
}

/** What the panel first sends of a tree: all of it, or its top slice. */
export function firstSlice(model: TreeModel): WireModel {
  const whole = model.nodes.length <= WHOLE_TREE_MAX_NODES;
  return encodeModel(model, indexOf(model), whole ? undefined : topOf(model, 0, SLICE_NODES));
}

/** The top of the subtree under `nodeId`, to open a stub. */
export function subtreeSlice(model: TreeModel, nodeId: number): WireNodes {
  return encodeNodes(model, topOf(model, nodeId, SLICE_NODES), indexOf(model));
}

/** The nodes from the root down to `nodeId` and their children: what drawing that path takes. */
export function branchSlice(model: TreeModel, nodeId: number): WireNodes {
  const { parent } = indexOf(model);
  const path: number[] = [];
  for (let id = nodeId; id >= 0; id = parent[id]) path.push(id);
  const ids = new Set<number>();
  for (const id of path.reverse()) {
    ids.add(id);
    for (const c of model.nodes[id].children) ids.add(c);
  }
  return encodeNodes(model, ids, indexOf(model));
}
