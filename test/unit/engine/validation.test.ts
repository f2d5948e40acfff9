import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { InputError } from '../../../src/engine/errors';
import { holdoutSplit, kFolds, targetStrata } from '../../../src/engine/validation/split';
import { crossValidate, makeFolds } from '../../../src/engine/validation/cross-validate';
import { candidateAlphas, selectAlphaByCv } from '../../../src/engine/validation/alpha-cv';
import { evaluateModel } from '../../../src/engine/validation/evaluate';
import { resolvePostProcessing } from '../../../src/engine/prune/post-process';
import { pruneCostComplexity } from '../../../src/engine/prune/cost-complexity';
import { buildReport } from '../../../src/engine/report';
import { trainTree } from '../../../src/engine/tree/train';
import { isNumeric } from '../../../src/engine/dataset';

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
  const { folds, warnings } = kFolds(s, 5, 7);
  assert.equal(folds.length, 5);
  assert.deepEqual(warnings, []);
  for (const f of folds) assert.deepEqual(classCounts(f), [7, 7, 7]);
  assert.equal(new Set(folds.flatMap((f) => [...f])).size, 105);
});

test('k larger than every class, or below 2, is bad input', () => {
  const tiny = parseCsv('x,y\n1,a\n2,a\n3,a\n4,b\n5,b\n');
  const s = targetStrata(tiny, 'y');
  assert.throws(() => kFolds(s, 4, 0), /largest class has 3/);
  assert.throws(() => kFolds(s, 1, 0), InputError);
  assert.throws(() => kFolds(s, 2.5, 0), InputError);
  assert.equal(kFolds(s, 2, 0).folds.length, 2);
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
  const sel = selectAlphaByCv(iris, params, grown, { k: 5, seed: 11 }).selection;
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
  const oneSe = selectAlphaByCv(iris, params, grown, { k: 5, seed: 11, rule: 'one-se' }).selection;
  assert.ok(oneSe.chosenAlpha >= oneSe.bestAlpha);
  const chosen = oneSe.candidates.find((c) => c.alpha === oneSe.chosenAlpha);
  const top = oneSe.candidates.find((c) => c.alpha === oneSe.bestAlpha);
  assert.ok(chosen && top && chosen.meanScore >= top.meanScore - top.stdError);
});

