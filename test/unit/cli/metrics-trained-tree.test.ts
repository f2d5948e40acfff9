// Metrics come from the tree as trained, not as simplified for drawing: ROC AUC and average
// precision equal scikit-learn's on the same depth-4 model's leaf shares
// (test/fixtures/metrics/trained-tree.py), whichever class is positive.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReport } from '../../../src/engine/report';
import { InputError } from '../../../src/engine/errors';
import { useCli } from '../helpers/cli';

const dir = path.join(process.cwd(), 'test/fixtures/metrics');
const csvPath = path.join(dir, 'trained-tree.csv');
const data = parseCsv(readFileSync(csvPath));
interface Expected {
  node_count: number;
  sibling_leaves_alike: number;
  accuracy: number;
  positive: Record<string, { roc_auc: number; average_precision: number; precision: number; recall: number }>;
}
const expected = JSON.parse(readFileSync(path.join(dir, 'trained-tree.expected.json'), 'utf8')) as Expected;
const params = { target: 'label', maxDepth: 4 };
const close = (a: number, b: number, what: string) => assert.ok(Math.abs(a - b) < 1e-12, `${what}: ${a} != ${b}`);

test('simplified for drawing, measured as trained: AUC and AP equal scikit-learn on the trained leaf shares', () => {
  assert.ok(expected.sibling_leaves_alike > 0, 'the fixture has leaves that simplification merges');
  const r = buildReport(data, { params, permutationRepeats: 0 });
  assert.equal(r.settings.simplify, true);
  assert.equal(r.grown.nodes, expected.node_count);
  assert.ok(r.final.nodes < expected.node_count, `drawn tree simplified (${r.final.nodes} nodes)`);
  const m = r.metrics.training;
  assert.ok(m.task === 'classification' && m.roc && m.pr);
  assert.equal(m.positiveClass, 'no', 'default: the less frequent class (199 of 400)');
  close(m.accuracy, expected.accuracy, 'accuracy');
  close(m.roc.auc, expected.positive.no.roc_auc, 'ROC AUC');
  close(m.pr.averagePrecision, expected.positive.no.average_precision, 'average precision');
  // Feature importances of the trained tree too (MDI as scikit-learn's feature_importances_).
  const mdiSum = r.importances.features.reduce((a, f) => a + f.mdi, 0);
  close(mdiSum, 1, 'MDI sums to 1');
  assert.deepEqual(
    r.importances.features.map((f) => f.splitCount).reduce((a, b) => a + b, 0),
    (expected.node_count - 1) / 2,
    'split counts of the trained tree',
  );
});

test('--positive-class: the other class scores the curves; precision and recall are its own', () => {
  const r = buildReport(data, { params, permutationRepeats: 0, positiveClass: 'yes' });
  const m = r.metrics.training;
  assert.ok(m.task === 'classification' && m.roc && m.pr);
  assert.equal(m.positiveClass, 'yes');
  assert.equal(m.roc.positiveClass, 'yes');
  assert.equal(r.settings.positiveClass, 'yes');
  close(m.roc.auc, expected.positive.yes.roc_auc, 'ROC AUC');
  close(m.pr.averagePrecision, expected.positive.yes.average_precision, 'average precision');
  close(m.perClass[1].precision, expected.positive.yes.precision, 'precision');
  assert.throws(() => buildReport(data, { params, positiveClass: 'maybe' }), InputError);
});

const cli = useCli();

test('evaluate --positive-class states the positive class; an unknown label exits 2', () => {
  const ok = cli.run('evaluate', csvPath, '--target', 'label', '--max-depth', '4', '--positive-class', 'no', '--permutation-repeats', '0');
  assert.equal(ok.status, 0, ok.stderr);
  assert.match(ok.stdout, /positive class no \(49\.8 % of these rows; the less frequent class by default, --positive-class overrides\): precision 0\.8305, recall 0\.7387/);
  assert.match(ok.stdout, new RegExp(`ROC AUC ${expected.positive.no.roc_auc.toFixed(4)} \\(positive class no`));
  const byDefault = cli.run('evaluate', csvPath, '--target', 'label', '--max-depth', '4', '--permutation-repeats', '0');
  assert.match(byDefault.stdout, /positive class no \(49\.8 % /);
  const other = cli.run('evaluate', csvPath, '--target', 'label', '--max-depth', '4', '--positive-class', 'yes', '--permutation-repeats', '0');
  assert.match(other.stdout, /positive class yes \(50\.3 % /);
  const bad = cli.run('evaluate', csvPath, '--target', 'label', '--positive-class', 'maybe');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /positive class "maybe" is not a class of "label" \(classes: no, yes\)/);
});
