// Missing values: CART learns which child takes them, predictions follow missingGoesTo (also for
// unseen categories), missing targets are dropped and counted, C4.5 spreads fractional cases.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { predict, decisionPath, predictProba } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { scoreAttributes } from '../../../src/engine/tree/multiway-builder';
import { buildTrainingSet } from '../../../src/engine/tree/training-set';
import { cat, dataset, num } from '../helpers/tree-data';

// x low → n, x high → p, x missing → mostly p: missing values belong with the right child.
const x = [1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 15, null, null, null, null];
const y = ['n', 'n', 'n', 'n', 'n', 'n', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'p', 'n'];

test('CART sends missing values to the child where they decrease impurity most', () => {
  const { model } = trainTree(dataset(num('x', x), cat('y', y)), { target: 'y', maxDepth: 1 });
  const root = model.nodes[0];
  assert.deepEqual(root.split, { feature: 'x', kind: 'numeric', threshold: 8 });
  assert.equal(root.missingGoesTo, 1);
  assert.deepEqual(model.nodes[root.children[1]].value, [1, 9]);
  // Mirror the association: now missing rows go left.
  const mirrored = y.map((v, i) => (x[i] === null ? (v === 'p' ? 'n' : 'p') : v));
  const m2 = trainTree(dataset(num('x', x), cat('y', mirrored)), { target: 'y', maxDepth: 1 }).model;
  assert.equal(m2.nodes[0].missingGoesTo, 0);
  assert.equal(m2.nodes[m2.nodes[0].children[0]].samples, 10);
});

test('the split "present left, missing right" is found when only missingness informs', () => {
  const xs = [1, 1, 1, 1, null, null, null, null];
  const ys = ['a', 'a', 'a', 'a', 'b', 'b', 'b', 'b'];
  const { model } = trainTree(dataset(num('x', xs), cat('y', ys)), { target: 'y' });
  // scikit-learn ≥ 1.3: threshold +inf, every present value left.
  assert.deepEqual(model.nodes[0].split, { feature: 'x', kind: 'numeric', threshold: Infinity });
  assert.equal(model.nodes[0].missingGoesTo, 1);
  assert.deepEqual(predict(model, dataset(num('x', [1, null]), cat('y', ['a', 'a']))), ['a', 'b']);
});

test('a value above every training value goes left at a "missing vs present" split (exact and histogram)', () => {
  // bill_length_mm present → a, missing → b; a new 43.3 exceeds the largest present value 43.2.
  const xs = [39.1, 40.3, 41.0, 43.2, 43.2, null, null, null];
  const ys = ['a', 'a', 'a', 'a', 'a', 'b', 'b', 'b'];
  const fresh = dataset(num('bill_length_mm', [43.3, 1e6, null]), cat('y', ['a', 'a', 'a']));
  for (const splitter of ['exact', 'hist'] as const) {
    const { model } = trainTree(dataset(num('bill_length_mm', xs), cat('y', ys)), { target: 'y', splitter });
    assert.equal(model.nodes[0].split?.kind === 'numeric' && model.nodes[0].split.threshold, Infinity, splitter);
    assert.deepEqual(predict(model, fresh), ['a', 'a', 'b'], splitter);
  }
});

test('ties between candidates go as scikit-learn\'s two passes: every threshold with missing right first', () => {
  // "x ≤ 1.5, missing left" and "x present | missing" score the same; scikit-learn 1.9 picks the
  // second (found in its first pass, missing values right): threshold inf, missing right.
  for (const splitter of ['exact', 'hist'] as const) {
    const { model } = trainTree(dataset(num('x', [1, null, 1, 2]), cat('y', ['b', 'b', 'a', 'a'])), { target: 'y', maxDepth: 1, splitter });
    assert.deepEqual(model.nodes[0].split, { feature: 'x', kind: 'numeric', threshold: Infinity }, splitter);
    assert.equal(model.nodes[0].missingGoesTo, 1, splitter);
  }
});

test('without missing values at a node, missing values follow the larger child, the right one on a tie', () => {
  // scikit-learn: missing_go_to_left = n_left > n_right.
  const { model } = trainTree(dataset(num('x', [1, 2, 3, 4]), cat('y', ['a', 'a', 'b', 'b'])), { target: 'y' });
  assert.equal(model.nodes[0].missingGoesTo, 1);
  assert.deepEqual(predict(model, dataset(num('x', [null]), cat('y', ['a']))), ['b']);
});

