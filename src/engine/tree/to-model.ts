// TreeStore → model JSON (docs/model-format.md): nodes renumbered in preorder (root 0, then each
// child's subtree in branch order), class counts or means, the split in feature names, and the
// impurity-based feature importances (MDI, normalised to sum 1).
import { isNumericType, isOrderedType } from '../dataset';
import { MODEL_FORMAT, MODEL_VERSION, type ModelNode, type ModelSplit, type TreeModel, type TrainParams } from '../model';
import type { ResolvedParams } from './params';
import type { TrainingSet } from './training-set';
import type { TreeStore } from './tree-store';

function argmax(values: Float64Array, off: number, dim: number): number {
  let best = 0;
  for (let k = 1; k < dim; k++) if (values[off + k] > values[off + best]) best = k;
  return best;
}

function splitOf(store: TreeStore, set: TrainingSet, id: number): ModelSplit {
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
function importances(store: TreeStore, set: TrainingSet): Record<string, number> {
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

export function toModel(store: TreeStore, set: TrainingSet, params: TrainParams, resolved: ResolvedParams): TreeModel {
  const classification = set.task === 'classification';
  const dim = store.valueDim;
  const weighted = set.weight !== null;
  const nodes: ModelNode[] = [];
  // Preorder without recursion: deep trees (a million rows) would overflow the call stack.
  const stack = [0];
  const parentSlot: Array<{ parent: number; branch: number } | null> = [null];
  while (stack.length > 0) {
    const id = stack.pop() as number;
    const link = parentSlot.pop() ?? null;
    const pre = nodes.length;
    if (link !== null) nodes[link.parent].children[link.branch] = pre;
    const off = id * dim;
    const value = classification ? Array.from(store.value.subarray(off, off + dim)) : store.value[off];
    const leaf = store.isLeaf(id);
    nodes.push({
      id: pre,
      depth: store.depth[id],
      samples: store.samples[id],
      ...(weighted ? { weightedSamples: store.weight[id] } : {}),
      impurity: store.impurity[id],
      value,
      prediction: classification ? set.classes[argmax(store.value, off, dim)] : store.value[off],
      split: leaf ? null : splitOf(store, set, id),
      missingGoesTo: leaf ? null : store.missingChild[id],
      children: leaf ? [] : new Array<number>(store.childCount[id]).fill(-1),
    });
    for (let c = store.childCount[id] - 1; c >= 0; c--) {
      stack.push(store.firstChild[id] + c);
      parentSlot.push({ parent: pre, branch: c });
    }
  }
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
    features: set.features.map((f) => (isNumericType(f.type) ? { name: f.name, type: f.type } : { name: f.name, type: f.type, categories: [...f.categories] })),
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
