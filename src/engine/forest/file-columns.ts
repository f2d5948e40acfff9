// A forest tree in the model file, version 2 (docs/model-format.md "Forest model"): one array per
// node field, as XGBoost's JSON, written from the packed columns (packed-tree.ts) and read back
// into them. What the other fields determine is left out: ids (the index), depth (from the
// children), a binary tree's first child (the next node), and a CART classification tree's
// impurities (its criterion of the class counts). Each array is written a slice at a time, so no
// string is longer than a few MB however many nodes a tree has.
import { isOrderedType } from '../dataset';
import { bad } from '../tree/bad-model';
import { nodeCount, packNodes, sawMissingColumn, type NodeReader, type PackedTree, type TreeHead } from './packed-tree';
import { cartClassCriterion, classImpurity } from '../tree/criteria';

/** Numbers per slice of an array written (≤ ~25 bytes each: half a MB). */
const SLICE = 20_000;

/** A number as JSON has it: shortest round-trip text; +∞ as 1e309 (json-text.ts); NaN (no value) as null. */
function numbersText(a: ArrayLike<number>, from: number, to: number): string {
  const text = Array.prototype.join.call(typeof (a as Float64Array).subarray === 'function' ? (a as Float64Array).subarray(from, to) : Array.prototype.slice.call(a, from, to), ',') as string;
  return /[IN]/.test(text) ? text.replace(/-?Infinity/g, (m) => (m[0] === '-' ? '-1e309' : '1e309')).replace(/NaN/g, 'null') : text;
}

/** `"key":[…]` a slice at a time, after `lead` (a comma, or nothing for an object's first field). */
export function* arrayChunks(key: string, a: ArrayLike<number>, lead = ','): Generator<string> {
  for (let from = 0; from < a.length || from === 0; from += SLICE) {
    yield (from === 0 ? `${lead}"${key}":[` : ',') + numbersText(a, from, Math.min(a.length, from + SLICE));
    if (a.length === 0) break;
  }
  yield ']';
}

/** Node i's child count (the file's `childCount` for a tree that is not binary in preorder). */
function childCounts(tree: PackedTree): Int32Array {
  const start = tree.childStart as Int32Array;
  return Int32Array.from({ length: nodeCount(tree) }, (_, i) => start[i + 1] - start[i]);
}

/** One tree as the file's JSON object, in chunks. */
export function* treeFileChunks(tree: PackedTree, featureImportances: Record<string, number>): Generator<string> {
  yield `{"featureImportances":${JSON.stringify(featureImportances)},`;
  yield* columnChunks(tree);
  yield '}';
}

/** A tree's fields of the file (its columns and `branches`), in chunks, the first without a leading comma. */
export function* columnChunks(tree: PackedTree): Generator<string> {
  const chunks: Array<[string, ArrayLike<number> | null]> = [
    ['samples', tree.samples],
    ['weightedSamples', tree.weightedSamples ?? (tree.weightsAreValueSums ? weightSums(tree) : null)],
    ['impurity', tree.impurity],
    ['value', tree.value],
    ['prediction', tree.prediction],
    ['feature', tree.feature],
    ['threshold', tree.threshold],
    ['missingGoesTo', tree.missingGoesTo],
    ['sawMissing', tree.sawMissing === null ? null : sawMissingColumn(tree)],
    ['right', tree.second],
    ['childCount', tree.second === null ? childCounts(tree) : null],
    ['children', tree.children],
  ];
  let lead = '';
  for (const [key, a] of chunks) {
    if (a === null) continue;
    yield* arrayChunks(key, a, lead);
    lead = ',';
  }
  if (tree.branches.length > 0) yield `,"branches":${JSON.stringify(tree.branches)}`;
}

function weightSums(tree: PackedTree): Float64Array {
  const n = nodeCount(tree);
  const out = new Float64Array(n);
  for (let i = 0; i < n; i++) for (let k = 0; k < tree.dim; k++) out[i] += tree.value[i * tree.dim + k];
  return out;
}

/** The file's fields of one tree (arrays of numbers, `branches`, `featureImportances`), before checking. */
export type RawColumns = Record<string, unknown>;

const COLUMNS = ['samples', 'weightedSamples', 'impurity', 'value', 'prediction', 'feature', 'threshold', 'missingGoesTo', 'sawMissing', 'right', 'childCount', 'children'] as const;
export const isColumnName = (key: string): boolean => (COLUMNS as readonly string[]).includes(key);

function numbers(raw: RawColumns, key: string, length: number, required: boolean, nullable = false): number[] | null {
  const a = raw[key];
  if (a === undefined && !required) return null;
  if (!Array.isArray(a) || a.length !== length) bad(`"${key}" must be an array of ${length} numbers`);
  for (const v of a as unknown[]) if (typeof v !== 'number' && !(nullable && v === null)) bad(`"${key}" must hold numbers only`);
  return a as number[];
}

