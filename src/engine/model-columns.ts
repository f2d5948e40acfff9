// A tree's nodes as columns: one array per node field instead of an object per node, for every
// message that carries a tree. Copying a message (structured clone, or JSON on the way to a
// webview and in its saved state) costs per object: a fully grown tree's 200,000 node objects
// took 0.4 s to receive, their columns 0.06 s. The engine worker sends the whole tree this way,
// the panel sends a big one a slice at a time (src/shared/tree-slices.ts): the nodes carry their
// ids, and decoding gives the model JSON of docs/model-format.md with the nodes not sent left out
// (a sparse `nodes` array), so everything reading a tree reads the same TreeModel as the exporters.
import type { ModelNode, ModelSplit, TreeModel } from './model';

/** One array per node field: plain arrays (`number[]`) for JSON, typed arrays (`Float64Array`) between threads. */
export interface NodeColumns<A extends ArrayLike<number>> {
  /** The nodes' ids, in the order of every other column. */
  id: A;
  depth: A;
  samples: A;
  /** Only for a tree trained with weights: each node's weightedSamples. */
  weightedSamples?: A;
  /** Only for a tree trained elsewhere that stores them: each split's gain (NaN, or null in JSON, for none). */
  gain?: A;
  /** Only for a tree that records it (ModelNode.sawMissing): 1 or 0 at a split node, −1 for a leaf or a node without it. */
  sawMissing?: A;
  impurity: A;
  /** Class counts, `classes.length` per node (classification), or the mean (regression). */
  value: A;
  /** Classification: the index of the predicted class in `classes`; regression: the prediction. */
  prediction: A;
  /** Index of the split's feature in `features`; -1 for a leaf. */
  feature: A;
  /** A numeric split's threshold; 0 otherwise. */
  threshold: A;
  /** Categorical splits' branches, by node id (few nodes have them). */
  branches: [number, string[][]][];
  /**
   * Edited trees: the subtree each snipped leaf keeps to restore (ModelNode.snipped), by node id,
   * itself as columns (a snipped root of a big tree is as many nodes); absent when none does.
   */
  snipped?: [number, NodeColumns<number[]>][];
  /** -1 for a leaf. */
  missingGoesTo: A;
  /** Nodes below each node in the whole tree (sent or not): the size of a folded subtree. */
  descendants: A;
  /** The k-th node's children are `children[childStart[k]]` up to `children[childStart[k + 1]]`. */
  childStart: A;
  children: A;
}

/**
 * A tree as columns, the one columnar form from the engine to the page (docs/architecture.md,
 * "The shapes of a tree and of a report"). `A` is the array kind, which changes with the road:
 * `Float64Array` from a worker to the host (moved, not copied), `number[]` as JSON to a webview
 * (there, a big tree's nodes in part), any array where it is only read (`tree-columns.ts`).
 */
export type TreeColumns<A extends ArrayLike<number> = ArrayLike<number>> = Omit<TreeModel, 'nodes'> & {
  nodes: NodeColumns<A>;
  /** Nodes in the whole tree. */
  totalNodes: number;
  /** Regression: the smallest and largest node value of the whole tree (the colour scale). */
  valueRange: [number, number] | null;
};

/** What the columns say of the whole tree besides its nodes. */
interface TreeFacts {
  descendants: ArrayLike<number>;
  valueRange: [number, number] | null;
}

/** Number of descendants of every node (preorder ids: children come after their parent). */
export function descendantCounts(model: TreeModel): Int32Array {
  const counts = new Int32Array(model.nodes.length);
  for (let i = model.nodes.length - 1; i >= 0; i--) {
    for (const c of model.nodes[i]?.children ?? []) counts[i] += 1 + counts[c];
  }
  return counts;
}

/** Nodes below each node, and the value range. */
function treeFacts(model: TreeModel): TreeFacts {
  const n = model.nodes.length;
  const descendants = descendantCounts(model);
  const valueRange = model.task === 'regression' && n > 0 ? rangeOf(model.nodes.map((node) => node.value as number)) : null;
  return { descendants, valueRange };
}

/** The smallest and largest of `values` (a regression tree's colour scale). */
export function rangeOf(values: Iterable<number>): [number, number] {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of values) {
    lo = Math.min(lo, v);
    hi = Math.max(hi, v);
  }
  return [lo, hi];
}

function emptyNodes(): NodeColumns<number[]> {
  return { id: [], depth: [], samples: [], impurity: [], value: [], prediction: [], feature: [], threshold: [], branches: [], missingGoesTo: [], descendants: [], childStart: [0], children: [] };
}

