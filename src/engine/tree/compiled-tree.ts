// A model (JSON, docs/model-format.md) compiled once against a Dataset's columns into one flat table of
// 16-byte node records, so that routing a row is a few typed-array reads per node instead of
// object, name and Map lookups: a fully grown tree on a million rows has up to two million nodes,
// and a compact table is what keeps them in cache. Records are in the compiled tree's own
// preorder, so the first child of a node is always the next record. A numeric split also says
// whether each child is a leaf, so that routing ends without reading the leaf's record (in a fully
// grown tree that is the deepest, least cached read of every row).
import { type Column, type Dataset, columnIndex, isNumeric } from '../dataset';
import { formatDate, parseIsoDate } from '../dates';
import { InputError } from '../errors';
import type { ModelNode, ModelSplit, TreeModel } from '../model';

/** What compiling reads of a model besides its nodes. */
type ModelHead = Pick<TreeModel, 'features' | 'target'>;

/** Record head of a leaf; split heads are (column slot << 3) | flags, never negative. */
const LEAF = -1;
/** Flag of a numeric split: missing values take the first child (else the second). */
export const MISSING_FIRST = 1;
/** Flag: the split is categorical (else numeric: `x ≤ threshold` → first child, `x > threshold` → second). */
export const CATEGORICAL = 2;
/** Flag of a numeric split: its first child (the next record) is a leaf. */
export const FIRST_IS_LEAF = 4;
/** Head bits below the column slot. */
export const SLOT_SHIFT = 3;
/** Compile-time links of a node to its parent: none (root, categorical parent), or first child of a numeric split (the parent is the previous record). */
const NO_LINK = -1;
const FIRST_CHILD = -2;

/**
 * Node i's record is bytes [16i, 16i + 16) of one buffer, seen through `word` (Int32Array) and
 * `threshold` (Float64Array). word[4i + 3] is the head: LEAF, or (column slot << SLOT_SHIFT) | flags.
 * A numeric split keeps its threshold at threshold[2i] (words 4i and 4i + 1) and its second child j
 * at word[4i + 2], as ~j (negative) when j is a leaf; a categorical split its (code, child) pairs at [word[4i], word[4i] + word[4i + 1])
 * of pairCode/pairChild, and the child of missing values and unlisted categories at word[4i + 2].
 */
export interface CompiledTree {
  readonly nodeCount: number;
  readonly word: Int32Array;
  readonly threshold: Float64Array;
  /** The model's node id of each compiled node. */
  readonly modelId: Int32Array;
  /** Each compiled leaf's prediction (read with the rest of the node, so that predicting reads no node objects). */
  readonly prediction: ReadonlyArray<string | number>;
  /** Categorical splits: dataset category codes (ascending within a node) and the compiled child of each. */
  readonly pairCode: Int32Array;
  readonly pairChild: Int32Array;
  /** The dataset's values of each numeric feature the tree splits on (NaN missing), by column slot. */
  readonly numeric: readonly Float64Array[];
  /** The dataset's codes of each categorical/boolean feature the tree splits on (−1 missing), by column slot. */
  readonly categorical: readonly Int32Array[];
  /** The feature read through each slot of `numeric` and of `categorical`. */
  readonly slotNames: { readonly numeric: readonly string[]; readonly categorical: readonly string[] };
}

