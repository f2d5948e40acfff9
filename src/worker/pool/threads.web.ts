// The threads a pool runs on, in a browser: Web Workers started from the running bundle itself
// (dist/web/worker.js serves pool tasks when started under POOL_THREAD_NAME, see web-port.ts), so
// a worker loaded from a blob: URL can start its pool. Several only where the page is cross-origin
// isolated (SharedArrayBuffer exists); otherwise one, which gets a copy of the data
// (docs/architecture.md "Web extension").
import { browserCores } from '../../shared/forest-settings';
import type * as NodeThreads from './threads';
import type { ParentPort, PoolThread, ThreadLimits } from './threads';
import type { WebWorker } from '../../shared/web-worker';

/** The name a pool thread is started under: web-port.ts then serves pool tasks, not jobs. */
export const POOL_THREAD_NAME = 'decision-tree-pool';

/** The parts of a worker's global scope used here (the tsconfig has no DOM lib). */
interface WorkerScope {
  location: { href: string };
  crossOriginIsolated?: boolean;
  navigator: { hardwareConcurrency?: number };
  Worker: new (url: string, options: { name: string }) => WebWorker;
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
}
const scope = globalThis as unknown as WorkerScope;

export function taskFile(_name: string): string {
  return scope.location.href;
}

export function startThread(file: string, _limits?: ThreadLimits): PoolThread {
  const worker = new scope.Worker(file, { name: POOL_THREAD_NAME });
  return {
    post: (message) => worker.postMessage(message),
    onMessage: (handler) => (worker.onmessage = (event) => handler(event.data)),
    onFailure: (handler) =>
      (worker.onerror = (event) => {
        event.preventDefault();
        handler(new Error(`a pool worker failed: ${event.message ?? 'no message'}`));
      }),
    terminate: async () => worker.terminate(),
  };
}

export function parentThread(): ParentPort {
  return { onMessage: (handler) => (scope.onmessage = (event) => handler(event.data)), post: (message, transfer) => scope.postMessage(message, transfer) };
}

/** The cores when shared memory lets several workers read one copy of the data, else 1. */
export function cores(): number {
  return browserCores(scope);
}

// The same exports as the Node module it stands in for.
const _same: typeof NodeThreads = { taskFile, startThread, parentThread, cores };
void _same;
