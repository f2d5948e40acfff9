// The host reads a trained tree in its columns (src/engine/tree-columns.ts) and must read the same
// tree the model JSON holds: every accessor, the compiled tree behind a row path, and the panel's
// answers (slices, rules pages, row paths) agree with the TreeModel on real trained trees.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import type { TreeModel } from '../../../src/engine/model';
import { decodeModel } from '../../../src/engine/model-columns';
import { buildReport } from '../../../src/engine/report';
import { classShare, extractRules } from '../../../src/engine/rules/extract';
import { childrenOf, classShareOf, isLeaf, modelOf, nodeAt, parentsOf, predictionOf } from '../../../src/engine/tree-columns';
import { decisionPath, predict } from '../../../src/engine/tree/predict';
import { packModel } from '../../../src/shared/report-transfer';
import { rowPath } from '../../../src/shared/row-path';
import { RulePages } from '../../../src/panel/rules-page';
import { branchSlice, firstSlice, subtreeSlice } from '../../../src/shared/tree-slices';
import { parentIndex } from '../../../src/shared/render/tree-labels';

const sample = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));
const trained = (file: string, target: string, extra: object = {}): [string, TreeModel, Dataset] => {
  const data = sample(file);
  return [`${file} ${JSON.stringify(extra)}`, buildReport(data, { params: { target, ...extra }, simplify: false, permutationRepeats: 0 }).model, data];
};
// Regression fully grown (hundreds of nodes), classes, booleans with missing values, multiway categorical splits.
const TREES = [
  trained('diabetes.csv', 'disease_progression'),
  trained('iris.csv', 'species'),
  trained('bike_or_car.csv', 'go_by_car'),
  trained('play_tennis.csv', 'play', { algorithm: 'id3' }),
  trained('play_tennis.csv', 'play', { minSamplesLeaf: 1 }),
];

test('every accessor reads what the model holds', () => {
  for (const [name, model] of TREES) {
    const held = structuredClone(packModel(model)); // as it arrives from the worker
    const parent = parentIndex(model);
    assert.deepEqual(parentsOf(held), parent, name);
    const classes = new Map((model.classes ?? []).map((c, i) => [c, i]));
    for (const node of model.nodes) {
      assert.deepEqual(nodeAt(held, node.id), node, `${name} node ${node.id}`);
      assert.deepEqual(childrenOf(held, node.id), node.children);
      assert.equal(isLeaf(held, node.id), node.children.length === 0);
      assert.equal(predictionOf(held, node.id), node.prediction);
      if (model.task === 'classification') assert.equal(classShareOf(held, node.id, classes.get(String(node.prediction))!), classShare(node, classes.get(String(node.prediction))!));
    }
    const some = [0, ...model.nodes[0].children];
    const part = modelOf(held, some);
    assert.deepEqual(part.nodes.filter(Boolean), some.map((id) => model.nodes[id]), `${name}: only the nodes asked for`);
    assert.equal(part.nodes.length, model.nodes.length);
  }
  assert.ok(TREES.some(([, m]) => m.nodes.some((n) => n.split?.kind === 'categorical' && n.children.length > 2)), 'a multiway split is covered');
});

test('row paths from the columns are the model\'s decision paths and predictions, row by row', () => {
  for (const [name, model, data] of TREES) {
    const held = packModel(model);
    const predictions = predict(model, data);
    for (let row = 0; row < data.rowCount; row++) {
      const result = rowPath(held, data, row);
      assert.deepEqual(result.path, decisionPath(model, data, row), `${name} row ${row}`);
      assert.equal(result.prediction, predictions[row]);
    }
  }
});

test('the panel\'s answers from the columns hold the model\'s nodes and rules', () => {
  for (const [name, model] of TREES) {
    const held = packModel(model);
    const shown = decodeModel(structuredClone(firstSlice(held)));
    assert.deepEqual(shown.model.nodes, model.nodes, `${name}: a small tree goes whole`);
    for (const id of [0, model.nodes.length - 1]) {
      for (const slice of [subtreeSlice(held, id), branchSlice(held, id)]) {
        for (const node of decodeModel({ ...firstSlice(held), nodes: slice }).model.nodes) if (node) assert.deepEqual(node, model.nodes[node.id], `${name} node ${node.id}`);
      }
    }
    const rules = extractRules(model);
    const page = new RulePages().answer(held, { offset: 0, limit: 1000, sort: { key: 'order', descending: false } });
    assert.deepEqual(page.rows.map((r) => r.rule), rules.slice(0, 1000), `${name}: the rules in the report's order`);
  }
});
