// A tree or forest as an ONNX model (docs/model-format.md "ONNX export"): one ai.onnx.ml
// TreeEnsembleClassifier or TreeEnsembleRegressor node (ai.onnx.ml opset 3, IR version 8) that
// routes every row as predict does (tree/compiled-tree.ts) and gives its probabilities and values:
// - input `features`: one double tensor [N, F], a column per model feature in the model's order
//   (onnxInputColumns). Double, not float: onnxruntime compares a double input with double
//   thresholds (the `_as_tensor` attributes), so every threshold splits exactly where ours does;
//   with float32 a value within a float32 step of a threshold could take the other branch.
// - numeric `x ≤ t` → BRANCH_LEQ, missing values (NaN) following `missingGoesTo` through
//   nodes_missing_value_tracks_true; a categorical split → a chain of BRANCH_EQ tests on the
//   category's code, one per listed category, the chain's end taking missing values (NaN fails
//   every test) and unlisted categories, as predict sends them to `missingGoesTo`. A subtree
//   reached from several categories is written once per category (the operator has no shared nodes).
// - leaves weigh each class by the leaf's class shares (a forest: what tally.ts adds, divided by
//   the number of trees, so the sum is the mean); two classes as onnxruntime's binary case (one
//   weight, the second class's share: label = share > 0.5, probabilities [1 − p, p]); a
//   regression forest averages (aggregate_function AVERAGE).
import type { ColumnType } from '../dataset';
import { InputError } from '../errors';
import { leafContribution } from '../forest/tally';
import { memberModel } from '../forest/predict';
import type { ForestModel } from '../forest/types';
import { ATTRIBUTE, ATTRIBUTE_TYPE, DIMENSION, ELEM_TYPE, EXPORT_COLUMNS_KEY, GRAPH, MODEL, NODE, OPSET_ID, SHAPE, STRING_ENTRY, TENSOR, TENSOR_TYPE, TYPE, VALUE_INFO } from '../import/onnx-schema';
import { MessageWriter } from '../import/protobuf-writer';
import type { ModelNode, TreeModel } from '../model';
import { FOREST_FORMAT } from '../forest/types';

export const ONNX_IR_VERSION = 8;
export const ONNX_ML_OPSET = 3;
export const ONNX_OPSET = 17;
export const ONNX_INPUT = 'features';
/** More nodes than this (categorical chains copy subtrees) is refused rather than written. */
const MAX_NODES = 4_000_000;

/** One column of the input tensor: a feature, how its values are written, and the codes of categories. */
export interface OnnxInputColumn {
  name: string;
  type: ColumnType;
  /** Categorical, boolean and ordinal features: the value written for category `categories[i]` is i. */
  categories?: string[];
}

interface OnnxNode {
  mode: 'BRANCH_LEQ' | 'BRANCH_EQ' | 'LEAF';
  feature: number;
  value: number;
  trueId: number;
  falseId: number;
  missingTrue: 0 | 1;
  /** Leaves: the weight of each output. */
  weights: number[];
}

const refuse = (message: string): InputError => new InputError('bad-model', `cannot export as ONNX: ${message}`);

/** The input columns of a model: one per feature, categories numbered as the export's tests read them. */
class Columns {
  readonly columns: OnnxInputColumn[];
  private readonly index: Map<string, number>;
  private readonly codes: Array<Map<string, number> | null>;

  constructor(model: Pick<TreeModel, 'features'>) {
    this.columns = model.features.map((f) => ({ name: f.name, type: f.type, ...(f.type === 'numeric' || f.type === 'date' ? {} : { categories: [...(f.categories ?? [])] }) }));
    this.index = new Map(model.features.map((f, i) => [f.name, i]));
    this.codes = this.columns.map((c) => (c.categories === undefined ? null : new Map(c.categories.map((n, i) => [n, i]))));
  }

  feature(name: string): number {
    const i = this.index.get(name);
    if (i === undefined) throw refuse(`a split reads "${name}", which is not among the model's features`);
    return i;
  }

  /** The code of category `name` of feature `f` (a name the feature's list lacks is added after the others). */
  code(f: number, name: string): number {
    const codes = this.codes[f];
    if (codes === null) throw refuse(`a categorical split on the numeric feature "${this.columns[f].name}"`);
    let c = codes.get(name);
    if (c === undefined) {
      c = codes.size;
      codes.set(name, c);
      (this.columns[f].categories as string[]).push(name);
    }
    return c;
  }
}

const isLeaf = (node: ModelNode): boolean => node.split === null || node.children.length === 0;

