// The tree as the panel posts it: one array per node field instead of an object per node, and
// only the nodes the webview needs. A message is copied field by field on its way to the webview
// and the webview keeps what it got in its saved state (setState, serialised as JSON on every
// save): a fully grown tree's million node objects would cost seconds at each step and hundreds
// of MB. So a big tree goes out a slice at a time (tree-slices.ts): the nodes carry their ids,
// and the webview decodes them into the model JSON of design §6 with the nodes not yet sent left
// out (a sparse `nodes` array), so everything drawing a tree reads the same TreeModel as the
// exporters.
import type { ModelNode, ModelSplit, TreeModel } from '../engine/model';

export interface WireNodes {
  /** The nodes' ids, in the order of every other column. */
  id: number[];
  depth: number[];
  samples: number[];
  impurity: number[];
  /** Class counts, `classes.length` per node (classification), or the mean (regression). */
  value: number[];
  /** Classification: the index of the predicted class in `classes`; regression: the prediction. */
  prediction: number[];
  /** Index of the split's feature in `features`; -1 for a leaf. */
  feature: number[];
  /** A numeric split's threshold; 0 otherwise. */
  threshold: number[];
  /** Categorical splits' branches, by node id (few nodes have them). */
  branches: [number, string[][]][];
  /** -1 for a leaf. */
  missingGoesTo: number[];
  /** Nodes below each node in the whole tree (sent or not): the size of a folded subtree. */
  descendants: number[];
  /** The k-th node's children are `children[childStart[k]]` up to `children[childStart[k + 1]]`. */
  childStart: number[];
  children: number[];
}

export type WireModel = Omit<TreeModel, 'nodes'> & {
  nodes: WireNodes;
  /** Nodes in the whole tree. */
  totalNodes: number;
  /** Regression: the smallest and largest node value of the whole tree (the colour scale). */
  valueRange: [number, number] | null;
};

/** What the host knows of the whole tree that the slices refer to. */
export interface TreeFacts {
  descendants: ArrayLike<number>;
  valueRange: [number, number] | null;
}

function emptyNodes(): WireNodes {
  return { id: [], depth: [], samples: [], impurity: [], value: [], prediction: [], feature: [], threshold: [], branches: [], missingGoesTo: [], descendants: [], childStart: [0], children: [] };
}

/** The nodes `ids` of `model` as columns. */
export function encodeNodes(model: TreeModel, ids: Iterable<number>, facts: TreeFacts): WireNodes {
  const classes = model.task === 'classification' ? (model.classes ?? []) : null;
  const featureIndex = new Map(model.features.map((f, i) => [f.name, i]));
  const w = emptyNodes();
  for (const id of ids) {
    const n = model.nodes[id];
    if (n.id !== id) throw new Error(`node ${id} has id ${n.id}: the model's nodes must be in id order`);
    w.id.push(id);
    w.depth.push(n.depth);
    w.samples.push(n.samples);
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
    w.missingGoesTo.push(n.missingGoesTo ?? -1);
    w.descendants.push(facts.descendants[id]);
    w.children.push(...n.children);
    w.childStart.push(w.children.length);
  }
  return w;
}

/** The model with the nodes `ids` (all when omitted). */
export function encodeModel(model: TreeModel, facts: TreeFacts, ids?: Iterable<number>): WireModel {
  const { nodes, ...rest } = model;
  return { ...rest, nodes: encodeNodes(model, ids ?? nodes.keys(), facts), totalNodes: nodes.length, valueRange: facts.valueRange };
}

/** Adds to `into` the nodes of `more` it lacks: what the webview keeps of a tree sent in slices. */
export function appendNodes(into: WireNodes, more: WireNodes): void {
  const have = new Set(into.id);
  const stride = more.id.length > 0 ? more.value.length / more.id.length : 0;
  const branches = new Map(more.branches);
  more.id.forEach((id, k) => {
    if (have.has(id)) return;
    have.add(id);
    into.id.push(id);
    into.depth.push(more.depth[k]);
    into.samples.push(more.samples[k]);
    into.impurity.push(more.impurity[k]);
    into.value.push(...more.value.slice(k * stride, (k + 1) * stride));
    into.prediction.push(more.prediction[k]);
    into.feature.push(more.feature[k]);
    into.threshold.push(more.threshold[k]);
    const split = branches.get(id);
    if (split !== undefined) into.branches.push([id, split]);
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

export function decodeModel(wire: WireModel): DecodedTree {
  const { nodes: _nodes, totalNodes, valueRange, ...rest } = wire;
  const tree: DecodedTree = { model: { ...rest, nodes: new Array<ModelNode>(totalNodes) }, descendants: new Array<number>(totalNodes), valueRange, sent: 0 };
  addNodes(tree, wire.nodes);
  return tree;
}

/** Decodes more nodes of the same tree into it. */
export function addNodes(tree: DecodedTree, w: WireNodes): void {
  const { model } = tree;
  const classes = model.task === 'classification' ? (model.classes ?? []) : null;
  const stride = classes?.length ?? 1;
  const branches = new Map(w.branches);
  w.id.forEach((id, k) => {
    if (!(id >= 0 && id < model.nodes.length)) throw new Error(`node ${id} is not in a tree of ${model.nodes.length} nodes`);
    const f = w.feature[k];
    let split: ModelSplit | null = null;
    if (f >= 0) {
      const feature = model.features[f].name;
      const b = branches.get(id);
      split = b === undefined ? { feature, kind: 'numeric', threshold: w.threshold[k] } : { feature, kind: 'categorical', branches: b };
    }
    if (model.nodes[id] === undefined) tree.sent++;
    model.nodes[id] = {
      id,
      depth: w.depth[k],
      samples: w.samples[k],
      impurity: w.impurity[k],
      value: classes === null ? w.value[k] : w.value.slice(k * stride, (k + 1) * stride),
      prediction: classes === null ? w.prediction[k] : classes[w.prediction[k]],
      split,
      missingGoesTo: w.missingGoesTo[k] < 0 ? null : w.missingGoesTo[k],
      children: w.children.slice(w.childStart[k], w.childStart[k + 1]),
    };
    tree.descendants[id] = w.descendants[k];
  });
}
