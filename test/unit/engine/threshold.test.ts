// Figures at a decision threshold (engine/metrics/threshold.ts) against scikit-learn 1.2.1 on the
// same out-of-fold scores (test/fixtures/metrics/threshold.py), and a threshold on a tree's leaves
// (engine/tree/decision-threshold.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { classificationMetrics } from '../../../src/engine/metrics/classification';
import { chooseThreshold, curvePoints, parseThresholdRule, pointAt, type ThresholdPoint } from '../../../src/engine/metrics/threshold';
import { InputError } from '../../../src/engine/errors';

interface Expected {
  y_true_bad: boolean[];
  score_bad: number[];
  roc: { fpr: number[]; tpr: number[]; thresholds: number[]; auc: number };
  at: ThresholdPoint[];
  curve: ThresholdPoint[];
  choices: Record<string, number>;
}

const expected = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/metrics/threshold.expected.json'), 'utf8')) as Expected;
// Classes in sorted order, "bad" (code 0) the positive class; predictions at 0.5 (what argmax gives).
const yTrue = expected.y_true_bad.map((bad) => (bad ? 0 : 1));
const yPred = expected.score_bad.map((s) => (s > 0.5 ? 0 : 1));
const metrics = classificationMetrics(['bad', 'good'], yTrue, yPred, expected.score_bad, 0);

function assertPoint(actual: ThresholdPoint | null, want: ThresholdPoint, what: string): void {
  assert.ok(actual, what);
  for (const key of ['tp', 'fp', 'fn', 'tn'] as const) assert.equal(actual[key], want[key], `${what}: ${key}`);
  for (const key of ['accuracy', 'precision', 'recall', 'specificity', 'fpr', 'f1'] as const) assert.ok(Math.abs(actual[key] - want[key]) < 1e-12, `${what}: ${key} ${actual[key]} vs ${want[key]}`);
}

test("the curve's thresholds are roc_curve's (drop_intermediate=False) and its AUC is roc_auc_score", () => {
  assert.deepEqual(metrics.roc?.thresholds.slice(1), expected.roc.thresholds);
  assert.ok(Math.abs((metrics.roc?.auc ?? 0) - expected.roc.auc) < 1e-12);
  const points = curvePoints(metrics);
  assert.equal(points.length, expected.curve.length);
  points.forEach((p, i) => assertPoint(p, expected.curve[i], `curve point ${i} (threshold ${expected.curve[i].threshold})`));
});

test('the confusion matrix and metrics at a threshold equal sklearn.metrics on score >= T', () => {
  for (const want of expected.at) assertPoint(pointAt(metrics, want.threshold), want, `at ${want.threshold}`);
});

test('youden, f1, precision>=P and recall>=R choose the thresholds scikit-learn figures give', () => {
  for (const [rule, want] of Object.entries(expected.choices)) assert.equal(chooseThreshold(parseThresholdRule(rule), metrics), want, rule);
  // The rules choose different thresholds here, so each is checked for itself.
  assert.equal(new Set(Object.values(expected.choices)).size, 4);
});

test('a bound no threshold reaches, and bad --threshold text, are clear errors', () => {
  assert.throws(() => chooseThreshold(parseThresholdRule('precision>=0.99'), metrics), (e: unknown) => e instanceof InputError && /no threshold of the out-of-fold scores reaches it \(best precision/.test(e.message));
  for (const bad of ['1.5', '-0.1', 'youdenn', 'precision>=2', 'recall>=', 'f1 score', '']) {
    assert.throws(() => parseThresholdRule(bad), InputError, bad);
  }
  assert.deepEqual(parseThresholdRule(' Precision >= 0.9 '), { kind: 'precision', min: 0.9 });
  assert.deepEqual(parseThresholdRule('0.25'), { kind: 'value', value: 0.25 });
});
