// The Rules tab's rows, served by the host a page at a time: a fully grown tree has a rule per
// leaf (100,000 and more), which would dominate the panel's first message if sent whole. The host
// sorts as the tab asks (ties keep the report's order) and remembers the last order it made, so
// "Show more" on a big tree slices instead of sorting again. Sorting reads the leaves in the tree
// itself, and only the page's rules are read off it (rulesOfLeaves): the host never holds a rule
// per leaf for the tab (2.5 s to make them for a 1M-node tree, on the host's thread).
import type { TreeModel } from '../engine/model';
import type { ReportBody } from '../engine/report';
import { classShare, rulesOfLeaves } from '../engine/rules/extract';
import type { RequestRulesPageMessage, RuleSort, RulesPageMessage } from '../protocol';

const collator = new Intl.Collator('en');

/** Per leaf, how many conditions its rule has: the distinct columns split on along its path. */
function conditionCounts(model: TreeModel): Int32Array {
  const nodes = model.nodes;
  const featureIndex = new Map(model.features.map((f, i) => [f.name, i]));
  const feature = new Int32Array(nodes.length);
  const parent = new Int32Array(nodes.length).fill(-1);
  for (const node of nodes) {
    feature[node.id] = node.split ? (featureIndex.get(node.split.feature) ?? -1) : -1;
    for (const c of node.children) parent[c] = node.id;
  }
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

interface Sorted {
  model: TreeModel;
  key: string;
  /** Leaves in the order asked for. */
  leaves: Int32Array;
  /** Each leaf's place in the report's order (coverage, largest first, then tree order). */
  index: Int32Array;
}

/** The leaves sorted as the tab asks, ties in the report's order. Keys in typed arrays by node id: a fully grown tree has half a million leaves. */
function sortLeaves(model: TreeModel, sort: RuleSort): Omit<Sorted, 'model' | 'key'> {
  const nodes = model.nodes;
  const samples = new Float64Array(nodes.length);
  let count = 0;
  for (const node of nodes) {
    samples[node.id] = node.samples;
    if (node.children.length === 0) count++;
  }
  const leaves = new Int32Array(count);
  count = 0;
  for (const node of nodes) if (node.children.length === 0) leaves[count++] = node.id;
  leaves.sort((a, b) => samples[b] - samples[a] || a - b);
  const index = new Int32Array(nodes.length);
  leaves.forEach((leaf, i) => (index[leaf] = i));
  const sign = sort.descending ? -1 : 1;
  let order: Int32Array;
  if (sort.key === 'prediction' && model.task === 'classification') {
    const label = (leaf: number) => String(nodes[leaf].prediction);
    order = leaves.slice().sort((a, b) => sign * collator.compare(label(a), label(b)) || index[a] - index[b]);
  } else {
    // The value a rule is sorted by; MSE stands in for accuracy on a regression tree.
    const value = new Float64Array(nodes.length);
    const conditions = sort.key === 'conditions' ? conditionCounts(model) : null;
    const classes = new Map((model.classes ?? []).map((c, i) => [c, i]));
    for (const leaf of leaves) {
      const node = nodes[leaf];
      value[leaf] =
        sort.key === 'order' ? index[leaf]
        : sort.key === 'conditions' ? (conditions as Int32Array)[leaf]
        : sort.key === 'covered' ? node.samples
        : sort.key === 'prediction' ? (node.prediction as number)
        : model.task === 'regression' ? node.impurity
        : classShare(node, classes.get(String(node.prediction)) ?? -1);
    }
    order = leaves.slice().sort((a, b) => sign * (value[a] - value[b]) || index[a] - index[b]);
  }
  return { leaves: order, index };
}

/** Answers `requestRulesPage` from a report's tree, keeping the order of the last sort asked for. */
export class RulePages {
  private last: Sorted | undefined;

  answer(report: Pick<ReportBody, 'model'>, request: RequestRulesPageMessage): RulesPageMessage {
    const { model } = report;
    const key = `${request.sort.key}:${request.sort.descending}`;
    if (this.last?.model !== model || this.last.key !== key) this.last = { model, key, ...sortLeaves(model, request.sort) };
    const { leaves, index } = this.last;
    const page = leaves.subarray(Math.min(leaves.length, request.offset), Math.min(leaves.length, request.offset + request.limit));
    const rules = new Map(rulesOfLeaves(model, page).map((r) => [r.leaf, r]));
    const rows = Array.from(page, (leaf) => ({ index: index[leaf], rule: rules.get(leaf) as RulesPageMessage['rows'][number]['rule'] }));
    return { type: 'rulesPage', requestId: request.requestId, offset: request.offset, total: leaves.length, rows };
  }
}
