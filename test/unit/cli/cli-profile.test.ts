// The profile command end to end: a freshly bundled CLI in a child process, exit codes and output.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import path from 'node:path';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;

const fixture = (p: string) => path.join('test/fixtures', p);

test('profile of a parity CSV: table by default, exit 0', () => {
  const r = run('profile', fixture('parity/iris_gini_default/train.csv'));
  assert.equal(r.status, 0, r.stderr);
  assert.equal(r.stderr, '');
  assert.match(r.stdout, /^train\.csv: 105 rows, 5 columns, delimiter ","/);
  assert.match(r.stdout, /species\s+categorical\s+105\s+0\s+3/);
  assert.match(r.stdout, /sepal_length_cm\s+n\/a \(continuous\)/);
  assert.match(r.stdout, /species\s+0\.6667\s+1\.0000\s+1\.5850\s+1\.0986\s+0\.4771\s+1\.0000/);
});

test('profile --json of the hostile CSV: BOM, CRLF, semicolons, quotes, markup kept as text', () => {
  const r = run('profile', fixture('csv/hostile.csv'), '--json');
  assert.equal(r.status, 0, r.stderr);
  const profile = JSON.parse(r.stdout);
  assert.equal(profile.delimiter, ';');
  assert.equal(profile.rowCount, 4);
  assert.deepEqual(
    profile.columns.map((c: { name: string; type: string }) => [c.name, c.type]),
    [['"]-->x[<img src=x onerror=alert(1)>', 'numeric'], ['name', 'categorical'], ['amount', 'numeric'], ['flag', 'categorical'], ['note', 'categorical']],
  );
  const note = profile.columns[4];
  assert.deepEqual(note.top.map((t: { value: string }) => t.value), ['said "hi"', 'two\r\nlines', '<script>alert(1)</script>']);
  assert.equal(note.missing, 1);
  assert.equal(profile.columns[2].numeric.min, -1000);
});

test('a ragged CSV fails with exit 2 and one line naming file, line and problem', () => {
  const r = run('profile', fixture('csv/ragged.csv'));
  assert.equal(r.status, 2);
  assert.equal(r.stdout, '');
  assert.equal(r.stderr, 'error: ragged.csv: line 7: row has 6 fields, header has 5\n');
});

test('usage errors and missing files exit 2 with one line', () => {
  for (const args of [['profile'], ['profile', fixture('csv/ragged.csv'), '--bogus'], ['profile', 'no/such/file.csv']]) {
    const r = run(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.match(r.stderr, /^error: .+\n$/);
  }
});
