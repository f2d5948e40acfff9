// TreeStore → model JSON (docs/model-format.md): nodes renumbered in preorder (root 0, then each
// child's subtree in branch order), class counts or means, the split in feature names, and the
// impurity-based feature importances (MDI, normalised to sum 1).
import { isOrderedType } from '../dataset';
import { MODEL_FORMAT, MODEL_VERSION, type ModelNode, type ModelSplit, type TreeModel, type TrainParams } from '../model';
import type { ResolvedParams } from './params';
import { modelFeatures, type TrainingSet } from './training-set';
import type { TreeStore } from './tree-store';

export function argmax(values: Float64Array, off: number, dim: number): number {
  let best = 0;
  for (let k = 1; k < dim; k++) if (values[off + k] > values[off + best]) best = k;
  return best;
}

export function splitOf(store: TreeStore, set: TrainingSet, id: number): ModelSplit {
  const feature = set.features[store.feature[id]];
  if (isOrderedType(feature.type)) return { feature: feature.name, kind: 'numeric', threshold: store.threshold[id] };
  const branches: string[][] = Array.from({ length: store.childCount[id] }, () => []);
  // Pairs in ascending code order, so each branch lists its categories in the file's order.
  const pairs = Array.from({ length: store.categoryCount[id] }, (_, j) => store.categoryOffset[id] + j);
  pairs.sort((a, b) => store.categoryCode[a] - store.categoryCode[b]);
  for (const j of pairs) branches[store.categoryChild[j]].push(feature.categories[store.categoryCode[j]]);
  return { feature: feature.name, kind: 'categorical', branches };
}

/** Impurity-based importances: Σ of each feature's weighted decreases, normalised to sum 1. */
export function importances(store: TreeStore, set: TrainingSet): Record<string, number> {
  const raw = new Float64Array(set.features.length);
  for (let id = 0; id < store.count; id++) if (!store.isLeaf(id)) raw[store.feature[id]] += store.decrease[id];
  let total = 0;
  for (const v of raw) total += v;
  const out: Record<string, number> = {};
  set.features.forEach((f, j) => {
    out[f.name] = total > 0 ? raw[j] / total : 0;
  });
  return out;
}

/** The store's node ids in preorder (root, then each child's subtree in branch order): the model's ids. */
export function preorder(store: TreeStore): Int32Array {
  const order = new Int32Array(store.count);
  let next = 0;
  // Without recursion: deep trees (a million rows) would overflow the call stack.
  const stack = [0];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    order[next++] = id;
    for (let c = store.childCount[id] - 1; c >= 0; c--) stack.push(store.firstChild[id] + c);
  }
  return order;
}

/** Inverse of a permutation: at[order[p]] = p. */
export function positions(order: Int32Array): Int32Array {
  const at = new Int32Array(order.length);
  for (let p = 0; p < order.length; p++) at[order[p]] = p;
  return at;
}

export function toModel(store: TreeStore, set: TrainingSet, params: TrainParams, resolved: ResolvedParams): TreeModel {
  const classification = set.task === 'classification';
  const dim = store.valueDim;
  const weighted = set.weight !== null;
  const order = preorder(store);
  const pre = positions(order);
  const nodes = Array.from(order, (id, p): ModelNode => {
    const off = id * dim;
    const leaf = store.isLeaf(id);
    const node: ModelNode = {
      id: p,
      depth: store.depth[id],
      samples: store.samples[id],
      impurity: store.impurity[id],
      value: classification ? Array.from(store.value.subarray(off, off + dim)) : store.value[off],
      prediction: classification ? set.classes[argmax(store.value, off, dim)] : store.value[off],
      split: leaf ? null : splitOf(store, set, id),
      missingGoesTo: leaf ? null : store.missingChild[id],
      children: leaf ? [] : Array.from({ length: store.childCount[id] }, (_, c) => pre[store.firstChild[id] + c]),
    };
    // Only a weighted tree's nodes have the field (a literal with a spread is slow to build per node).
    if (weighted) node.weightedSamples = store.weight[id];
    if (!leaf) node.sawMissing = store.sawMissing[id] === 1;
    return node;
  });
  return { ...modelFrame(set, params, resolved), nodes, featureImportances: importances(store, set) };
}

/** Every model field but the nodes and importances: what the training set and parameters say. */
export function modelFrame(set: TrainingSet, params: TrainParams, resolved: ResolvedParams): Omit<TreeModel, 'nodes' | 'featureImportances'> {
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    task: set.task,
    target: set.target,
    ...(set.task === 'classification' ? { classes: [...set.classes] } : {}),
    features: modelFeatures(set),
    params: {
      ...params,
      task: set.task,
      algorithm: resolved.algorithm,
      criterion: resolved.criterion,
      maxDepth: resolved.maxDepth,
      minSamplesSplit: resolved.minSamplesSplit,
      minSamplesLeaf: resolved.minSamplesLeaf,
      maxLeafNodes: resolved.maxLeafNodes,
      minImpurityDecrease: resolved.minImpurityDecrease,
      leftOut: [...set.leftOut],
      ...(resolved.algorithm === 'cart' ? { minCategorySamples: resolved.minCategorySamples } : {}),
      // 'auto' is recorded as the splitter it chose.
      ...(params.splitter === undefined ? {} : { splitter: resolved.splitter }),
    },
  };
}