test('without missing values in training, missing values follow the larger child', () => {
  const xs = [1, 2, 3, 10, 11, 12, 13, 14];
  const ys = ['a', 'a', 'a', 'b', 'b', 'b', 'b', 'b'];
  const { model } = trainTree(dataset(num('x', xs), cat('y', ys)), { target: 'y' });
  assert.equal(model.nodes[0].missingGoesTo, 1);
  const test = dataset(num('x', [null, 2]), cat('y', ['a', 'a']));
  assert.deepEqual(predict(model, test), ['b', 'a']);
  assert.deepEqual(decisionPath(model, test, 0), [0, model.nodes[0].children[1]]);
  assert.throws(() => decisionPath(model, test, 2), RangeError);
  assert.deepEqual(Array.from(predictProba(model, test).subarray(2, 4)), [1, 0]);
});

test('categorical: missing values choose a side; unseen categories follow missingGoesTo', () => {
  const colour = ['red', 'red', 'red', 'blue', 'blue', 'blue', null, null, null];
  const ys = ['a', 'a', 'a', 'b', 'b', 'b', 'b', 'b', 'b'];
  const { model } = trainTree(dataset(cat('colour', colour), cat('y', ys)), { target: 'y' });
  const root = model.nodes[0];
  assert.ok(root.split?.kind === 'categorical');
  const blueSide = root.split.branches.findIndex((b) => b.includes('blue'));
  assert.equal(root.missingGoesTo, blueSide);
  assert.deepEqual(predict(model, dataset(cat('colour', ['green', null, 'red']), cat('y', ['a', 'a', 'a']))), ['b', 'b', 'a']);
});

test('rows with a missing target are left out and counted', () => {
  const ds = dataset(num('x', [1, 2, 3, 4, 5]), cat('y', ['a', null, 'b', null, 'b']));
  const r = trainTree(ds, { target: 'y' });
  assert.equal(r.droppedMissingTarget, 2);
  assert.equal(r.trainingRows, 3);
  assert.equal(r.model.nodes[0].samples, 3);
});

test('C4.5: cases with a missing value go down every branch with fractional weights', () => {
  const outlook = ['sun', 'sun', 'sun', 'rain', 'rain', 'rain', null, null];
  const ys = ['n', 'n', 'n', 'p', 'p', 'p', 'p', 'n'];
  const { model } = trainTree(dataset(cat('outlook', outlook), cat('y', ys)), { target: 'y', algorithm: 'c45' });
  const root = model.nodes[0];
  assert.equal(root.split?.feature, 'outlook');
  const children = root.children.map((c) => model.nodes[c]);
  // 3 known cases per branch, plus half of each of the 2 unknown cases.
  assert.deepEqual(children.map((c) => c.samples), [4, 4]);
  assert.deepEqual(children.map((c) => c.value), [[3.5, 0.5], [0.5, 3.5]]);
  assert.ok(Math.abs(children.reduce((a, c) => a + c.samples, 0) - root.samples) < 1e-12);
});

test('C4.5 gain of an attribute with unknown values is scaled by the known share', () => {
  const outlook = ['sun', 'sun', 'sun', 'rain', 'rain', 'rain', null, null];
  const ys = ['n', 'n', 'n', 'p', 'p', 'p', 'p', 'n'];
  const set = buildTrainingSet(dataset(cat('outlook', outlook), cat('y', ys)), 'y');
  const [score] = scoreAttributes(set, { ids: Int32Array.from({ length: 8 }, (_, i) => i), weights: new Float64Array(8).fill(1) }, () => true);
  // Known cases are split perfectly (H = 1 → 0), F = 6/8; the unknowns are a third outcome.
  assert.ok(Math.abs(score.gain - 0.75) < 1e-12);
  const si = -2 * (3 / 8) * Math.log2(3 / 8) - (2 / 8) * Math.log2(2 / 8);
  assert.ok(Math.abs(score.splitInfo - si) < 1e-12);
  assert.ok(Math.abs(score.gainRatio - 0.75 / si) < 1e-12);
});

test('regression: missing values go to the side whose mean they match', () => {
  const xs = [1, 2, 3, 4, 10, 11, 12, 13, null, null, null];
  const ys = [1, 1.2, 0.8, 1.1, 9, 9.5, 10, 10.5, 9.8, 10.1, 9.7];
  const { model } = trainTree(dataset(num('x', xs), num('y', ys)), { target: 'y', task: 'regression', maxDepth: 1 });
  assert.deepEqual(model.nodes[0].split, { feature: 'x', kind: 'numeric', threshold: 7 });
  assert.equal(model.nodes[0].missingGoesTo, 1);
  assert.equal(model.nodes[model.nodes[0].children[1]].samples, 7);
});
