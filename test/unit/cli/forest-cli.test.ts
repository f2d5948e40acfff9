// Forests from the CLI end to end (docs/cli.md "Forests"): train writes a forest model, predict
// reads it (with share columns), rules exports it as Python and JavaScript that reproduce predict
// exactly (run with /usr/bin/python3 and Node), evaluate shows OOB beside CV, and each bad input of
// issue 17 exits 2 with a clear message and writes nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';
import { runJavaScriptOnCsv, runPythonOnCsv } from '../helpers/run-exports';

const cli = useCli();
const run = cli.run;
const IRIS = 'test/fixtures/forest/iris.csv';
const DIABETES = 'test/fixtures/forest/diabetes.csv';
const out = (name: string): string => path.join(cli.dir, name);

/** The predicted column of `predict`'s CSV (the input's 5 fields come first). */
function predictedColumn(csv: string, at: number): string[] {
  return csv.trim().split('\n').slice(1).map((l) => l.split(',')[at]);
}

for (const [what, file, flags, at] of [
  ['soft-voting forest', IRIS, [], 5],
  ['hard-voting forest', IRIS, ['--voting', 'hard', '--max-features', '0.5'], 5],
  ['regression forest', DIABETES, ['--max-samples', '0.5'], 11],
] as const) {
  test(`${what}: train --out, predict, and rules --format python|js reproduce predict exactly`, () => {
    const model = out(`${what}.json`);
    const t = run('train', file, '--target', 'target', '--ensemble', 'forest', '--n-trees', '15', '--seed', '4', ...flags, '--out', model);
    assert.equal(t.status, 0, t.stderr);
    assert.match(t.stdout, /^wrote .*: random forest of 15 trees, (classification|regression), target "target", OOB (accuracy|R²) 0\.\d{4}\n$/);
    const p = run('predict', '--model', model, file);
    assert.equal(p.status, 0, p.stderr);
    const header = p.stdout.split('\n')[0];
    if (file === IRIS) assert.ok(header.endsWith(',predicted_target,share_setosa,share_versicolor,share_virginica'), header);
    const predicted = predictedColumn(p.stdout, at);
    const csv = readFileSync(file, 'utf8');
    for (const format of ['python', 'js'] as const) {
      const code = run('rules', '--model', model, '--format', format);
      assert.equal(code.status, 0, code.stderr);
      const got = format === 'python' ? runPythonOnCsv(code.stdout, csv) : runJavaScriptOnCsv(code.stdout, csv);
      assert.deepEqual(got.map(String), predicted, format);
    }
  });
}

test('rules on a forest: one tree with --tree K; text or SQL of the whole forest refused; --tree on a tree refused', () => {
  const model = out('rules-forest.json');
  assert.equal(run('train', IRIS, '--target', 'target', '--ensemble', 'forest', '--n-trees', '3', '--out', model).status, 0);
  const one = run('rules', '--model', model, '--tree', '2');
  assert.equal(one.status, 0, one.stderr);
  assert.match(one.stdout, /^1\. IF /);
  for (const [args, message] of [
    [[], /a forest of 3 trees has no single rule list: --tree K \(0\.\.2\)/],
    [['--format', 'sql'], /SQL export of a forest is not supported/],
    [['--tree', '3'], /--tree 3 is not a tree of this forest \(trees 0\.\.2\)/],
  ] as const) {
    const r = run('rules', '--model', model, ...args);
    assert.equal(r.status, 2, r.stdout);
    assert.match(r.stderr, message);
    assert.equal(r.stdout, '');
  }
  const tree = out('rules-tree.json');
  assert.equal(run('train', IRIS, '--target', 'target', '--out', tree).status, 0);
  assert.match(run('rules', '--model', tree, '--tree', '0').stderr, /--tree K picks a tree of a forest model/);
});

test('evaluate --ensemble bagging: OOB beside 3-fold cross-validation and a hold-out part', () => {
  const r = run('evaluate', IRIS, '--target', 'target', '--ensemble', 'bagging', '--n-trees', '10', '--cv', '3', '--test-size', '0.3');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /classification bagging of 10 trees for target \(cart, gini, 4 of 4 features per split, soft voting/);
  assert.match(r.stdout, /^OOB accuracy 0\.\d{4} on 1\d\d rows; OOB error by trees: 1: /m);
  assert.match(r.stdout, /^3-fold cross-validation \(seed 0, stratified\): mean accuracy 0\.\d{4}/m);
  assert.match(r.stdout, /^hold-out metrics, test fraction 0\.3, seed 0, stratified \(45 rows\)/m);
  assert.match(r.stdout, /^OOB metrics \(1\d\d rows\)/m);
  const json = run('evaluate', IRIS, '--target', 'target', '--ensemble', 'forest', '--n-trees', '5', '--json');
  assert.equal(json.status, 0, json.stderr);
  const report = JSON.parse(json.stdout);
  assert.equal(report.format, 'decision-tree-explorer/forest-report');
  assert.equal(report.model.trees.length, 5);
});

const newerForest = (): string => {
  const file = out('v3.json');
  const model = out('v2.json');
  assert.equal(run('train', IRIS, '--target', 'target', '--ensemble', 'forest', '--n-trees', '2', '--out', model).status, 0);
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(model, 'utf8')), version: 3 }));
  return file;
};

