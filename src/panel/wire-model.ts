// The tree as the panel posts it: one array per node field instead of an object per node. A
// message is copied field by field on its way to the webview; a fully grown tree's 200,000 node
// objects (with their child arrays and splits) cost hundreds of ms to copy and to collect, plain
// number arrays a fraction of that. Only the wire changes: the webview decodes it back into the
// model JSON of design §6, so everything drawing a tree reads the same TreeModel as the exporters.
import type { ModelNode, ModelSplit, TreeModel } from '../engine/model';

export interface WireNodes {
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
  /** Node i's children are `children[childStart[i]]` up to `children[childStart[i + 1]]`. */
  childStart: number[];
  children: number[];
}

export type WireModel = Omit<TreeModel, 'nodes'> & { nodes: WireNodes };

export function encodeModel(model: TreeModel): WireModel {
  const { nodes, ...rest } = model;
  const classes = model.task === 'classification' ? (model.classes ?? []) : null;
  const featureIndex = new Map(model.features.map((f, i) => [f.name, i]));
  const w: WireNodes = { depth: [], samples: [], impurity: [], value: [], prediction: [], feature: [], threshold: [], branches: [], missingGoesTo: [], childStart: [], children: [] };
  nodes.forEach((n, id) => {
    if (n.id !== id) throw new Error(`node ${id} has id ${n.id}: the model's nodes must be in id order`);
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
    w.childStart.push(w.children.length);
    w.children.push(...n.children);
  });
  w.childStart.push(w.children.length);
  return { ...rest, nodes: w };
}

export function decodeModel(wire: WireModel): TreeModel {
  const { nodes: w, ...rest } = wire;
  const classes = wire.task === 'classification' ? (wire.classes ?? []) : null;
  const branches = new Map(w.branches);
  const nodes: ModelNode[] = new Array(w.depth.length);
  for (let id = 0; id < nodes.length; id++) {
    const f = w.feature[id];
    let split: ModelSplit | null = null;
    if (f >= 0) {
      const feature = wire.features[f].name;
      const b = branches.get(id);
      split = b === undefined ? { feature, kind: 'numeric', threshold: w.threshold[id] } : { feature, kind: 'categorical', branches: b };
    }
    const stride = classes?.length ?? 1;
    nodes[id] = {
      id,
      depth: w.depth[id],
      samples: w.samples[id],
      impurity: w.impurity[id],
      value: classes === null ? w.value[id] : w.value.slice(id * stride, (id + 1) * stride),
      prediction: classes === null ? w.prediction[id] : classes[w.prediction[id]],
      split,
      missingGoesTo: w.missingGoesTo[id] < 0 ? null : w.missingGoesTo[id],
      children: w.children.slice(w.childStart[id], w.childStart[id + 1]),
    };
  }
  return { ...rest, nodes };
}
