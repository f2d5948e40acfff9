// The Rules tab's rows, served by the host a page at a time: a fully grown tree has a rule per
// leaf (100,000 and more), which would dominate the panel's first message if sent whole. The host
// sorts as the tab asks (ties keep the report's order) and remembers the last order it made, so
// "Show more" on a big tree slices instead of sorting again. Sorting reads the leaves in the tree
// itself, and only the page's rules are read off it (rulesOfLeaves): the host never holds a rule
// per leaf for the tab (2.5 s to make them for a 1M-node tree, on the host's thread). What every
// sort and page of a tree reads (its leaves, their coverage order, each node's parent) is made
// once per tree: reading a million node objects takes a good part of a second.
import type { TreeModel } from '../engine/model';
import type { ReportBody } from '../engine/report';
import { classShare, rulesOfLeaves } from '../engine/rules/extract';
import { argsortFloat64 } from '../engine/tree/argsort';
import type { RequestRulesPageMessage, RuleSort, RulesPageMessage } from '../shared/protocol';

const collator = new Intl.Collator('en');

/** Per leaf, how many conditions its rule has: the distinct columns split on along its path. */
function conditionCounts(model: TreeModel, parent: Int32Array): Int32Array {
  const nodes = model.nodes;
  const featureIndex = new Map(model.features.map((f, i) => [f.name, i]));
  const feature = new Int32Array(nodes.length);
  for (const node of nodes) feature[node.id] = node.split ? (featureIndex.get(node.split.feature) ?? -1) : -1;
  const onPath = new Int32Array(model.features.length);
  const counts = new Int32Array(nodes.length);
  const path: number[] = [];
  // Preorder ids: leave the path back to the node's parent, then step down to the node.
  for (let id = 0; id < nodes.length; id++) {
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
  model: TreeModel;
  /** Leaves in the report's order: coverage, largest first, then tree order. */
  leaves: Int32Array;
  /** Each leaf's place in that order, by node id. */
  index: Int32Array;
  parent: Int32Array;
}

/** One pass over the node objects (their reading is most of the cost at a million nodes). */
function indexTree(model: TreeModel): TreeIndex {
  const nodes = model.nodes;
  const parent = new Int32Array(nodes.length).fill(-1);
  const ids = new Int32Array(nodes.length);
  const keys = new Float64Array(nodes.length);
  let count = 0;
  for (const node of nodes) {
    const children = node.children;
    if (children.length === 0) {
      ids[count] = node.id;
      keys[count++] = -node.samples;
    }
    for (let c = 0; c < children.length; c++) parent[children[c]] = node.id;
  }
  const leaves = orderBy(ids.subarray(0, count), (_leaf, j) => keys[j]);
  const index = new Int32Array(nodes.length);
  leaves.forEach((leaf, i) => (index[leaf] = i));
  return { model, leaves, index, parent };
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
function sortLeaves(tree: TreeIndex, sort: RuleSort): Int32Array {
  const { model, leaves } = tree;
  const nodes = model.nodes;
  if (sort.key === 'order') return sort.descending ? leaves.slice().reverse() : leaves;
  const sign = sort.descending ? -1 : 1;
  let value: (leaf: number) => number;
  if (sort.key === 'prediction' && model.task === 'classification') {
    // Labels by the collator's order; labels it finds equal share a rank.
    const labels = [...new Set(Array.from(leaves, (leaf) => String(nodes[leaf].prediction)))].sort(collator.compare);
    const rank = new Map<string, number>();
    labels.forEach((label, r) => rank.set(label, r > 0 && collator.compare(labels[r - 1], label) === 0 ? (rank.get(labels[r - 1]) as number) : r));
    value = (leaf) => rank.get(String(nodes[leaf].prediction)) as number;
  } else {
    // The value a rule is sorted by; MSE stands in for accuracy on a regression tree.
    const conditions = sort.key === 'conditions' ? conditionCounts(model, tree.parent) : null;
    const classes = new Map((model.classes ?? []).map((c, i) => [c, i]));
    value = (leaf) => {
      const node = nodes[leaf];
      return sort.key === 'conditions' ? (conditions as Int32Array)[leaf]
        : sort.key === 'covered' ? node.samples
        : sort.key === 'prediction' ? (node.prediction as number)
        : model.task === 'regression' ? node.impurity
        : classShare(node, classes.get(String(node.prediction)) ?? -1);
    };
  }
  // Sorted from the report's order, so ties keep it.
  return orderBy(leaves, (leaf) => sign * value(leaf));
}

/** Answers `requestRulesPage` from a report's tree, keeping the order of the last sort asked for. */
export class RulePages {
  private tree: TreeIndex | undefined;
  private last: { key: string; leaves: Int32Array } | undefined;

  answer(report: Pick<ReportBody, 'model'>, request: RequestRulesPageMessage): RulesPageMessage {
    const { model } = report;
    if (this.tree?.model !== model) {
      this.tree = indexTree(model);
      this.last = undefined;
    }
    const tree = this.tree;
    const key = `${request.sort.key}:${request.sort.descending}`;
    if (this.last?.key !== key) this.last = { key, leaves: sortLeaves(tree, request.sort) };
    const { leaves } = this.last;
    const page = leaves.subarray(Math.min(leaves.length, request.offset), Math.min(leaves.length, request.offset + request.limit));
    const rules = new Map(rulesOfLeaves(model, page, tree.parent).map((r) => [r.leaf, r]));
    const rows = Array.from(page, (leaf) => ({ index: tree.index[leaf], rule: rules.get(leaf) as RulesPageMessage['rows'][number]['rule'] }));
    return { type: 'rulesPage', requestId: request.requestId, offset: request.offset, total: leaves.length, rows };
  }
}
