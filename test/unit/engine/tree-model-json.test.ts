import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { InputError } from '../../../src/engine/errors';
import { MODEL_FORMAT } from '../../../src/engine/model';
import { jsonText } from '../../../src/engine/json-text';
import { parseModel, serializeModel } from '../../../src/engine/tree/model-json';
import { predict } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num, randomNumeric } from '../helpers/tree-data';

const mixed = dataset(
  num('size', [1, 2, 3, 4, 5, 6, 7, 8, null, 10]),
  cat('colour', ['red', 'blue', 'red', 'green', null, 'blue', 'red', 'green', 'blue', 'red']),
  cat('y', ['a', 'a', 'b', 'b', 'a', 'c', 'c', 'b', 'a', 'c']),
);

test('model JSON round trip: same model, same predictions', () => {
  for (const algorithm of ['cart', 'c45'] as const) {
    const { model } = trainTree(mixed, { target: 'y', algorithm });
    const text = serializeModel(model);
    const back = parseModel(text);
    assert.deepEqual(back, JSON.parse(JSON.stringify(model)));
    assert.deepEqual(predict(back, mixed), predict(model, mixed));
    assert.equal(back.format, MODEL_FORMAT);
    assert.equal(back.version, 1);
  }
  const reg = trainTree(randomNumeric(4, 80, 2, (x) => x[0] * 1.5 + x[1]), { target: 'y', maxDepth: 4 }).model;
  assert.deepEqual(predict(parseModel(serializeModel(reg)), randomNumeric(5, 10, 2, () => 0)), predict(reg, randomNumeric(5, 10, 2, () => 0)));
});

test('an infinite threshold ("missing vs present") is written as 1e309 and read back as Infinity', () => {
  const ds = dataset(num('x', [1, 2, 3, 4, null, null, null, null]), cat('y', ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b']));
  const { model } = trainTree(ds, { target: 'y' });
  assert.equal(model.nodes[0].split?.kind === 'numeric' && model.nodes[0].split.threshold, Infinity);
  const text = serializeModel(model);
  assert.match(text, /"threshold":1e309\}/);
  const back = parseModel(text);
  assert.deepEqual(back, model);
  const fresh = dataset(num('x', [4.5, null, 1]), cat('y', ['a', 'a', 'a']));
  assert.deepEqual(predict(back, fresh), ['a', 'b', 'a']);
  // Python's json reads the literal as infinity too.
  const python = ['/usr/bin/python3', 'python3'].find((p) => spawnSync(p, ['--version']).status === 0);
  if (python !== undefined) {
    const r = spawnSync(python, ['-c', 'import json,sys; print(json.load(sys.stdin)["nodes"][0]["split"]["threshold"])'], { input: text, encoding: 'utf8' });
    assert.equal(r.stdout.trim(), 'inf');
  }
});

test('infinities anywhere are written as ±1e309, even when a string looks like the stand-in', () => {
  const value = { a: Infinity, b: [-Infinity, 1], c: '\u0000+inf0', d: NaN };
  const text = jsonText(value);
  assert.equal(text, '{"a":1e309,"b":[-1e309,1],"c":"\\u0000+inf0","d":null}');
  assert.deepEqual(JSON.parse(text), { a: Infinity, b: [-Infinity, 1], c: '\u0000+inf0', d: null });
});

test('loading rejects other formats, versions and damaged models with bad-model', () => {
  const good = JSON.parse(serializeModel(trainTree(mixed, { target: 'y' }).model));
  const cases: Array<[string, unknown]> = [
    ['not json', '{nope'],
    ['array', []],
    ['other format', { ...good, format: 'sklearn-pickle' }],
    ['no format', { ...good, format: undefined }],
    ['future version', { ...good, version: 3 }],
    ['no nodes', { ...good, nodes: [] }],
    ['child out of range', { ...good, nodes: good.nodes.map((n: { id: number }) => (n.id === 0 ? { ...n, children: [1, 999] } : n)) }],
    ['cycle', { ...good, nodes: good.nodes.map((n: { id: number; children: number[] }) => (n.id === 1 && n.children.length ? { ...n, children: [0, 0] } : n)) }],
    ['unknown feature', { ...good, nodes: good.nodes.map((n: { id: number; split: object }) => (n.id === 0 ? { ...n, split: { ...n.split, feature: 'ghost' } } : n)) }],
    ['bad value', { ...good, nodes: good.nodes.map((n: { id: number }) => (n.id === 0 ? { ...n, value: [1] } : n)) }],
    ['categorical split on a numeric feature', { ...good, nodes: good.nodes.map((n: { id: number; split: { feature: string } }) => (n.id === 0 ? { ...n, split: { feature: 'size', kind: 'categorical', branches: [['1'], ['2']] } } : n)) }],
    ['missingGoesTo', { ...good, nodes: good.nodes.map((n: { id: number }) => (n.id === 0 ? { ...n, missingGoesTo: 5 } : n)) }],
  ];
  for (const [label, value] of cases) {
    const text = typeof value === 'string' ? value : JSON.stringify(value);
    assert.throws(() => parseModel(text), (err: unknown) => err instanceof InputError && err.code === 'bad-model', label);
  }
  assert.throws(() => parseModel(JSON.stringify({ ...good, version: 3 })), /version 3 is not supported \(this build reads tree model version 1\)/);
  assert.throws(() => parseModel(JSON.stringify({ ...good, format: 'x' })), /format is "x"/);
});

test('predict matches columns by name, in any order, and rejects a missing column', () => {
  const { model } = trainTree(mixed, { target: 'y' });
  const reordered = dataset(mixed.columns[2], mixed.columns[1], mixed.columns[0]);
  assert.deepEqual(predict(model, reordered), predict(model, mixed));
  const usesSize = model.nodes.some((n) => n.split?.feature === 'size');
  if (usesSize) assert.throws(() => predict(model, dataset(mixed.columns[1])), (e: unknown) => e instanceof InputError && e.code === 'unknown-column');
});
