// A forest member kept as typed arrays instead of model JSON node objects (docs/architecture.md
// "Forests in memory"): a node object with its value, children and split costs ~400 bytes, so a
// 100-tree forest of 2.4M nodes held 1 GB; these columns take ~48 bytes a node for a bootstrap
// tree of 3 classes (scikit-learn's arrays ~90). Every number is kept exactly as the model JSON
// has it: doubles as Float64, except that counts which are all whole numbers (row counts, class
// counts and weights of bootstrap trees) go in an Int32Array, and ids and indices in the smallest
// integer array that holds them. So unpacking gives back the same nodes and exports still
// reproduce `predict`. The few categorical splits (and their multiway children) are a side table.
import type { ModelNode, ModelSplit, TreeModel } from '../model';

type Ints = Int8Array | Int16Array | Int32Array;
/** Whole numbers (all of them) in an Int32Array, else doubles. */
type Nums = Int32Array | Float64Array;

export interface PackedTree {
  /** Numbers per node in `value`: the classes (classification) or 1 (regression). */
  dim: number;
  depth: Ints;
  samples: Nums;
  /** Only a tree trained with weights has them (doubles with NaN: a node without the field). */
  weightedSamples: Nums | null;
  impurity: Float64Array;
  /** Node i's class counts (or mean) at [i · dim, (i + 1) · dim). */
  value: Nums;
  /** Classification: the predicted class's index; regression: the prediction, or null when every node's is its value. */
  prediction: Ints | Float64Array | null;
  /** The split's feature as an index into the model's features; −1 for a leaf. */
  feature: Ints;
  /** A numeric split's threshold (+Infinity: missing vs present); 0 otherwise. */
  threshold: Float64Array;
  /** −1 for a leaf. */
  missingGoesTo: Ints;
  /** Node i's children are children[childStart[i]] up to children[childStart[i + 1]]. */
  childStart: Int32Array;
  children: Int32Array;
  /** Categorical splits' branches by node id, ascending. */
  branches: [number, string[][]][];
}

/** What packing and unpacking read of the model a tree belongs to. */
export type TreeHead = Pick<TreeModel, 'task' | 'classes' | 'features'>;

/** The smallest signed integer array holding −1 … max. */
function intsFor(count: number, max: number): Ints {
  return max <= 0x7f ? new Int8Array(count) : max <= 0x7fff ? new Int16Array(count) : new Int32Array(count);
}

/** Whether `v` is kept exactly by an Int32Array (−0 is not). */
const isInt32 = (v: number): boolean => (v | 0) === v && !Object.is(v, -0);

const numbers = (count: number, whole: boolean): Nums => (whole ? new Int32Array(count) : new Float64Array(count));

/** `v` as is, or an Error: packing keeps exact values only. */
function integer(v: number, what: string, id: number): number {
  if (!Number.isInteger(v) || v < -1 || v > 0x7fffffff) throw new Error(`node ${id} ${what} must be a whole number`);
  return v;
}

/** A tree's nodes (ids equal to their index, as model-json.ts checks) as columns. Throws on a node they cannot hold exactly. */
export function packTree(head: TreeHead, nodes: readonly ModelNode[]): PackedTree {
  const n = nodes.length;
  const classes = head.task === 'classification' ? (head.classes ?? []) : null;
  const dim = classes?.length ?? 1;
  const featureIndex = new Map(head.features.map((f, i) => [f.name, i]));
  const classIndex = new Map((classes ?? []).map((c, i) => [c, i]));
  let maxDepth = 0;
  let maxChildren = 0;
  let edges = 0;
  let weighted = false;
  let ownPrediction = false;
  let wholeSamples = true;
  let wholeWeights = true;
  let wholeValues = true;
  for (const node of nodes) {
    maxDepth = Math.max(maxDepth, node.depth);
    maxChildren = Math.max(maxChildren, node.children.length);
    edges += node.children.length;
    weighted ||= node.weightedSamples !== undefined;
    ownPrediction ||= classes === null && !Object.is(node.prediction, node.value);
    wholeSamples &&= isInt32(node.samples);
    wholeWeights &&= node.weightedSamples !== undefined && isInt32(node.weightedSamples);
    wholeValues &&= classes === null ? isInt32(node.value as number) : (node.value as number[]).every(isInt32);
  }
  const tree: PackedTree = {
    dim,
    depth: intsFor(n, maxDepth),
    samples: numbers(n, wholeSamples),
    weightedSamples: weighted ? numbers(n, wholeWeights) : null,
    impurity: new Float64Array(n),
    value: numbers(n * dim, wholeValues),
    prediction: classes !== null ? intsFor(n, classes.length) : ownPrediction ? new Float64Array(n) : null,
    feature: intsFor(n, head.features.length),
    threshold: new Float64Array(n),
    missingGoesTo: intsFor(n, maxChildren),
    childStart: new Int32Array(n + 1),
    children: new Int32Array(edges),
    branches: [],
  };
  let edge = 0;
  nodes.forEach((node, id) => {
    tree.depth[id] = integer(node.depth, 'depth', id);
    tree.samples[id] = node.samples;
    if (tree.weightedSamples !== null) tree.weightedSamples[id] = node.weightedSamples ?? NaN;
    tree.impurity[id] = node.impurity;
    if (classes === null) tree.value[id] = node.value as number;
    else tree.value.set(node.value as number[], id * dim);
    if (classes !== null) {
      const k = classIndex.get(node.prediction as string);
      if (k === undefined) throw new Error(`node ${id} predicts ${JSON.stringify(node.prediction)}, not one of the classes`);
      (tree.prediction as Ints)[id] = k;
    } else if (tree.prediction !== null) tree.prediction[id] = node.prediction as number;
    const { split } = node;
    const f = split === null ? -1 : featureIndex.get(split.feature);
    if (f === undefined) throw new Error(`node ${id} splits on an unknown feature`);
    tree.feature[id] = f;
    if (split?.kind === 'numeric') tree.threshold[id] = split.threshold;
    if (split?.kind === 'categorical') tree.branches.push([id, split.branches]);
    tree.missingGoesTo[id] = node.missingGoesTo === null ? -1 : integer(node.missingGoesTo, 'missingGoesTo', id);
    tree.childStart[id] = edge;
    for (const c of node.children) tree.children[edge++] = c;
  });
  tree.childStart[n] = edge;
  return tree;
}

