// A forest's OOB and training metrics score the positive class asked for (--positive-class), else
// the less frequent class, as a single tree's. The OOB step is checked against scikit-learn's
// oob_decision_function_ with pos_label (test/fixtures/forest/oob-positive-class.py): the same
// shares give the same figures.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { InputError } from '../../../src/engine/errors';
import { oobMetrics } from '../../../src/engine/forest/out-of-bag';
import { Tally } from '../../../src/engine/forest/tally';
import { trainForest } from '../../../src/engine/forest/train';
import type { ClassificationMetrics } from '../../../src/engine/metrics/types';

interface Figures {
  roc_auc: number;
  pr_auc: number;
  average_precision: number;
  precision: number;
  recall: number;
}
const expected = JSON.parse(readFileSync('test/fixtures/forest/oob-positive-class.expected.json', 'utf8')) as {
  classes: string[];
  oob_score: number;
  oob_decision_function: number[][];
  y_true: number[];
  good: Figures;
  bad: Figures;
};
const data = parseCsv(readFileSync(path.join('test/fixtures/metrics/rare-positive.csv')));
const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} != ${b}`);

/** scikit-learn's OOB shares as our OOB tally: each row's shares summed over one "tree". */
function sklearnTally(): Tally {
  const rows = expected.oob_decision_function.length;
  const tally = new Tally(2, rows);
  expected.oob_decision_function.forEach((shares, i) => {
    tally.sum.set(shares, i * 2);
    tally.trees[i] = 1;
  });
  return tally;
}

function assertFigures(m: ClassificationMetrics, positive: string, f: Figures): void {
  assert.equal(m.positiveClass, positive);
  assert.ok(m.roc && m.pr);
  assert.equal(m.roc.positiveClass, positive);
  assert.equal(m.pr.positiveClass, positive);
  close(m.roc.auc, f.roc_auc, `ROC AUC of ${positive}`);
  close(m.pr.auc, f.pr_auc, `PR AUC of ${positive}`);
  close(m.pr.averagePrecision, f.average_precision, `average precision of ${positive}`);
  const own = m.perClass[m.classes.indexOf(positive)];
  close(own.precision, f.precision, `precision of ${positive}`);
  close(own.recall, f.recall, `recall of ${positive}`);
}

test('OOB metrics from scikit-learn\'s oob_decision_function_ equal sklearn.metrics with pos_label, for either class', () => {
  assert.deepEqual(expected.classes, ['bad', 'good']);
  const truth = { classes: expected.classes, codes: Int32Array.from(expected.y_true), values: new Float64Array(0) };
  for (const [code, name] of [[0, 'bad'], [1, 'good']] as const) {
    const m = oobMetrics(sklearnTally(), truth, code);
    assert.ok(m && m.task === 'classification');
    close(m.accuracy, expected.oob_score, 'OOB accuracy');
    assertFigures(m, name, expected[name]);
  }
  // The two classes' PR figures differ widely, so a test that scored the wrong one would fail.
  assert.ok(expected.good.pr_auc - expected.bad.pr_auc > 0.5);
});

const params = { target: 'status', ensemble: 'forest' as const, nTrees: 30, maxDepth: 4, seed: 1 };

test('a trained forest: OOB and training metrics score the asked class; by default the rare one', () => {
  const byDefault = trainForest(data, params);
  const asked = trainForest(data, params, {}, 'good');
  for (const [report, positive] of [[byDefault, 'bad'], [asked, 'good']] as const) {
    const oob = report.oob.metrics;
    const training = report.metrics.training;
    assert.ok(oob?.task === 'classification' && training.task === 'classification');
    assert.equal(oob.positiveClass, positive);
    assert.equal(oob.roc?.positiveClass, positive);
    assert.equal(oob.pr?.positiveClass, positive);
    assert.equal(training.positiveClass, positive);
    assert.equal(training.pr?.positiveClass, positive);
  }
  const [d, a] = [byDefault.oob.metrics, asked.oob.metrics] as ClassificationMetrics[];
  // The same forest and OOB labels; only the binary figures' class differs.
  assert.deepEqual(a.confusion, d.confusion);
  assert.ok(Math.abs((a.roc?.auc ?? 0) - (d.roc?.auc ?? 0)) < 1e-9, 'ROC AUC is the same for either class');
  assert.ok((a.pr?.auc ?? 0) - (d.pr?.auc ?? 0) > 0.5, `PR AUC of good ${a.pr?.auc} vs bad ${d.pr?.auc}`);
});

test('a positive class that is not a class of a binary target is refused before any tree is grown', () => {
  assert.throws(() => trainForest(data, params, {}, 'ugly'), (e: unknown) => e instanceof InputError && /positive class "ugly" is not a class of "status" \(classes: bad, good\)/.test(e.message));
  const regression = parseCsv(readFileSync('test/fixtures/forest/diabetes.csv'));
  assert.throws(() => trainForest(regression, { target: 'target', ensemble: 'forest', nTrees: 2 }, {}, 'x'), /applies to a target with two classes/);
});