/** The nodes `ids` of `model` as columns. */
function encodeNodes(model: TreeModel, ids: Iterable<number>, facts: TreeFacts): NodeColumns<number[]> {
  const classes = model.task === 'classification' ? (model.classes ?? []) : null;
  const featureIndex = new Map(model.features.map((f, i) => [f.name, i]));
  const w = emptyNodes();
  const weighted = model.nodes[0]?.weightedSamples !== undefined;
  if (weighted) w.weightedSamples = [];
  const gains = model.nodes.some((n) => n?.gain !== undefined);
  if (gains) w.gain = [];
  const saw = model.nodes.some((n) => n?.sawMissing !== undefined);
  if (saw) w.sawMissing = [];
  for (const id of ids) {
    const n = model.nodes[id];
    if (n.id !== id) throw new Error(`node ${id} has id ${n.id}: the model's nodes must be in id order`);
    w.id.push(id);
    w.depth.push(n.depth);
    w.samples.push(n.samples);
    if (weighted) w.weightedSamples?.push(n.weightedSamples ?? n.samples);
    if (gains) w.gain?.push(n.gain ?? NaN);
    if (saw) w.sawMissing?.push(n.sawMissing === undefined ? -1 : n.sawMissing ? 1 : 0);
    w.impurity.push(n.impurity);
    if (classes === null) {
      w.value.push(n.value as number);
      w.prediction.push(n.prediction as number);
    } else {
      const counts = n.value as number[];
      if (counts.length !== classes.length) throw new Error(`node ${id} has ${counts.length} class counts for ${classes.length} classes`);
      w.value.push(...counts);
      const k = classes.indexOf(n.prediction as string);
      if (k < 0) throw new Error(`node ${id} predicts ${JSON.stringify(n.prediction)}, not one of the classes`);
      w.prediction.push(k);
    }
    const f = n.split === null ? -1 : (featureIndex.get(n.split.feature) ?? -2);
    if (f === -2) throw new Error(`node ${id} splits on an unknown feature`);
    w.feature.push(f);
    w.threshold.push(n.split?.kind === 'numeric' ? n.split.threshold : 0);
    if (n.split?.kind === 'categorical') w.branches.push([id, n.split.branches]);
    if (n.snipped !== undefined) {
      const kept: TreeModel = { ...model, nodes: n.snipped };
      (w.snipped ??= []).push([id, encodeNodes(kept, kept.nodes.keys(), treeFacts(kept))]);
    }
    w.missingGoesTo.push(n.missingGoesTo ?? -1);
    w.descendants.push(facts.descendants[id]);
    w.children.push(...n.children);
    w.childStart.push(w.children.length);
  }
  return w;
}

/** The whole model as columns (a slice of them is taken from these: src/shared/tree-slices.ts). */
export function encodeModel(model: TreeModel): TreeColumns<number[]> {
  const facts = treeFacts(model);
  // `nodes` keeps its place among the keys, so a model decoded and written again reads the same.
  return { ...model, nodes: encodeNodes(model, model.nodes.keys(), facts), totalNodes: model.nodes.length, valueRange: facts.valueRange };
}

/** Adds to `into` the nodes of `more` it lacks: what the webview keeps of a tree sent in slices. */
export function appendNodes(into: NodeColumns<number[]>, more: NodeColumns<number[]>): void {
  const have = new Set(into.id);
  const stride = more.id.length > 0 ? more.value.length / more.id.length : 0;
  const branches = new Map(more.branches);
  const snipped = snippedOf(more);
  more.id.forEach((id, k) => {
    if (have.has(id)) return;
    have.add(id);
    into.id.push(id);
    into.depth.push(more.depth[k]);
    into.samples.push(more.samples[k]);
    if (more.weightedSamples !== undefined) (into.weightedSamples ??= []).push(more.weightedSamples[k]);
    if (more.gain !== undefined) (into.gain ??= []).push(more.gain[k]);
    if (more.sawMissing !== undefined) (into.sawMissing ??= []).push(more.sawMissing[k]);
    into.impurity.push(more.impurity[k]);
    into.value.push(...more.value.slice(k * stride, (k + 1) * stride));
    into.prediction.push(more.prediction[k]);
    into.feature.push(more.feature[k]);
    into.threshold.push(more.threshold[k]);
    const split = branches.get(id);
    if (split !== undefined) into.branches.push([id, split]);
    const kept = snipped.get(id);
    if (kept !== undefined) (into.snipped ??= []).push([id, kept]);
    into.missingGoesTo.push(more.missingGoesTo[k]);
    into.descendants.push(more.descendants[k]);
    into.children.push(...more.children.slice(more.childStart[k], more.childStart[k + 1]));
    into.childStart.push(into.children.length);
  });
}

/** A tree as the webview holds it: the model with the nodes it was sent (the rest are holes). */
export interface DecodedTree {
  model: TreeModel;
  /** Nodes below each node sent, by id. */
  descendants: number[];
  valueRange: [number, number] | null;
  /** Nodes sent so far (the model's `nodes.length` counts the whole tree). */
  sent: number;
}

