// evaluate --ensemble forest --test-size F --repeats K (docs/cli.md "Forests"): the hold-out drawn K
// times (split seeds N … N+K−1, the splits a single tree's repeats use, checked against
// scikit-learn in validation-repeated.test.ts), a forest of the same parameters trained on each
// training part; each repeat's score must be that of a forest trained here on the same rows, the
// mean and population std follow from them, and the first repeat is the hold-out printed in full.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { useCli } from '../helpers/cli';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainForest } from '../../../src/engine/forest/train';
import { forestRowPredictions } from '../../../src/engine/forest/validate';
import { metricsOf } from '../../../src/engine/validation/evaluate';
import { holdoutSplit, targetStrata } from '../../../src/engine/validation/split';
import { subsetDataset } from '../../../src/engine/validation/subset';
import type { ClassificationMetrics } from '../../../src/engine/metrics/types';
import type { RepeatedHoldoutResult } from '../../../src/engine/validation/types';

const cli = useCli();
const csv = 'test/fixtures/forest/breast_cancer.csv';

test('a forest\'s repeated hold-out: each repeat scores as a forest trained on that split; mean, std and the first repeat agree', () => {
  const r = cli.run('evaluate', csv, '--target', 'target', '--ensemble', 'forest', '--n-trees', '10', '--max-depth', '4', '--test-size', '0.3', '--repeats', '3', '--seed', '5', '--json');
  assert.equal(r.status, 0, r.stderr);
  const report = JSON.parse(r.stdout) as { metrics: { holdout: ClassificationMetrics; repeatedHoldout: RepeatedHoldoutResult } };
  const rep = report.metrics.repeatedHoldout;
  assert.deepEqual(rep.seeds, [5, 6, 7]);
  assert.equal(rep.repeats, 3);
  assert.equal(rep.stratified, true);
  const data = parseCsv(readFileSync(csv));
  const strata = targetStrata(data, 'target');
  const params = { target: 'target', nTrees: 10, maxDepth: 4, seed: 5, ensemble: 'forest' as const };
  const scores = rep.seeds.map((seed) => {
    const split = holdoutSplit(strata, 0.3, seed);
    const forest = trainForest(subsetDataset(data, split.train), params).model;
    return (metricsOf(forestRowPredictions(forest, subsetDataset(data, split.test))) as ClassificationMetrics).accuracy;
  });
  assert.deepEqual(rep.scores, scores);
  // Different splits score differently: the repeats are not one draw thrice.
  assert.ok(new Set(scores).size > 1, String(scores));
  const mean = scores.reduce((a, b) => a + b, 0) / 3;
  assert.ok(Math.abs(rep.mean - mean) < 1e-12);
  assert.ok(Math.abs(rep.std - Math.sqrt(scores.reduce((a, s) => a + (s - mean) ** 2, 0) / 3)) < 1e-12);
  assert.equal(report.metrics.holdout.accuracy, scores[0], 'the first repeat is the hold-out reported');
  assert.ok(rep.figures.some((f) => f.name === 'ROC AUC' && f.values.length === 3));
  const text = cli.run('evaluate', csv, '--target', 'target', '--ensemble', 'forest', '--n-trees', '10', '--max-depth', '4', '--test-size', '0.3', '--repeats', '3', '--seed', '5');
  assert.match(text.stdout, /hold-out repeated 3 times \(test fraction 0\.3, seeds 5–7, stratified\): mean accuracy \d\.\d{4} ± \d\.\d{4}; per repeat/);
  const alone = cli.run('evaluate', csv, '--target', 'target', '--ensemble', 'forest', '--repeats', '3');
  assert.equal(alone.status, 2);
  assert.match(alone.stderr, /--repeats 3 repeats a hold-out: add --test-size F/);
});
