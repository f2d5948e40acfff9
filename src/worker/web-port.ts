// The engine worker's entry in a browser (bundled to dist/web/worker.js, started as a Web Worker by
// src/host/web-platform.ts): `self` as the dispatcher's JobPort — the same job code as the Node
// worker (node-port.ts). Started under POOL_THREAD_NAME by a forest's pool, the same bundle serves
// the pool's tasks instead (forest-tasks.ts), so no second file has to be found from a blob: URL.
import type { ToWorker } from '../shared/worker-messages';
import { serveJobs } from './dispatch';
import { serveForestTasks } from './forest-tasks';
import { POOL_THREAD_NAME } from './pool/threads.web';

interface WorkerScope {
  name?: string;
  onmessage: ((event: { data: unknown }) => void) | null;
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
}
const scope = globalThis as unknown as WorkerScope;

if (scope.name === POOL_THREAD_NAME) {
  serveForestTasks();
} else {
  serveJobs({
    onMessage: (handler) => (scope.onmessage = (event) => handler(event.data as ToWorker)),
    postMessage: (message, transfer) => scope.postMessage(message, transfer),
  });
}