/** Categorical branches as disjoint code lists: a name listed twice belongs to its last branch, as in predict. */
function branchOfCode(columns: Columns, f: number, branches: readonly string[][]): Map<number, number> {
  const owner = new Map<number, number>();
  branches.forEach((names, b) => names.forEach((n) => owner.set(columns.code(f, n), b)));
  return owner;
}

/** One tree's ONNX nodes, the root first (node id = index). `leaf` gives a leaf's output weights. */
function treeNodes(model: TreeModel, columns: Columns, leaf: (node: ModelNode) => number[], budget: { left: number }): OnnxNode[] {
  const out: OnnxNode[] = [];
  const alloc = (): number => {
    if (--budget.left < 0) throw refuse(`more than ${MAX_NODES.toLocaleString('en-US')} nodes once categorical splits are written as equality tests (each category's subtree is a copy)`);
    return out.push({ mode: 'LEAF', feature: 0, value: 0, trueId: 0, falseId: 0, missingTrue: 0, weights: [] }) - 1;
  };
  // Work stack without recursion (deep trees): write model node `id`'s subtree at ONNX slot `at`.
  const stack: Array<{ id: number; at: number }> = [{ id: 0, at: alloc() }];
  while (stack.length > 0) {
    const { id, at } = stack.pop() as { id: number; at: number };
    const node = model.nodes[id];
    if (isLeaf(node)) {
      out[at].weights = leaf(node);
      continue;
    }
    const split = node.split as NonNullable<ModelNode['split']>;
    const f = columns.feature(split.feature);
    if (split.kind === 'numeric') {
      const t = alloc();
      const e = alloc();
      out[at] = { mode: 'BRANCH_LEQ', feature: f, value: split.threshold, trueId: t, falseId: e, missingTrue: node.missingGoesTo === 0 ? 1 : 0, weights: [] };
      stack.push({ id: node.children[1], at: e }, { id: node.children[0], at: t });
      continue;
    }
    const missing = node.missingGoesTo ?? 0;
    let cur = at;
    for (const [code, b] of [...branchOfCode(columns, f, split.branches)].sort((x, y) => x[0] - y[0])) {
      if (b === missing) continue;
      const t = alloc();
      const next = alloc();
      out[cur] = { mode: 'BRANCH_EQ', feature: f, value: code, trueId: t, falseId: next, missingTrue: 0, weights: [] };
      stack.push({ id: node.children[b], at: t });
      cur = next;
    }
    stack.push({ id: node.children[missing], at: cur });
  }
  return out;
}

/** The label onnxruntime gives a leaf's class weights: the first largest, or with two classes (one weight p) the second class when p > 0.5. */
function onnxLabel(weights: readonly number[], classes: number): number {
  if (classes === 2) return weights[0] > 0.5 ? 1 : 0;
  let best = 0;
  for (let k = 1; k < weights.length; k++) if (weights[k] > weights[best]) best = k;
  return best;
}

/** A single tree's leaf: its class shares (the second class's alone with two classes), or its value. */
function treeLeaf(model: TreeModel): (node: ModelNode) => number[] {
  if (model.task === 'regression') return (node) => [node.prediction as number];
  const classes = model.classes ?? [];
  return (node) => {
    const counts = node.value as number[];
    const total = counts.reduce((a, b) => a + b, 0);
    const shares = counts.map((c) => (total > 0 ? c / total : 0));
    const weights = classes.length === 2 ? [shares[1]] : shares;
    // predict answers the leaf's stored prediction; the operator answers from the weights.
    const t = model.decisionThreshold;
    if (t !== undefined && total > 0 && classes[onnxLabel(weights, classes.length)] !== String(node.prediction)) {
      // The operator labels a leaf by its largest share and has no threshold (docs/model-format.md "Decision threshold").
      throw refuse(
        `the decision threshold ${t.value} on "${t.positiveClass}" makes leaf ${node.id} (class shares ${shares.map((x) => x.toFixed(4)).join(', ')}) predict "${String(node.prediction)}", ` +
          `and TreeEnsembleClassifier labels a leaf by its largest share; export a tree trained without --threshold and compare its probability output with ${t.value}, or export as Python, JavaScript or SQL, which keep it`,
      );
    }
    if (total <= 0 || classes[onnxLabel(weights, classes.length)] !== String(node.prediction))
      throw refuse(`leaf ${node.id} predicts "${String(node.prediction)}" but its class shares (${shares.join(', ')}) make the operator answer otherwise`);
    return weights;
  };
}

