// Sample weights in every learner beyond the scikit-learn fixtures (tree-weights-parity.test.ts):
// an integer weight acts as that many copies of the row (ID3, C4.5 with its pessimistic pruning,
// CART exact and hist), unit weights leave the tree as unweighted training grows it, the rows
// counted by min_samples_leaf are rows (not weight), and bad weights are input errors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { type Column, type Dataset, isNumeric } from '../../../src/engine/dataset';
import { InputError } from '../../../src/engine/errors';
import type { ModelNode, TrainParams } from '../../../src/engine/model';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num } from '../helpers/tree-data';

const parity = (name: string): Dataset => parseCsv(readFileSync(path.join(process.cwd(), 'test/fixtures/parity', name, 'train.csv')));

/** Every row of `data` repeated weight[r] times (0: dropped). */
function repeated(data: Dataset, weight: ArrayLike<number>): Dataset {
  const rows: number[] = [];
  for (let r = 0; r < data.rowCount; r++) for (let k = 0; k < weight[r]; k++) rows.push(r);
  const columns = data.columns.map((c): Column => (isNumeric(c) ? { ...c, values: Float64Array.from(rows, (r) => c.values[r]) } : { ...c, codes: Int32Array.from(rows, (r) => c.codes[r]) }));
  return { ...data, columns, rowCount: rows.length };
}

/** A node as weighted training must equal it from repeated rows: its weight where the copies have their count. */
const asCopies = (n: ModelNode): ModelNode => {
  const { weightedSamples, ...rest } = n;
  return { ...rest, samples: weightedSamples ?? n.samples };
};
const withoutSamples = (n: ModelNode): Omit<ModelNode, 'samples'> => {
  const { samples: _, ...rest } = n;
  return rest;
};

const cases: Array<{ data: string; params: TrainParams }> = [
  { data: 'play_tennis', params: { target: 'play', algorithm: 'id3' } },
  { data: 'play_tennis', params: { target: 'play', algorithm: 'c45' } },
  { data: 'iris_gini_default', params: { target: 'species', algorithm: 'c45' } },
  { data: 'iris_gini_default', params: { target: 'species' } },
  { data: 'iris_gini_default', params: { target: 'species', criterion: 'entropy', splitter: 'hist' } },
];

for (const { data, params } of cases) {
  test(`integer weights equal repeated rows: ${data} ${params.algorithm ?? 'cart'} ${params.splitter ?? ''}`, () => {
    const d = parity(data);
    const weight = Float64Array.from({ length: d.rowCount }, (_, r) => (r * 7) % 4);
    const weighted = trainTree(d, params, {}, weight).model;
    const copies = trainTree(repeated(d, weight), params).model;
    assert.ok(weighted.nodes.length > 1);
    const multiway = params.algorithm === 'id3' || params.algorithm === 'c45';
    // ID3/C4.5 count cases by weight (Quinlan's fractional cases): `samples` is their weight there.
    if (multiway) assert.deepEqual(weighted.nodes.map(asCopies), copies.nodes);
    else assert.deepEqual(weighted.nodes.map((n) => withoutSamples(asCopies(n))), copies.nodes.map(withoutSamples));
    assert.deepEqual(weighted.featureImportances, copies.featureImportances);
  });
}

test('unit weights grow the unweighted tree (nodes then also carry weightedSamples = samples)', () => {
  for (const name of ['iris_gini_default', 'diabetes_squared_error_max_depth_3']) {
    const d = parity(name);
    const target = d.columns[d.columns.length - 1].name;
    for (const splitter of ['exact', 'hist'] as const) {
      const plain = trainTree(d, { target, splitter }).model;
      const ones = trainTree(d, { target, splitter }, {}, new Float64Array(d.rowCount).fill(1)).model;
      ones.nodes.forEach((n) => assert.equal(n.weightedSamples, n.samples));
      assert.deepEqual(ones.nodes.map((n) => ({ ...n, weightedSamples: undefined })), plain.nodes.map((n) => ({ ...n, weightedSamples: undefined })));
    }
  }
});

