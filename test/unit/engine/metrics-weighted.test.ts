// Metrics with sample weights against sklearn.metrics' sample_weight (test/fixtures/metrics/make_weighted.py):
// weighted confusion matrix, accuracy, per-class P/R/F1/support and rates, averages, binary ROC/PR
// (rows of weight 0 left out), and MSE/RMSE/MAE/R² (R² around the weighted mean).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { classificationMetrics } from '../../../src/engine/metrics/classification';
import { regressionMetrics } from '../../../src/engine/metrics/regression';

const expected = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/metrics/weighted.json'), 'utf8'));

function assertClose(actual: number, want: number, what: string, tol = 1e-12): void {
  assert.ok(Math.abs(actual - want) <= tol * Math.max(1, Math.abs(want)), `${what}: ${actual} != ${want}`);
}

function assertAllClose(actual: readonly (number | null)[], want: readonly number[], what: string): void {
  assert.equal(actual.length, want.length, `${what}: length`);
  actual.forEach((v, i) => assertClose(v as number, want[i], `${what}[${i}]`));
}

test('weighted multiclass metrics match sklearn with sample_weight', () => {
  const mc = expected.multiclass;
  const m = classificationMetrics(mc.classes, mc.y_true, mc.y_pred, undefined, 1, mc.sample_weight);
  assert.equal(m.rows, mc.y_true.length, 'rows stay a row count');
  m.confusion.forEach((row, i) => assertAllClose(row, mc.confusion[i], `confusion[${i}]`));
  assertClose(m.accuracy, mc.accuracy, 'accuracy');
  for (const key of ['precision', 'recall', 'f1', 'specificity', 'fpr', 'fdr'] as const) assertAllClose(m.perClass.map((c) => c[key]), mc.per_class[key], key);
  assertAllClose(m.perClass.map((c) => c.support), mc.per_class.support, 'support');
  assertClose(m.macro.f1, mc.macro_f1, 'macro F1');
  assertClose(m.weighted.precision, mc.weighted_precision, 'weighted precision');
  assertClose(m.weighted.recall, mc.weighted_recall, 'weighted recall');
});

test('weighted binary ROC and PR curves match sklearn with sample_weight', () => {
  const b = expected.binary;
  const m = classificationMetrics(b.classes, b.y_true, b.y_pred, b.scores, 1, b.sample_weight);
  assert.ok(m.roc && m.pr);
  assertAllClose(m.roc.fpr, b.roc.fpr, 'fpr');
  assertAllClose(m.roc.tpr, b.roc.tpr, 'tpr');
  assertClose(m.roc.auc, b.roc.auc, 'roc auc');
  assertAllClose(m.pr.precision, b.pr.precision, 'precision curve');
  assertAllClose(m.pr.recall, b.pr.recall, 'recall curve');
  assertClose(m.pr.averagePrecision, b.pr.average_precision, 'average precision');
  assertClose(m.accuracy, b.accuracy, 'accuracy');
  assertClose(m.perClass[1].f1, b.f1_yes, 'F1 of yes');
});

test('weighted regression metrics match sklearn with sample_weight', () => {
  const r = expected.regression;
  const m = regressionMetrics(r.y_true, r.y_pred, r.sample_weight);
  assertClose(m.mse, r.mse, 'mse');
  assertClose(m.rmse, r.rmse, 'rmse');
  assertClose(m.mae, r.mae, 'mae');
  assertClose(m.r2, r.r2, 'r2');
});