interface Ensemble {
  classifier: boolean;
  classes: string[];
  trees: OnnxNode[][];
  average: boolean;
}

function ensembleOf(model: TreeModel | ForestModel, columns: Columns): Ensemble {
  const classifier = model.task === 'classification';
  const classes = model.classes ?? [];
  if (classifier && classes.length < 2) throw refuse(`a classifier of ${classes.length} class${classes.length === 1 ? '' : 'es'}; the operator needs at least two`);
  const budget = { left: MAX_NODES };
  if (model.format !== FOREST_FORMAT) return { classifier, classes, trees: [treeNodes(model, columns, treeLeaf(model), budget)], average: false };
  const t = model.decisionThreshold;
  // The operator labels a row by its largest mean share and has no threshold (docs/model-format.md "Decision threshold").
  if (t !== undefined) {
    throw refuse(
      `the forest decides at the threshold ${t.value} on the share of "${t.positiveClass}", and TreeEnsembleClassifier labels a row by its largest share; ` +
        `export the forest trained without --threshold and compare its probabilities output with ${t.value}, or export as Python or JavaScript, which keep it`,
    );
  }
  const n = model.trees.length;
  // The forest's sum of leaf contributions (tally.ts), divided by n so that the operator's sum is the mean.
  const leaf = (node: ModelNode): number[] => {
    const c = leafContribution(model, node.value);
    if (!classifier) return c;
    return (classes.length === 2 ? [c[1]] : c).map((x) => x / n);
  };
  const trees = model.trees.map((_, t) => treeNodes(memberModel(model, t), columns, leaf, budget));
  return { classifier, classes, trees, average: !classifier };
}

function attribute(name: string): MessageWriter {
  return new MessageWriter().string(ATTRIBUTE.name, name);
}
const intsAttr = (name: string, values: readonly number[]): MessageWriter => attribute(name).ints(ATTRIBUTE.ints, values).int(ATTRIBUTE.type, ATTRIBUTE_TYPE.ints);
const stringAttr = (name: string, value: string): MessageWriter => attribute(name).string(ATTRIBUTE.s, value).int(ATTRIBUTE.type, ATTRIBUTE_TYPE.string);
function stringsAttr(name: string, values: readonly string[]): MessageWriter {
  const a = attribute(name);
  for (const v of values) a.string(ATTRIBUTE.strings, v);
  return a.int(ATTRIBUTE.type, ATTRIBUTE_TYPE.strings);
}
/** A double list as the operator's `_as_tensor` attribute: a 1-D double tensor. */
function doublesAttr(name: string, values: readonly number[]): MessageWriter {
  const tensor = new MessageWriter().ints(TENSOR.dims, [values.length]).int(TENSOR.dataType, ELEM_TYPE.double).doubles(TENSOR.doubleData, values);
  return attribute(`${name}_as_tensor`).message(ATTRIBUTE.t, tensor).int(ATTRIBUTE.type, ATTRIBUTE_TYPE.tensor);
}

function valueInfo(name: string, elemType: number, dims: ReadonlyArray<number | string>, doc: string): MessageWriter {
  const shape = new MessageWriter();
  for (const d of dims) shape.message(SHAPE.dim, typeof d === 'number' ? new MessageWriter().int(DIMENSION.value, d) : new MessageWriter().string(DIMENSION.param, d));
  const tensorType = new MessageWriter().int(TENSOR_TYPE.elemType, elemType).message(TENSOR_TYPE.shape, shape);
  return new MessageWriter().string(VALUE_INFO.name, name).message(VALUE_INFO.type, new MessageWriter().message(TYPE.tensorType, tensorType)).string(VALUE_INFO.docString, doc);
}

/** How each input column is written, for the input's doc string. */
function columnsDoc(columns: readonly OnnxInputColumn[]): string {
  const how = (c: OnnxInputColumn): string =>
    c.type === 'numeric' ? 'the number' : c.type === 'date' ? 'milliseconds since 1970-01-01T00:00Z' : `the category's code (${(c.categories ?? []).map((n, i) => `${JSON.stringify(n)}=${i}`).join(', ')})`;
  return `One row per case, one column per feature; NaN for a missing value or a category not listed. ${columns.map((c, i) => `column ${i} ${JSON.stringify(c.name)}: ${how(c)}`).join('; ')}`;
}

/** The input columns the ONNX export of `model` reads, in order (categories numbered as its tests read them). */
export function onnxInputColumns(model: TreeModel | ForestModel): OnnxInputColumn[] {
  const columns = new Columns(model);
  ensembleOf(model, columns);
  return columns.columns;
}

