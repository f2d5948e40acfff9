// Leave-one-out (course notes §8.7.2: k-fold with k = the number of rows) against scikit-learn's
// LeaveOneOut: the pooled out-of-fold accuracy, confusion matrix, ROC AUC and R² equal
// cross_val_predict's (test/fixtures/validation/make.py, settings where its tie-breaking does not
// matter).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Criterion, TrainParams } from '../../../src/engine/model';
import { buildReport } from '../../../src/engine/report';
import { InputError } from '../../../src/engine/errors';
import { leaveOneOutFolds, targetStrata } from '../../../src/engine/validation/split';

interface LooCase {
  csv: string;
  target: string;
  params: { max_depth?: number; min_samples_leaf?: number; criterion?: Criterion };
  classes?: string[];
  accuracy?: number;
  correct?: number;
  confusion?: number[][];
  roc_auc?: number;
  r2?: number;
  mse?: number;
}

const expected = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/validation/expected.json'), 'utf8')) as { leave_one_out: LooCase[] };
const sample = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));

const paramsOf = (c: LooCase): TrainParams => ({
  target: c.target,
  maxDepth: c.params.max_depth ?? null,
  minSamplesLeaf: c.params.min_samples_leaf ?? 1,
  ...(c.params.criterion ? { criterion: c.params.criterion } : {}),
});

for (const c of expected.leave_one_out) {
  test(`leave-one-out on ${c.csv} ${JSON.stringify(c.params)} pools as scikit-learn's LeaveOneOut`, () => {
    const report = buildReport(sample(c.csv), { params: paramsOf(c), leaveOneOut: true, permutationRepeats: 0 });
    const cv = report.metrics.crossValidation;
    assert.ok(cv);
    assert.equal(cv.leaveOneOut, true);
    assert.equal(cv.folds, report.trainingRows);
    assert.deepEqual(report.settings.validation, { kind: 'cv', folds: report.trainingRows, seed: 0, stratified: false, leaveOneOut: true });
    const m = cv.pooled;
    if (m.task === 'classification') {
      assert.deepEqual(m.classes, c.classes);
      assert.deepEqual(m.confusion, c.confusion);
      assert.equal(m.accuracy, c.accuracy);
      // Each fold's score is its one row's 0 or 1; their mean is the pooled accuracy.
      assert.equal(cv.scores.length, report.trainingRows);
      assert.equal(cv.scores.filter((s) => s === 1).length, c.correct);
      assert.ok(Math.abs(cv.mean - (c.accuracy as number)) < 1e-12);
      if (c.roc_auc !== undefined) assert.ok(Math.abs((m.roc?.auc ?? NaN) - c.roc_auc) < 1e-12, `ROC AUC ${m.roc?.auc} vs ${c.roc_auc}`);
    } else {
      assert.ok(Math.abs(m.r2 - (c.r2 as number)) < 1e-9, `R² ${m.r2} vs ${c.r2}`);
      assert.ok(Math.abs(m.mse - (c.mse as number)) < 1e-6 * (c.mse as number), `MSE ${m.mse} vs ${c.mse}`);
      // A row's R² is undefined (scikit-learn: nan): no per-fold scores, the mean is the pooled R².
      assert.deepEqual(cv.scores, []);
      assert.equal(cv.mean, m.r2);
    }
  });
}

test('leave-one-out folds: one per row with a target, in row order, never stratified', () => {
  const data = parseCsv(new TextEncoder().encode('x,y\n1,a\n2,\n3,b\n4,a\n'));
  const folds = leaveOneOutFolds(targetStrata(data, 'y', 'auto', false)).folds;
  assert.deepEqual(folds.map((f) => Array.from(f)), [[0], [2], [3]]);
  assert.throws(() => leaveOneOutFolds(targetStrata(parseCsv(new TextEncoder().encode('x,y\n1,a\n')), 'y', 'auto', false)), InputError);
});

test('leave-one-out is refused beside a hold-out, k folds, or alpha chosen by CV', () => {
  const iris = sample('iris.csv');
  const params = { target: 'species' };
  assert.throws(() => buildReport(iris, { params, leaveOneOut: true, testSize: 0.3 }), /not both/);
  assert.throws(() => buildReport(iris, { params, leaveOneOut: true, cvFolds: 5 }), /k folds or leave-one-out/);
  assert.throws(() => buildReport(iris, { params, leaveOneOut: true, ccpAlpha: 'cv' }), /leave-one-out with ccp_alpha chosen by cross-validation/);
});
