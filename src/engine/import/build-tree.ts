// One tree of a library's file as one of our tree models (model.ts): its nodes renumbered in
// preorder (children[0] the `x ≤ t` or first-branch side), with the library's id and gain of every
// node kept beside it (ensemble.ts). Shared by the XGBoost, LightGBM and ONNX readers, which say
// what each of their nodes is through `SourceNode`.
import { InputError } from '../errors';
import { MODEL_FORMAT, MODEL_VERSION, type ModelFeature, type ModelNode, type ModelSplit, type Task, type TreeModel } from '../model';
import { criteriaFor } from '../tree/criteria';
import type { EnsembleTree } from './ensemble';

export interface SourceNode {
  /** [first, second] child's source ids, or null for a leaf. */
  children: [number, number] | null;
  split: ModelSplit | null;
  /** The child (0 or 1) of missing values. */
  missingGoesTo: 0 | 1;
  /**
   * A split: whether training rows missing its feature reached it (ModelNode.sawMissing), where the
   * file says so; undefined where it does not (docs/model-format.md "Models trained elsewhere").
   */
  sawMissing?: boolean;
  /** Leaf: the raw score (regression trees) or the weight per class (classification trees); inner nodes: what the file stores, or NaN. */
  value: number | number[];
  cover: number;
  gain: number;
  /** The library's id to record for this node, when it is not `id` (a node standing in for part of another's split). */
  sourceId?: number;
}

export interface TreeHead {
  task: Task;
  target: string;
  classes?: string[];
  features: ModelFeature[];
  library: string;
}

/**
 * Builds tree `index` (for messages) from its root's source id and a reader of its nodes. A source
 * node is reached once, unless `shared` says how deep a tree may be: then a subtree reached twice
 * is copied (LightGBM's zero-as-missing splits, lightgbm.ts), and a cycle fails at that depth.
 */
export function buildTree(head: TreeHead, index: number, root: number, node: (id: number) => SourceNode, output: number | null, shared?: { maxDepth: number }): EnsembleTree {
  const nodes: ModelNode[] = [];
  const sourceIds: number[] = [];
  const gains: number[] = [];
  const seen = new Set<number>();
  // Preorder without recursion: (source id, depth, parent, slot), the first child popped first.
  const stack: Array<[number, number, number, number]> = [[root, 0, -1, 0]];
  while (stack.length > 0) {
    const [src, depth, parent, slot] = stack.pop() as [number, number, number, number];
    if (shared === undefined ? seen.has(src) : depth > shared.maxDepth) throw new InputError('bad-model', `tree ${index}: node ${src} is reached twice (not a tree)`);
    seen.add(src);
    const n = node(src);
    const id = nodes.length;
    if (parent >= 0) nodes[parent].children[slot] = id;
    nodes.push({
      id,
      depth,
      samples: n.cover,
      impurity: 0,
      value: n.value,
      prediction: 0,
      split: n.children === null ? null : n.split,
      missingGoesTo: n.children === null ? null : n.missingGoesTo,
      children: n.children === null ? [] : [-1, -1],
    });
    if (n.children !== null && n.sawMissing !== undefined) nodes[id].sawMissing = n.sawMissing;
    sourceIds.push(n.sourceId ?? src);
    gains.push(n.children === null ? NaN : n.gain);
    if (n.children !== null) {
      stack.push([n.children[1], depth + 1, id, 1], [n.children[0], depth + 1, id, 0]);
    }
  }
  if (head.task === 'classification') sumClassWeights(nodes);
  for (const n of nodes) n.prediction = head.task === 'classification' ? (head.classes as string[])[argmax(n.value as number[])] : (n.value as number);
  const model: TreeModel = {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    task: head.task,
    target: head.target,
    ...(head.classes === undefined ? {} : { classes: head.classes }),
    features: head.features,
    params: { target: head.target, task: head.task, algorithm: 'cart', criterion: criteriaFor('cart', head.task)[0].name },
    nodes,
    featureImportances: {},
  };
  return { model, output, sourceId: Int32Array.from(sourceIds), gain: Float64Array.from(gains) };
}

/** A classification tree's inner nodes: the sums of their leaves' class weights (children come after parents in preorder). */
function sumClassWeights(nodes: ModelNode[]): void {
  for (let i = nodes.length - 1; i >= 0; i--) {
    const n = nodes[i];
    if (n.children.length === 0) continue;
    const k = (nodes[n.children[0]].value as number[]).length;
    const sum = new Array<number>(k).fill(0);
    for (const c of n.children) (nodes[c].value as number[]).forEach((v, j) => (sum[j] += v));
    n.value = sum;
  }
}

function argmax(values: readonly number[]): number {
  let best = 0;
  for (let i = 1; i < values.length; i++) if (values[i] > values[best]) best = i;
  return best;
}
