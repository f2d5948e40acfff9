// A pool of worker threads (Web Workers in a browser: threads.ts) for many independent tasks over one large, read-only input (the trees
// of a forest over a dataset). The input goes to each worker once — views on SharedArrayBuffers
// are shared, not copied — and tasks are indices handed to whichever worker is free. Results are
// handed over in index order (one finished early waits for those before it), so the outcome does
// not depend on the number of threads or on their timing, and the caller keeps only what it needs.
import { CancelledError, InputError } from '../../engine/errors';
import { fromWireError } from '../../shared/wire-error';
import type { FromPoolWorker, ToPoolWorker } from './messages';
import { cores, startThread, type PoolThread, type ThreadLimits } from './threads';

export interface PoolOptions<S, R> {
  /** The task module's bundle: a script that calls servePoolTasks (serve-tasks.ts). */
  workerFile: string;
  /** Sent once to every worker (structured clone; put large arrays on SharedArrayBuffers). */
  shared: S;
  /** Tasks 0 … tasks − 1. */
  tasks: number;
  /** Worker threads; default the cores available (never more than the tasks). */
  jobs?: number;
  /** Terminates every worker; the pool then rejects with CancelledError. */
  signal?: AbortSignal;
  /** Each task's result, in index order. */
  onResult: (index: number, result: R) => void;
  /** After every finished task, in the order they finish. */
  onProgress?: (done: number, total: number) => void;
  /** Each worker's V8 heap limits (default Node's; none in a browser). */
  resourceLimits?: ThreadLimits;
}

/** The threads a pool uses when not told: the cores this process may use. */
export function defaultJobs(): number {
  return cores();
}

/**
 * Runs every task on a pool of `jobs` worker threads, handing each result to `onResult` in index
 * order, and resolves once all are handed over. A failing task or worker (or a throwing onResult)
 * rejects with its error; abort rejects with CancelledError. The promise settles only after every
 * worker has exited.
 */
export function runPool<S, R>(options: PoolOptions<S, R>): Promise<void> {
  const { workerFile, shared, tasks, signal, onProgress, onResult } = options;
  const jobs = options.jobs ?? defaultJobs();
  if (!Number.isInteger(jobs) || jobs < 1) return Promise.reject(new InputError('bad-option', `the number of jobs must be a whole number of at least 1, got ${jobs}`));
  if (signal?.aborted) return Promise.reject(new CancelledError());
  if (tasks === 0) return Promise.resolve();

  return new Promise<void>((resolve, reject) => {
    /** Results finished before an earlier index, by index. */
    const waiting = new Map<number, R>();
    let handedOver = 0;
    const workers: PoolThread[] = [];
    let next = 0;
    let done = 0;
    let settled = false;
    const finish = (error?: Error) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', abort);
      void Promise.all(workers.map((w) => w.terminate())).then(() => (error === undefined ? resolve() : reject(error)));
    };
    const abort = () => finish(new CancelledError());
    signal?.addEventListener('abort', abort);
    const post = (worker: PoolThread, message: ToPoolWorker<S>) => worker.post(message);
    const handOut = (worker: PoolThread) => {
      if (next < tasks) post(worker, { type: 'task', index: next++ });
    };

    for (let k = 0; k < Math.min(jobs, tasks); k++) {
      const worker = startThread(workerFile, options.resourceLimits);
      workers.push(worker);
      worker.onMessage((data) => {
        const message = data as FromPoolWorker<R>;
        if (settled) return;
        if (message.type === 'failed') return finish(fromWireError(message.error));
        waiting.set(message.index, message.result);
        done++;
        onProgress?.(done, tasks);
        try {
          for (let r = waiting.get(handedOver); r !== undefined; r = waiting.get(handedOver)) {
            waiting.delete(handedOver);
            onResult(handedOver++, r);
          }
        } catch (err) {
          return finish(err instanceof Error ? err : new Error(String(err)));
        }
        if (done === tasks) finish();
        else handOut(worker);
      });
      worker.onFailure((err) => finish(err));
      post(worker, { type: 'init', shared });
      handOut(worker);
    }
  });
}
