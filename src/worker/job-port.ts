// The one thing the job dispatcher needs from its runtime: messages in, messages (with buffers
// to move, not copy) out. One small adapter per runtime implements it: node-port.ts for Node's
// worker_threads; a Web Worker's would wrap `self` the same way.
import type { FromWorker, ToWorker } from '../shared/worker-messages';

export interface JobPort {
  onMessage(handler: (message: ToWorker) => void): void;
  postMessage(message: FromWorker, transfer?: ArrayBuffer[]): void;
}
