// Issue 18's correctness items for the steer engine: the node's own best split gives the tree
// back, undo (a replay of a prefix) gives the identical model JSON, snip/restore and grow, the
// edited model loads back, and the bad inputs are refused with the engine's InputError.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { applyEdit, replayEdits } from '../../../src/engine/edit/apply';
import { previewEdit } from '../../../src/engine/edit/preview';
import { InputError } from '../../../src/engine/errors';
import type { TrainParams, TreeEdit, TreeModel } from '../../../src/engine/model';
import { bestSplitsAt, trainingRows } from '../../../src/engine/node-alternatives';
import { buildReport } from '../../../src/engine/report';
import type { ReportSettings } from '../../../src/engine/report-types';
import { parseModel, serializeModel } from '../../../src/engine/tree/model-json';
import { trainTree } from '../../../src/engine/tree/train';
import { assertOwnSplitsGiveTreeBack } from '../helpers/own-splits';

const read = (file: string) => parseCsv(readFileSync(path.join(process.cwd(), file)));
const sample = (name: string) => read(`media/samples/${name}`);
const settings = { validation: { kind: 'none' } } as unknown as ReportSettings;
const grownOn = (dataset: Dataset, params: TrainParams) => trainTree(dataset, params).model;

const refused = (code: string, pattern: RegExp) => (err: unknown) => err instanceof InputError && err.code === code && pattern.test(err.message);

const cases: Array<[string, Dataset, TrainParams]> = [
  ['iris (gini, grown)', sample('iris.csv'), { target: 'species' }],
  ['play tennis (categorical subsets)', sample('play_tennis.csv'), { target: 'play', minCategorySamples: 0 }],
  ['penguins with missing values', read('test/fixtures/parity/nan_palmerpenguins_gini_max_depth_5/train.csv'), { target: 'species', maxDepth: 5 }],
  ['diabetes (regression, min impurity decrease)', sample('diabetes.csv'), { target: 'disease_progression', maxDepth: 4, minImpurityDecrease: 20 }],
];

for (const [name, dataset, params] of cases) {
  test(`${name}: replacing each node's split by its best alternative gives the same tree back`, () => {
    const model = grownOn(dataset, params);
    let checked = 0;
    for (const node of model.nodes) {
      if (node.split === null) continue;
      const [best] = bestSplitsAt(dataset, model, settings, node.id, 1);
      assert.equal(best.chosen, true, `node ${node.id}`);
      const edited = applyEdit(dataset, model, { op: 'split', node: node.id, split: best.split });
      assert.deepEqual(edited.nodes, model.nodes, `node ${node.id}`);
      for (const f of model.features) assert.ok(Math.abs(edited.featureImportances[f.name] - model.featureImportances[f.name]) < 1e-12);
      checked++;
    }
    assert.ok(checked >= 3, `${checked} decision nodes`);
  });
}

const decisionNodes = (m: TreeModel) => m.nodes.filter((n) => n.split !== null).map((n) => n.id);

test('with a min weight fraction per leaf (relative to the whole tree): each node\'s own split gives the same tree back', () => {
  const dataset = sample('diabetes.csv');
  assertOwnSplitsGiveTreeBack(dataset, grownOn(dataset, { target: 'disease_progression', minWeightFractionLeaf: 0.04 }), 3);
});

test('undo after N edits: replaying a prefix of the edits gives the identical model JSON', () => {
  const dataset = sample('iris.csv');
  const grown = grownOn(dataset, { target: 'species' });
  const second = bestSplitsAt(dataset, grown, settings, 0, 2)[1];
  const script: Array<(m: TreeModel) => TreeEdit> = [
    () => ({ op: 'split', node: 0, split: second.split }),
    (m) => ({ op: 'snip', node: decisionNodes(m).at(-1) ?? -1 }),
    (m) => ({ op: 'snip', node: decisionNodes(m)[1] }),
    (m) => ({ op: 'restore', node: m.nodes.findIndex((n) => n.snipped !== undefined) }),
    // The restored subtree holds the leaf snipped first: it grows one level instead.
    (m) => ({ op: 'grow', node: m.nodes.findIndex((n) => n.snipped !== undefined) }),
  ];
  const edits: TreeEdit[] = [];
  const texts = [serializeModel(grown)];
  let model = grown;
  for (const next of script) {
    const edit = next(model);
    model = applyEdit(dataset, model, edit);
    edits.push(edit);
    texts.push(serializeModel(model));
  }
  assert.equal(model.edits?.length, 5);
  assert.equal(model.edited, true);
  for (let k = 0; k <= edits.length; k++) assert.equal(serializeModel(replayEdits(dataset, grown, edits.slice(0, k))), texts[k], `after ${k} edits`);
  assert.notEqual(texts[1], texts[0]);
});

