// A 4.5 % "bad" class that sorts before "good": by default the binary figures are the rare class's
// (validation/positive-class.ts), as scikit-learn's with pos_label="bad"
// (test/fixtures/metrics/rare-positive.py), in the engine, the report, forests and the CLI.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReport } from '../../../src/engine/report';
import { metricsOf } from '../../../src/engine/validation/evaluate';
import { predictedRows } from '../../../src/engine/validation/predicted-rows';
import { useCli } from '../helpers/cli';

const dir = path.join(process.cwd(), 'test/fixtures/metrics');
const csvPath = path.join(dir, 'rare-positive.csv');
const data = parseCsv(readFileSync(csvPath));
const expected = JSON.parse(readFileSync(path.join(dir, 'rare-positive.expected.json'), 'utf8')) as {
  classes: string[];
  bad_share: number;
  score_bad: number[];
  y_pred: number[];
  bad: { pr_auc: number; average_precision: number; roc_auc: number; precision: number; recall: number };
  good_pr_auc: number;
};
const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} != ${b}`);

test('committed scores, no positive class given: the PR AUC is the rare class\'s, as sklearn with pos_label="bad"', () => {
  assert.deepEqual(expected.classes, ['bad', 'good']);
  const head = { task: 'classification' as const, target: 'status', classes: expected.classes };
  const predictions = expected.y_pred.map((c) => expected.classes[c]);
  const shares = Float64Array.from(expected.score_bad.flatMap((s) => [s, 1 - s]));
  const m = metricsOf(predictedRows(head, data, predictions, shares));
  assert.ok(m.task === 'classification' && m.pr && m.roc);
  assert.equal(m.positiveClass, 'bad');
  close(m.pr.auc, expected.bad.pr_auc, 'PR AUC');
  close(m.pr.averagePrecision, expected.bad.average_precision, 'average precision');
  close(m.roc.auc, expected.bad.roc_auc, 'ROC AUC');
  assert.ok(Math.abs(m.pr.auc - expected.good_pr_auc) > 0.5, 'not the PR AUC of the 95 % class');
});

test('a depth-3 tree: the report scores "bad" by default, equal to scikit-learn\'s tree, and says so in settings', () => {
  const r = buildReport(data, { params: { target: 'status', maxDepth: 3 }, permutationRepeats: 0, prune: 'none', simplify: false });
  const m = r.metrics.training;
  assert.ok(m.task === 'classification' && m.pr);
  assert.equal(m.positiveClass, 'bad');
  assert.equal(r.settings.positiveClass, 'bad');
  close(m.pr.auc, expected.bad.pr_auc, 'PR AUC');
  close(m.pr.averagePrecision, expected.bad.average_precision, 'average precision');
  close(m.perClass[0].recall, expected.bad.recall, 'recall of bad');
  const asked = buildReport(data, { params: { target: 'status', maxDepth: 3 }, permutationRepeats: 0, positiveClass: 'good' });
  assert.equal(asked.metrics.training.task === 'classification' && asked.metrics.training.positiveClass, 'good');
});

const cli = useCli();

test('evaluate states the rare positive class and its share; --positive-class overrides; forests and saved models agree', () => {
  const byDefault = cli.run('evaluate', csvPath, '--target', 'status', '--max-depth', '3', '--prune', 'none', '--permutation-repeats', '0');
  assert.equal(byDefault.status, 0, byDefault.stderr);
  assert.match(byDefault.stdout, /positive class bad \(4\.5 % of these rows; the less frequent class by default, --positive-class overrides\)/);
  assert.match(byDefault.stdout, new RegExp(`PR AUC ${expected.bad.pr_auc.toFixed(4)}, average precision ${expected.bad.average_precision.toFixed(4)}`));
  const asked = cli.run('evaluate', csvPath, '--target', 'status', '--max-depth', '3', '--positive-class', 'good', '--permutation-repeats', '0');
  assert.match(asked.stdout, /positive class good \(95\.5 % /);
  const forest = cli.run('evaluate', csvPath, '--target', 'status', '--ensemble', 'forest', '--n-trees', '10', '--jobs', '1', '--max-depth', '3', '--test-size', '0.3');
  assert.equal(forest.status, 0, forest.stderr);
  assert.doesNotMatch(forest.stdout, /positive class good/);
  assert.match(forest.stdout, /positive class bad /);
  // --positive-class covers every section of a forest's report, OOB and training included.
  const forestAsked = cli.run('evaluate', csvPath, '--target', 'status', '--ensemble', 'forest', '--n-trees', '10', '--jobs', '1', '--max-depth', '3', '--test-size', '0.3', '--positive-class', 'good');
  assert.equal(forestAsked.status, 0, forestAsked.stderr);
  assert.doesNotMatch(forestAsked.stdout, /positive class bad/);
  const sections = forestAsked.stdout.split(/\n(?=hold-out metrics|OOB metrics|training metrics)/);
  assert.equal(sections.length, 4, forestAsked.stdout);
  for (const s of sections.slice(1)) assert.match(s, /positive class good \(95\.\d % of these rows/);
});
