// Forest members in packed form (src/engine/forest/packed-tree.ts): packing a tree's model JSON
// nodes and unpacking them gives the same nodes, byte for byte as JSON, for categorical splits,
// "missing vs present" (+Infinity) thresholds, multiway ID3/C4.5 children with fractional samples,
// weighted and regression trees; a packed forest predicts what its trees as node objects predict;
// a member packed straight from its grown store equals its model JSON nodes packed; the model file
// written tree by tree is the JSON of the whole forest as objects; and a packed node takes fewer
// bytes than scikit-learn's (~90).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Dataset } from '../../../src/engine/dataset';
import { ModelFileReader, forestFromObject, forestJsonChunks, parseForest, readModelBytes, serializeForest } from '../../../src/engine/forest/model-json';
import { grownNodes } from '../../../src/engine/forest/grown-nodes';
import { growMember } from '../../../src/engine/forest/member';
import { nodeCount, packedBytes, packNodes, packTree, unpackTree } from '../../../src/engine/forest/packed-tree';
import { forestHead, planForest } from '../../../src/engine/forest/plan';
import { memberModel, predictForest } from '../../../src/engine/forest/predict';
import { leafContribution, tallyDim } from '../../../src/engine/forest/tally';
import { trainForest } from '../../../src/engine/forest/train';
import type { ForestModel, ForestParams } from '../../../src/engine/forest/types';
import { jsonText } from '../../../src/engine/json-text';
import type { ModelNode, TrainParams, TreeModel } from '../../../src/engine/model';
import { compileTree } from '../../../src/engine/tree/compiled-tree';
import { routeRows } from '../../../src/engine/tree/route-rows';
import { toModel } from '../../../src/engine/tree/to-model';
import { trainTree } from '../../../src/engine/tree/train';
import { mixedData } from '../helpers/mixed-data';
import { cat, dataset } from '../helpers/tree-data';

const data = mixedData();
const nodesOf = (params: TrainParams): TreeModel => trainTree(data, params).model;

/** What the tests need some tree to have. */
function kinds(nodes: readonly ModelNode[]) {
  return {
    categorical: nodes.some((n) => n.split?.kind === 'categorical'),
    presence: nodes.some((n) => n.split?.kind === 'numeric' && n.split.threshold === Infinity),
    multiway: nodes.some((n) => n.children.length > 2),
    fractional: nodes.some((n) => !Number.isInteger(n.samples)),
    weighted: nodes.every((n) => n.weightedSamples !== undefined),
  };
}

const trees: Array<[string, TrainParams, Array<keyof ReturnType<typeof kinds>>]> = [
  ['CART: categorical and +Infinity splits', { target: 'y', ignore: ['v', 'w'] }, ['categorical', 'presence']],
  ['CART with whole sample weights (counts kept as Int32)', { target: 'y', ignore: ['v'], sampleWeightColumn: 'w' }, ['categorical', 'weighted']],
  ['CART with balanced class weights (fractional weights and counts)', { target: 'y', ignore: ['v', 'w'], classWeight: 'balanced' }, ['presence', 'weighted']],
  ['C4.5: multiway, fractional samples at missing values', { target: 'y', ignore: ['v', 'w'], algorithm: 'c45', criterion: 'gain_ratio' }, ['multiway', 'fractional']],
  ['ID3: multiway', { target: 'y', ignore: ['v', 'w', 'x', 'm'], algorithm: 'id3', criterion: 'entropy' }, ['multiway']],
  ['regression', { target: 'v', ignore: ['y', 'w'] }, ['categorical']],
];

for (const [name, params, wants] of trees) {
  test(`packed ↔ model JSON nodes is exact: ${name}`, () => {
    const model = nodesOf(params);
    const has = kinds(model.nodes);
    for (const want of wants) assert.ok(has[want], `the tree has ${want} nodes`);
    const packed = packTree(model, model.nodes);
    assert.equal(nodeCount(packed), model.nodes.length);
    const back = unpackTree(packed, model);
    assert.deepEqual(back, model.nodes);
    // The same JSON text, key order and ±Infinity included.
    assert.equal(jsonText(back, 2), jsonText(model.nodes, 2));
  });
}

test('packing refuses what the columns cannot hold exactly', () => {
  const model = nodesOf({ target: 'y', ignore: ['v', 'w'], maxDepth: 2 });
  const badDepth = model.nodes.map((n, i) => (i === 1 ? { ...n, depth: 1.5 } : n));
  assert.throws(() => packTree(model, badDepth), /node 1 depth must be a whole number/);
  const badClass = model.nodes.map((n, i) => (i === 2 ? { ...n, prediction: 'zebra' } : n));
  assert.throws(() => packTree(model, badClass), /node 2 predicts "zebra", not one of the classes/);
});

/** The forest's row-major tally as the trees' node objects give it: each tree compiled from memberModel's nodes, its leaves' contributions summed. */
function objectTally(model: ForestModel, rows: Dataset): Float64Array {
  const dim = tallyDim(model);
  const sum = new Float64Array(rows.rowCount * dim);
  model.trees.forEach((_, t) => {
    const member = memberModel(model, t);
    const compiled = compileTree(member, rows);
    routeRows(compiled, rows.rowCount, (leaf, row) => leafContribution(model, member.nodes[compiled.modelId[leaf]].value).forEach((c, k) => (sum[row * dim + k] += c)));
  });
  return sum;
}