test('alpha by CV on a regression tree: candidate means equal cross-validated R² of the pruned trees', () => {
  const params = { target: 'disease_progression', maxDepth: 4 };
  const sel = selectAlphaByCv(diabetes, params, trainTree(diabetes, params).model, { k: 4, seed: 5 }).selection;
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

test('stratified when possible: a class with fewer rows than folds is spread one per fold, with a warning', () => {
  // 7 of a, 4 of b, 1 of c; 5 folds.
  const rows = [...'aaaaaaabbbbc'].map((y, i) => `${i},${y}`).join('\n');
  const s = targetStrata(parseCsv(`x,y\n${rows}\n`), 'y');
  const { folds, warnings } = kFolds(s, 5, 3);
  assert.equal(new Set(folds.flatMap((f) => [...f])).size, 12);
  const label = (r: number) => 'aaaaaaabbbbc'[r];
  for (const [cls, n] of [['a', 7], ['b', 4], ['c', 1]] as const) {
    for (const f of folds) {
      const count = [...f].filter((r) => label(r) === cls).length;
      assert.ok(count === Math.floor(n / 5) || count === Math.ceil(n / 5), `class ${cls}: ${count} rows in a fold`);
    }
  }
  assert.deepEqual(warnings, ['the least populated class, "c", has only 1 rows, fewer than the 5 folds: some folds test none of it']);
});

test("pooled out-of-fold metrics list the classes in the data's order, also one the first fold's training rows lack", () => {
  // Class "a" has one row, so the tree of the fold that tests it never saw it.
  const rows = ['0,a', ...Array.from({ length: 20 }, (_, i) => `${i + 1},${i % 2 === 0 ? 'b' : 'c'}`)].join('\n');
  const data = parseCsv(`x,y\n${rows}\n`);
  const firstTestsA = (seed: number) => {
    const y = makeFolds(data, { target: 'y' }, { k: 3, seed }).folds[0].test.columns[1];
    return y.type === 'categorical' && [...y.codes].some((c) => y.categories[c] === 'a');
  };
  const seeds = [0, 1, 2, 3, 4, 5];
  assert.ok(seeds.some(firstTestsA), 'some seed has the first fold test the "a" row');
  for (const seed of seeds) {
    const cv = crossValidate(data, { target: 'y' }, resolvePostProcessing({}), 3, seed);
    assert.ok(cv.pooled.task === 'classification');
    assert.deepEqual(cv.pooled.classes, ['a', 'b', 'c'], `seed ${seed}`);
    assert.equal(cv.pooled.confusion[0].reduce((x, y) => x + y, 0), 1, `seed ${seed}: the "a" row in its own row`);
  }
});

test('--no-stratify: plain seeded k-fold and hold-out, class shares left to the shuffle', () => {
  const plain = targetStrata(iris, 'species', 'auto', false);
  assert.equal(plain.task, 'classification');
  assert.equal(plain.strata, null);
  const { folds } = kFolds(plain, 5, 7);
  assert.deepEqual(folds.map((f) => f.length), [21, 21, 21, 21, 21]);
  assert.ok(folds.some((f) => classCounts(f).some((c) => c !== 7)), 'some fold is not balanced by class');
  assert.deepEqual(kFolds(plain, 5, 7), { folds, warnings: [] });
  const split = holdoutSplit(plain, 0.3, 42);
  assert.equal(split.test.length, 32);
  assert.notDeepEqual(split.test, holdoutSplit(targetStrata(iris, 'species'), 0.3, 42).test);
});

test('nested CV of ccp_alpha cv equals a hand-rolled nested loop, and is below the optimistic same-fold score', () => {
  const noisy = parseCsv(readFileSync(path.join(process.cwd(), 'test/fixtures/metrics/trained-tree.csv')));
  const params = { target: 'label' };
  const k = 4;
  const seed = 3;
  const r = buildReport(noisy, { params, ccpAlpha: 'cv', cvFolds: k, seed, permutationRepeats: 0 });
  const sel = r.alphaSelection;
  assert.ok(sel?.nested && r.metrics.crossValidation);
  // By hand: per outer fold, score every candidate alpha of the tree grown on its training part by
  // k-fold CV of that part, keep the best (ties → larger alpha), prune at it, score the test fold.
  const hand: number[] = [];
  const handAlphas: number[] = [];
  for (const fold of makeFolds(noisy, params, { k, seed }).folds) {
    const grown = trainTree(fold.train, params).model;
    let best = { alpha: 0, mean: -Infinity };
    for (const alpha of candidateAlphas(grown)) {
      const mean = crossValidate(fold.train, params, resolvePostProcessing({ ccpAlpha: alpha, prune: 'cost-complexity' }), k, seed).mean;
      if (mean >= best.mean) best = { alpha, mean };
    }
    handAlphas.push(best.alpha);
    const m = evaluateModel(pruneCostComplexity(grown, best.alpha), fold.test);
    assert.ok(m.task === 'classification');
    hand.push(m.accuracy);
  }
  assert.deepEqual(sel.nested.alphas, handAlphas);
  assert.deepEqual(sel.nested.scores, hand);
  assert.equal(sel.nested.mean, hand.reduce((a, b) => a + b, 0) / k);
  assert.equal(sel.nested.fits, k + k * k);
  // With --cv the cross-validation is that nested run, its alphas per fold.
  assert.deepEqual(r.metrics.crossValidation.scores, hand);
  assert.deepEqual(r.metrics.crossValidation.alphas, handAlphas);
  // Choosing and scoring on the same folds was optimistic here.
  assert.ok(sel.chosenScore > sel.nested.mean, `same-fold ${sel.chosenScore} vs nested ${sel.nested.mean}`);
});

const hasSklearn = spawnSync('/usr/bin/python3', ['-c', 'import sklearn'], { stdio: 'ignore' }).status === 0;

test('each fold holds as many rows of each class as scikit-learn\'s StratifiedKFold allocates', { skip: !hasSklearn && 'no scikit-learn' }, () => {
  const labels = 'b,a,c,a,b,b,a,d,a,b,c,a,a,b,b,a,c,b,a,a,b,d,a,b,e'.split(',');
  const classes = [...new Set(labels)];
  const s = targetStrata(parseCsv(`x,y\n${labels.map((l, i) => `${i},${l}`).join('\n')}\n`), 'y');
  const ours = kFolds(s, 5, 1).folds.map((f) => classes.map((c) => [...f].filter((r) => labels[r] === c).length));
  const script = [
    'import json, sys, warnings, numpy as np',
    'from sklearn.model_selection import StratifiedKFold',
    'warnings.simplefilter("ignore")',
    'y = np.array(sys.argv[1].split(",")); classes = sys.argv[2].split(",")',
    'print(json.dumps([[int((y[t] == c).sum()) for c in classes] for _, t in StratifiedKFold(5).split(np.zeros(len(y)), y)]))',
  ].join('\n');
  const r = spawnSync('/usr/bin/python3', ['-c', script, labels.join(','), classes.join(',')], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(ours, JSON.parse(r.stdout));
});
