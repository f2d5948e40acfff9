// The extension's forest job end to end in plain Node: the host's WorkerBridge runs the engine
// worker's `forest` job (bundled as dist/ has it, forest-worker.js beside worker.js), whose pool
// trains the trees. Progress counts trees and reads "Tree k of n"; the forest is the sequential
// trainForest's whatever the pool size; Cancel ends the job and every pool thread with it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { progressText } from '../../../src/host/progress-text';
import { poolSize } from '../../../src/shared/forest-settings';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainForest } from '../../../src/engine/forest/train';
import { CancelledError } from '../../../src/engine/errors';
import type { ForestParams } from '../../../src/engine/forest/types';
import type { JobProgress } from '../../../src/shared/worker-messages';
import { bundleWorker } from '../helpers/worker-bundle';
import { PROGRESS_INTERVAL_MS } from '../../../src/worker/jobs/forest';

let workerFile = '';
before(async () => {
  // The engine worker with forest-worker.js beside it, as dist/ has them.
  workerFile = await bundleWorker();
});

const iris = () => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
const PARAMS: ForestParams = { target: 'species', ensemble: 'forest', nTrees: 12, seed: 7 };

/** Threads of this process (Linux): the pool's workers are threads of it while they run. */
const threads = () => readdirSync('/proc/self/task').length;

test('the forest job reports "Tree k of n" from the first tree to the last and gives trainForest\'s forest on 1 or 3 threads', async () => {
  const expected = trainForest(iris(), PARAMS);
  for (const jobs of [1, 3]) {
    const bridge = new WorkerBridge(() => nodeEngine(workerFile));
    const seen: JobProgress[] = [];
    const report = await bridge.run('forest', { dataset: iris(), params: PARAMS, jobs }, { onProgress: (p) => seen.push(p) }).result;
    assert.deepEqual(report.trees, expected.trees, `${jobs} thread(s): per-tree summaries`);
    assert.equal(report.oob.score, expected.oob.score);
    assert.deepEqual(report.importances, expected.importances);
    const done = seen.map((p) => (p.phase === 'forest' ? p.treesDone : -1));
    assert.equal(done[0], 1, 'the first tree at once');
    assert.equal(done.at(-1), 12, 'the last tree always');
    assert.ok(done.every((d, i) => i === 0 || d > done[i - 1]), `ascending: ${done.join(', ')}`);
    assert.deepEqual(progressText(seen[seen.length - 1]), { message: 'Tree 12 of 12', fraction: 1 });
  }
});

test('a forest of many tiny trees posts at most one progress message per 100 ms (and the last), not one per tree', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  const seen: number[] = [];
  const t0 = Date.now();
  await bridge.run('forest', { dataset: iris(), params: { ...PARAMS, nTrees: 3000 }, jobs: 2 }, { onProgress: (p) => seen.push(p.phase === 'forest' ? p.treesDone : -1) }).result;
  const elapsed = Date.now() - t0;
  assert.equal(seen.at(-1), 3000);
  // One per PROGRESS_INTERVAL_MS at most, the first tree's and the last's included.
  assert.ok(seen.length <= elapsed / PROGRESS_INTERVAL_MS + 2, `${seen.length} messages in ${elapsed} ms`);
});

test('Cancel rejects the job and ends the pool\'s threads', async () => {
  const before = threads();
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  let started!: () => void;
  const firstTree = new Promise<void>((resolve) => (started = resolve));
  const handle = bridge.run('forest', { dataset: iris(), params: { ...PARAMS, nTrees: 100_000 }, jobs: 2 }, { onProgress: () => started() });
  await firstTree;
  // Threads start and end a little after their Worker objects do: wait for them (at most 5 s).
  const settle = async (done: () => boolean) => {
    for (let i = 0; i < 200 && !done(); i++) await new Promise((r) => setTimeout(r, 25));
  };
  const running = threads();
  assert.ok(running >= before + 2, `the job worker and its pool run (${before} threads before, ${running} now)`);
  handle.cancel();
  await assert.rejects(handle.result, CancelledError);
  await settle(() => threads() <= before);
  assert.ok(threads() <= before, `${threads()} threads left, ${before} before the job`);
});

test('decisionTree.forest.jobs: null (or 0, read as null) is every core, else the number asked', () => {
  assert.equal(poolSize(null, 8), 8);
  assert.equal(poolSize(3, 8), 3);
  assert.equal(poolSize(null, 0), 1);
});