function numericValues(model: ModelHead, dataset: Dataset, name: string): Float64Array {
  const column = dataset.columns[columnIndex(dataset, name)];
  const feature = model.features.find((f) => f.name === name);
  if (feature?.type === 'ordinal') return ordinalCodes(column, feature.categories ?? []);
  const wanted = feature?.type === 'date' ? 'date' : 'numeric';
  if (isNumeric(column)) {
    // All missing reads as numeric: fine for either.
    if (column.type === wanted || column.values.every((v) => Number.isNaN(v))) return column.values;
    throw new InputError('bad-feature', `column "${name}" holds ${column.type === 'date' ? 'dates' : 'numbers'} (the model predicting "${model.target}" splits on it as ${wanted === 'date' ? 'ISO 8601 dates' : 'numbers'})`);
  }
  // A column the reader typed as text: numbers (dates) written as text still count, anything else is bad input.
  const parse = wanted === 'date' ? parseIsoDate : (c: string) => (c.trim() === '' ? NaN : Number(c));
  const asNumber = column.categories.map(parse);
  const bad = asNumber.findIndex((v) => !Number.isFinite(v));
  if (bad >= 0) {
    const what = wanted === 'date' ? 'an ISO 8601 date' : 'a number';
    const message = `column "${name}" holds "${column.categories[bad]}", not ${what} (the model predicting "${model.target}" splits on it as ${wanted === 'date' ? 'dates' : 'numbers'})`;
    throw new InputError('bad-feature', message, undefined, undefined, column.codes.indexOf(bad));
  }
  return Float64Array.from(column.codes, (c) => (c < 0 ? NaN : asNumber[c]));
}

/** An ordinal feature's codes: each value's index in the model's categories; missing and unknown values are NaN. */
function ordinalCodes(column: Column, categories: readonly string[]): Float64Array {
  const index = new Map(categories.map((c, i) => [c, i]));
  if (!isNumeric(column)) {
    const code = column.categories.map((c) => index.get(c) ?? NaN);
    return Float64Array.from(column.codes, (c) => (c < 0 ? NaN : code[c]));
  }
  // Numbers the reader parsed: matched by value (categories "1", "2", "10" read back as numbers).
  const byValue = new Map<number, number>();
  categories.forEach((c, i) => {
    const v = c.trim() === '' ? NaN : Number(c);
    if (!byValue.has(v)) byValue.set(v, i);
  });
  return Float64Array.from(column.values, (v) => byValue.get(v) ?? NaN);
}

/**
 * A categorical column as codes per row (−1 missing) and the name of each code, whatever type the
 * reader gave it. A column read as dates (a model trained on it as text) is matched by instant to
 * the model's category names that are dates (`modelCategories`).
 */
function categoryCodes(dataset: Dataset, name: string, modelCategories: readonly string[] = []): { codes: Int32Array; names: readonly string[] } {
  const column = dataset.columns[columnIndex(dataset, name)];
  if (!isNumeric(column)) return { codes: column.codes, names: column.categories };
  const index = new Map<string, number>();
  const spelled = new Map<number, string>();
  if (column.type === 'date') for (const c of modelCategories) if (!spelled.has(parseIsoDate(c))) spelled.set(parseIsoDate(c), c);
  const codes = Int32Array.from(column.values, (v) => {
    if (Number.isNaN(v)) return -1;
    const key = spelled.get(v) ?? (column.type === 'date' ? formatDate(v) : String(v));
    let c = index.get(key);
    if (c === undefined) index.set(key, (c = index.size));
    return c;
  });
  return { codes, names: [...index.keys()] };
}

/** The split features met while compiling, each given a slot in its kind's column list on first sight. */
class FeatureSlots {
  readonly numericNames: string[] = [];
  readonly categoricalNames: string[] = [];
  private readonly slotOf = new Map<string, number>();

  slot(name: string, kind: 'numeric' | 'categorical'): number {
    let slot = this.slotOf.get(name);
    if (slot === undefined) {
      slot = (kind === 'numeric' ? this.numericNames : this.categoricalNames).push(name) - 1;
      this.slotOf.set(name, slot);
    }
    return slot;
  }

  /** Reads each feature's column; problems are reported in the model's feature order. */
  bind(model: ModelHead, dataset: Dataset) {
    const numeric = new Array<Float64Array>(this.numericNames.length);
    const categorical = new Array<{ codes: Int32Array; codeOf: Map<string, number> }>(this.categoricalNames.length);
    const names = [...new Set([...model.features.map((f) => f.name), ...this.numericNames, ...this.categoricalNames])];
    for (const name of names) {
      if (!this.slotOf.has(name)) continue;
      if (columnIndex(dataset, name) < 0) throw new InputError('unknown-column', `column "${name}" used by the model is not in the data`);
      const slot = this.slotOf.get(name) as number;
      if (this.numericNames[slot] === name) numeric[slot] = numericValues(model, dataset, name);
      else {
        const { codes, names: categories } = categoryCodes(dataset, name, model.features.find((f) => f.name === name)?.categories);
        categorical[slot] = { codes, codeOf: new Map(categories.map((n, c) => [n, c])) };
      }
    }
    return { numeric, categorical };
  }
}

