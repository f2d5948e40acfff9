// The report assembly with a decision threshold (ReportOptions.decisionThreshold, what the
// panel's "Use this threshold" sends): the tree records it, each leaf predicts the positive class
// exactly where its share is ≥ T, and the training and hold-out figures are those the curve gives
// at T (engine/metrics/threshold.ts pointAt) — the numbers the panel showed before retraining.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReport } from '../../../src/engine/report';
import { curvePoints, pointAt } from '../../../src/engine/metrics/threshold';
import { positiveShare } from '../../../src/engine/tree/decision-threshold';
import type { ClassificationMetrics } from '../../../src/engine/metrics/types';
import { InputError } from '../../../src/engine/errors';
import { reportOptions, DEFAULT_TRAIN_SETTINGS } from '../../../src/shared/train-settings';

const dataset = parseCsv(readFileSync('test/fixtures/metrics/rare-positive.csv', 'utf8'));
const counts = (m: ClassificationMetrics) => {
  const [bad, good] = [m.classes.indexOf('bad'), m.classes.indexOf('good')];
  return { tp: m.confusion[bad][bad], fn: m.confusion[bad][good], fp: m.confusion[good][bad], tn: m.confusion[good][good] };
};

test('a report with a decision threshold: leaves relabelled at T, hold-out and training confusion equal the curve at T', () => {
  const options = { params: { target: 'status', maxDepth: 3 }, testSize: 0.3 };
  const plain = buildReport(dataset, options);
  const holdout = plain.metrics.holdout as ClassificationMetrics;
  // A threshold that changes answers: the lowest curve threshold above 0.05.
  const T = curvePoints(holdout).filter((p) => p.threshold > 0.05).at(-1)?.threshold as number;
  assert.ok(T < 0.5);
  for (const simplify of [false, true]) {
    const r = buildReport(dataset, { ...options, simplify, decisionThreshold: T });
    assert.deepEqual(r.model.decisionThreshold, { positiveClass: 'bad', value: T });
    const bad = (r.model.classes as string[]).indexOf('bad');
    for (const n of r.model.nodes.filter((x) => x.children.length === 0)) assert.equal(n.prediction, positiveShare(n, bad) >= T ? 'bad' : 'good', `leaf ${n.id}`);
    const at = pointAt(holdout, T);
    const { tp, fp, fn, tn } = counts(r.metrics.holdout as ClassificationMetrics);
    assert.deepEqual({ tp, fp, fn, tn }, { tp: at?.tp, fp: at?.fp, fn: at?.fn, tn: at?.tn });
    assert.ok(tp > counts(holdout).tp, 'more positives found than at 0.5');
    const training = pointAt(plain.metrics.training as ClassificationMetrics, T);
    assert.deepEqual(counts(r.metrics.training as ClassificationMetrics), { tp: training?.tp, fn: training?.fn, fp: training?.fp, tn: training?.tn });
    // The curves are the shares', which a threshold does not move.
    assert.deepEqual(r.metrics.holdout?.task === 'classification' && r.metrics.holdout.roc, holdout.roc);
  }
});

test("the panel's setting reaches the assembly; a target without two classes is refused", () => {
  assert.equal(reportOptions({ ...DEFAULT_TRAIN_SETTINGS, decisionThreshold: 0.2 }, 'status').decisionThreshold, 0.2);
  assert.equal('decisionThreshold' in reportOptions({ ...DEFAULT_TRAIN_SETTINGS }, 'status'), false);
  const iris = parseCsv(readFileSync('media/samples/iris.csv', 'utf8'));
  assert.throws(() => buildReport(iris, { params: { target: 'species' }, decisionThreshold: 0.3 }), (e: unknown) => e instanceof InputError && /two classes; "species" has 3 classes/.test(e.message));
});
