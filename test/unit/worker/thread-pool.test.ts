// The worker-thread pool (src/worker/pool/) with a test task module (test/unit/helpers/pool-task.ts):
// results handed over in index order whatever the thread count, the dataset sent once per worker on shared memory,
// abort and nesting stop every worker, a failing task fails the pool with its message.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { parseCsv } from '../../../src/engine/csv/read';
import { CancelledError, InputError } from '../../../src/engine/errors';
import type { Dataset } from '../../../src/engine/dataset';
import { runPool, type PoolOptions } from '../../../src/worker/pool/thread-pool';
import { shareDataset } from '../../../src/worker/pool/shared-dataset';
import { checksum, type PoolTestData, type PoolTestResult } from '../helpers/pool-task';
import { bundleWorker } from '../helpers/worker-bundle';

let taskFile: string;
let hostFile: string;
const iris: Dataset = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));

before(async () => {
  [taskFile, hostFile] = await Promise.all([bundleWorker('test/unit/helpers/pool-task.ts'), bundleWorker('test/unit/helpers/pool-host.ts')]);
});

type Options = Omit<PoolOptions<PoolTestData, PoolTestResult>, 'onResult'>;

const options = (shared: PoolTestData, jobs: number, tasks = 12): Options => ({ workerFile: taskFile, shared, tasks, jobs });

/** Runs the pool and returns the results as handed over, checking they come in index order. */
async function results(o: Options): Promise<PoolTestResult[]> {
  const out: PoolTestResult[] = [];
  await runPool<PoolTestData, PoolTestResult>({
    ...o,
    onResult: (index, result) => {
      assert.equal(index, out.length, 'results come in index order');
      out.push(result);
    },
  });
  return out;
}

/** Wakes every thread waiting on control[0] (they wait again at once) and returns how many there were. */
const waiters = (control: Int32Array) => Atomics.notify(control, 0);

/** Resolves once `count` tasks are waiting on control[0]. */
async function allWaiting(control: Int32Array, count: number): Promise<void> {
  while (Atomics.load(control, 1) < count || waiters(control) < count) await new Promise((r) => setTimeout(r, 10));
}

test('1, 2 and 3 threads give the same results, in task order, equal to the same sums on this thread', async () => {
  const shared: PoolTestData = { dataset: shareDataset(iris), mode: 'sum' };
  const expected = Array.from({ length: 12 }, (_, i) => checksum(iris, i));
  assert.equal(new Set(expected).size, 12, 'every task has its own answer');
  for (const jobs of [1, 2, 3]) {
    const progress: number[] = [];
    const got = await results({ ...options(shared, jobs), onProgress: (done, total) => progress.push(done * 100 + total) });
    assert.deepEqual(got.map((r) => r.index), [...expected.keys()]);
    assert.deepEqual(got.map((r) => r.value), expected, `jobs ${jobs}`);
    assert.ok(new Set(got.map((r) => r.threadId)).size <= jobs);
    assert.deepEqual(progress, expected.map((_, i) => (i + 1) * 100 + 12), 'one progress call per finished task');
  }
});

test('a result that finishes before an earlier one waits for it: results are handed over in index order', async () => {
  const control = new Int32Array(new SharedArrayBuffer(8));
  const finished: number[] = [];
  const handed: Array<[number, number]> = [];
  await runPool<PoolTestData, PoolTestResult>({
    ...options({ dataset: shareDataset(iris), mode: 'first-last', control }, 2, 6),
    onProgress: (done) => {
      finished.push(done);
      // Every other task is in: let task 0 finish.
      if (done === 5) {
        Atomics.store(control, 0, 1);
        Atomics.notify(control, 0);
      }
    },
    onResult: (index) => handed.push([index, finished.length]),
  });
  // Task 0 finished last, so nothing was handed over before every task had finished.
  assert.deepEqual(handed, [0, 1, 2, 3, 4, 5].map((i) => [i, 6]));
});

test('the dataset is sent once per worker, and the workers read the shared memory, not a copy', async () => {
  const sent = new Map<Worker, string[]>();
  const original = Worker.prototype.postMessage;
  Worker.prototype.postMessage = function (this: Worker, message: { type: string }, transfer?: readonly never[]) {
    sent.set(this, [...(sent.get(this) ?? []), message.type]);
    return original.call(this, message, transfer);
  };
  try {
    const got = await results(options({ dataset: shareDataset(iris), mode: 'sum' }, 3, 20));
    assert.equal(sent.size, 3);
    for (const types of sent.values()) {
      assert.equal(types[0], 'init');
      assert.equal(types.filter((t) => t === 'init').length, 1);
    }
    assert.equal([...sent.values()].flat().filter((t) => t === 'task').length, 20);
    assert.ok(got.every((r) => r.sharedMemory));
  } finally {
    Worker.prototype.postMessage = original;
  }
});

test('shareDataset keeps every value and category of the dataset', () => {
  const shared = shareDataset(iris);
  assert.deepEqual(shared, iris);
  assert.ok(shared.columns.every((c) => (c.type === 'numeric' ? c.values : (c as { codes: Int32Array }).codes).buffer instanceof SharedArrayBuffer));
});

test('abort stops every worker, and the pool rejects with CancelledError', async () => {
  const control = new Int32Array(new SharedArrayBuffer(8));
  const abort = new AbortController();
  const run = results({ ...options({ dataset: shareDataset(iris), mode: 'block', control }, 3), signal: abort.signal });
  await allWaiting(control, 3);
  abort.abort();
  await assert.rejects(run, CancelledError);
  assert.equal(waiters(control), 0, 'no task thread is left');
});

test('a throwing task rejects the pool with its message, and jobs below 1 are refused', async () => {
  await assert.rejects(results(options({ dataset: shareDataset(iris), mode: 'throw' }, 2)), { message: 'task 2 failed on purpose' });
  await assert.rejects(results(options({ dataset: iris, mode: 'sum' }, 0)), InputError);
});

test('a pool started inside a worker thread stops when that worker is terminated', async () => {
  const control = new Int32Array(new SharedArrayBuffer(8));
  const host = new Worker(hostFile, { workerData: options({ dataset: shareDataset(iris), mode: 'block', control }, 2) });
  await allWaiting(control, 2);
  await host.terminate();
  assert.equal(waiters(control), 0, 'the nested pool threads are gone');
});
