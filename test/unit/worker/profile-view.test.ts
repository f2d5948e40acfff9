// "Profile CSV Columns" as a view (issue 16 item 4): the worker's profile job gives exactly the
// CLI's `profile --json` of the file, a histogram per numeric column, and each column's best
// split as the CLI's `splits --json` scores it; the view's messages are checked as untrusted.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { histogram } from '../../../src/engine/profile-histogram';
import { parseFromProfileView } from '../../../src/shared/profile-protocol';
import type { SplitRequest } from '../../../src/shared/worker-messages';
import { bundleWorker } from '../helpers/worker-bundle';
import { useCli } from '../helpers/cli';

const cli = useCli();
let bridge: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  bridge = new WorkerBridge(() => nodeEngine(engineFile));
});

async function profileView(file: string, request: SplitRequest = {}) {
  const bytes = WorkerBridge.ownBytes(readFileSync(path.join(process.cwd(), file)));
  return bridge.run('profile', { source: { kind: 'bytes', bytes }, fileName: path.basename(file), delimiter: file.endsWith('.tsv') ? '\t' : undefined, types: request.types, request }).result;
}

const FILES = ['media/samples/iris.csv', 'media/samples/play_tennis.csv', 'media/samples/bike_or_car.csv', 'media/samples/diabetes.csv', 'test/fixtures/csv/hostile.csv', 'test/fixtures/csv/profile-mixed.csv'];

for (const file of FILES) {
  test(`the view's profile is profile --json, number for number: ${path.basename(file)}`, async () => {
    const view = await profileView(file);
    const r = cli.run('profile', file, '--json');
    assert.equal(r.status, 0, r.stderr);
    assert.deepEqual(JSON.parse(JSON.stringify(view.profile)), JSON.parse(r.stdout));
    view.profile.columns.forEach((c, i) => {
      const h = view.histograms[i];
      if (c.type !== 'numeric' && c.type !== 'date') return assert.equal(h, null);
      if (c.numeric === null) return assert.equal(h, null, 'no values, no histogram');
      assert.ok(h !== null, c.name);
      assert.equal(h.counts.reduce((a, b) => a + b, 0), c.count, `every present value of ${c.name} in a bin`);
      assert.deepEqual([h.edges[0], h.edges.at(-1)], [c.numeric.min, c.numeric.max]);
    });
  });
}

test('best split scores are those of splits --json against the same target', async () => {
  const view = await profileView('media/samples/iris.csv', { target: 'species' });
  const expected = JSON.parse(cli.run('splits', 'media/samples/iris.csv', '--target', 'species', '--json').stdout) as { splits: { feature: string; score: number; rank: number }[] };
  assert.deepEqual(
    view.splits?.splits.map((s) => [s.feature, s.score, s.rank]),
    expected.splits.map((s) => [s.feature, s.score, s.rank]),
  );
  assert.equal(view.splits?.splits[0].curve, undefined, 'no score curves');
  // Another target, and an ignored column, as the file's choices say.
  const other = await profileView('media/samples/iris.csv', { target: 'petal_width_cm', ignore: ['petal_length_cm'] });
  assert.equal(other.target, 'petal_width_cm');
  assert.deepEqual(other.ignored, ['petal_length_cm']);
  assert.ok(!other.splits?.splits.some((s) => s.feature === 'petal_length_cm'));
});

test('a column type chosen for the file is read as such', async () => {
  const view = await profileView('media/samples/bike_or_car.csv', { types: { im_well_rested: 'categorical' } });
  assert.equal(view.profile.columns[0].type, 'categorical');
  assert.equal(view.histograms[0], null);
  assert.deepEqual(view.types, { im_well_rested: 'categorical' });
});

test('histogram: equal-width bins, at most one per distinct value; a constant column one bin; missing values left out', () => {
  assert.deepEqual(histogram(Float64Array.from([0, 1, 1, 2, NaN]), 3), { edges: [0, 2 / 3, 4 / 3, 2], counts: [1, 2, 1] });
  assert.deepEqual(histogram(Float64Array.from([5, 5]), 1), { edges: [5, 5], counts: [2] });
  assert.equal(histogram(Float64Array.from([NaN]), 0), null);
  assert.equal(histogram(Float64Array.from({ length: 1000 }, (_, i) => i), 1000)?.counts.length, 20);
});

test('messages from the view are untrusted: only well-formed ones pass', () => {
  assert.deepEqual(parseFromProfileView({ type: 'setTarget', column: 'a' }), { type: 'setTarget', column: 'a' });
  assert.deepEqual(parseFromProfileView({ type: 'setType', column: 'a', columnType: null }), { type: 'setType', column: 'a', columnType: null });
  assert.deepEqual(parseFromProfileView({ type: 'ignore', column: 'a', ignored: true, extra: 1 }), { type: 'ignore', column: 'a', ignored: true });
  for (const bad of [null, 'ready', { type: 'setType', column: 'a', columnType: 'text' }, { type: 'ignore', column: 'a', ignored: 'yes' }, { type: 'setTarget', column: 7 }, { type: 'eval' }]) {
    assert.equal(parseFromProfileView(bad), undefined, JSON.stringify(bad));
  }
});
