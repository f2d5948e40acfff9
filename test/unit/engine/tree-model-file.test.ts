// A tree model's file, version 2 (docs/model-format.md "Nodes as columns"): the nodes as one array
// per field. Every kind of tree the engine grows — CART with missing values and categories (and
// the rare-category, sawMissing and infinite-threshold cases), C4.5's fractional weights and
// multiway splits, ID3, regression, sample weights, a decision threshold, an edited tree with
// snipped subtrees inside snipped subtrees — reads back as the same model and predicts the same on
// every row, whole or pushed to the streaming reader a few bytes at a time. The committed
// version-1 files read the same through a version-2 file. Damaged columns are refused by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { applyEdit } from '../../../src/engine/edit/apply';
import { InputError } from '../../../src/engine/errors';
import { ModelFileReader, readModelJson } from '../../../src/engine/forest/model-json';
import type { TreeModel } from '../../../src/engine/model';
import { withDecisionThreshold } from '../../../src/engine/tree/decision-threshold';
import { modelFileText } from '../../../src/engine/forest/tree-model-file';
import { parseModel, serializeModel } from '../../../src/engine/tree/model-json';
import { predict } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num, randomNumeric } from '../helpers/tree-data';

const fixtures = path.join(process.cwd(), 'test/fixtures');
const parity = (name: string): Dataset => parseCsv(readFileSync(path.join(fixtures, 'parity', name, 'train.csv')));

const mixed = dataset(
  num('size', [1, 2, 3, 4, 5, 6, 7, 8, null, 10, 2.5, 3.5]),
  cat('colour', ['red', 'blue', 'red', 'green', null, 'blue', 'red', 'green', 'blue', 'red', 'blue', 'green']),
  cat('y', ['a', 'a', 'b', 'b', 'a', 'c', 'c', 'b', 'a', 'c', 'a', 'b']),
);

/** The model read back from `text` whole, and pushed to the streaming reader 7 bytes at a time. */
function readBoth(text: string): TreeModel[] {
  const whole = readModelJson(text);
  const reader = new ModelFileReader();
  const bytes = new TextEncoder().encode(text);
  for (let i = 0; i < bytes.length; i += 7) reader.push(bytes.subarray(i, i + 7));
  const streamed = reader.end();
  assert.equal(whole.kind, 'tree');
  assert.equal(streamed.kind, 'tree');
  return [whole.model as TreeModel, streamed.model as TreeModel];
}

