// An ONNX model (onnx.proto) holding one ai.onnx.ml TreeEnsembleClassifier or TreeEnsembleRegressor
// node (onnx.ai/onnx/operators/onnx_aionnxml_TreeEnsembleClassifier.html), as skl2onnx writes it for
// scikit-learn trees and forests and onnxmltools for LightGBM, XGBoost and Spark ML, optionally
// followed by a ZipMap, Cast or Identity, as an ImportedEnsemble. onnxruntime reads a float input as
// float32 and sums leaf weights in float32, a double input (the ONNX export's, ../export/onnx.ts) in
// float64 (docs/model-format.md "Models trained elsewhere").
import { InputError } from '../errors';
import type { ModelFeature, ModelSplit } from '../model';
import { buildTree, type SourceNode, type TreeHead } from './build-tree';
import type { EnsembleTree, ImportedEnsemble, Link } from './ensemble';
import { atMost, below, prevDouble } from './float32';
import { ATTRIBUTE, DIMENSION, ELEM_TYPE, EXPORT_COLUMNS_KEY, GRAPH, MODEL, NODE, SHAPE, STRING_ENTRY, TENSOR, TENSOR_TYPE, TYPE, VALUE_INFO } from './onnx-schema';
import { Message } from './protobuf';

const bad = (message: string): InputError => new InputError('bad-model', `not a usable ONNX tree model: ${message}`);

/** Operators that may sit beside the tree ensemble: they change the outputs' form, not the values. */
const PASSIVE = new Set(['ZipMap', 'Cast', 'Identity']);
const TREES = new Set(['TreeEnsembleClassifier', 'TreeEnsembleRegressor']);

/** AttributeProto by name: its message. */
type Attributes = Map<string, Message>;

function attributes(node: Message): Attributes {
  return new Map(node.messages(NODE.attribute).map((a) => [a.string(ATTRIBUTE.name), a]));
}

/** A float list attribute, or its `_as_tensor` double form (ai.onnx.ml opset 3). */
function floatList(attrs: Attributes, name: string): number[] | null {
  const plain = attrs.get(name);
  if (plain !== undefined) return plain.floats(ATTRIBUTE.floats);
  const tensor = attrs.get(`${name}_as_tensor`)?.message(ATTRIBUTE.t);
  if (tensor === null || tensor === undefined) return null;
  const doubles = tensor.doubles(TENSOR.doubleData);
  if (doubles.length > 0) return doubles;
  const floats = tensor.floats(TENSOR.floatData);
  if (floats.length > 0) return floats;
  const raw = tensor.fields.get(TENSOR.rawData)?.[0];
  if (raw === undefined || raw.wire !== 2) return [];
  const type = tensor.int(TENSOR.dataType);
  const size = type === ELEM_TYPE.double ? 8 : 4;
  const view = new DataView(raw.bytes.buffer, raw.bytes.byteOffset, raw.bytes.byteLength);
  return Array.from({ length: raw.bytes.length / size }, (_, i) => (size === 8 ? view.getFloat64(i * 8, true) : view.getFloat32(i * 4, true)));
}

const ints = (attrs: Attributes, name: string): number[] | null => attrs.get(name)?.ints(ATTRIBUTE.ints) ?? null;
const strings = (attrs: Attributes, name: string): string[] | null => attrs.get(name)?.strings(ATTRIBUTE.strings) ?? null;
const text = (attrs: Attributes, name: string, fallback: string): string => attrs.get(name)?.string(ATTRIBUTE.s) ?? fallback;

function required<T>(value: T[] | null, name: string): T[] {
  if (value === null) throw bad(`the tree node has no ${name} attribute`);
  return value;
}

/**
 * The feature names our ONNX export records (its metadata entry EXPORT_COLUMNS_KEY), when every
 * column is a plain number (dates and category codes are read as the numbers they are written as).
 */
function exportedNames(model: Message, featureCount: number): string[] | null {
  const entry = model.messages(MODEL.metadataProps).find((e) => e.string(STRING_ENTRY.key) === EXPORT_COLUMNS_KEY);
  if (entry === undefined) return null;
  try {
    const columns = JSON.parse(entry.string(STRING_ENTRY.value)) as Array<{ name?: unknown; type?: unknown }>;
    if (!Array.isArray(columns) || columns.length !== featureCount || !columns.every((c) => typeof c?.name === 'string' && c.type === 'numeric')) return null;
    return columns.map((c) => c.name as string);
  } catch {
    return null;
  }
}

/** Whether bytes look like an ONNX model: a protocol buffer starting with ir_version (field 1, varint). */
export const isOnnx = (bytes: Uint8Array): boolean => bytes.length > 2 && bytes[0] === 0x08 && bytes[1] < 0x80;