export function decodeModel(wire: TreeColumns): DecodedTree {
  const tree = emptyTree(wire);
  addNodes(tree, wire.nodes);
  return tree;
}

/** The tree of `wire` with none of its nodes decoded yet. */
export function emptyTree(wire: TreeColumns): DecodedTree {
  const { totalNodes, valueRange, ...rest } = wire;
  return { model: { ...rest, nodes: new Array<ModelNode>(totalNodes) }, descendants: new Array<number>(totalNodes), valueRange, sent: 0 };
}

function slice(a: ArrayLike<number>, from: number, to: number): number[] {
  const out = new Array<number>(to - from);
  for (let i = from; i < to; i++) out[i - from] = a[i];
  return out;
}

/**
 * JSON (a webview's messages and saved state) writes Infinity as null. A numeric threshold is never
 * NaN, so a null one is the +Infinity of a "missing vs present" split.
 */
const thresholdOf = (t: number | null): number => (t === null ? Infinity : t);

/**
 * A by-node-id list as a map, made once per list (a big tree has many categorical splits), and
 * again when nodes were appended to it (appendNodes only adds).
 */
const idMaps = new WeakMap<readonly unknown[], { count: number; map: Map<number, unknown> }>();

function byId<T>(list: readonly [number, T][]): Map<number, T> {
  let made = idMaps.get(list);
  if (made?.count !== list.length) idMaps.set(list, (made = { count: list.length, map: new Map(list) }));
  return made.map as Map<number, T>;
}

/** Categorical splits' branches by node id. */
export const branchesOf = (w: NodeColumns<ArrayLike<number>>): Map<number, string[][]> => byId(w.branches);

/** Snipped leaves' kept subtrees (as columns) by node id. */
const snippedOf = (w: NodeColumns<ArrayLike<number>>): Map<number, NodeColumns<number[]>> => (w.snipped === undefined ? new Map() : byId(w.snipped));

/** The split of the node at place `k` of the columns `w` of `model`'s tree. */
export function splitOfColumns(model: Pick<TreeModel, 'features'>, w: NodeColumns<ArrayLike<number>>, k: number): ModelSplit | null {
  const f = w.feature[k];
  if (f < 0) return null;
  const feature = model.features[f].name;
  const b = branchesOf(w).get(w.id[k]);
  return b === undefined ? { feature, kind: 'numeric', threshold: thresholdOf(w.threshold[k]) } : { feature, kind: 'categorical', branches: b };
}

/** The node at place `k` of the columns `w` of `model`'s tree, as the model JSON has it. */
export function nodeOfColumns(model: Pick<TreeModel, 'task' | 'classes' | 'features'>, w: NodeColumns<ArrayLike<number>>, k: number): ModelNode {
  const classes = model.task === 'classification' ? (model.classes ?? []) : null;
  const stride = classes?.length ?? 1;
  const id = w.id[k];
  const split = splitOfColumns(model, w, k);
  const node: ModelNode = {
    id,
    depth: w.depth[k],
    samples: w.samples[k],
    impurity: w.impurity[k],
    value: classes === null ? w.value[k] : slice(w.value, k * stride, (k + 1) * stride),
    prediction: classes === null ? w.prediction[k] : classes[w.prediction[k]],
    split,
    missingGoesTo: w.missingGoesTo[k] < 0 ? null : w.missingGoesTo[k],
    children: slice(w.children, w.childStart[k], w.childStart[k + 1]),
  };
  if (w.weightedSamples !== undefined) node.weightedSamples = w.weightedSamples[k];
  // JSON carries a NaN gain (none stored) as null.
  const gain = w.gain?.[k] as number | null | undefined;
  if (typeof gain === 'number' && !Number.isNaN(gain)) node.gain = gain;
  const saw = w.sawMissing?.[k];
  if (saw === 0 || saw === 1) node.sawMissing = saw === 1;
  const kept = snippedOf(w).get(id);
  if (kept !== undefined) node.snipped = Array.from(kept.id, (_, j) => nodeOfColumns(model, kept, j));
  return node;
}

/** Decodes more nodes of the same tree into it: those at `from` up to `to` in `w`'s columns. */
export function addNodes(tree: DecodedTree, w: NodeColumns<ArrayLike<number>>, from = 0, to = w.id.length): void {
  const { model } = tree;
  for (let k = from; k < to; k++) {
    const id = w.id[k];
    if (!(id >= 0 && id < model.nodes.length)) throw new Error(`node ${id} is not in a tree of ${model.nodes.length} nodes`);
    if (model.nodes[id] === undefined) tree.sent++;
    model.nodes[id] = nodeOfColumns(model, w, k);
    tree.descendants[id] = w.descendants[k];
  }
}
