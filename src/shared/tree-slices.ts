// Which nodes of a tree the panel sends. A tree of up to WHOLE_TREE_MAX_NODES goes whole: drawing
// that many already takes minutes (~5 ms a node in Mermaid), so no view ever needs more at once.
// A bigger one goes a slice at a time: the top of the tree first (the panel opens folded to a
// few levels), then the subtree under a "+N nodes" stub when it is opened, or the branch down to
// a node a row or a rule leads to. What the webview gets then stays small at any tree size.
// The slices are the host's columns (src/engine/tree-columns.ts), copied at the ids chosen.
import { branchesOf, type NodeColumns, type TreeColumns } from '../engine/model-columns';
import { childrenOf, parentsOf } from '../engine/tree-columns';

export const WHOLE_TREE_MAX_NODES = 10_000;
/** Nodes in one slice of a bigger tree: far more than a folded view shows (60 nodes, 4 levels). */
export const SLICE_NODES = 1_000;

/** Computed once per tree: a fully grown tree's million nodes take tens of ms to walk. */
const parents = new WeakMap<TreeColumns, Int32Array>();

function parentOf(tree: TreeColumns): Int32Array {
  let parent = parents.get(tree);
  if (!parent) parents.set(tree, (parent = parentsOf(tree)));
  return parent;
}

/**
 * Breadth-first from `root`, a node's children all together or not at all (a node is either
 * openable in the webview or a stub), until `limit` nodes.
 */
function topOf(tree: TreeColumns, root: number, limit: number): number[] {
  const ids = [root];
  for (let head = 0; head < ids.length; head++) {
    const children = childrenOf(tree, ids[head]);
    if (ids.length + children.length > limit) break;
    ids.push(...children);
  }
  return ids;
}

/** The nodes `ids` of the whole tree's columns, as plain arrays (what JSON carries). */
function nodesSlice(tree: TreeColumns, ids: Iterable<number>): NodeColumns<number[]> {
  const w = tree.nodes;
  const stride = tree.task === 'classification' ? (tree.classes ?? []).length : 1;
  const branches = branchesOf(w);
  const out: NodeColumns<number[]> = { id: [], depth: [], samples: [], impurity: [], value: [], prediction: [], feature: [], threshold: [], branches: [], missingGoesTo: [], descendants: [], childStart: [0], children: [] };
  if (w.weightedSamples !== undefined) out.weightedSamples = [];
  if (w.gain !== undefined) out.gain = [];
  if (w.sawMissing !== undefined) out.sawMissing = [];
  for (const id of ids) {
    out.id.push(id);
    out.depth.push(w.depth[id]);
    out.samples.push(w.samples[id]);
    if (w.weightedSamples !== undefined) out.weightedSamples?.push(w.weightedSamples[id]);
    if (w.gain !== undefined) out.gain?.push(w.gain[id]);
    if (w.sawMissing !== undefined) out.sawMissing?.push(w.sawMissing[id]);
    out.impurity.push(w.impurity[id]);
    for (let v = id * stride; v < (id + 1) * stride; v++) out.value.push(w.value[v]);
    out.prediction.push(w.prediction[id]);
    out.feature.push(w.feature[id]);
    out.threshold.push(w.threshold[id]);
    const split = branches.get(id);
    if (split !== undefined) out.branches.push([id, split]);
    out.missingGoesTo.push(w.missingGoesTo[id]);
    out.descendants.push(w.descendants[id]);
    for (let c = w.childStart[id]; c < w.childStart[id + 1]; c++) out.children.push(w.children[c]);
    out.childStart.push(out.children.length);
  }
  return out;
}

/** What the panel first sends of a tree: all of it, or its top slice. */
export function firstSlice(tree: TreeColumns): TreeColumns<number[]> {
  const whole = tree.totalNodes <= WHOLE_TREE_MAX_NODES;
  return { ...tree, nodes: nodesSlice(tree, whole ? new Array<number>(tree.totalNodes).keys() : topOf(tree, 0, SLICE_NODES)) };
}

/** The top of the subtree under `nodeId`, to open a stub. */
export function subtreeSlice(tree: TreeColumns, nodeId: number): NodeColumns<number[]> {
  return nodesSlice(tree, topOf(tree, nodeId, SLICE_NODES));
}

/** The nodes from the root down to `nodeId` and their children: what drawing that path takes. */
export function branchSlice(tree: TreeColumns, nodeId: number): NodeColumns<number[]> {
  const parent = parentOf(tree);
  const path: number[] = [];
  for (let id = nodeId; id >= 0; id = parent[id]) path.push(id);
  const ids = new Set<number>();
  for (const id of path.reverse()) {
    ids.add(id);
    for (const c of childrenOf(tree, id)) ids.add(c);
  }
  return nodesSlice(tree, ids);
}
