// A pool task module for the thread pool's tests (test/unit/worker/thread-pool.test.ts), bundled
// as a worker script: a deterministic sum over the shared dataset, a task that throws, a task
// that blocks on a shared cell until its thread is stopped, or sums whose task 0 finishes last.
import { isMainThread, threadId } from 'node:worker_threads';
import { columnCells, type Dataset } from '../../../src/engine/dataset';
import { servePoolTasks } from '../../../src/worker/pool/serve-tasks';

export interface PoolTestData {
  dataset: Dataset;
  mode: 'sum' | 'throw' | 'block' | 'first-last';
  /** block: [0] the cell the tasks wait on (stays 0), [1] tasks that started waiting. first-last: task 0 waits until [0] is not 0. */
  control?: Int32Array;
}

export interface PoolTestResult {
  index: number;
  value: number;
  threadId: number;
  /** Every column of the dataset this thread sees lies on a SharedArrayBuffer. */
  sharedMemory: boolean;
}

/** A number that depends on every cell of the dataset and on the task's index. */
export function checksum(dataset: Dataset, index: number): number {
  let sum = 0;
  dataset.columns.forEach((column, c) => {
    const cells = columnCells(column);
    cells.forEach((v, row) => {
      sum += (Number.isNaN(v) ? -1 : v) * (((row * 7 + c * 3 + index) % 17) + 1);
    });
  });
  return sum;
}

function runTask(shared: PoolTestData, index: number): PoolTestResult {
  const { dataset, mode, control } = shared;
  if (mode === 'throw' && index === 2) throw new Error(`task ${index} failed on purpose`);
  if (mode === 'block' && control !== undefined) {
    Atomics.add(control, 1, 1);
    for (;;) Atomics.wait(control, 0, 0);
  }
  if (mode === 'first-last' && control !== undefined && index === 0) Atomics.wait(control, 0, 0);
  const sharedMemory = dataset.columns.every((c) => columnCells(c).buffer instanceof SharedArrayBuffer);
  return { index, value: checksum(dataset, index), threadId, sharedMemory };
}

// npm test also loads this file (compiled) as a test file on the main thread: serve only in a worker.
if (!isMainThread) servePoolTasks(runTask);