test('min_samples_leaf counts rows: a heavy single row cannot be a leaf of 2', () => {
  const d = dataset(num('x', [1, 2, 3, 4]), cat('y', ['a', 'a', 'b', 'b']));
  const weight = Float64Array.of(1, 1, 50, 1);
  const m = trainTree(d, { target: 'y', minSamplesLeaf: 2 }, {}, weight).model;
  assert.equal(m.nodes[0].split?.kind === 'numeric' && m.nodes[0].split.threshold, 2.5);
  assert.deepEqual(m.nodes.slice(1).map((n) => [n.samples, n.weightedSamples]), [[2, 2], [2, 51]]);
  // min_weight_fraction_leaf: each leaf needs that share of the weight 53 — 0.53 allows x ≤ 2.5
  // (weights 2 | 51), 5.3 no split at all (the lightest side of every split weighs at most 2).
  assert.equal(trainTree(d, { target: 'y', minWeightFractionLeaf: 0.01 }, {}, weight).model.nodes.length, 3);
  assert.equal(trainTree(d, { target: 'y', minWeightFractionLeaf: 0.1 }, {}, weight).model.nodes.length, 1);
});

test('class_weight balanced weighs each class n / (k · n_c); a dict multiplies the named classes', () => {
  const d = dataset(num('x', [1, 2, 3, 4, 5, 6]), cat('y', ['a', 'a', 'a', 'a', 'b', 'b']));
  assert.deepEqual(trainTree(d, { target: 'y', classWeight: 'balanced' }).model.nodes[0].value, [3, 3]);
  const m = trainTree(d, { target: 'y', classWeight: { b: 3 } }, {}, Float64Array.of(1, 1, 1, 1, 0.5, 1)).model;
  assert.deepEqual(m.nodes[0].value, [4, 4.5]);
  assert.equal(m.nodes[0].samples, 6);
  assert.equal(m.nodes[0].weightedSamples, 8.5);
});

test('rows of weight 0 are out of the tree: not counted in samples, no threshold of their own', () => {
  const d = dataset(num('x', [1, 2, 3, 10]), cat('y', ['a', 'a', 'b', 'a']));
  const m = trainTree(d, { target: 'y' }, {}, Float64Array.of(1, 1, 1, 0)).model;
  assert.equal(m.nodes[0].samples, 3);
  assert.deepEqual(m.nodes[0].split, { feature: 'x', kind: 'numeric', threshold: 2.5 });
});

test('bad weights and class weights are input errors with a clear message', () => {
  const d = dataset(num('x', [1, 2, 3]), num('w', [1, -2, null]), cat('y', ['a', 'b', 'a']));
  const fails = (params: Partial<TrainParams>, message: RegExp, weight?: Float64Array): void => {
    assert.throws(() => trainTree(d, { target: 'y', ...params }, {}, weight), (e: unknown) => e instanceof InputError && message.test(e.message));
  };
  fails({ classWeight: { c: 2 } }, /class weight for unknown class "c" \(classes: a, b\)/);
  fails({ classWeight: { a: -1 } }, /class weight of "a" must be a number ≥ 0/);
  fails({ sampleWeightColumn: 'w' }, /weight column "w" must be a finite number ≥ 0, got -2 on data row 2/);
  fails({ sampleWeightColumn: 'nope' }, /unknown sample weight column "nope"/);
  fails({ sampleWeightColumn: 'y' }, /cannot also be the sample weight column/);
  fails({}, /the sample weight of data row 3 is missing/, Float64Array.of(1, 1, NaN));
  fails({}, /2 given for 3 rows/, Float64Array.of(1, 1));
  fails({}, /weights sum to 0/, Float64Array.of(0, 0, 0));
  fails({ minWeightFractionLeaf: 0.6 }, /min weight fraction leaf must be a number in \[0, 0.5\]/);
  const r = dataset(num('x', [1, 2, 3]), num('y', [1.5, 2, 3]));
  assert.throws(() => trainTree(r, { target: 'y', task: 'regression', classWeight: 'balanced' }), /class weights apply to classification only/);
});

test('a weight column is no feature and is never listed as left out', () => {
  const d = dataset(num('x', [1, 2, 3, 4]), num('w', [1, 2, 3, 4]), cat('y', ['a', 'a', 'b', 'b']));
  const m = trainTree(d, { target: 'y', sampleWeightColumn: 'w' }).model;
  assert.deepEqual(m.features.map((f) => f.name), ['x']);
  assert.deepEqual(m.params.leftOut, []);
  assert.equal(m.nodes[0].weightedSamples, 10);
});