const forests: Array<[string, ForestParams]> = [
  ['random forest with categorical and missing values', { target: 'y', ignore: ['v', 'w'], ensemble: 'forest', nTrees: 8, seed: 3 }],
  ['hard-voting forest', { target: 'y', ignore: ['v', 'w'], ensemble: 'forest', nTrees: 8, seed: 4, voting: 'hard' }],
  ['bagging of C4.5 trees', { target: 'y', ignore: ['v', 'w'], ensemble: 'bagging', algorithm: 'c45', criterion: 'gain_ratio', nTrees: 6, seed: 5 }],
  ['bagging of ID3 trees', { target: 'y', ignore: ['v', 'w', 'x', 'm'], ensemble: 'bagging', algorithm: 'id3', criterion: 'entropy', nTrees: 6, seed: 6 }],
  ['regression forest', { target: 'v', ignore: ['y', 'w'], ensemble: 'forest', nTrees: 8, seed: 7 }],
];

for (const [name, params] of forests) {
  test(`a packed forest predicts what its trees as node objects predict: ${name}`, () => {
    const model = trainForest(data, params).model;
    const sum = objectTally(model, data);
    const { predictions, shares } = predictForest(model, data);
    const n = model.trees.length;
    if (model.task === 'regression') {
      predictions.forEach((p, row) => assert.equal(p, sum[row] / n));
      return;
    }
    const dim = tallyDim(model);
    assert.deepEqual(shares, sum.map((s) => s / n));
    predictions.forEach((p, row) => {
      const at = Array.from(sum.subarray(row * dim, (row + 1) * dim));
      assert.equal(p, (model.classes as string[])[at.indexOf(Math.max(...at))]);
    });
  });

  test(`the model file, written a column slice at a time, reads back the same forest, from its text, its bytes in any chunks, and as version 1: ${name}`, () => {
    const model = trainForest(data, params).model;
    const text = serializeForest(model);
    assert.ok(!text.includes('\n ') && text.endsWith('}\n'), 'no indentation, a final newline');
    assert.ok([...forestJsonChunks(model)].length >= model.trees.length * 8, 'each column its own chunk');
    // Compact and inside another value (the CLI's `evaluate --json` report).
    const wrapped = [...forestJsonChunks(model, (m) => ({ before: [1, { trees: [] }], model: m, after: 'x' }))].join('');
    assert.equal(wrapped, `{"before":[1,{"trees":[]}],"model":${text.trimEnd()},"after":"x"}\n`);
    const read = parseForest(text);
    assert.equal(serializeForest(read), text);
    assert.deepEqual(predictForest(read, data), predictForest(model, data));
    for (const size of [text.length, 7, 1000]) {
      const reader = new ModelFileReader();
      const bytes = new TextEncoder().encode(text);
      for (let at = 0; at < bytes.length; at += size) reader.push(bytes.subarray(at, at + size));
      const fromBytes = reader.end();
      assert.equal(fromBytes.kind, 'forest');
      assert.equal(serializeForest(fromBytes.model as ForestModel), text, `chunks of ${size}`);
    }
    // The same forest as version 1 wrote it: each tree's nodes as a tree model's.
    const v1 = { ...JSON.parse(text), version: 1, trees: model.trees.map((t, i) => ({ nodes: memberModel(model, i).nodes, featureImportances: t.featureImportances })) };
    assert.equal(serializeForest(readModelBytes(new TextEncoder().encode(jsonText(v1, 2))).model as ForestModel), text);
    assert.equal(serializeForest(forestFromObject(JSON.parse(jsonText(v1)))), text);
  });
}

/** 300 rows of `data` with class "z" on row 7 only: many bootstrap samples leave it out. */
function rareClassData(): Dataset {
  const labels = data.columns[4] as { codes: Int32Array; categories: readonly string[] };
  const y = Array.from(labels.codes.subarray(0, 300), (c, r) => (r === 7 ? 'z' : labels.categories[c]));
  return dataset(...data.columns.slice(0, 4).map((c) => ({ ...c, ...('values' in c ? { values: c.values.subarray(0, 300) } : { codes: c.codes.subarray(0, 300) }) })), cat('y', y));
}

const packedFromStore: Array<[string, Dataset, ForestParams]> = [
  ...forests.map(([name, params]): [string, Dataset, ForestParams] => [name, data, params]),
  ['class-weighted forest', data, { target: 'y', ignore: ['v', 'w'], ensemble: 'forest', nTrees: 4, seed: 8, classWeight: 'balanced' }],
  ['a class most samples miss', rareClassData(), { target: 'y', ignore: ['w'], ensemble: 'forest', nTrees: 6, seed: 9 }],
];

