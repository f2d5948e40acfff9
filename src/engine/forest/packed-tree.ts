// A forest member kept as typed arrays instead of model JSON node objects (docs/architecture.md
// "Forests in memory"): a node object with its value, children and split costs ~400 bytes, so a
// 100-tree forest of 2.4M nodes held 1 GB; these columns take 32 bytes a node for a bootstrap
// tree of 3 classes (scikit-learn's arrays ~90). Every number is kept exactly as the model JSON
// has it: doubles as Float64, except that counts which are all whole numbers (row counts, class
// counts and weights of bootstrap trees) go in an Int32Array, and ids and indices in the smallest
// integer array that holds them. So unpacking gives back the same nodes and exports still
// reproduce `predict`. The few categorical splits (and their multiway children) are a side table.
// What a node's other numbers determine is not kept when it is so for every node, checked when
// packing: a binary tree in preorder keeps one child a node (the first is the next node), a CART
// classification tree's impurities are its criterion's of the class counts, bootstrap weights are
// the sum of the class counts (16 bytes a node fewer than keeping them: 70 MB for 20 trees at 1M rows).
// Whether training rows missing a split's feature reached it (ModelNode.sawMissing) is one bit a node.
import type { Criterion, ModelNode, ModelSplit, TreeModel } from '../model';
import { cartClassCriterion, classImpurity } from '../tree/criteria';

type Ints = Int8Array | Int16Array | Int32Array;
/** Whole numbers (all of them) in an Int32Array, else doubles. */
type Nums = Int32Array | Float64Array;

export interface PackedTree {
  /** Numbers per node in `value`: the classes (classification) or 1 (regression). */
  dim: number;
  depth: Ints;
  samples: Nums;
  /**
   * Only a tree trained with weights has them (doubles with NaN: a node without the field); null
   * also when every node's is the sum of its value (`weightsAreValueSums`).
   */
  weightedSamples: Nums | null;
  weightsAreValueSums: boolean;
  /** null when every node's is `impurityOf`'s criterion of its value and weight (CART classification). */
  impurity: Float64Array | null;
  impurityOf: Criterion | null;
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
  /** A binary tree in preorder: each split's second child (its first is the next node), −1 for a leaf; else null. */
  second: Int32Array | null;
  /** Any other tree: node i's children are children[childStart[i]] up to children[childStart[i + 1]]; else null. */
  childStart: Int32Array | null;
  children: Int32Array | null;
  /** Categorical splits' branches by node id, ascending. */
  branches: [number, string[][]][];
  /**
   * Bit `id` (byte id >> 3, bit id & 7) set where training rows missing the split's feature reached
   * split node `id` (ModelNode.sawMissing); null when some split node does not say (a file written
   * before the flag).
   */
  sawMissing: Uint8Array | null;
}

/** What packing and unpacking read of the model a tree belongs to (the criterion: whether impurities can be computed). */
export type TreeHead = Pick<TreeModel, 'task' | 'classes' | 'features'> & { readonly params?: { readonly criterion?: string } };

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

/**
 * What packing reads of a tree's nodes, by preorder id: the model JSON's node objects
 * (modelNodes), or a tree as grown (grown-nodes.ts), so a forest member is packed without first
 * making ~10^5 node objects. Classes and features are indices in the forest's head.
 */
export interface NodeReader {
  readonly count: number;
  depth(id: number): number;
  samples(id: number): number;
  /** undefined: the node has no weighted count (an unweighted tree). */
  weightedSamples(id: number): number | undefined;
  impurity(id: number): number;
  /** Classification: class k's count; regression (k = 0): the node's value. */
  value(id: number, k: number): number;
  /** Classification: the predicted class's index; regression: the prediction. */
  prediction(id: number): number;
  /** The split's feature index, −1 for a leaf. */
  feature(id: number): number;
  threshold(id: number): number;
  /** A categorical split's categories per branch; null for a numeric split or a leaf. */
  branches(id: number): string[][] | null;
  /** −1 for a leaf. */
  missingGoesTo(id: number): number;
  /** A split node's ModelNode.sawMissing; undefined for a leaf or where not known. */
  sawMissing(id: number): boolean | undefined;
  childCount(id: number): number;
  child(id: number, c: number): number;
}