function indices(raw: RawColumns, key: string, length: number, min: number, max: number, required = true): number[] | null {
  const a = numbers(raw, key, length, required);
  if (a !== null) for (const v of a) if (!Number.isInteger(v) || v < min || v > max) bad(`"${key}" holds ${v}, not an index from ${min} to ${max}`);
  return a;
}

/**
 * A tree's file columns checked as the version-1 reader checks nodes (model-json.ts checkNode:
 * children later ids in range, splits on known features of the right kind, missingGoesTo an index
 * of the children, values of the right shape) and packed.
 */
export function columnsToPacked(head: TreeHead, raw: RawColumns): PackedTree {
  const samples = numbers(raw, 'samples', Array.isArray(raw.samples) ? raw.samples.length : 0, true) as number[];
  const n = samples.length;
  if (n === 0) bad('"samples" must be a non-empty array');
  const classification = head.task === 'classification';
  const dim = classification ? (head.classes ?? []).length : 1;
  const value = numbers(raw, 'value', n * dim, true) as number[];
  const weighted = numbers(raw, 'weightedSamples', n, false, true);
  const criterion = head.params?.criterion;
  const impurity = numbers(raw, 'impurity', n, !(classification && cartClassCriterion(criterion)));
  const prediction = classification ? (indices(raw, 'prediction', n, 0, dim - 1) as number[]) : numbers(raw, 'prediction', n, false);
  const feature = indices(raw, 'feature', n, -1, head.features.length - 1) as number[];
  const threshold = numbers(raw, 'threshold', n, true) as number[];
  const right = indices(raw, 'right', n, -1, n - 1, false);
  const counts = right === null ? (indices(raw, 'childCount', n, 0, n - 1) as number[]) : null;
  const start = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) start[i + 1] = start[i] + (right === null ? (counts as number[])[i] : right[i] < 0 ? 0 : 2);
  const children = right === null ? (indices(raw, 'children', start[n], 1, n - 1) as number[]) : null;
  const child = (id: number, c: number): number => (right === null ? (children as number[])[start[id] + c] : c === 0 ? id + 1 : right[id]);
  const childCount = (id: number): number => start[id + 1] - start[id];
  const missing = indices(raw, 'missingGoesTo', n, -1, n - 1) as number[];
  // Absent in files written before it (read as not known: the rules say "or missing" as before).
  const saw = indices(raw, 'sawMissing', n, -1, 1, false);
  const branchList = raw.branches ?? [];
  if (!Array.isArray(branchList)) bad('"branches" must be an array');
  const branches = new Map<number, string[][]>();
  for (const entry of branchList as unknown[]) {
    const [id, b] = Array.isArray(entry) ? (entry as unknown[]) : [];
    const ok = Number.isInteger(id) && (id as number) >= 0 && (id as number) < n && Array.isArray(b) && b.every((x) => Array.isArray(x) && x.every((s) => typeof s === 'string'));
    if (!ok) bad('"branches" must hold [node, [[category, …], …]] pairs');
    branches.set(id as number, b as string[][]);
  }
  const depth = new Int32Array(n);
  for (let id = 0; id < n; id++) {
    const count = childCount(id);
    for (let c = 0; c < count; c++) {
      const kid = child(id, c);
      if (kid <= id || kid >= n) bad(`node ${id} children must be later node ids`);
      depth[kid] = depth[id] + 1;
    }
    const f = feature[id];
    if (f < 0) {
      if (count !== 0 || missing[id] !== -1 || branches.has(id) || (saw !== null && saw[id] !== -1)) bad(`node ${id} is a leaf (feature -1) but has children, missingGoesTo, sawMissing or branches`);
      continue;
    }
    if (saw !== null && saw[id] === -1) bad(`node ${id} splits but its sawMissing is -1 (a leaf's)`);
    if (count === 0) bad(`node ${id} splits but has no children`);
    if (missing[id] < 0 || missing[id] >= count) bad(`node ${id} missingGoesTo must index its children`);
    const b = branches.get(id);
    if (isOrderedType(head.features[f].type) ? b !== undefined || count !== 2 : b === undefined || b.length !== count) bad(`node ${id} has a malformed ${b === undefined ? 'numeric' : 'categorical'} split`);
  }
  const counts2 = new Float64Array(dim);
  const reader: NodeReader = {
    count: n,
    depth: (id) => depth[id],
    samples: (id) => samples[id],
    weightedSamples: (id) => (weighted === null || weighted[id] === null ? undefined : weighted[id]),
    impurity: (id) => {
      if (impurity !== null) return impurity[id];
      for (let k = 0; k < dim; k++) counts2[k] = value[id * dim + k];
      return classImpurity(criterion as string, counts2, weighted?.[id] ?? samples[id]);
    },
    value: (id, k) => value[id * dim + k],
    prediction: (id) => (prediction === null ? value[id] : prediction[id]),
    feature: (id) => feature[id],
    threshold: (id) => threshold[id],
    branches: (id) => branches.get(id) ?? null,
    missingGoesTo: (id) => missing[id],
    sawMissing: (id) => (saw === null || saw[id] < 0 ? undefined : saw[id] === 1),
    childCount,
    child,
  };
  return packNodes(head, reader);
}
