import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { TreeModel } from '../../../src/engine/model';
import { buildReport } from '../../../src/engine/report';
import { firstSlice } from '../../../src/shared/tree-slices';
import { packModel } from '../../../src/shared/report-transfer';
import { decodeModel } from '../../../src/engine/model-columns';

const sample = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));
const fixture = (name: string) => JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/models', name), 'utf8')) as TreeModel;

test('a model crosses the wire as columns and comes back equal, numeric and categorical splits alike', () => {
  const models: [string, TreeModel][] = [
    ['iris fixture', fixture('iris-gini-depth3.json')],
    ['diabetes fixture (regression)', fixture('diabetes-depth3.json')],
    ['play tennis (ID3, categorical)', fixture('play-tennis-id3.json')],
    ['bike or car (booleans, missing values)', buildReport(sample('bike_or_car.csv'), { params: { target: 'go_by_car' }, permutationRepeats: 0 }).model],
    ['diabetes fully grown', buildReport(sample('diabetes.csv'), { params: { target: 'disease_progression' }, simplify: false, permutationRepeats: 0 }).model],
  ];
  for (const [name, model] of models) {
    const wire = firstSlice(packModel(model));
    assert.equal(wire.nodes.depth.length, model.nodes.length, `${name}: a small tree goes whole`);
    // The wire holds no object per node: columns of numbers, plus the categorical splits.
    assert.equal(wire.nodes.branches.length, model.nodes.filter((n) => n.split?.kind === 'categorical').length, name);
    const back = decodeModel(structuredClone(wire));
    assert.deepEqual(back.model, JSON.parse(JSON.stringify(model)), name);
    assert.equal(back.sent, model.nodes.length, name);
  }
  assert.ok(fixture('play-tennis-id3.json').nodes.some((n) => n.split?.kind === 'categorical'), 'a categorical split is covered');
});

test('a model the wire cannot carry is refused, not garbled', () => {
  const model = fixture('iris-gini-depth3.json');
  const swapped = { ...model, nodes: [model.nodes[1], model.nodes[0], ...model.nodes.slice(2)] };
  assert.throws(() => packModel(swapped), /node 0 has id 1/);
  const unknownClass = { ...model, nodes: model.nodes.map((n, i) => (i === 2 ? { ...n, prediction: 'rose' } : n)) };
  assert.throws(() => packModel(unknownClass), /node 2 predicts "rose"/);
  const split = model.nodes[0].split!;
  const unknownFeature = { ...model, nodes: model.nodes.map((n, i) => (i === 0 ? { ...n, split: { ...split, feature: 'colour' } } : n)) };
  assert.throws(() => packModel(unknownFeature), /node 0 splits on an unknown feature/);
});