function roundTrip(label: string, model: TreeModel, data: Dataset): void {
  const text = modelFileText(model);
  assert.match(text, /^\{"format":"decision-tree-explorer\/model","version":2,[^\n]*"nodes":\{"samples":\[[^\n]*\}\n$/, label);
  assert.doesNotMatch(text, /\{"id":/, `${label}: no node objects`);
  for (const back of readBoth(text)) {
    assert.deepEqual(back, model, label);
    assert.deepEqual(predict(back, data), predict(model, data), label);
  }
}

test('every kind of tree reads back from its version-2 file as the same model, predicting the same on every row', () => {
  const penguins = parity('nan_penguins_gini_max_depth_5');
  const tennis = parity('play_tennis');
  const diabetes = parity('nan_diabetes_squared_error_grown_leaf_5');
  const regression = randomNumeric(4, 300, 3, (x) => x[0] * 1.5 + x[1] * x[2]);
  const cases: Array<[string, TreeModel, Dataset]> = [
    ['CART, missing values and categories', trainTree(mixed, { target: 'y' }).model, mixed],
    ['CART penguins (missing values, sawMissing)', trainTree(penguins, { target: 'species' }).model, penguins],
    ['CART entropy, depth 3', trainTree(penguins, { target: 'species', criterion: 'entropy', maxDepth: 3 }).model, penguins],
    ['C4.5 (fractional weights at missing values)', trainTree(penguins, { target: 'species', algorithm: 'c45' }).model, penguins],
    ['C4.5 multiway', trainTree(mixed, { target: 'y', algorithm: 'c45' }).model, mixed],
    ['ID3 multiway', trainTree(tennis, { target: 'play', algorithm: 'id3' }).model, tennis],
    ['regression with missing values', trainTree(diabetes, { target: 'disease_progression', minSamplesLeaf: 5 }).model, diabetes],
    ['regression, fully grown', trainTree(regression, { target: 'y' }).model, regression],
    ['class weights', trainTree(penguins, { target: 'species', classWeight: 'balanced', maxDepth: 4 }).model, penguins],
  ];
  const missingVsPresent = dataset(num('x', [1, 2, 3, 4, null, null, null, null]), cat('y', ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b']));
  cases.push(['a missing-vs-present split (threshold +∞)', trainTree(missingVsPresent, { target: 'y' }).model, missingVsPresent]);
  const binary = dataset(num('x', [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]), cat('y', ['n', 'n', 'p', 'n', 'n', 'p', 'n', 'p', 'p', 'p']));
  const grown = trainTree(binary, { target: 'y', maxDepth: 2 }).model;
  cases.push(['a decision threshold', withDecisionThreshold(grown, { positiveClass: 'p', value: 0.3 }), binary]);
  // Snip a grandchild, then its parent: a snipped subtree holding a snipped subtree.
  const full = trainTree(penguins, { target: 'species', maxDepth: 5 }).model;
  const child = full.nodes[full.nodes[0].children[0]];
  const grandchild = child.children[0];
  const edited = applyEdit(penguins, applyEdit(penguins, full, { op: 'snip', node: grandchild }), { op: 'snip', node: child.id });
  assert.ok(edited.nodes[child.id].snipped?.some((n) => n.snipped !== undefined), 'nested snipped subtrees');
  cases.push(['an edited tree, snipped twice', edited, penguins]);
  for (const [label, model, data] of cases) roundTrip(label, model, data);
  assert.ok(cases.some(([, m]) => m.nodes.some((n) => n.samples % 1 !== 0)), 'a tree with fractional samples');
  assert.ok(cases.some(([, m]) => m.nodes.some((n) => n.weightedSamples !== undefined)), 'a weighted tree');
});

test('the committed version-1 tree files read the same through a version-2 file', () => {
  for (const name of ['tree-v1-penguins-edited', 'tree-v1-tennis-id3', 'tree-v1-diabetes', 'iris-gini-depth3']) {
    const v1 = readFileSync(path.join(fixtures, 'models', `${name}.json`), 'utf8');
    const model = parseModel(v1);
    assert.equal(model.version, 1);
    for (const back of readBoth(modelFileText(model))) assert.deepEqual(back, model, name);
  }
  const edited = parseModel(readFileSync(path.join(fixtures, 'models/tree-v1-penguins-edited.json'), 'utf8'));
  assert.ok(edited.edited && edited.nodes.some((n) => n.snipped !== undefined), 'the edited fixture keeps a snipped subtree');
});

test('the printed model (train without --out) stays version 1, node objects', () => {
  const text = serializeModel(trainTree(mixed, { target: 'y' }).model);
  assert.match(text, /^\{"format":"decision-tree-explorer\/model","version":1,.*"nodes":\[\{"id":0,/);
});

test('damaged node columns are refused naming the problem', () => {
  const good = JSON.parse(modelFileText(trainTree(parity('nan_penguins_gini_max_depth_5'), { target: 'species', maxDepth: 3 }).model));
  const n = good.nodes.samples.length;
  const cases: Array<[string, unknown, RegExp]> = [
    ['nodes as an array in version 2', { ...good, nodes: [] }, /"nodes" must be an object of node columns \(model version 2\)/],
    ['a short column', { ...good, nodes: { ...good.nodes, threshold: good.nodes.threshold.slice(1) } }, /"threshold" must be an array of \d+ numbers/],
    ['a child out of range', { ...good, nodes: { ...good.nodes, right: good.nodes.right.map((r: number) => (r > 0 ? n + 5 : r)) } }, /"right" holds \d+, not an index/],
    ['an unknown feature', { ...good, nodes: { ...good.nodes, feature: good.nodes.feature.map((f: number) => (f >= 0 ? 99 : f)) } }, /"feature" holds 99/],
    ['sawMissing of another length', { ...good, nodes: { ...good.nodes, sawMissing: [1] } }, /"sawMissing" must be an array of \d+ numbers/],
    ['a snipped subtree on no node', { ...good, nodes: { ...good.nodes, snipped: [[n + 1, good.nodes]] } }, /"snipped" must hold \[node, columns\] pairs naming a node/],
    ['a version not read', { ...good, version: 3 }, /version 3 is not supported \(this build reads tree model versions 1 to 2\): the file was made by a newer Decision Tree Explorer/],
  ];
  for (const [label, value, message] of cases) {
    assert.throws(() => readModelJson(JSON.stringify(value)), (err: unknown) => err instanceof InputError && err.code === 'bad-model' && message.test(err.message), label);
  }
});
