// The CLI's weight options (docs/cli.md): --class-weight and --sample-weight give the tree
// scikit-learn grows with class_weight/sample_weight (a fixture of tree-weights-parity.test.ts),
// --min-weight-fraction-leaf limits leaves, and bad weights exit 2 with the file, the line and
// the problem, writing nothing.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseTreeFile } from '../../../src/engine/forest/tree-model-file';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;
const CASE = path.join(process.cwd(), 'test/fixtures/parity/weights_penguins_gini_balanced_column_max_depth_5');

test('train --class-weight balanced --sample-weight COL writes the weighted tree scikit-learn grows', () => {
  const out = path.join(cli.dir, 'weighted.json');
  const r = run('train', path.join(CASE, 'train.csv'), '--target', 'species', '--class-weight', 'balanced', '--sample-weight', 'sample_weight', '--max-depth', '5', '--out', out);
  assert.equal(r.status, 0, r.stderr);
  const model = parseTreeFile(readFileSync(out, 'utf8'));
  const want = JSON.parse(readFileSync(path.join(CASE, 'expected.json'), 'utf8')).canonical.nodes;
  assert.equal(model.nodes.length, want.length);
  assert.deepEqual(model.features.map((f) => f.name), ['bill_length_mm', 'bill_depth_mm', 'flipper_length_mm', 'body_mass_g']);
  model.nodes.forEach((n, i) => {
    assert.equal(n.samples, want[i].samples);
    assert.ok(Math.abs((n.weightedSamples ?? NaN) - want[i].weighted_samples) < 1e-9);
  });
  assert.deepEqual([model.params.classWeight, model.params.sampleWeightColumn], ['balanced', 'sample_weight']);
});

test('--class-weight CLASS=W,… and --min-weight-fraction-leaf reach the tree; evaluate takes them too', () => {
  const file = path.join(CASE, 'train.csv');
  const json = (...extra: string[]) => JSON.parse(run('train', file, '--target', 'species', ...extra).stdout);
  const m = json('--class-weight', 'Chinstrap=4,Gentoo=0.5', '--max-depth', '1');
  assert.deepEqual(m.nodes[0].value, [88, 68, 36]);
  assert.ok(json('--min-weight-fraction-leaf', '0.2').nodes.length < json().nodes.length);
  const e = run('evaluate', file, '--target', 'species', '--class-weight', 'balanced', '--cv', '3', '--json');
  assert.equal(e.status, 0, e.stderr);
  assert.deepEqual(JSON.parse(e.stdout).model.params.classWeight, 'balanced');
});

test('bad weights: exit 2, one line naming the problem (and the file line), nothing written', () => {
  const lines = readFileSync(path.join(CASE, 'train.csv'), 'utf8').trimEnd().split('\n');
  const withWeight = (row: number, w: string) => lines.map((l, i) => (i === row ? l.replace(/,[^,]*,([A-Za-z]+)$/, `,${w},$1`) : l)).join('\n') + '\n';
  const out = path.join(cli.dir, 'never.json');
  const fails = (argv: string[], message: RegExp, csv?: string) => {
    const file = path.join(cli.dir, 'data.csv');
    writeFileSync(file, csv ?? lines.join('\n') + '\n');
    const r = run('train', file, '--target', 'species', ...argv, '--out', out);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, message);
    // One error line (a reader's note on the column may come before it).
    assert.equal(r.stderr.trim().split('\n').filter((l) => !l.startsWith('note: ')).length, 1, r.stderr);
    assert.equal(existsSync(out), false);
  };
  fails(['--class-weight', 'Adelie=2,Emperor=1'], /^error: data\.csv: class weight for unknown class "Emperor" \(classes: Adelie, Chinstrap, Gentoo\)/);
  fails(['--class-weight', 'Adelie=heavy'], /--class-weight: the weight of class "Adelie" must be a number ≥ 0, got "heavy"/);
  fails(['--class-weight', 'lots'], /--class-weight takes "balanced" or CLASS=W pairs/);
  fails(['--sample-weight', 'weight'], /data.csv: unknown --sample-weight column "weight"/);
  fails(['--sample-weight', 'sample_weight'], /^error: data.csv: line 8: weight column "sample_weight" must be a finite number ≥ 0, got -1/, withWeight(7, '-1'));
  fails(['--sample-weight', 'sample_weight'], /^error: data.csv: line 4: weight column "sample_weight" is missing/, withWeight(3, ''));
  fails(['--sample-weight', 'sample_weight'], /^error: data.csv: line 3: weight column "sample_weight" is not a number \("heavy"\)/m, withWeight(2, 'heavy'));
  fails(['--min-weight-fraction-leaf', '0.6'], /--min-weight-fraction-leaf must be ≤ 0.5, got 0.6/);
});