export const nodeCount = (tree: PackedTree): number => tree.samples.length;

export const isPackedLeaf = (tree: PackedTree, id: number): boolean => tree.childStart[id + 1] === tree.childStart[id];

/** a[from, to) as a plain array (a loop: Array.from of a typed array goes through an iterator, and this runs for every node unpacked). */
function plain(a: ArrayLike<number>, from: number, to: number): number[] {
  const out = new Array<number>(to - from);
  for (let i = from; i < to; i++) out[i - from] = a[i];
  return out;
}

export function packedChildren(tree: PackedTree, id: number): number[] {
  return plain(tree.children, tree.childStart[id], tree.childStart[id + 1]);
}

/** Node `id`'s value as the model JSON has it: the class counts, or the number. */
export function packedValue(tree: PackedTree, head: TreeHead, id: number): number[] | number {
  return head.task === 'classification' ? plain(tree.value, id * tree.dim, (id + 1) * tree.dim) : tree.value[id];
}

export function packedPrediction(tree: PackedTree, head: TreeHead, id: number): string | number {
  if (head.task === 'classification') return (head.classes ?? [])[(tree.prediction as Ints)[id]];
  return tree.prediction === null ? tree.value[id] : tree.prediction[id];
}

/** Branches by node id, made once per tree (a side table looked up per categorical node). */
const branchMaps = new WeakMap<PackedTree, Map<number, string[][]>>();

export function packedSplit(tree: PackedTree, head: TreeHead, id: number): ModelSplit | null {
  const f = tree.feature[id];
  if (f < 0) return null;
  const feature = head.features[f].name;
  if (tree.branches.length === 0) return { feature, kind: 'numeric', threshold: tree.threshold[id] };
  let branches = branchMaps.get(tree);
  if (branches === undefined) branchMaps.set(tree, (branches = new Map(tree.branches)));
  const b = branches.get(id);
  return b === undefined ? { feature, kind: 'numeric', threshold: tree.threshold[id] } : { feature, kind: 'categorical', branches: b };
}

/** What routing a row reads of node `id` (compileNodes). */
export function packedRoute(tree: PackedTree, head: TreeHead, id: number): Pick<ModelNode, 'split' | 'children' | 'prediction' | 'missingGoesTo'> {
  const missing = tree.missingGoesTo[id];
  return { split: packedSplit(tree, head, id), children: packedChildren(tree, id), prediction: packedPrediction(tree, head, id), missingGoesTo: missing < 0 ? null : missing };
}

/** Node `id` as the model JSON has it (the fields in toModel's order, so files read the same). */
export function unpackNode(tree: PackedTree, head: TreeHead, id: number): ModelNode {
  const missing = tree.missingGoesTo[id];
  const node: ModelNode = {
    id,
    depth: tree.depth[id],
    samples: tree.samples[id],
    impurity: tree.impurity[id],
    value: packedValue(tree, head, id),
    prediction: packedPrediction(tree, head, id),
    split: packedSplit(tree, head, id),
    missingGoesTo: missing < 0 ? null : missing,
    children: packedChildren(tree, id),
  };
  const weighted = tree.weightedSamples?.[id];
  if (weighted !== undefined && !Number.isNaN(weighted)) node.weightedSamples = weighted;
  return node;
}

export function unpackTree(tree: PackedTree, head: TreeHead): ModelNode[] {
  return Array.from({ length: nodeCount(tree) }, (_, id) => unpackNode(tree, head, id));
}

/** Each typed array's buffer once: what a thread moves (not copies) with the tree. */
export function treeBuffers(tree: PackedTree): ArrayBuffer[] {
  const arrays = [tree.depth, tree.samples, tree.weightedSamples, tree.impurity, tree.value, tree.prediction, tree.feature, tree.threshold, tree.missingGoesTo, tree.childStart, tree.children];
  return [...new Set(arrays.filter((a) => a !== null).map((a) => a.buffer as ArrayBuffer))];
}

/** Bytes of the tree's typed arrays (the side table of categorical branches not counted). */
export function packedBytes(tree: PackedTree): number {
  return treeBuffers(tree).reduce((a, b) => a + b.byteLength, 0);
}
