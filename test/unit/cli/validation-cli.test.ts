// Validation from the CLI: a class with fewer rows than folds is a warning (stderr, report JSON),
// not a refusal; --no-stratify; the alpha CV's score on its own folds and the nested estimate.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { TreeReport } from '../../../src/engine/report-types';
import { useCli } from '../helpers/cli';

const cli = useCli();
const noisy = path.join(process.cwd(), 'test/fixtures/metrics/trained-tree.csv');

function rareClassCsv(): string {
  // 20 a, 10 b and one c: 5 folds leave four of them without a c.
  const rows = Array.from({ length: 31 }, (_, i) => `${i % 7},${i % 3},${i < 20 ? 'a' : i < 30 ? 'b' : 'c'}`);
  const file = path.join(cli.dir, 'rare.csv');
  writeFileSync(file, `x,z,y\n${rows.join('\n')}\n`);
  return file;
}

test('evaluate --cv with a class rarer than the folds warns and goes on', () => {
  const file = rareClassCsv();
  const r = cli.run('evaluate', file, '--target', 'y', '--cv', '5', '--json', '--permutation-repeats', '0');
  assert.equal(r.status, 0, r.stderr);
  const warning = 'the least populated class, "c", has only 1 rows, fewer than the 5 folds: some folds test none of it';
  assert.ok(r.stderr.split('\n').includes(`warning: ${warning}`), r.stderr);
  const report = JSON.parse(r.stdout) as TreeReport;
  assert.ok(report.warnings.includes(warning));
  assert.equal(report.metrics.crossValidation?.pooled.rows, 31);
  const text = cli.run('evaluate', file, '--target', 'y', '--cv', '5', '--permutation-repeats', '0');
  assert.equal(text.status, 0);
  assert.match(text.stderr, /^warning: the least populated class/m);
  assert.match(text.stdout, /5-fold cross-validation \(seed 0, stratified\)/);
});

test('--no-stratify: plain k-fold and hold-out, said in the report', () => {
  const cv = JSON.parse(cli.run('evaluate', noisy, '--target', 'label', '--max-depth', '3', '--cv', '4', '--no-stratify', '--json', '--permutation-repeats', '0').stdout) as TreeReport;
  assert.deepEqual(cv.settings.validation, { kind: 'cv', folds: 4, seed: 0, stratified: false });
  const strat = JSON.parse(cli.run('evaluate', noisy, '--target', 'label', '--max-depth', '3', '--cv', '4', '--json', '--permutation-repeats', '0').stdout) as TreeReport;
  assert.equal(strat.settings.validation.kind === 'cv' && strat.settings.validation.stratified, true);
  assert.notDeepEqual(cv.metrics.crossValidation?.scores, strat.metrics.crossValidation?.scores);
  const holdout = JSON.parse(cli.run('evaluate', noisy, '--target', 'label', '--test-size', '0.25', '--no-stratify', '--json', '--permutation-repeats', '0').stdout) as TreeReport;
  assert.equal(holdout.settings.validation.kind === 'holdout' && holdout.settings.validation.stratified, false);
});

test('--ccp-alpha cv: train states the same-fold score; evaluate adds the nested estimate with per-fold alphas', () => {
  const train = cli.run('train', noisy, '--target', 'label', '--ccp-alpha', 'cv', '--out', path.join(cli.dir, 'm.json'));
  assert.equal(train.status, 0, train.stderr);
  assert.match(train.stderr, /note: ccp_alpha \S+ chosen by 5-fold cross-validation \(best rule, seed 0\), mean accuracy 0\.\d{4} on the folds that chose it \(optimistic/);
  const r = cli.run('evaluate', noisy, '--target', 'label', '--ccp-alpha', 'cv', '--permutation-repeats', '0');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /mean accuracy 0\.\d{4} on the folds that chose it/);
  assert.match(r.stdout, /nested estimate \(alpha chosen again by 5-fold CV inside each of 5 outer folds, 30 trees grown\): mean accuracy 0\.\d{4} ± 0\.\d{4}; per fold (0\.\d{4} \(α [\d.e-]+\)(, )?){5}/);
});

const IRIS = path.join(process.cwd(), 'media/samples/iris.csv');