for (const [what, args, message] of [
  ['--n-trees 0', ['--n-trees', '0'], /--n-trees must be ≥ 1, got 0/],
  ['--max-features above the columns', ['--max-features', '5'], /max features 5 is more than the 4 feature columns/],
  ['--max-features nonsense', ['--max-features', 'half'], /--max-features must be sqrt, third, log2, all, a count ≥ 1 or a fraction/],
  ['--voting hard on regression', ['--voting', 'hard', '--file', DIABETES], /voting applies to classification; a regression forest predicts the mean/],
  ['--jobs 0', ['--jobs', '0'], /--jobs must be ≥ 1, got 0/],
  ['a class weight naming an unknown class', ['--class-weight', 'setosa=2,tulip=1'], /class weight for unknown class "tulip"/],
  ['a forest flag without --ensemble', ['--no-ensemble'], /--n-trees applies to ensembles; add --ensemble forest or --ensemble bagging/],
  ['pruning a forest', ['--ccp-alpha', '0.01'], /--ccp-alpha prunes a single tree/],
] as const) {
  test(`bad input, train: ${what} → exit 2, a clear message, nothing written`, () => {
    const model = out(`bad-${what.replace(/\W+/g, '-')}.json`);
    const list: readonly string[] = args;
    const file = list.includes('--file') ? DIABETES : IRIS;
    const flags = list.filter((a, i) => a !== '--file' && list[i - 1] !== '--file' && a !== '--no-ensemble');
    const ensemble = list.includes('--no-ensemble') ? ['--n-trees', '3'] : ['--ensemble', 'forest'];
    const r = run('train', file, '--target', 'target', ...ensemble, ...flags, '--out', model);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.equal(existsSync(model), false);
  });
}

test('bad input: a forest model from a newer version → exit 2 from predict and rules, nothing written', () => {
  const model = newerForest();
  const written = out('never.csv');
  const p = run('predict', '--model', model, IRIS, '--out', written);
  assert.equal(p.status, 2);
  assert.match(p.stderr, /v3\.json: not a usable model file: version 3 is not supported \(this build reads forest model versions 1 to 2\): the file was made by a newer Decision Tree Explorer, update it to read it/);
  assert.equal(existsSync(written), false);
  assert.match(run('rules', '--model', model, '--format', 'python').stderr, /version 3 is not supported/);
});

test('train --ensemble --format mermaid is refused; --format text prints the forest report', () => {
  const m = run('train', IRIS, '--target', 'target', '--ensemble', 'forest', '--n-trees', '3', '--format', 'mermaid');
  assert.equal(m.status, 2);
  assert.match(m.stderr, /Mermaid draws one tree/);
  const t = run('train', IRIS, '--target', 'target', '--ensemble', 'forest', '--n-trees', '3', '--format', 'text');
  assert.equal(t.status, 0, t.stderr);
  assert.match(t.stdout, /^feature importances \(MDI: mean over the trees ± std; OOB permutation/m);
});

test('evaluate --model measures a saved forest as predict labels it; edit refuses a forest', () => {
  const model = out('evaluated-forest.json');
  assert.equal(run('train', IRIS, '--target', 'target', '--ensemble', 'forest', '--n-trees', '7', '--seed', '3', '--max-samples', '0.3', '--out', model).status, 0);
  const e = run('evaluate', '--model', model, IRIS, '--json');
  assert.equal(e.status, 0, e.stderr);
  const p = run('predict', '--model', model, IRIS);
  const rows = p.stdout.trim().split('\n').slice(1).map((l) => l.split(','));
  const correct = rows.filter((f) => f[4] === f[5]).length;
  assert.equal(JSON.parse(e.stdout).metrics.accuracy, correct / rows.length);
  const edited = out('never-edited.json');
  const r = run('edit', '--model', model, IRIS, '--snip', '1', '--out', edited);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /forest/);
  assert.equal(existsSync(edited), false);
});

test('regression reports say R² as the metrics do, never the machine name r2 (which the JSON keeps)', () => {
  const target = 'target';
  const reports = [
    run('train', DIABETES, '--target', target, '--ensemble', 'forest', '--n-trees', '3', '--format', 'text'),
    run('evaluate', DIABETES, '--target', target, '--ensemble', 'forest', '--n-trees', '3', '--cv', '3'),
    run('evaluate', DIABETES, '--target', target, '--max-depth', '3', '--cv', '3', '--ccp-alpha', 'cv'),
  ];
  for (const r of reports) {
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stdout, /OOB R² |mean R² /);
    assert.doesNotMatch(r.stdout, /\br2\b/);
  }
  const json = run('evaluate', DIABETES, '--target', target, '--max-depth', '3', '--cv', '3', '--json');
  assert.equal(JSON.parse(json.stdout).metrics.crossValidation.scoreName, 'r2');
});

test('evaluate --ensemble --cv loo is refused for the OOB score unless --force, which pools a forest per row', () => {
  const tennis = 'media/samples/play_tennis.csv';
  const refused = run('evaluate', tennis, '--target', 'play', '--ensemble', 'forest', '--n-trees', '5', '--cv', 'loo');
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /leave-one-out trains a whole forest per row; a forest's OOB score already predicts each row by the trees that never saw it \(use it, or --cv K\); --force runs leave-one-out anyway/);
  assert.equal(refused.stdout, '');
  const forced = run('evaluate', tennis, '--target', 'play', '--ensemble', 'forest', '--n-trees', '5', '--cv', 'loo', '--force', '--json');
  assert.equal(forced.status, 0, forced.stderr);
  const cv = (JSON.parse(forced.stdout) as { metrics: { crossValidation: { folds: number; leaveOneOut?: true; pooled: { rows: number; accuracy: number }; scores: number[]; mean: number } } }).metrics.crossValidation;
  assert.equal(cv.leaveOneOut, true);
  assert.equal(cv.folds, 14);
  assert.equal(cv.pooled.rows, 14);
  assert.equal(cv.mean, cv.pooled.accuracy);
  assert.equal(cv.scores.filter((s) => s === 1).length, Math.round(cv.pooled.accuracy * 14));
});