/** The model as an ONNX file's bytes; a model the operator cannot route as predict does is refused (InputError). */
export function exportOnnx(model: TreeModel | ForestModel): Uint8Array {
  const columns = new Columns(model);
  const { classifier, classes, trees, average } = ensembleOf(model, columns);
  const nodes = trees.flatMap((nodes, t) => nodes.map((n, id) => ({ ...n, t, id })));
  const leaves = nodes.filter((n) => n.mode === 'LEAF').flatMap((n) => n.weights.map((w, k) => ({ t: n.t, id: n.id, k: classifier && classes.length === 2 ? 0 : k, w })));
  const prefix = classifier ? 'class' : 'target';
  const op = new MessageWriter()
    .string(NODE.input, ONNX_INPUT)
    .string(NODE.output, classifier ? 'label' : 'value');
  if (classifier) op.string(NODE.output, 'probabilities');
  op.string(NODE.name, 'trees').string(NODE.opType, classifier ? 'TreeEnsembleClassifier' : 'TreeEnsembleRegressor').string(NODE.domain, 'ai.onnx.ml');
  const attrs = [
    intsAttr('nodes_treeids', nodes.map((n) => n.t)),
    intsAttr('nodes_nodeids', nodes.map((n) => n.id)),
    intsAttr('nodes_featureids', nodes.map((n) => n.feature)),
    stringsAttr('nodes_modes', nodes.map((n) => n.mode)),
    doublesAttr('nodes_values', nodes.map((n) => n.value)),
    intsAttr('nodes_truenodeids', nodes.map((n) => n.trueId)),
    intsAttr('nodes_falsenodeids', nodes.map((n) => n.falseId)),
    intsAttr('nodes_missing_value_tracks_true', nodes.map((n) => n.missingTrue)),
    intsAttr(`${prefix}_treeids`, leaves.map((l) => l.t)),
    intsAttr(`${prefix}_nodeids`, leaves.map((l) => l.id)),
    intsAttr(`${prefix}_ids`, leaves.map((l) => l.k)),
    doublesAttr(`${prefix}_weights`, leaves.map((l) => l.w)),
    stringAttr('post_transform', 'NONE'),
    ...(classifier ? [stringsAttr('classlabels_strings', classes)] : [attribute('n_targets').int(ATTRIBUTE.i, 1).int(ATTRIBUTE.type, ATTRIBUTE_TYPE.int), stringAttr('aggregate_function', average ? 'AVERAGE' : 'SUM')]),
  ];
  for (const a of attrs) op.message(NODE.attribute, a);
  const k = classes.length;
  const graph = new MessageWriter()
    .message(GRAPH.node, op)
    .string(GRAPH.name, `decision tree predicting ${model.target}`)
    .message(GRAPH.input, valueInfo(ONNX_INPUT, ELEM_TYPE.double, ['N', columns.columns.length], columnsDoc(columns.columns)));
  if (classifier) {
    graph.message(GRAPH.output, valueInfo('label', ELEM_TYPE.string, ['N'], `the predicted ${model.target}`));
    graph.message(GRAPH.output, valueInfo('probabilities', ELEM_TYPE.float, ['N', k], `class probabilities in the order ${classes.map((c) => JSON.stringify(c)).join(', ')}`));
  } else graph.message(GRAPH.output, valueInfo('value', ELEM_TYPE.float, ['N', 1], `the predicted ${model.target}`));
  const opset = (domain: string, version: number): MessageWriter => new MessageWriter().string(OPSET_ID.domain, domain).int(OPSET_ID.version, version);
  const meta = (key: string, value: string): MessageWriter => new MessageWriter().string(STRING_ENTRY.key, key).string(STRING_ENTRY.value, value);
  return new MessageWriter()
    .int(MODEL.irVersion, ONNX_IR_VERSION)
    .string(MODEL.producerName, 'Decision Tree Explorer')
    .string(MODEL.docString, `${model.format === FOREST_FORMAT ? `forest of ${model.trees.length} trees` : 'decision tree'} predicting ${JSON.stringify(model.target)} (${model.task})`)
    .message(MODEL.graph, graph)
    .message(MODEL.opsetImport, opset('', ONNX_OPSET))
    .message(MODEL.opsetImport, opset('ai.onnx.ml', ONNX_ML_OPSET))
    .message(MODEL.metadataProps, meta(EXPORT_COLUMNS_KEY, JSON.stringify(columns.columns)))
    .finish();
}