/** Model JSON nodes (ids equal to their index, as model-json.ts checks) as a NodeReader; throws on a class or feature the head does not have. */
export function modelNodes(head: TreeHead, nodes: readonly ModelNode[]): NodeReader {
  const classification = head.task === 'classification';
  const featureIndex = new Map(head.features.map((f, i) => [f.name, i]));
  const classIndex = new Map((head.classes ?? []).map((c, i) => [c, i]));
  return {
    count: nodes.length,
    depth: (id) => integer(nodes[id].depth, 'depth', id),
    samples: (id) => nodes[id].samples,
    weightedSamples: (id) => nodes[id].weightedSamples,
    impurity: (id) => nodes[id].impurity,
    value: (id, k) => (classification ? (nodes[id].value as number[])[k] : (nodes[id].value as number)),
    prediction: (id) => {
      const { prediction } = nodes[id];
      if (!classification) return prediction as number;
      const k = classIndex.get(prediction as string);
      if (k === undefined) throw new Error(`node ${id} predicts ${JSON.stringify(prediction)}, not one of the classes`);
      return k;
    },
    feature: (id) => {
      const { split } = nodes[id];
      const f = split === null ? -1 : featureIndex.get(split.feature);
      if (f === undefined) throw new Error(`node ${id} splits on an unknown feature`);
      return f;
    },
    threshold: (id) => {
      const { split } = nodes[id];
      return split?.kind === 'numeric' ? split.threshold : 0;
    },
    branches: (id) => {
      const { split } = nodes[id];
      return split?.kind === 'categorical' ? split.branches : null;
    },
    missingGoesTo: (id) => (nodes[id].missingGoesTo === null ? -1 : integer(nodes[id].missingGoesTo as number, 'missingGoesTo', id)),
    sawMissing: (id) => nodes[id].sawMissing,
    childCount: (id) => nodes[id].children.length,
    child: (id, c) => nodes[id].children[c],
  };
}

/** A tree's nodes as columns. Throws on a node they cannot hold exactly. */
export function packTree(head: TreeHead, nodes: readonly ModelNode[]): PackedTree {
  return packNodes(head, modelNodes(head, nodes));
}

/** The nodes `read` gives as columns, each array the smallest that holds its numbers exactly. */
export function packNodes(head: TreeHead, read: NodeReader): PackedTree {
  const n = read.count;
  const classification = head.task === 'classification';
  const dim = classification ? (head.classes ?? []).length : 1;
  const criterion = head.params?.criterion;
  const impurityOf = classification && cartClassCriterion(criterion) ? (criterion as Criterion) : null;
  const counts = new Float64Array(dim);
  let maxDepth = 0;
  let maxChildren = 0;
  let edges = 0;
  let weighted = false;
  let ownPrediction = false;
  let wholeSamples = true;
  let wholeWeights = true;
  let wholeValues = true;
  let binary = true;
  let weightsAreValueSums = classification;
  let impurityDerived = impurityOf !== null;
  let sawKnown = true;
  for (let id = 0; id < n; id++) {
    const children = read.childCount(id);
    sawKnown &&= children === 0 || read.sawMissing(id) !== undefined;
    const w = read.weightedSamples(id);
    maxDepth = Math.max(maxDepth, read.depth(id));
    maxChildren = Math.max(maxChildren, children);
    edges += children;
    binary &&= children === 0 || (children === 2 && read.child(id, 0) === id + 1);
    weighted ||= w !== undefined;
    ownPrediction ||= !classification && !Object.is(read.prediction(id), read.value(id, 0));
    wholeSamples &&= isInt32(read.samples(id));
    wholeWeights &&= w !== undefined && isInt32(w);
    for (let k = 0; k < dim && wholeValues; k++) wholeValues = isInt32(read.value(id, k));
    if (weightsAreValueSums || impurityDerived) {
      for (let k = 0; k < dim; k++) counts[k] = read.value(id, k);
      weightsAreValueSums &&= w !== undefined && Object.is(w, valueSum(counts));
      impurityDerived &&= Object.is(read.impurity(id), classImpurity(impurityOf as Criterion, counts, w ?? read.samples(id)));
    }
  }
  weightsAreValueSums &&= weighted;
  const tree: PackedTree = {
    dim,
    depth: intsFor(n, maxDepth),
    samples: numbers(n, wholeSamples),
    weightedSamples: weighted && !weightsAreValueSums ? numbers(n, wholeWeights) : null,
    weightsAreValueSums,
    impurity: impurityDerived ? null : new Float64Array(n),
    impurityOf: impurityDerived ? impurityOf : null,
    value: numbers(n * dim, wholeValues),
    prediction: classification ? intsFor(n, dim) : ownPrediction ? new Float64Array(n) : null,
    feature: intsFor(n, head.features.length),
    threshold: new Float64Array(n),
    missingGoesTo: intsFor(n, maxChildren),
    second: binary ? new Int32Array(n) : null,
    childStart: binary ? null : new Int32Array(n + 1),
    children: binary ? null : new Int32Array(edges),
    branches: [],
    sawMissing: sawKnown ? new Uint8Array((n + 7) >> 3) : null,
  };
  let edge = 0;
  for (let id = 0; id < n; id++) {
    tree.depth[id] = read.depth(id);
    tree.samples[id] = read.samples(id);
    if (tree.weightedSamples !== null) tree.weightedSamples[id] = read.weightedSamples(id) ?? NaN;
    if (tree.impurity !== null) tree.impurity[id] = read.impurity(id);
    for (let k = 0; k < dim; k++) tree.value[id * dim + k] = read.value(id, k);
    if (tree.prediction !== null) tree.prediction[id] = read.prediction(id);
    tree.feature[id] = read.feature(id);
    tree.threshold[id] = read.threshold(id);
    const branches = read.branches(id);
    if (branches !== null) tree.branches.push([id, branches]);
    tree.missingGoesTo[id] = read.missingGoesTo(id);
    if (tree.sawMissing !== null && read.sawMissing(id) === true) tree.sawMissing[id >> 3] |= 1 << (id & 7);
    const count = read.childCount(id);
    if (tree.second !== null) tree.second[id] = count === 0 ? -1 : read.child(id, 1);
    else {
      (tree.childStart as Int32Array)[id] = edge;
      for (let c = 0; c < count; c++) (tree.children as Int32Array)[edge++] = read.child(id, c);
    }
  }
  if (tree.childStart !== null) tree.childStart[n] = edge;
  return tree;
}

