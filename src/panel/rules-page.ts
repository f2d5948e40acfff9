// The Rules tab's rows, served by the host a page at a time: a fully grown tree has a rule per
// leaf (100,000 and more), which would dominate the panel's first message if sent whole. The host
// sorts as the tab asks (ties keep the report's order) and remembers the last order it made, so
// "Show more" on a big tree slices instead of sorting again. Sorting reads the leaves in the tree
// itself, and only the page's rules are read off it (rulesOfLeaves): the host never holds a rule
// per leaf for the tab (2.5 s to make them for a 1M-node tree, on the host's thread). What every
// sort and page of a tree reads (its leaves, their coverage order, each node's parent) is made
// once per tree. All of it reads the tree's columns (src/engine/tree-columns.ts), never a node
// object per node; only the page's paths are decoded.
import { rulesOfLeaves } from '../engine/rules/extract';
import { argsortFloat64 } from '../engine/tree/argsort';
import type { TreeColumns } from '../engine/model-columns';
import { classShareOf, isLeaf, modelOf, parentsOf, predictionOf } from '../engine/tree-columns';
import type { RuleSort, RulesPage, RulesPageRequest } from '../shared/protocol';

const collator = new Intl.Collator('en');

/** Per leaf, how many conditions its rule has: the distinct columns split on along its path. */
function conditionCounts(tree: TreeColumns, parent: Int32Array): Int32Array {
  const feature = tree.nodes.feature;
  const onPath = new Int32Array(tree.features.length);
  const counts = new Int32Array(tree.totalNodes);
  const path: number[] = [];
  // Preorder ids: leave the path back to the node's parent, then step down to the node.
  for (let id = 0; id < tree.totalNodes; id++) {
    while (path.length > 0 && path[path.length - 1] !== parent[id]) onPath[feature[path.pop() as number]]--;
    const p = parent[id];
    if (p >= 0) counts[id] = counts[p] + (onPath[feature[p]] === 1 ? 1 : 0);
    // Only decision nodes go on the path: a leaf is never a parent.
    if (feature[id] >= 0) {
      onPath[feature[id]]++;
      path.push(id);
    }
  }
  return counts;
}

/** What every sort and page of one tree reads, made once per tree. */
interface TreeIndex {
  tree: TreeColumns;
  /** Leaves in the report's order: coverage, largest first, then tree order. */
  leaves: Int32Array;
  /** Each leaf's place in that order, by node id. */
  index: Int32Array;
  parent: Int32Array;
}

function indexTree(tree: TreeColumns): TreeIndex {
  const n = tree.totalNodes;
  const parent = parentsOf(tree);
  const ids = new Int32Array(n);
  const keys = new Float64Array(n);
  let count = 0;
  for (let id = 0; id < n; id++) {
    if (!isLeaf(tree, id)) continue;
    ids[count] = id;
    keys[count++] = -tree.nodes.samples[id];
  }
  const leaves = orderBy(ids.subarray(0, count), (_leaf, j) => keys[j]);
  const index = new Int32Array(n);
  leaves.forEach((leaf, i) => (index[leaf] = i));
  return { tree, leaves, index, parent };
}

/**
 * `items` ordered by key ascending, ties kept in their order: a radix sort of the keys (with a
 * comparator, a new sort of half a million leaves held the host's thread for 0.3-1 s).
 */
function orderBy(items: Int32Array, key: (item: number, place: number) => number): Int32Array {
  const keys = new Float64Array(items.length);
  for (let j = 0; j < items.length; j++) keys[j] = key(items[j], j);
  const order = new Int32Array(items.length);
  argsortFloat64(keys, order);
  return order.map((j) => items[j]);
}

/** The leaves sorted as the tab asks, ties in the report's order. */
function sortLeaves(index: TreeIndex, sort: RuleSort): Int32Array {
  const { tree, leaves } = index;
  const { samples, impurity, prediction } = tree.nodes;
  if (sort.key === 'order') return sort.descending ? leaves.slice().reverse() : leaves;
  const sign = sort.descending ? -1 : 1;
  let value: (leaf: number) => number;
  if (sort.key === 'prediction' && tree.task === 'classification') {
    // Labels by the collator's order; labels it finds equal share a rank.
    const labels = [...new Set(Array.from(leaves, (leaf) => String(predictionOf(tree, leaf))))].sort(collator.compare);
    const rank = new Map<string, number>();
    labels.forEach((label, r) => rank.set(label, r > 0 && collator.compare(labels[r - 1], label) === 0 ? (rank.get(labels[r - 1]) as number) : r));
    value = (leaf) => rank.get(String(predictionOf(tree, leaf))) as number;
  } else {
    // The value a rule is sorted by; MSE stands in for accuracy on a regression tree.
    const conditions = sort.key === 'conditions' ? conditionCounts(tree, index.parent) : null;
    value = (leaf) =>
      sort.key === 'conditions' ? (conditions as Int32Array)[leaf]
        : sort.key === 'covered' ? samples[leaf]
        : sort.key === 'prediction' ? prediction[leaf]
        : tree.task === 'regression' ? impurity[leaf]
        : classShareOf(tree, leaf, prediction[leaf]);
  }
  // Sorted from the report's order, so ties keep it.
  return orderBy(leaves, (leaf) => sign * value(leaf));
}

/** Answers `rulesPage` requests from a report's tree, keeping the order of the last sort asked for. */
export class RulePages {
  private index: TreeIndex | undefined;
  private last: { key: string; leaves: Int32Array } | undefined;

  answer(tree: TreeColumns, request: RulesPageRequest): RulesPage {
    if (this.index?.tree !== tree) {
      this.index = indexTree(tree);
      this.last = undefined;
    }
    const index = this.index;
    const key = `${request.sort.key}:${request.sort.descending}`;
    if (this.last?.key !== key) this.last = { key, leaves: sortLeaves(index, request.sort) };
    const { leaves } = this.last;
    const page = leaves.subarray(Math.min(leaves.length, request.offset), Math.min(leaves.length, request.offset + request.limit));
    // The page's rules are read off a model holding only the root and the nodes on their paths.
    const onPaths = new Set<number>(tree.totalNodes > 0 ? [0] : []);
    for (const leaf of page) for (let id = leaf; id >= 0 && !onPaths.has(id); id = index.parent[id]) onPaths.add(id);
    const rules = new Map(rulesOfLeaves(modelOf(tree, onPaths), page, index.parent).map((r) => [r.leaf, r]));
    const rows = Array.from(page, (leaf) => ({ index: index.index[leaf], rule: rules.get(leaf) as RulesPage['rows'][number]['rule'] }));
    return { offset: request.offset, total: leaves.length, rows };
  }
}
