// The worker bridge in plain Node, against a stand-in worker that speaks the same protocol: results,
// relayed progress, rebuilt errors, cancel, superseding by key, a crashed worker, and the host's
// event loop staying free while the worker is busy.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { runUntyped } from '../helpers/untyped-run';
import { CancelledError, InputError } from '../../../src/engine/errors';
import type { JobProgress } from '../../../src/shared/worker-messages';

// Jobs: echo (progress then the job back), spin (busy for job.ms, or forever), fail, crash.
const STAND_IN = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', ({ id, kind, job }) => {
  if (kind === 'echo') {
    parentPort.postMessage({ id, type: 'progress', progress: { phase: 'parse', fraction: 0.5 } });
    parentPort.postMessage({ id, type: 'done', result: job });
  } else if (kind === 'spin') {
    const end = job.ms === undefined ? Infinity : Date.now() + job.ms;
    let n = 0;
    let last = 0;
    while (Date.now() < end) {
      n++;
      if (Date.now() - last > 20) { last = Date.now(); parentPort.postMessage({ id, type: 'progress', progress: { phase: 'train', nodesGrown: n } }); }
    }
    parentPort.postMessage({ id, type: 'done', result: n });
  } else if (kind === 'fail') {
    parentPort.postMessage({ id, type: 'failed', error: { name: 'InputError', code: 'ragged-row', message: 'line 3 has 2 fields, header has 3', line: 3 } });
  } else if (kind === 'crash') {
    process.exit(3);
  }
});`;

let workerFile = '';
before(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-bridge-'));
  workerFile = path.join(dir, 'stand-in-worker.js');
  writeFileSync(workerFile, STAND_IN);
});

test('a job resolves with the worker result and progress is relayed', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  const seen: JobProgress[] = [];
  const out = await runUntyped<{ a: number[] }>(bridge, 'echo', { a: [1, 2] }, { onProgress: (p) => seen.push(p) }).result;
  assert.deepEqual(out, { a: [1, 2] });
  assert.deepEqual(seen, [{ phase: 'parse', fraction: 0.5 }]);
});

test('typed arrays can be moved into the worker', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  const bytes = new Uint8Array([7, 8, 9]);
  const out = await runUntyped<Uint8Array>(bridge, 'echo', bytes, { transfer: [bytes.buffer] }).result;
  assert.deepEqual([...out], [7, 8, 9]);
  assert.equal(bytes.byteLength, 0, 'the buffer was transferred, not copied');
});

test('bytes that share their buffer are copied before a transfer, whole buffers are not', () => {
  const pool = new Uint8Array(16);
  const view = pool.subarray(4, 8);
  const owned = WorkerBridge.ownBytes(view);
  assert.notEqual(owned.buffer, pool.buffer);
  assert.equal(owned.byteLength, 4);
  assert.equal(WorkerBridge.ownBytes(pool), pool);
});

test('an input error from the worker arrives as an InputError with its line', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  await assert.rejects(runUntyped(bridge, 'fail', {}).result, (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.equal(err.code, 'ragged-row');
    assert.equal(err.line, 3);
    assert.match(err.message, /line 3 has 2 fields/);
    return true;
  });
});

test('cancel stops a job that never ends on its own', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  let handle!: ReturnType<typeof runUntyped>;
  const firstProgress = new Promise<void>((resolve) => {
    handle = runUntyped(bridge, 'spin', {}, { onProgress: () => resolve() });
  });
  await firstProgress;
  handle.cancel();
  await assert.rejects(handle.result, CancelledError);
});

test('a second job with the same key cancels the first; other keys are untouched', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  const first = runUntyped(bridge, 'spin', {}, { key: 'file:///a.csv' });
  const other = runUntyped<{ x: number }>(bridge, 'echo', { x: 2 }, { key: 'file:///b.csv' });
  const second = runUntyped<{ x: number }>(bridge, 'echo', { x: 1 }, { key: 'file:///a.csv' });
  await assert.rejects(first.result, CancelledError);
  assert.deepEqual(await second.result, { x: 1 });
  assert.deepEqual(await other.result, { x: 2 });
});

test('cancel by key stops only that key\'s job, and says whether there was one', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  const spinning = runUntyped(bridge, 'spin', {}, { key: 'forest:file:///a.csv' });
  const other = runUntyped(bridge, 'spin', {}, { key: 'forest:file:///b.csv' });
  assert.equal(bridge.cancel('forest:file:///a.csv'), true);
  await assert.rejects(spinning.result, CancelledError);
  assert.equal(bridge.cancel('forest:file:///a.csv'), false, 'nothing left under that key');
  assert.equal(bridge.cancel('forest:file:///c.csv'), false);
  other.cancel();
  await assert.rejects(other.result, CancelledError);
});

test('a worker that dies is reported, not left hanging', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  await assert.rejects(runUntyped(bridge, 'crash', {}).result, /stopped unexpectedly \(exit code 3\)/);
});

test('dispose cancels every running job', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  const a = runUntyped(bridge, 'spin', {});
  const b = runUntyped(bridge, 'spin', {}, { key: 'k' });
  bridge.dispose();
  await assert.rejects(a.result, CancelledError);
  await assert.rejects(b.result, CancelledError);
});

test('the host event loop keeps running while the worker is busy', async () => {
  const bridge = new WorkerBridge(() => nodeEngine(workerFile));
  const busyMs = 1500;
  const ticks: number[] = [];
  const timer = setInterval(() => ticks.push(Date.now()), 10);
  const started = Date.now();
  await runUntyped(bridge, 'spin', { ms: busyMs }).result;
  const elapsed = Date.now() - started;
  clearInterval(timer);
  let maxGap = 0;
  for (let i = 1; i < ticks.length; i++) maxGap = Math.max(maxGap, ticks[i] - ticks[i - 1]);
  // Had the work run on this thread, there would be no tick at all until it ended. Generous bounds:
  // a loaded machine may delay timers, but not stop them for half the job.
  assert.ok(elapsed >= busyMs);
  assert.ok(ticks.length >= 10, `only ${ticks.length} timer ticks in ${elapsed} ms`);
  assert.ok(maxGap < elapsed / 2, `the event loop stalled for ${maxGap} ms of ${elapsed} ms`);
});
