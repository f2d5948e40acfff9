import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../src/engine/csv/read';
import { InputError } from '../../src/engine/errors';
import { holdoutSplit, kFolds, targetStrata } from '../../src/engine/validation/split';
import { crossValidate } from '../../src/engine/validation/cross-validate';
import { selectAlphaByCv } from '../../src/engine/validation/alpha-cv';
import { resolvePostProcessing } from '../../src/engine/prune/post-process';
import { trainTree } from '../../src/engine/tree/train';
import { isNumeric } from '../../src/engine/dataset';

const iris = parseCsv(readFileSync(path.join(process.cwd(), 'test/fixtures/parity/iris_gini_default/train.csv')));
const diabetes = parseCsv(readFileSync(path.join(process.cwd(), 'test/fixtures/parity/diabetes_squared_error_max_depth_3/train.csv')));
const species = iris.columns[4];

function classCounts(rows: Int32Array): number[] {
  const counts = [0, 0, 0];
  if (isNumeric(species)) throw new Error('species is categorical');
  for (const r of rows) counts[species.codes[r]]++;
  return counts;
}

test('hold-out split: stratified, disjoint, complete, seeded', () => {
  const s = targetStrata(iris, 'species');
  assert.equal(s.task, 'classification');
  const a = holdoutSplit(s, 0.3, 42);
  assert.equal(a.test.length, 32, '⌈0.3 · 105⌉');
  assert.equal(a.train.length + a.test.length, 105);
  assert.deepEqual([...new Set([...a.train, ...a.test])].sort((x, y) => x - y), Array.from({ length: 105 }, (_, i) => i));
  const counts = classCounts(a.test);
  assert.ok(counts.every((c) => c === 10 || c === 11), `per-class test counts ${counts}`);
  assert.deepEqual(holdoutSplit(s, 0.3, 42), a);
  assert.notDeepEqual(holdoutSplit(s, 0.3, 43).test, a.test);
});

test('hold-out split on a regression target is a plain shuffle', () => {
  const s = targetStrata(diabetes, 'disease_progression');
  assert.equal(s.task, 'regression');
  const { train, test } = holdoutSplit(s, 0.25, 1);
  assert.equal(test.length, Math.ceil(0.25 * diabetes.rowCount));
  assert.equal(train.length + test.length, diabetes.rowCount);
});

test('a test fraction outside (0, 1) is bad input', () => {
  const s = targetStrata(iris, 'species');
  for (const f of [0, 1, -0.2, 1.5, Number.NaN]) assert.throws(() => holdoutSplit(s, f, 0), InputError, `fraction ${f}`);
});

test('stratified k-fold: balanced folds covering every row once', () => {
  const s = targetStrata(iris, 'species');
  const folds = kFolds(s, 5, 7);
  assert.equal(folds.length, 5);
  for (const f of folds) assert.deepEqual(classCounts(f), [7, 7, 7]);
  assert.equal(new Set(folds.flatMap((f) => [...f])).size, 105);
});

test('k larger than the smallest class, or below 2, is bad input', () => {
  const tiny = parseCsv('x,y\n1,a\n2,a\n3,a\n4,b\n5,b\n');
  const s = targetStrata(tiny, 'y');
  assert.throws(() => kFolds(s, 3, 0), /class "b" has 2/);
  assert.throws(() => kFolds(s, 1, 0), InputError);
  assert.throws(() => kFolds(s, 2.5, 0), InputError);
  assert.equal(kFolds(s, 2, 0).length, 2);
});

test('cross-validation: one score per fold, pooled metrics over every row, reproducible', () => {
  const post = resolvePostProcessing({});
  const cv = crossValidate(iris, { target: 'species' }, post, 5, 3);
  assert.equal(cv.scores.length, 5);
  assert.equal(cv.pooled.rows, 105);
  assert.ok(cv.pooled.task === 'classification');
  assert.ok(Math.abs(cv.pooled.accuracy - cv.mean) < 1e-12, 'equal folds: pooled accuracy = mean fold accuracy');
  assert.ok(cv.mean > 0.85 && cv.mean <= 1, `mean ${cv.mean}`);
  assert.deepEqual(crossValidate(iris, { target: 'species' }, post, 5, 3), cv);
});

test('alpha by CV: every candidate\'s mean equals cross-validating the tree pruned at it', () => {
  const params = { target: 'species' };
  const grown = trainTree(iris, params).model;
  const sel = selectAlphaByCv(iris, params, grown, 5, 11);
  assert.ok(sel.candidates.length >= 3);
  for (const c of sel.candidates) {
    const cv = crossValidate(iris, params, resolvePostProcessing({ prune: 'cost-complexity', ccpAlpha: c.alpha, simplify: false }), 5, 11);
    assert.ok(Math.abs(cv.mean - c.meanScore) < 1e-12, `alpha ${c.alpha}: ${cv.mean} != ${c.meanScore}`);
    assert.ok(Math.abs(cv.std - c.stdScore) < 1e-12);
  }
  // The largest candidate prunes to the root: a balanced fold gets exactly a third right.
  assert.ok(Math.abs(sel.candidates[sel.candidates.length - 1].meanScore - 1 / 3) < 1e-12);
  const best = Math.max(...sel.candidates.map((c) => c.meanScore));
  assert.equal(sel.candidates.find((c) => c.alpha === sel.bestAlpha)?.meanScore, best);
  const oneSe = selectAlphaByCv(iris, params, grown, 5, 11, 'one-se');
  assert.ok(oneSe.chosenAlpha >= oneSe.bestAlpha);
  const chosen = oneSe.candidates.find((c) => c.alpha === oneSe.chosenAlpha);
  const top = oneSe.candidates.find((c) => c.alpha === oneSe.bestAlpha);
  assert.ok(chosen && top && chosen.meanScore >= top.meanScore - top.stdError);
});

test('alpha by CV on a regression tree: candidate means equal cross-validated R² of the pruned trees', () => {
  const params = { target: 'disease_progression', maxDepth: 4 };
  const sel = selectAlphaByCv(diabetes, params, trainTree(diabetes, params).model, 4, 5);
  assert.equal(sel.scoreName, 'r2');
  for (const c of sel.candidates) {
    const cv = crossValidate(diabetes, params, resolvePostProcessing({ prune: 'cost-complexity', ccpAlpha: c.alpha, simplify: false }), 4, 5);
    assert.ok(Math.abs(cv.mean - c.meanScore) < 1e-9, `alpha ${c.alpha}: ${cv.mean} != ${c.meanScore}`);
  }
});

test('regression CV scores R²', () => {
  const cv = crossValidate(diabetes, { target: 'disease_progression', maxDepth: 3 }, resolvePostProcessing({}), 4, 0);
  assert.equal(cv.scoreName, 'r2');
  assert.ok(cv.pooled.task === 'regression' && cv.pooled.rows === diabetes.rowCount);
});

test('pruning settings: alpha implies cost-complexity, contradictions and negative values are bad input', () => {
  assert.equal(resolvePostProcessing({ ccpAlpha: 0.01 }).prune, 'cost-complexity');
  assert.throws(() => resolvePostProcessing({ ccpAlpha: -1 }), InputError);
  assert.throws(() => resolvePostProcessing({ ccpAlpha: 0.1, prune: 'pessimistic' }), /cost-complexity/);
  assert.throws(() => resolvePostProcessing({ pessimisticEpsilon: -0.5 }), InputError);
});
