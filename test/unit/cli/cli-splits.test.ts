// The splits command end to end: a freshly bundled CLI, text and JSON output, exit codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;

test('splits text: ranked table and the root question', () => {
  const r = run('splits', 'media/samples/bike_or_car.csv', '--target', 'go_by_car', '--criterion', 'entropy');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /^bike_or_car\.csv: target go_by_car \(classification, 16 rows\), cart, ranked by information gain/);
  assert.match(r.stdout, /the tree asks first: required_speed ≤ 20\.995/);
  const rows = r.stdout.split('\n').filter((l) => /^\d+\s/.test(l));
  assert.deepEqual(rows.map((l) => l.split(/\s+/)[1]), ['required_speed', 'im_well_rested', 'dst_has_shower']);
  assert.match(rows[0], /^1\s+required_speed\s+≤ 20\.995\s+0\.3928\s+0\.4384\s+0\.1547$/);
});

test('splits --json: the contract shape, C4.5 branches for gain ratio', () => {
  const r = run('splits', 'media/samples/play_tennis.csv', '--target', 'play', '--criterion', 'gain_ratio', '--json');
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.target, 'play');
  assert.deepEqual(out.splits.map((s: { feature: string }) => s.feature), ['outlook', 'humidity', 'windy', 'temperature']);
  const [outlook] = out.splits;
  for (const key of ['feature', 'kind', 'branches', 'informationGain', 'gainRatio', 'giniDecrease', 'varianceReduction']) assert.ok(key in outlook, key);
  assert.equal(outlook.kind, 'categorical');
  assert.deepEqual(outlook.branches, [['sunny'], ['overcast'], ['rain']]);
  assert.equal(outlook.informationGain.toFixed(4), '0.2467');
  assert.equal(outlook.gainRatio.toFixed(4), '0.1564');
  assert.equal(outlook.varianceReduction, null);
  assert.equal(outlook.curve, undefined);
});

test('splits --json for a numeric target: variance reduction, thresholds', () => {
  const r = run('splits', 'media/samples/diabetes.csv', '--target', 'disease_progression', '--json');
  assert.equal(r.status, 0, r.stderr);
  const out = JSON.parse(r.stdout);
  assert.equal(out.task, 'regression');
  assert.equal(out.splits[0].feature, 's5');
  assert.ok(Math.abs(out.splits[0].threshold - 4.60015) < 1e-4);
  assert.ok(Math.abs(out.splits[0].varianceReduction - 1728.8084) < 1e-3);
  assert.equal(out.splits[0].informationGain, null);
});

test('splits: usage and bad input exit 2 with one line on stderr', () => {
  for (const args of [['splits', 'media/samples/iris.csv'], ['splits', 'media/samples/iris.csv', '--target', 'nope'], ['splits', 'media/samples/iris.csv', '--target', 'species', '--criterion', 'bogus'], ['splits', 'no/such.csv', '--target', 'x']]) {
    const r = run(...args);
    assert.equal(r.status, 2, args.join(' '));
    assert.equal(r.stdout, '');
    assert.equal(r.stderr.trim().split('\n').length, 1, r.stderr);
  }
  assert.match(run('splits', 'media/samples/iris.csv', '--target', 'nope').stderr, /^error: iris\.csv: unknown target column "nope"/);
});

test('splits on the hostile CSV: names and categories printed as inert text, ties in column order', () => {
  const r = run('splits', 'test/fixtures/csv/hostile.csv', '--target', 'flag');
  assert.equal(r.status, 0, r.stderr);
  assert.ok(!r.stdout.includes('\r') && !r.stdout.includes('\u001b'), 'raw control characters in the output');
  assert.match(r.stdout, /two\\u000d\\u000alines/);
  const rows = r.stdout.split('\n').filter((l) => /^\d+\s/.test(l));
  // name, amount and note tie at 0.375: file order; the markup-named column scores lower.
  assert.deepEqual(rows.map((l) => l.split(/\s{2,}/)[1]), ['name', 'amount', 'note', '"]-->x[<img src=x onerror=alert(1)>']);
  assert.match(r.stdout, /the tree asks first: name /);
});
