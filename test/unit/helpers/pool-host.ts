// A worker script that runs a thread pool itself (nested workers, as the extension's engine worker
// does for a forest), for test/unit/worker/thread-pool.test.ts: its pool must stop with it.
import { isMainThread, workerData } from 'node:worker_threads';
import { runPool, type PoolOptions } from '../../../src/worker/pool/thread-pool';
import type { PoolTestData } from './pool-task';

// npm test also loads this file (compiled) as a test file on the main thread: run only in a worker.
// Functions do not cross to a worker: the results are dropped here.
if (!isMainThread) void runPool({ ...(workerData as Omit<PoolOptions<PoolTestData, unknown>, 'onResult'>), onResult: () => undefined }).catch(() => undefined);