test('evaluate --cv loo: the pooled out-of-fold metrics and their accuracy, not a score per row', () => {
  const r = cli.run('evaluate', IRIS, '--target', 'species', '--max-depth', '3', '--cv', 'loo', '--permutation-repeats', '0');
  assert.equal(r.status, 0, r.stderr);
  // scikit-learn's LeaveOneOut with max_depth=3 predicts 142 of the 150 rows right (test/fixtures/validation).
  assert.match(r.stdout, /^leave-one-out cross-validation \(150 folds of one row, not stratified\): accuracy 0\.9467 \(142 of 150 rows predicted right\)$/m);
  assert.doesNotMatch(r.stdout, /per fold/);
  assert.match(r.stdout, /^out-of-fold metrics \(150 rows\)$/m);
  const report = JSON.parse(cli.run('evaluate', IRIS, '--target', 'species', '--max-depth', '3', '--cv', 'LOO', '--json', '--permutation-repeats', '0').stdout) as TreeReport;
  assert.deepEqual(report.settings.validation, { kind: 'cv', folds: 150, seed: 0, stratified: false, leaveOneOut: true });
  assert.equal(report.metrics.crossValidation?.scores.length, 150);
});

test('150 stratified folds on iris are refused with the ways out: --no-stratify or --cv loo', () => {
  const r = cli.run('evaluate', IRIS, '--target', 'species', '--cv', '150');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^error: .*iris\.csv: 150 stratified folds need at least 150 rows of some class; the largest class has 50 \(use fewer folds, plain folds with --no-stratify, or leave-one-out with --cv loo\)$/m);
  const bad = cli.run('evaluate', IRIS, '--target', 'species', '--cv', 'lou');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--cv must be an integer, got "lou"/);
  const both = cli.run('evaluate', IRIS, '--target', 'species', '--cv', 'loo', '--ccp-alpha', 'cv');
  assert.equal(both.status, 2);
  assert.match(both.stderr, /leave-one-out with ccp_alpha chosen by cross-validation/);
  const force = cli.run('evaluate', IRIS, '--target', 'species', '--cv', 'loo', '--force');
  assert.equal(force.status, 2);
  assert.match(force.stderr, /--force applies to --cv loo with --ensemble/);
});

test('evaluate --test-size F --repeats K: each metric\'s mean ± std, the per-repeat scores in --json', () => {
  const args = ['evaluate', IRIS, '--target', 'species', '--criterion', 'entropy', '--max-depth', '3', '--test-size', '0.3', '--repeats', '10', '--permutation-repeats', '0'];
  const r = cli.run(...args);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^hold-out repeated 10 times \(test fraction 0\.3, seeds 0–9, stratified\): mean accuracy 0\.\d{4} ± 0\.\d{4}; per repeat (0\.\d{4}(, )?){10}$/m);
  assert.match(r.stdout, /^ {2}figure +mean +± std +min +max$/m);
  assert.match(r.stdout, /^ {2}macro F1 +0\.\d{4} +0\.\d{4} +0\.\d{4} +[01]\.\d{4}$/m);
  assert.match(r.stdout, /^hold-out metrics, test fraction 0\.3, seed 0, stratified \(the first repeat: the tree shown\) \(45 rows\)$/m);
  const report = JSON.parse(cli.run(...args, '--json').stdout) as TreeReport;
  const rep = report.metrics.repeatedHoldout;
  assert.ok(rep);
  assert.equal(rep.scores.length, 10);
  assert.deepEqual(rep.seeds, [0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  assert.equal(rep.scores[0], report.metrics.holdout?.task === 'classification' ? report.metrics.holdout.accuracy : NaN);
  assert.deepEqual(report.settings.validation, { kind: 'holdout', testSize: 0.3, seed: 0, stratified: true, repeats: 10 });
  const alone = cli.run('evaluate', IRIS, '--target', 'species', '--repeats', '3');
  assert.equal(alone.status, 2);
  assert.match(alone.stderr, /3 repeats need a hold-out split to repeat/);
  // A forest repeats its hold-out too (forest-repeats-cli.test.ts).
  const forest = cli.run('evaluate', IRIS, '--target', 'species', '--ensemble', 'forest', '--n-trees', '5', '--test-size', '0.3', '--repeats', '3');
  assert.equal(forest.status, 0, forest.stderr);
  assert.match(forest.stdout, /hold-out repeated 3 times/);
});