test('snip keeps the subtree and restore puts it back; both are recorded with the splits before and after', () => {
  const dataset = sample('iris.csv');
  const grown = grownOn(dataset, { target: 'species' });
  const node = grown.nodes[0].children[1];
  const snipped = applyEdit(dataset, grown, { op: 'snip', node });
  assert.equal(snipped.nodes[node].children.length, 0);
  assert.equal(snipped.nodes.length, node + 1);
  assert.equal(snipped.nodes[node].prediction, grown.nodes[node].prediction);
  assert.deepEqual(snipped.edits, [{ edit: { op: 'snip', node }, before: grown.nodes[node].split, after: null }]);
  // A snip inside the kept subtree's parent: nested kept subtrees survive the round trip through JSON.
  const twice = applyEdit(dataset, applyEdit(dataset, grown, { op: 'snip', node: 3 }), { op: 'snip', node });
  assert.deepEqual(parseModel(serializeModel(twice)), twice);
  const restored = applyEdit(dataset, snipped, { op: 'restore', node });
  assert.deepEqual(restored.nodes, grown.nodes);
  assert.equal(restored.edits?.[1].after, grown.nodes[node].split);
});

test('growing every leaf of a depth-2 tree one level gives the depth-3 tree', () => {
  const dataset = sample('iris.csv');
  let model = grownOn(dataset, { target: 'species', maxDepth: 2 });
  const deeper = grownOn(dataset, { target: 'species', maxDepth: 3 });
  for (let id = 0; id < model.nodes.length; id++) {
    const n = model.nodes[id];
    if (n.children.length > 0 || n.depth !== 2 || n.impurity === 0) continue;
    model = applyEdit(dataset, model, { op: 'grow', node: id });
  }
  assert.deepEqual(model.nodes, deeper.nodes);
});

test('ID3 and C4.5 trees: snip, restore and grow (chosen splits: edit-multiway.test.ts)', () => {
  const tennis = sample('play_tennis.csv');
  for (const algorithm of ['id3', 'c45'] as const) {
    const grown = grownOn(tennis, { target: 'play', algorithm });
    const node = grown.nodes[0].children.find((c) => grown.nodes[c].split !== null) ?? -1;
    const snipped = applyEdit(tennis, grown, { op: 'snip', node });
    assert.deepEqual(applyEdit(tennis, snipped, { op: 'restore', node }).nodes, grown.nodes);
    assert.deepEqual(applyEdit(tennis, snipped, { op: 'grow', node }).nodes, grown.nodes, `${algorithm}: its best split, one level (both children pure)`);
  }
});

test('a tree trained with class weights: snip and restore; grow regrows with its weights (edit-weights.test.ts)', () => {
  const iris = sample('iris.csv');
  const grown = grownOn(iris, { target: 'species', classWeight: { setosa: 1, versicolor: 2, virginica: 1 } });
  const snipped = applyEdit(iris, grown, { op: 'snip', node: 2 });
  assert.deepEqual(applyEdit(iris, snipped, { op: 'restore', node: 2 }).nodes, grown.nodes);
  const regrown = applyEdit(iris, snipped, { op: 'grow', node: 2 });
  assert.deepEqual(regrown.nodes[2].split, grown.nodes[2].split);
  assert.equal(regrown.nodes[3].weightedSamples, grown.nodes[3].weightedSamples);
});

test('bad edits are refused with the reason', () => {
  const iris = sample('iris.csv');
  const model = grownOn(iris, { target: 'species', ignore: ['sepal_width_cm'] });
  const split = (feature: string, threshold: number): TreeEdit => ({ op: 'split', node: 0, split: { feature, kind: 'numeric', threshold } });
  assert.throws(() => applyEdit(iris, model, split('petal_length_cm', 100)), refused('bad-option', /threshold 100 is outside the range of "petal_length_cm" at node 0 \(1 … 6\.9\)/));
  assert.throws(() => applyEdit(iris, model, split('petal_length_cm', 0.5)), refused('bad-option', /outside the range/));
  assert.throws(() => applyEdit(iris, model, split('species', 1)), refused('bad-option', /"species": it is the target/));
  assert.throws(() => applyEdit(iris, model, split('sepal_width_cm', 3)), refused('bad-option', /"sepal_width_cm": the column is ignored/));
  assert.throws(() => applyEdit(iris, model, split('petal_colour', 3)), refused('bad-option', /no feature "petal_colour"/));
  assert.throws(() => applyEdit(iris, model, { op: 'snip', node: 99 }), refused('bad-option', /no node 99/));
  assert.throws(() => applyEdit(iris, model, { op: 'snip', node: 1 }), refused('bad-option', /already a leaf/));
  assert.throws(() => applyEdit(iris, model, { op: 'restore', node: 1 }), refused('bad-option', /no snipped subtree/));
  assert.throws(() => applyEdit(iris, model, { op: 'grow', node: 0 }), refused('bad-option', /not a leaf/));
  assert.throws(() => applyEdit(iris, model, { op: 'grow', node: 1 }), refused('bad-option', /single class/));

  const tennis = sample('play_tennis.csv');
  const tree = grownOn(tennis, { target: 'play', minCategorySamples: 0 });
  const cats = (branches: string[][]): TreeEdit => ({ op: 'split', node: 0, split: { feature: 'outlook', kind: 'categorical', branches } });
  assert.throws(() => applyEdit(tennis, tree, cats([[], ['sunny', 'overcast', 'rain']])), refused('bad-option', /category set of "outlook" is empty/));
  assert.throws(() => applyEdit(tennis, tree, cats([['sunny'], ['snow']])), refused('bad-option', /"snow" is not a category of "outlook"/));
  assert.throws(() => applyEdit(tennis, tree, cats([['sunny'], ['sunny', 'rain']])), refused('bad-option', /in both category sets/));
  assert.throws(() => applyEdit(tennis, tree, { op: 'split', node: 0, split: { feature: 'outlook', kind: 'numeric', threshold: 1 } }), refused('bad-option', /by a set of categories/));

  const withId = parseCsv(Buffer.from('id,x,y\n' + Array.from({ length: 30 }, (_, i) => `r${i},${i % 7},${i % 2 ? 'a' : 'b'}`).join('\n') + '\n'));
  const idTree = grownOn(withId, { target: 'y' });
  assert.deepEqual(idTree.params.leftOut?.map((c) => c.column), ['id']);
  assert.throws(() => applyEdit(withId, idTree, { op: 'split', node: 0, split: { feature: 'id', kind: 'categorical', branches: [['r1'], ['r2']] } }), refused('bad-option', /"id": it was left out as id-like/));
});