export function readOnnx(bytes: Uint8Array): ImportedEnsemble {
  const model = new Message(bytes);
  const graph = model.message(MODEL.graph);
  if (graph === null) throw bad('the file holds no graph');
  const nodes = graph.messages(GRAPH.node);
  const opType = (n: Message): string => n.string(NODE.opType);
  const trees = nodes.filter((n) => TREES.has(opType(n)));
  const others = nodes.filter((n) => !TREES.has(opType(n)) && !PASSIVE.has(opType(n))).map(opType);
  if (trees.length === 0) {
    const ops = [...new Set(nodes.map(opType))].join(', ') || 'none';
    throw bad(`the graph has no TreeEnsembleClassifier or TreeEnsembleRegressor node (its operators: ${ops}); only tree ensembles are read`);
  }
  if (trees.length > 1) throw bad(`the graph has ${trees.length} tree ensemble nodes; one is read`);
  if (others.length > 0) throw bad(`the graph computes more than the tree ensemble (${[...new Set(others)].join(', ')}); only a lone TreeEnsembleClassifier/Regressor (with ZipMap, Cast, Identity) is read`);
  const inputs = graph.messages(GRAPH.input).filter((vi) => !graph.messages(GRAPH.initializer).some((init) => init.string(TENSOR.name) === vi.string(VALUE_INFO.name)));
  if (inputs.length !== 1) throw bad(`the graph has ${inputs.length} inputs; one float tensor [rows, features] is read`);
  const tensorType = inputs[0].message(VALUE_INFO.type)?.message(TYPE.tensorType);
  const dims = tensorType?.message(TENSOR_TYPE.shape)?.messages(SHAPE.dim) ?? [];
  const declared = dims.length === 2 ? dims[1].int(DIMENSION.value) : 0;
  // onnxruntime compares a double input with double thresholds and sums double weights (float32 otherwise).
  const double = tensorType?.int(TENSOR_TYPE.elemType) === ELEM_TYPE.double;
  const round = double ? (v: number): number => v : Math.fround;

  const tree = trees[0];
  const op = opType(tree);
  const attrs = attributes(tree);
  const classifier = op === 'TreeEnsembleClassifier';
  const treeIds = required(ints(attrs, 'nodes_treeids'), 'nodes_treeids');
  const nodeIds = required(ints(attrs, 'nodes_nodeids'), 'nodes_nodeids');
  const featureIds = required(ints(attrs, 'nodes_featureids'), 'nodes_featureids');
  const modes = required(strings(attrs, 'nodes_modes'), 'nodes_modes');
  const values = required(floatList(attrs, 'nodes_values'), 'nodes_values');
  const trueIds = required(ints(attrs, 'nodes_truenodeids'), 'nodes_truenodeids');
  const falseIds = required(ints(attrs, 'nodes_falsenodeids'), 'nodes_falsenodeids');
  const missingTrue = ints(attrs, 'nodes_missing_value_tracks_true') ?? [];
  const n = treeIds.length;
  for (const [name, list] of [['nodes_nodeids', nodeIds], ['nodes_featureids', featureIds], ['nodes_modes', modes], ['nodes_values', values], ['nodes_truenodeids', trueIds], ['nodes_falsenodeids', falseIds]] as const) {
    if (list.length !== n) throw bad(`${name} has ${list.length} entries for ${n} nodes`);
  }
  const prefix = classifier ? 'class' : 'target';
  const leafTree = required(ints(attrs, `${prefix}_treeids`), `${prefix}_treeids`);
  const leafNode = required(ints(attrs, `${prefix}_nodeids`), `${prefix}_nodeids`);
  const leafOut = required(ints(attrs, `${prefix}_ids`), `${prefix}_ids`);
  const leafWeight = required(floatList(attrs, `${prefix}_weights`), `${prefix}_weights`);
  if (leafNode.length !== leafTree.length || leafOut.length !== leafTree.length || leafWeight.length !== leafTree.length) throw bad(`the ${prefix}_* lists differ in length`);

  const labelStrings = strings(attrs, 'classlabels_strings');
  const labelInts = ints(attrs, 'classlabels_int64s');
  const classes = classifier ? (labelStrings !== null && labelStrings.length > 0 ? labelStrings : (labelInts ?? []).map(String)) : undefined;
  if (classifier && (classes as string[]).length === 0) throw bad('the classifier names no classes');
  // onnxruntime's binary case: two classes, every leaf weighting one class id (skl2onnx writes the second class's weight under id 0).
  const binary = classifier && (classes as string[]).length === 2 && new Set(leafOut).size === 1;
  const outputs = binary ? 1 : classifier ? (classes as string[]).length : (attrs.get('n_targets')?.int(ATTRIBUTE.i) ?? 1);
  if (!classifier && outputs !== 1) throw bad(`a regressor with ${outputs} targets; one is read`);
  const post = text(attrs, 'post_transform', 'NONE');
  const links: Record<string, Link> = { NONE: 'identity', LOGISTIC: 'logistic', SOFTMAX: 'softmax' };
  const link = links[post];
  if (link === undefined) throw bad(`post_transform ${post} is not supported (NONE, LOGISTIC, SOFTMAX are)`);
  const aggregate = classifier ? 'SUM' : text(attrs, 'aggregate_function', 'SUM');
  if (aggregate !== 'SUM' && aggregate !== 'AVERAGE') throw bad(`aggregate_function ${aggregate} is not supported (SUM and AVERAGE are)`);
  const base = floatList(attrs, 'base_values') ?? [];
  if (base.length > 0 && base.length !== outputs) throw bad(`${base.length} base_values for ${outputs} outputs`);

  const featureCount = Math.max(declared, ...featureIds.map((f) => f + 1));
  const named = exportedNames(model, featureCount);
  const features: ModelFeature[] = Array.from({ length: featureCount }, (_, f) => ({ name: named?.[f] ?? `f${f}`, type: 'numeric' }));

  // Nodes by (tree, node id); leaves' weights by (tree, node id).
  const byTree = new Map<number, Map<number, number>>();
  treeIds.forEach((t, i) => {
    let m = byTree.get(t);
    if (m === undefined) byTree.set(t, (m = new Map()));
    if (m.has(nodeIds[i])) throw bad(`tree ${t} has node ${nodeIds[i]} twice`);
    m.set(nodeIds[i], i);
  });
  const weights = new Map<string, number[]>();
  leafTree.forEach((t, i) => {
    const key = `${t}/${leafNode[i]}`;
    let w = weights.get(key);
    if (w === undefined) weights.set(key, (w = new Array<number>(outputs).fill(0)));
    const o = binary ? 0 : leafOut[i];
    if (o < 0 || o >= outputs) throw bad(`a leaf weight for output ${o} of ${outputs}`);
    w[o] += round(leafWeight[i]);
  });

  // A binary classifier's trees hold one score per leaf: regression trees of the second class's score.
  const vectorLeaves = classifier && !binary;
  const head: TreeHead = { task: vectorLeaves ? 'classification' : 'regression', target: 'target', ...(vectorLeaves ? { classes } : {}), features, library: 'ONNX' };
  const built: EnsembleTree[] = [];
  for (const [t, index] of [...byTree.entries()].sort((a, b) => a[0] - b[0])) {
    const root = Math.min(...index.keys());
    const node = (id: number): SourceNode => {
      const i = index.get(id);
      if (i === undefined) throw bad(`tree ${t}: node ${id} is referenced but not defined`);
      const mode = modes[i];
      if (mode === 'LEAF') {
        const w = weights.get(`${t}/${id}`) ?? new Array<number>(outputs).fill(0);
        return { children: null, split: null, missingGoesTo: 0, value: classifier && !binary ? w : w[0], cover: 0, gain: NaN };
      }
      const f = features[featureIds[i]];
      const v = round(values[i]);
      // Our split sends `x ≤ threshold` to its first child: the true branch for ≤ and <, the false one for ≥ and >.
      const le = double ? v : atMost(v);
      const lt = double ? prevDouble(v) : below(v);
      const orders: Record<string, [number, boolean]> = { BRANCH_LEQ: [le, true], BRANCH_LT: [lt, true], BRANCH_GTE: [lt, false], BRANCH_GT: [le, false] };
      const order = orders[mode];
      if (order === undefined) throw bad(`tree ${t}, node ${id}: mode ${mode} is not supported (BRANCH_LEQ, BRANCH_LT, BRANCH_GTE, BRANCH_GT, LEAF are)`);
      const [threshold, trueFirst] = order;
      const split: ModelSplit = { feature: f.name, kind: 'numeric', threshold };
      const tracksTrue = missingTrue[i] === 1;
      // NaN fails every comparison: the false branch, unless missing values track the true one.
      const missingFirst = tracksTrue === trueFirst;
      return {
        children: trueFirst ? [trueIds[i], falseIds[i]] : [falseIds[i], trueIds[i]],
        split,
        missingGoesTo: missingFirst ? 0 : 1,
        value: vectorLeaves ? [] : NaN,
        cover: 0,
        gain: NaN,
      };
    };
    built.push(buildTree(head, t, root, node, vectorLeaves ? null : 0));
  }
  const producer = [model.string(MODEL.producerName), model.string(MODEL.producerVersion)].filter((s) => s !== '').join(' ');
  return {
    library: 'onnx',
    description: `ONNX ${op}${producer === '' ? '' : ` (made by ${producer})`}, post_transform ${post}${aggregate === 'AVERAGE' ? ', aggregate AVERAGE' : ''}`,
    objective: post,
    task: classifier ? 'classification' : 'regression',
    target: 'target',
    targetNamed: false,
    ...(classifier ? { classes } : {}),
    classNames: 'model',
    features,
    positional: named === null,
    unnamedCategories: [],
    trees: built,
    outputs,
    base: base.length === 0 ? new Array<number>(outputs).fill(0) : base.map(round),
    average: aggregate === 'AVERAGE',
    link,
    scale: 1,
    float32: !double,
    label: !classifier || !binary ? (classifier && outputs === 2 ? 'any-score-positive' : 'argmax') : leafWeight.every((w) => w >= 0) ? 'score-above-half' : 'score-above-zero',
  };
}
