// Numbers in other forms through the CLI (README "Numbers in other forms"): the reader's notes on
// stderr, --decimal, --types X=numeric:coerce, and predict naming the file and line of a value
// that is not a number.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;
const FIXTURES = path.join(process.cwd(), 'test/fixtures/csv/number-forms');

test('train notes each column read as numbers in another form, and a mostly numeric text column', () => {
  const money = run('train', path.join(FIXTURES, 'money.csv'), '--target', 'grade', '--max-depth', '1');
  assert.equal(money.status, 0, money.stderr);
  assert.match(money.stderr, /^note: money\.csv: column "loan_amnt" read as numbers written with a leading "\$" and thousands separators \(e\.g\. "\$26,600"\)$/m);
  assert.match(money.stderr, /^note: money\.csv: column "int_rate" read as numbers written with a percent sign/m);
  // The tree splits the rate as a number (grade C is a rate above 15 in the fixture).
  const root = (JSON.parse(money.stdout) as { nodes: Array<{ split: unknown }> }).nodes[0];
  assert.deepEqual(root.split, { feature: 'int_rate', kind: 'numeric', threshold: 15.2 });
  const heights = run('profile', path.join(FIXTURES, 'heights.csv'));
  assert.equal(heights.status, 0, heights.stderr);
  assert.match(heights.stderr, /note: heights\.csv: column "height" read as categorical although 93 % of its values are numbers \(not e\.g\. "5' 4\\""\); --types "height=numeric:coerce"/);
  const coerced = run('profile', path.join(FIXTURES, 'heights.csv'), '--types', 'height=numeric:coerce');
  assert.equal(coerced.status, 0, coerced.stderr);
  assert.match(coerced.stderr, /note: heights\.csv: column "height" 4 values that are not numbers read as missing/);
});

test('--decimal . reads a ; file\'s decimal commas as text; a bad --decimal is a usage error', () => {
  const csv2 = path.join(FIXTURES, 'csv2.csv');
  const sniffed = run('profile', csv2);
  assert.equal(sniffed.status, 0, sniffed.stderr);
  assert.match(sniffed.stderr, /column "bili" read as numbers written with a decimal comma/);
  const dot = run('profile', csv2, '--decimal', '.');
  assert.equal(dot.status, 0, dot.stderr);
  assert.doesNotMatch(dot.stderr, /decimal comma/);
  assert.match(dot.stdout, /bili\s+categorical/);
  const bad = run('profile', csv2, '--decimal', ';');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /--decimal takes \. or ,/);
});

test('predict reads infinities as numbers and names the file and line of a value that is not a number', () => {
  const model = path.join(cli.dir, 'inf.json');
  const t = run('train', path.join(FIXTURES, 'inf.csv'), '--target', 'y', '--out', model);
  assert.equal(t.status, 0, t.stderr);
  const fresh = path.join(cli.dir, 'fresh.csv');
  writeFileSync(fresh, 'x,y\n-Inf,neg\nInf,pos\n3,pos\n');
  const ok = run('predict', '--model', model, fresh);
  assert.equal(ok.status, 0, ok.stderr);
  assert.deepEqual(ok.stdout.trim().split('\n').slice(1).map((l) => l.split(',').pop()), ['neg', 'pos', 'pos']);
  const bad = path.join(cli.dir, 'bad.csv');
  writeFileSync(bad, 'x,y\n1,pos\n2,pos\nlots,pos\n');
  const p = run('predict', '--model', model, bad);
  assert.equal(p.status, 2);
  assert.equal(p.stderr.trim(), 'error: bad.csv: line 4, column 1 ("x"): "lots" is not a number, but the column is set to numeric (--types x=numeric:coerce reads such values as missing)');
  const e = run('evaluate', '--model', model, bad);
  assert.equal(e.status, 2);
  assert.match(e.stderr, /^error: bad\.csv: line 4, column 1/);
  assert.equal(readFileSync(bad, 'utf8').split('\n').length, 5);
});