/** Σ of a node's class counts, in class order (how a kept weight is checked and a derived one computed). */
function valueSum(counts: ArrayLike<number>): number {
  let w = 0;
  for (let k = 0; k < counts.length; k++) w += counts[k];
  return w;
}

export const nodeCount = (tree: PackedTree): number => tree.samples.length;

export const isPackedLeaf = (tree: PackedTree, id: number): boolean => (tree.second !== null ? tree.second[id] < 0 : (tree.childStart as Int32Array)[id + 1] === (tree.childStart as Int32Array)[id]);

/** a[from, to) as a plain array (a loop: Array.from of a typed array goes through an iterator, and this runs for every node unpacked). */
function plain(a: ArrayLike<number>, from: number, to: number): number[] {
  const out = new Array<number>(to - from);
  for (let i = from; i < to; i++) out[i - from] = a[i];
  return out;
}

export function packedChildren(tree: PackedTree, id: number): number[] {
  if (tree.second !== null) return tree.second[id] < 0 ? [] : [id + 1, tree.second[id]];
  const childStart = tree.childStart as Int32Array;
  return plain(tree.children as Int32Array, childStart[id], childStart[id + 1]);
}

/** A node's class counts, read for what is derived from them. */
const countsOf = (tree: PackedTree, id: number): Float64Array => Float64Array.from(tree.value.subarray(id * tree.dim, (id + 1) * tree.dim));

/** Node `id`'s weighted count: kept, the sum of its value, or undefined (an unweighted tree, or NaN: a node without the field). */
export function packedWeight(tree: PackedTree, id: number): number | undefined {
  if (tree.weightsAreValueSums) return valueSum(countsOf(tree, id));
  const w = tree.weightedSamples?.[id];
  return w === undefined || Number.isNaN(w) ? undefined : w;
}

export function packedImpurity(tree: PackedTree, id: number): number {
  if (tree.impurity !== null) return tree.impurity[id];
  return classImpurity(tree.impurityOf as Criterion, countsOf(tree, id), packedWeight(tree, id) ?? tree.samples[id]);
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

/** A split node's ModelNode.sawMissing; undefined for a leaf or a tree that does not record it. */
export function packedSawMissing(tree: PackedTree, id: number): boolean | undefined {
  if (tree.sawMissing === null || tree.feature[id] < 0) return undefined;
  return (tree.sawMissing[id >> 3] & (1 << (id & 7))) !== 0;
}

/** ModelNode.sawMissing per node as the file and the transfer columns (model-columns.ts) hold it: 1 or 0 at a split, −1 at a leaf. */
export function sawMissingColumn(tree: PackedTree): Int8Array {
  return Int8Array.from({ length: nodeCount(tree) }, (_, id) => {
    const saw = packedSawMissing(tree, id);
    return saw === undefined ? -1 : saw ? 1 : 0;
  });
}

/** Node `id` as the model JSON has it (the fields in toModel's order, so files read the same). */
export function unpackNode(tree: PackedTree, head: TreeHead, id: number): ModelNode {
  const missing = tree.missingGoesTo[id];
  const node: ModelNode = {
    id,
    depth: tree.depth[id],
    samples: tree.samples[id],
    impurity: packedImpurity(tree, id),
    value: packedValue(tree, head, id),
    prediction: packedPrediction(tree, head, id),
    split: packedSplit(tree, head, id),
    missingGoesTo: missing < 0 ? null : missing,
    children: packedChildren(tree, id),
  };
  const weighted = packedWeight(tree, id);
  if (weighted !== undefined) node.weightedSamples = weighted;
  const saw = packedSawMissing(tree, id);
  if (saw !== undefined) node.sawMissing = saw;
  return node;
}

export function unpackTree(tree: PackedTree, head: TreeHead): ModelNode[] {
  return Array.from({ length: nodeCount(tree) }, (_, id) => unpackNode(tree, head, id));
}

/** Each typed array's buffer once: what a thread moves (not copies) with the tree. */
export function treeBuffers(tree: PackedTree): ArrayBuffer[] {
  const arrays = [tree.depth, tree.samples, tree.weightedSamples, tree.impurity, tree.value, tree.prediction, tree.feature, tree.threshold, tree.missingGoesTo, tree.second, tree.childStart, tree.children, tree.sawMissing];
  return [...new Set(arrays.filter((a) => a !== null).map((a) => a.buffer as ArrayBuffer))];
}

/** Bytes of the tree's typed arrays (the side table of categorical branches not counted). */
export function packedBytes(tree: PackedTree): number {
  return treeBuffers(tree).reduce((a, b) => a + b.byteLength, 0);
}
