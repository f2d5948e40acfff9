import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { classificationMetrics } from '../../../src/engine/metrics/classification';
import { regressionMetrics } from '../../../src/engine/metrics/regression';

// Reference numbers from sklearn.metrics (test/fixtures/metrics/make.py).
const expected = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/metrics/expected.json'), 'utf8'));

function assertClose(actual: number, want: number, what: string, tol = 1e-12): void {
  assert.ok(Math.abs(actual - want) <= tol, `${what}: ${actual} != ${want}`);
}

function assertAllClose(actual: readonly (number | null)[], want: readonly number[], what: string): void {
  assert.equal(actual.length, want.length, `${what}: length`);
  actual.forEach((v, i) => assertClose(v as number, want[i], `${what}[${i}]`));
}

test('multiclass metrics match sklearn, including a class never predicted (zero division → 0)', () => {
  const mc = expected.multiclass;
  const m = classificationMetrics(mc.classes, mc.y_true, mc.y_pred);
  assert.deepEqual(m.confusion, mc.confusion);
  assertClose(m.accuracy, mc.accuracy, 'accuracy');
  assertClose(m.errorRate, 1 - mc.accuracy, 'error rate');
  for (const key of ['precision', 'recall', 'f1', 'specificity', 'fpr', 'fdr'] as const) {
    assertAllClose(m.perClass.map((c) => c[key]), mc.per_class[key], key);
    assertClose(m.macro[key], mc.macro[key], `macro ${key}`);
    assertClose(m.weighted[key], mc.weighted[key], `weighted ${key}`);
  }
  assert.deepEqual(m.perClass.map((c) => c.support), mc.per_class.support);
  assertClose(m.macro.f1, mc.sklearn_macro_f1, 'sklearn macro F1');
  assertClose(m.weighted.precision, mc.sklearn_weighted_precision, 'sklearn weighted precision');
  assert.equal(m.roc, null, 'no ROC curve for more than two classes');
});

test('binary ROC and PR curves with tied scores match sklearn', () => {
  const b = expected.binary;
  const m = classificationMetrics(b.classes, b.y_true, b.y_pred, b.scores);
  assert.ok(m.roc && m.pr);
  assert.equal(m.roc.positiveClass, 'yes');
  assertAllClose(m.roc.fpr, b.roc.fpr, 'fpr');
  assertAllClose(m.roc.tpr, b.roc.tpr, 'tpr');
  assert.equal(m.roc.thresholds[0], null);
  assertAllClose(m.roc.thresholds.slice(1), b.roc.thresholds_after_first, 'roc thresholds');
  assertClose(m.roc.auc, b.roc.auc, 'roc auc');
  assertAllClose(m.pr.precision, b.pr.precision, 'precision curve');
  assertAllClose(m.pr.recall, b.pr.recall, 'recall curve');
  assertAllClose(m.pr.thresholds, b.pr.thresholds, 'pr thresholds');
  assertClose(m.pr.auc, b.pr.auc, 'pr auc');
  assertClose(m.pr.averagePrecision, b.pr.average_precision, 'average precision');
  assertClose(m.accuracy, b.accuracy, 'accuracy');
  assertClose(m.perClass[1].f1, b.f1_yes, 'F1 of yes');
});

test('ties are one step: row order among equal scores does not change the curve', () => {
  const yTrue = [1, 0, 1, 0];
  const scores = [0.5, 0.5, 0.5, 0.5];
  const a = classificationMetrics(['n', 'y'], yTrue, [1, 1, 1, 1], scores);
  const b = classificationMetrics(['n', 'y'], [0, 0, 1, 1], [1, 1, 1, 1], scores);
  assert.deepEqual(a.roc, b.roc);
  assert.equal(a.roc?.auc, 0.5);
  assert.deepEqual(a.roc?.fpr, [0, 1]);
});

test('ROC needs both classes among the true values', () => {
  const m = classificationMetrics(['n', 'y'], [1, 1, 1], [1, 0, 1], [0.9, 0.2, 0.6]);
  assert.equal(m.roc, null);
  assert.ok(m.pr, 'PR curve only needs positives');
});

test('regression metrics match sklearn', () => {
  const r = expected.regression;
  const m = regressionMetrics(r.y_true, r.y_pred);
  assertClose(m.mse, r.mse, 'mse', 1e-9);
  assertClose(m.rmse, r.rmse, 'rmse', 1e-9);
  assertClose(m.mae, r.mae, 'mae', 1e-9);
  assertClose(m.r2, r.r2, 'r2', 1e-9);
  assert.equal(regressionMetrics([2, 2], [2, 2]).r2, 1);
  assert.equal(regressionMetrics([2, 2], [1, 2]).r2, 0);
});