export function compileTree(model: TreeModel, dataset: Dataset): CompiledTree {
  return compileNodes(model, model.nodes.length, (id) => model.nodes[id], dataset);
}

/**
 * compileTree for a tree held otherwise than as node objects (the host's columns,
 * src/engine/tree-columns.ts): `node(id)` gives each of its `count` nodes, read once each.
 */
export function compileNodes(model: ModelHead, count: number, node: (id: number) => Pick<ModelNode, 'split' | 'children' | 'prediction' | 'missingGoesTo'>, dataset: Dataset): CompiledTree {
  const buffer = new ArrayBuffer(count * 16);
  const word = new Int32Array(buffer);
  const threshold = new Float64Array(buffer);
  const modelId = new Int32Array(count);
  const compiledOf = new Int32Array(count);
  const slots = new FeatureSlots();
  const categoricalNodes: number[] = [];
  const prediction = new Array<string | number>(count);
  // One preorder walk without recursion (deep trees would overflow the stack), reading each node
  // object once. The stack holds (model id, link) pairs: a node's link says where its compiled
  // index goes, so that no second pass over the records is needed (on a 2M-node tree that pass
  // was a cache miss per split). Categorical children are resolved after, from compiledOf.
  const stack = [0, NO_LINK];
  let nodeCount = 0;
  while (stack.length > 0) {
    const link = stack.pop() as number;
    const id = stack.pop() as number;
    const i = nodeCount++;
    modelId[i] = id;
    compiledOf[id] = i;
    const { split, children, prediction: predicted, missingGoesTo } = node(id);
    const leaf = split === null || children.length === 0;
    if (link >= 0) word[4 * link + 2] = leaf ? ~i : i;
    else if (link === FIRST_CHILD && leaf) word[4 * (i - 1) + 3] |= FIRST_IS_LEAF;
    if (leaf) {
      word[4 * i + 3] = LEAF;
      prediction[i] = predicted;
    } else if (split.kind === 'numeric') {
      word[4 * i + 3] = (slots.slot(split.feature, 'numeric') << SLOT_SHIFT) | (missingGoesTo === 0 ? MISSING_FIRST : 0);
      threshold[2 * i] = split.threshold;
      stack.push(children[1], i, children[0], FIRST_CHILD);
    } else {
      word[4 * i + 3] = (slots.slot(split.feature, 'categorical') << SLOT_SHIFT) | CATEGORICAL;
      for (let b = children.length - 1; b >= 0; b--) stack.push(children[b], NO_LINK);
      categoricalNodes.push(i);
    }
  }
  const { numeric, categorical } = slots.bind(model, dataset);
  const codes: number[] = [];
  const pairChildren: number[] = [];
  for (const i of categoricalNodes) {
    const { split: s, children, missingGoesTo } = node(modelId[i]);
    const split = s as Extract<ModelSplit, { kind: 'categorical' }>;
    const { codeOf } = categorical[word[4 * i + 3] >> SLOT_SHIFT];
    word[4 * i + 2] = compiledOf[children[missingGoesTo ?? 0]];
    // Names the data does not hold are dropped (no row has them); a name listed twice keeps its last branch.
    const childOfCode = new Map<number, number>();
    split.branches.forEach((names, b) =>
      names.forEach((n) => {
        const c = codeOf.get(n);
        if (c !== undefined) childOfCode.set(c, compiledOf[children[b]]);
      }),
    );
    word[4 * i] = codes.length;
    word[4 * i + 1] = childOfCode.size;
    for (const c of [...childOfCode.keys()].sort((x, y) => x - y)) {
      codes.push(c);
      pairChildren.push(childOfCode.get(c) as number);
    }
  }
  return {
    nodeCount,
    word,
    threshold,
    modelId: modelId.subarray(0, nodeCount),
    prediction,
    pairCode: Int32Array.from(codes),
    pairChild: Int32Array.from(pairChildren),
    numeric,
    categorical: categorical.map((c) => c.codes),
    slotNames: { numeric: slots.numericNames, categorical: slots.categoricalNames },
  };
}

