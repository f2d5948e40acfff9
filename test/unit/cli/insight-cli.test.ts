// rules, evaluate, prune-path and train's pruning flags end to end: a freshly bundled CLI in a
// child process, parity fixtures in, exit codes and outputs checked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dedupPath } from '../../../src/engine/prune/cost-complexity';
import type { TreeReport } from '../../../src/engine/report-types';
import { parityExpected, SKLEARN_CASES } from '../helpers/parity-model';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;

const fixture = (name: string, file = 'train.csv') => path.join('test/fixtures/parity', name, file);

/** scikit-learn's parameters of a parity case as CLI flags. */
function paramFlags(name: string): string[] {
  const p = parityExpected(name).params;
  const flags = ['--criterion', p.criterion];
  if (p.max_depth !== null) flags.push('--max-depth', String(p.max_depth));
  if (p.min_samples_leaf !== 1) flags.push('--min-samples-leaf', String(p.min_samples_leaf));
  if (p.max_leaf_nodes !== null) flags.push('--max-leaf-nodes', String(p.max_leaf_nodes));
  if (p.min_impurity_decrease !== 0) flags.push('--min-impurity-decrease', String(p.min_impurity_decrease));
  return flags;
}

for (const name of SKLEARN_CASES) {
  test(`${name}: prune-path --json and train --ccp-alpha safe_alpha agree with the canonical fixture`, () => {
    const exp = parityExpected(name);
    const target = exp.target as string;
    const p = run('prune-path', fixture(name), '--target', target, ...paramFlags(name), '--json');
    assert.equal(p.status, 0, p.stderr);
    const got = dedupPath(JSON.parse(p.stdout));
    const want = dedupPath({ ccpAlphas: exp.canonical.pruning.ccp_alphas, impurities: exp.canonical.pruning.impurities });
    assert.equal(got.ccpAlphas.length, want.ccpAlphas.length);
    got.ccpAlphas.forEach((a, i) => assert.ok(Math.abs(a - want.ccpAlphas[i]) <= 1e-6 * (1 + Math.abs(a)), `alpha[${i}]`));
    got.impurities.forEach((v, i) => assert.ok(Math.abs(v - want.impurities[i]) <= 1e-6 * (1 + Math.abs(v)), `impurity[${i}]`));
    const t = run('train', fixture(name), '--target', target, ...paramFlags(name), '--ccp-alpha', String(exp.canonical.pruning.safe_alpha));
    assert.equal(t.status, 0, t.stderr);
    assert.equal(JSON.parse(t.stdout).nodes.length, exp.canonical.pruning.n_nodes_at_safe_alpha);
  });
}

test('rules --model: text and code for an ID3 play_tennis model; the Python reproduces the fixture predictions', () => {
  const model = path.join(cli.dir, 'tennis.json');
  assert.equal(run('train', fixture('play_tennis'), '--target', 'play', '--algorithm', 'id3', '--out', model).status, 0);
  const text = run('rules', '--model', model);
  assert.equal(text.status, 0, text.stderr);
  assert.equal(text.stdout.match(/^\d+\. IF /gm)?.length, 5);
  assert.match(text.stdout, /^1\. IF \(?outlook = overcast( or missing\/unseen\))? THEN play = P\n {3}covers 4 rows \(28\.6 %\), accuracy 100\.0 %/m);
  const py = run('rules', '--model', model, '--format', 'python');
  assert.equal(py.status, 0, py.stderr);
  const rows = readFileSync(fixture('play_tennis', 'test.csv'), 'utf8').trim().split('\n').slice(1).map((l) => {
    const [outlook, temperature, humidity, windy] = l.split(',');
    return { outlook, temperature, humidity, windy };
  });
  const script = `${py.stdout}\nimport json, sys\nprint(json.dumps([predict(r) for r in json.load(sys.stdin)]))\n`;
  const r = spawnSync('/usr/bin/python3', ['-c', script], { input: JSON.stringify(rows), encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  assert.deepEqual(JSON.parse(r.stdout), parityExpected('play_tennis').predictions);
  for (const format of ['js', 'sql']) assert.equal(run('rules', '--model', model, '--format', format).status, 0);
});

test('evaluate: readable hold-out report, and --json is the TreeReport', () => {
  const text = run('evaluate', fixture('iris_gini_default'), '--target', 'species', '--test-size', '0.3', '--seed', '1');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /hold-out metrics, test fraction 0\.3, seed 1, stratified \(32 rows\)/);
  assert.match(text.stdout, /macro avg/);
  assert.match(text.stdout, /permutation: accuracy drop on the hold-out rows, 5 repeats, seed 1/);
  const json = run('evaluate', fixture('iris_gini_default'), '--target', 'species', '--cv', '5', '--ccp-alpha', 'cv', '--json');
  assert.equal(json.status, 0, json.stderr);
  const report: TreeReport = JSON.parse(json.stdout);
  assert.equal(report.format, 'decision-tree-explorer/report');
  assert.equal(report.metrics.crossValidation?.scores.length, 5);
  assert.equal(report.settings.ccpAlpha, report.alphaSelection?.chosenAlpha);
});

test('train --ccp-alpha cv and --prune pessimistic give smaller trees than the grown one', () => {
  const nodes = (...flags: string[]) => {
    const r = run('train', fixture('iris_gini_default'), '--target', 'species', ...flags);
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout).nodes.length;
  };
  const grown = nodes();
  assert.ok(nodes('--ccp-alpha', 'cv', '--seed', '3') < grown);
  assert.ok(nodes('--prune', 'pessimistic', '--epsilon', '2') < grown);
});

test('bad input exits 2 with one clear line', () => {
  const iris = fixture('iris_gini_default');
  const badModel = path.join(cli.dir, 'v3.json');
  writeFileSync(badModel, JSON.stringify({ format: 'decision-tree-explorer/model', version: 3, nodes: [] }));
  const cases: [string[], RegExp][] = [
    [['train', iris, '--target', 'species', '--ccp-alpha', '-0.1'], /ccp-alpha must be ≥ 0/],
    [['evaluate', iris, '--target', 'species', '--test-size', '1.5'], /test-size must be strictly between 0 and 1/],
    [['evaluate', iris, '--target', 'species', '--test-size', '0'], /test-size/],
    [['evaluate', iris, '--target', 'species', '--cv', '40'], /40 stratified folds need at least 40 rows of some class; the largest class has 35/],
    [['evaluate', iris, '--target', 'species', '--cv', '1'], /--cv must be ≥ 2/],
    [['train', iris, '--target', 'species', '--ccp-alpha', 'cv', '--prune', 'pessimistic'], /cost-complexity/],
    [['train', iris, '--target', 'species', '--ccp-alpha', '0.1', '--prune', 'none'], /cost-complexity/],
    [['rules', '--model', badModel], /v3\.json: .*version 3 is not supported/],
    [['rules', '--model', badModel, '--format', 'cobol'], /--format must be one of/],
  ];
  for (const [args, message] of cases) {
    const r = run(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message, args.join(' '));
    assert.equal(r.stderr.trim().split('\n').length, 1, `one line: ${r.stderr}`);
  }
});
