// A forest tree in the one columnar form that carries every tree to a page (TreeColumns,
// model-columns.ts; docs/architecture.md "The shapes of a tree and of a report"), made straight
// from its packed columns (packed-tree.ts): no node object is made on the way, so the forest
// view's host gets a tree to slice for its page as the tree panel's host gets one from the
// worker, at the cost of a copy of each column.
import { rangeOf, type TreeColumns } from '../model-columns';
import { nodeCount, packedImpurity, packedWeight, sawMissingColumn, type PackedTree } from './packed-tree';
import { asTreeModel, memberOf } from './predict';
import type { ForestModel } from './types';

/** The children as `childStart`/`children`: a binary tree's packed form keeps only each split's second child. */
function childColumns(tree: PackedTree, n: number): { childStart: Float64Array; children: Float64Array } {
  if (tree.second === null) return { childStart: Float64Array.from(tree.childStart as Int32Array), children: Float64Array.from(tree.children as Int32Array) };
  const childStart = new Float64Array(n + 1);
  let edges = 0;
  for (let id = 0; id < n; id++) {
    childStart[id] = edges;
    if (tree.second[id] >= 0) edges += 2;
  }
  childStart[n] = edges;
  const children = new Float64Array(edges);
  for (let id = 0, e = 0; id < n; id++) {
    if (tree.second[id] < 0) continue;
    children[e++] = id + 1;
    children[e++] = tree.second[id];
  }
  return { childStart, children };
}

/** Nodes below each node: preorder ids, so a node's children come after it. */
function descendantsOf(n: number, childStart: Float64Array, children: Float64Array): Float64Array {
  const out = new Float64Array(n);
  for (let id = n - 1; id >= 0; id--) {
    for (let c = childStart[id]; c < childStart[id + 1]; c++) out[id] += 1 + out[children[c]];
  }
  return out;
}

/** Tree `index` of the forest as the same columns `encodeModel(memberModel(model, index))` gives, typed. */
export function memberColumns(model: ForestModel, index: number): TreeColumns<Float64Array> {
  const tree = memberOf(model, index);
  const { packed } = tree;
  const n = nodeCount(packed);
  const value = Float64Array.from(packed.value);
  const ids = (f: (id: number) => number): Float64Array => Float64Array.from({ length: n }, (_, id) => f(id));
  const { childStart, children } = childColumns(packed, n);
  const weighted = n > 0 && packedWeight(packed, 0) !== undefined;
  // `nodes` keeps its place among the model's keys, as encodeModel keeps it.
  return {
    ...asTreeModel(model, [], tree.featureImportances),
    nodes: {
      id: ids((id) => id),
      depth: Float64Array.from(packed.depth),
      samples: Float64Array.from(packed.samples),
      ...(weighted ? { weightedSamples: ids((id) => packedWeight(packed, id) ?? packed.samples[id]) } : {}),
      impurity: ids((id) => packedImpurity(packed, id)),
      value,
      prediction: packed.prediction === null ? value.slice() : Float64Array.from(packed.prediction),
      feature: Float64Array.from(packed.feature),
      threshold: Float64Array.from(packed.threshold),
      branches: packed.branches.slice(),
      missingGoesTo: Float64Array.from(packed.missingGoesTo),
      descendants: descendantsOf(n, childStart, children),
      childStart,
      children,
      ...(packed.sawMissing !== null ? { sawMissing: Float64Array.from(sawMissingColumn(packed)) } : {}),
    },
    totalNodes: n,
    valueRange: model.task === 'regression' && n > 0 ? rangeOf(value) : null,
  };
}
