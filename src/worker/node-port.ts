// The engine worker's entry on Node (bundled to dist/worker.js, started by the host's
// WorkerBridge): worker_threads' parentPort as the dispatcher's JobPort.
import { parentPort } from 'node:worker_threads';
import { serveJobs } from './dispatch';

const port = parentPort;
if (port === null) throw new Error('dist/worker.js runs as a worker thread only');

serveJobs({
  onMessage: (handler) => port.on('message', handler),
  postMessage: (message, transfer) => port.postMessage(message, transfer),
});