for (const [name, rows, params] of packedFromStore) {
  test(`a member packed straight from its store equals its model JSON nodes packed: ${name}`, () => {
    const plan = planForest(rows, params);
    const head = forestHead(plan);
    for (let t = 0; t < plan.params.nTrees; t++) {
      const grown = growMember(rows, plan, t);
      const model = toModel(grown.store, grown.set, plan.treeParams, grown.resolved);
      assert.deepStrictEqual(packNodes(head, grownNodes(head, grown)), packTree(head, model.nodes), `tree ${t}`);
    }
  });
}

test('a packed node of a bootstrap tree, 3 classes, takes 32 bytes and a bit (scikit-learn keeps ~90): what its other numbers determine is not kept', () => {
  const model = trainForest(data, forests[0][1]).model;
  const nodes = model.trees.reduce((a, t) => a + nodeCount(t.packed), 0);
  const bytes = model.trees.reduce((a, t) => a + packedBytes(t.packed), 0);
  for (const { packed } of model.trees) {
    assert.ok(packed.weightedSamples === null && packed.weightsAreValueSums, 'bootstrap weights are the sums of the class counts');
    assert.ok(packed.impurity === null && packed.impurityOf === 'gini', "impurities are Gini's of the class counts");
    assert.ok(packed.second !== null && packed.children === null, 'a binary tree in preorder keeps one child a node');
  }
  // depth 1 + samples 4 + class counts 3 × 4 + prediction 1 + feature 1 + threshold 8 + missing side 1 + second child 4,
  // and one bit for sawMissing (a byte per 8 nodes of each tree, rounded up).
  const bits = model.trees.reduce((a, t) => a + ((nodeCount(t.packed) + 7) >> 3), 0);
  assert.ok(bytes <= 32 * nodes + bits, `${(bytes / nodes).toFixed(3)} bytes a node`);
});

test('whole counts are kept as Int32, fractional ones as doubles; derived numbers only where every node has them so', () => {
  const whole = nodesOf(trees[1][1]);
  const packedWhole = packTree(whole, whole.nodes);
  assert.ok(packedWhole.value instanceof Int32Array && packedWhole.samples instanceof Int32Array);
  assert.ok(packedWhole.weightedSamples === null && packedWhole.weightsAreValueSums, 'whole sample weights: the sums of the class counts');
  const balanced = nodesOf(trees[2][1]);
  const packedBalanced = packTree(balanced, balanced.nodes);
  assert.ok(packedBalanced.value instanceof Float64Array && packedBalanced.weightedSamples instanceof Float64Array, 'class weights: sums that round otherwise are kept');
  assert.equal(packedBalanced.impurityOf, 'gini');
  const c45 = nodesOf(trees[3][1]);
  const packedC45 = packTree(c45, c45.nodes);
  assert.ok(packedC45.samples instanceof Float64Array);
  assert.ok(packedC45.impurity instanceof Float64Array && packedC45.childStart !== null && packedC45.second === null, 'C4.5: impurities and multiway children kept');
  const regression = nodesOf(trees[5][1]);
  assert.ok(packTree(regression, regression.nodes).impurity instanceof Float64Array, 'regression: impurities kept');
  // A tree whose nodes are not in preorder keeps its children as listed.
  const reordered = whole.nodes.map((n) => (n.children.length === 2 ? { ...n, children: [n.children[1], n.children[0]] } : n));
  const packedReordered = packTree(whole, reordered);
  assert.ok(packedReordered.second === null);
  assert.deepEqual(unpackTree(packedReordered, whole), reordered);
  // One node's impurity off by a rounding: every impurity is kept.
  const off = whole.nodes.map((n, i) => (i === 3 ? { ...n, impurity: n.impurity + 1e-17 + Number.EPSILON * n.impurity } : n));
  const packedOff = packTree(whole, off);
  assert.ok(packedOff.impurity instanceof Float64Array);
  assert.deepEqual(unpackTree(packedOff, whole), off);
});

test('a model file read from its bytes: a tree model, and a damaged or foreign tree named', () => {
  const model = trainForest(data, forests[0][1]).model;
  const tree = memberModel(model, 0);
  assert.equal(readModelBytes(new TextEncoder().encode(jsonText(tree))).kind, 'tree');
  const text = serializeForest(model);
  const refused = (edit: (t: string) => string, message: RegExp) => assert.throws(() => readModelBytes(new TextEncoder().encode(edit(text))), message);
  refused((t) => t.replace('"right":[', '"right":[ oops'), /invalid JSON in "trees.0.right"/);
  refused((t) => t.replace('"right":[', '"right":[0,'), /tree 0: "right" must be an array of \d+ numbers/);
  refused((t) => t.replace(/"right":\[\d+/, '"right":[0'), /tree 0: node 0 children must be later node ids/);
  refused((t) => t.replace(/"feature":\[-?\d+/, '"feature":[99'), /tree 0: "feature" holds 99/);
  refused((t) => t.replace(/"missingGoesTo":\[-?\d+/, '"missingGoesTo":[5'), /tree 0: node 0 missingGoesTo must index its children/);
  refused((t) => t.replace('"version":2', '"version":3'), /version 3 is not supported \(this build reads forest model versions 1 to 2\): the file was made by a newer Decision Tree Explorer, update it/);
  refused((t) => t.slice(0, -10), /the file ends early/);
});
