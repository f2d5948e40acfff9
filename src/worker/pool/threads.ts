// The threads a pool runs on, on Node (worker_threads): the only thing thread-pool.ts and
// serve-tasks.ts need from their runtime. threads.web.ts is the browser's (Web Workers), taken in
// its place by the web bundles (scripts/build.mjs, "*.web.ts").
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { parentPort, Worker } from 'node:worker_threads';

/** Heap limits of a pool thread (Node only: a browser has no such knob). */
export interface ThreadLimits {
  maxYoungGenerationSizeMb?: number;
}

/** One pool thread as the pool drives it. */
export interface PoolThread {
  post(message: unknown): void;
  onMessage(handler: (message: unknown) => void): void;
  /** The thread failed or stopped on its own. */
  onFailure(handler: (error: Error) => void): void;
  terminate(): Promise<void>;
}

/** The pool thread's end: the messages from its pool, and replies (buffers moved, not copied). */
export interface ParentPort {
  onMessage(handler: (message: unknown) => void): void;
  post(message: unknown, transfer: ArrayBuffer[]): void;
}

/** The bundle of a task module beside the running one (dist/ holds cli.js, worker.js and forest-worker.js alike). */
export function taskFile(name: string): string {
  return join(__dirname, `${name}.js`);
}

export function startThread(file: string, limits?: ThreadLimits): PoolThread {
  const worker = new Worker(file, { resourceLimits: limits });
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (handler) => worker.on('message', handler),
    onFailure: (handler) => {
      worker.on('error', handler);
      worker.on('exit', (code) => handler(new Error(`a pool worker stopped unexpectedly (exit code ${code})`)));
    },
    terminate: async () => void (await worker.terminate()),
  };
}

export function parentThread(): ParentPort {
  const port = parentPort;
  if (port === null) throw new Error('a pool task module runs as a worker thread only');
  return { onMessage: (handler) => port.on('message', handler), post: (message, transfer) => port.postMessage(message, transfer) };
}

/** The threads a pool uses when not told: the cores this process may use. */
export function cores(): number {
  return availableParallelism();
}
