import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { simplifyTree } from '../../../src/engine/prune/simplify';
import { pruneCostComplexity } from '../../../src/engine/prune/cost-complexity';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { predict } from '../../../src/engine/tree/predict';
import { buildModel, cat, num } from '../helpers/build-model';

const features = [
  { name: 'x', type: 'numeric' as const },
  { name: 'c', type: 'categorical' as const, categories: ['a', 'b', 'd', 'e'] },
];
const classes = ['no', 'yes'];

test('a binary split whose leaves agree becomes a leaf, and the merge propagates upwards', () => {
  // root x ≤ 5 → [ x ≤ 2 → (no 8,1 | no 3,2) , no 6,0 ]: both levels collapse into one leaf "no".
  const model = buildModel(
    { value: [17, 3], split: num('x', 5), children: [{ value: [11, 3], split: num('x', 2), children: [{ value: [8, 1] }, { value: [3, 2] }] }, { value: [6, 0] }] },
    { classes, features },
  );
  const s = simplifyTree(model);
  assert.equal(s.nodes.length, 1);
  assert.equal(s.nodes[0].prediction, 'no');
  assert.equal(s.featureImportances.x, 0);
});

test('a split that changes a prediction stays', () => {
  const model = buildModel({ value: [5, 5], split: num('x', 5), children: [{ value: [5, 1] }, { value: [0, 4] }] }, { classes, features });
  assert.deepEqual(simplifyTree(model).nodes, model.nodes);
});

test('multiway: agreeing leaves become one branch with the union of categories; missingGoesTo follows', () => {
  // c ∈ {a} → yes, {b} → no, {d} → yes, {e} → x-split; missing/unseen go to branch 2 ({d}).
  const model = buildModel(
    {
      value: [10, 12],
      split: cat('c', ['a'], ['b'], ['d'], ['e']),
      missingGoesTo: 2,
      children: [
        { value: [1, 5] },
        { value: [4, 0] },
        { value: [0, 3] },
        { value: [5, 4], split: num('x', 1), children: [{ value: [5, 0] }, { value: [0, 4] }] },
      ],
    },
    { classes, features },
  );
  const s = simplifyTree(model);
  const root = s.nodes[0];
  assert.deepEqual(root.split, { feature: 'c', kind: 'categorical', branches: [['a', 'd'], ['b'], ['e']] });
  assert.equal(root.missingGoesTo, 0, 'missing values still reach the merged "yes" leaf');
  const merged = s.nodes[root.children[0]];
  assert.deepEqual(merged.value, [1, 8]);
  assert.equal(merged.samples, 9);
  assert.ok(Math.abs(merged.impurity - (1 - (1 / 9) ** 2 - (8 / 9) ** 2)) < 1e-12);
  assert.equal(merged.prediction, 'yes');
  assert.equal(s.nodes.length, 6);
  s.nodes.forEach((n, i) => assert.equal(n.id, i));
});

test('multiway: all branches agreeing leave a leaf with the shared prediction', () => {
  const model = buildModel(
    { value: [4, 6], split: cat('c', ['a'], ['b']), prediction: 'yes', children: [{ value: [1, 3] }, { value: [3, 3], prediction: 'yes' }] },
    { classes, features },
  );
  const s = simplifyTree(model);
  assert.equal(s.nodes.length, 1);
  assert.equal(s.nodes[0].prediction, 'yes');
});

test('regression: equal leaf values merge with the pooled mean and variance', () => {
  // Leaves (mean 2, var 1, n 2) and (mean 2, var 3, n 2) under a categorical split with a third branch.
  const model = buildModel(
    { value: [3, 2, 6], split: cat('c', ['a'], ['b'], ['d']), children: [{ value: [2, 1, 2] }, { value: [5, 0, 2] }, { value: [2, 3, 2] }] },
    { features, regression: true },
  );
  const s = simplifyTree(model);
  const merged = s.nodes[s.nodes[0].children[0]];
  assert.equal(merged.samples, 4);
  assert.equal(merged.value, 2);
  assert.equal(merged.impurity, 2);
});

test('simplifying trained trees never changes a prediction (train and test rows of the parity cases)', () => {
  let merged = 0;
  const cases: [string, string, Record<string, unknown>][] = [
    ['iris_gini_min_samples_leaf_5', 'species', { minSamplesLeaf: 5 }],
    ['iris_entropy_max_depth_3', 'species', { criterion: 'entropy', maxDepth: 3 }],
    ['iris_gini_max_leaf_nodes_8', 'species', { maxLeafNodes: 8 }],
    ['diabetes_squared_error_max_depth_3', 'disease_progression', { maxDepth: 3 }],
    ['play_tennis', 'play', { algorithm: 'id3' }],
  ];
  for (const [name, target, extra] of cases) {
    const load = (file: string) => parseCsv(readFileSync(path.join(process.cwd(), 'test/fixtures/parity', name, file)));
    const train = load('train.csv');
    const grown = trainTree(train, { target, ...extra }).model;
    for (const model of [grown, pruneCostComplexity(grown, 0.01)]) {
      const simple = simplifyTree(model);
      merged += model.nodes.length - simple.nodes.length;
      for (const data of [train, load('test.csv')]) assert.deepEqual(predict(simple, data), predict(model, data), name);
    }
  }
  assert.ok(merged > 0, 'some of these trees have redundant splits');
});