test('an edit against data that changed since training is refused as stale', () => {
  const iris = sample('iris.csv');
  const model = grownOn(iris, { target: 'species' });
  const edit: TreeEdit = { op: 'snip', node: 0 };
  const petal = iris.columns.findIndex((c) => c.name === 'petal_length_cm');
  const changed = structuredClone(iris);
  (changed.columns[petal] as { values: Float64Array }).values[0] = 1;
  assert.throws(() => applyEdit(changed, model, edit), refused('stale-model', /leaf \d+ was trained on \d+ rows, the data sends \d+ there/));
  const fewer = { ...iris, columns: iris.columns.filter((c) => c.name !== 'petal_width_cm') };
  assert.throws(() => applyEdit(fewer, model, edit), refused('stale-model', /no column "petal_width_cm"/));
  const more = { ...iris, columns: [...iris.columns, { ...iris.columns[petal], name: 'petal_area' }] };
  assert.throws(() => applyEdit(more, model, edit), refused('stale-model', /a new column "petal_area"/));
});

test('a hold-out report\'s tree is edited on its training rows (trainingRows); the whole file is stale to it', () => {
  const iris = sample('iris.csv');
  const report = buildReport(iris, { params: { target: 'species', maxDepth: 3 }, testSize: 0.3, seed: 7, permutationRepeats: 0 });
  const train = trainingRows(iris, report.model, report.settings);
  assert.equal(train.rowCount, 105);
  const node = report.model.nodes.find((n) => n.id > 0 && n.split !== null)?.id ?? -1;
  assert.equal(applyEdit(train, report.model, { op: 'snip', node }).nodes[node].children.length, 0);
  assert.throws(() => applyEdit(iris, report.model, { op: 'snip', node }), refused('stale-model', /was trained on/));
});

test('preview: scores and size before and after, CV of both structures on the same folds', () => {
  const iris = sample('iris.csv');
  const model = grownOn(iris, { target: 'species' });
  const { before, after, model: snipped } = previewEdit(iris, model, { op: 'snip', node: 0 }, 5);
  assert.deepEqual({ ...before, cvScore: null }, { trainingScore: 1, cvScore: null, nodes: model.nodes.length, leaves: (model.nodes.length + 1) / 2, depth: Math.max(...model.nodes.map((n) => n.depth)) });
  assert.ok(before.cvScore !== null && before.cvScore > 0.9 && before.cvScore < 1, String(before.cvScore));
  // One leaf: every stratified training fold holds 40 rows of each class, so it predicts the first class.
  assert.deepEqual(after, { trainingScore: 1 / 3, cvScore: 1 / 3, nodes: 1, leaves: 1, depth: 0 });
  assert.equal(snipped.nodes.length, 1);
});

test('a model file with a malformed edit record is refused', () => {
  const iris = sample('iris.csv');
  const model = applyEdit(iris, grownOn(iris, { target: 'species' }), { op: 'snip', node: 2 });
  const text = serializeModel({ ...model, edits: [{ edit: { op: 'split', node: 0 }, before: null, after: null }] as unknown as TreeModel['edits'] });
  assert.throws(() => parseModel(text), refused('bad-model', /edit 1 must be/));
  const leafWithChildren = serializeModel({ ...model, nodes: model.nodes.map((n) => (n.id === 0 ? { ...n, snipped: [] } : n)) });
  assert.throws(() => parseModel(leafWithChildren), refused('bad-model', /snipped must be a leaf's non-empty subtree/));
});