/**
 * The same compiled tree reading feature `name` from `dataset` instead (permutation importance:
 * that column shuffled, everything else as compiled). The column must keep the categories it had
 * when the tree was compiled, which the codes of categorical splits refer to.
 */
export function withColumn(tree: CompiledTree, model: ModelHead, dataset: Dataset, name: string): CompiledTree {
  const n = tree.slotNames.numeric.indexOf(name);
  if (n >= 0) return { ...tree, numeric: tree.numeric.map((v, slot) => (slot === n ? numericValues(model, dataset, name) : v)) };
  const c = tree.slotNames.categorical.indexOf(name);
  if (c >= 0) return { ...tree, categorical: tree.categorical.map((v, slot) => (slot === c ? categoryCodes(dataset, name, model.features.find((f) => f.name === name)?.categories).codes : v)) };
  return tree; // a feature the tree never splits on
}

/** The child a categorical node `i` sends dataset code `code` to: a binary search of its sorted pairs. */
function categoricalChild(tree: CompiledTree, i: number, code: number): number {
  const { word, pairCode } = tree;
  let lo = word[4 * i];
  let hi = lo + word[4 * i + 1] - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const c = pairCode[mid];
    if (c === code) return tree.pairChild[mid];
    if (c < code) lo = mid + 1;
    else hi = mid - 1;
  }
  return word[4 * i + 2];
}

/**
 * 1 when value `v` takes the first child (`x ≤ t`) of a numeric split with record head `head`, else 0.
 * NaN compares false both ways: missing values take the side the split learnt. Written without a
 * branch (V8 emits a compare and setcc): node by node, a branch on a value not yet in cache was a
 * misprediction half the time, and each one stalled the loads that follow.
 */
export function firstSide(v: number, t: number, head: number): number {
  return +(v <= t) | (+(v !== v) & head & MISSING_FIRST);
}

/** True when compiled node `i` is a leaf. */
export function isLeaf(tree: CompiledTree, i: number): boolean {
  return tree.word[4 * i + 3] === LEAF;
}

/** The child that split node `i` sends row `row` to. */
export function childOf(tree: CompiledTree, i: number, row: number): number {
  const head = tree.word[4 * i + 3];
  if ((head & CATEGORICAL) !== 0) return categoricalChild(tree, i, tree.categorical[head >> SLOT_SHIFT][row]);
  if (firstSide(tree.numeric[head >> SLOT_SHIFT][row], tree.threshold[2 * i], head) !== 0) return i + 1;
  const j = tree.word[4 * i + 2];
  return j < 0 ? ~j : j;
}

/** The compiled leaf that row `row` reaches from node `from`; numeric splits name their leaf children, so no leaf record is read after one. */
export function leafFrom(tree: CompiledTree, from: number, row: number): number {
  const { word, threshold, numeric } = tree;
  let i = from;
  for (;;) {
    const head = word[4 * i + 3];
    if (head === LEAF) return i;
    if ((head & CATEGORICAL) !== 0) {
      i = categoricalChild(tree, i, tree.categorical[head >> SLOT_SHIFT][row]);
      continue;
    }
    if (firstSide(numeric[head >> SLOT_SHIFT][row], threshold[2 * i], head) !== 0) {
      i++;
      if ((head & FIRST_IS_LEAF) !== 0) return i;
    } else {
      const j = word[4 * i + 2];
      if (j < 0) return ~j;
      i = j;
    }
  }
}
