// dist/web/worker.js (the web extension's engine worker) run as a browser would run it, in a Node
// worker thread: the bundle sees only a Web Worker's globals — `self.onmessage`, `postMessage`,
// `name`, `location`, `Worker` (for its forest pool, started from its own URL) and the platform's
// DecompressionStream — while Node's `require`, `process`, `Buffer`, `global` and `setImmediate`
// are hidden from it. A Node built-in reached at run time fails the job.
import { Worker } from 'node:worker_threads';
import type { EngineThread } from '../../../src/host/platform';
import type { FromWorker } from '../../../src/shared/worker-messages';

const BOOTSTRAP = `
const { parentPort, workerData, Worker: NodeWorker } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const vm = require('node:vm');
const bootstrap = workerData.bootstrap;
function startWebWorker(file, name, onmessage, onerror) {
  const w = new NodeWorker(bootstrap, { eval: true, workerData: { file, name, bootstrap } });
  w.on('message', (data) => onmessage({ data }));
  w.on('error', (err) => onerror({ message: err.message, preventDefault() {} }));
  return w;
}
class WebWorker {
  constructor(url, options) {
    this.onmessage = null;
    this.onerror = null;
    this.w = startWebWorker(url, options && options.name, (e) => this.onmessage && this.onmessage(e), (e) => this.onerror && this.onerror(e));
  }
  postMessage(message, transfer) { this.w.postMessage(message, transfer); }
  terminate() { void this.w.terminate(); }
}
globalThis.name = workerData.name;
globalThis.location = { href: workerData.file };
globalThis.Worker = WebWorker;
globalThis.postMessage = (message, transfer) => parentPort.postMessage(message, transfer);
Object.defineProperty(globalThis, 'onmessage', { set(handler) { parentPort.on('message', (data) => handler({ data })); } });
const code = readFileSync(workerData.file, 'utf8');
vm.runInThisContext('(function (require, process, Buffer, global, setImmediate, module, exports, __dirname, __filename) {' + code + '\\n})')();
`;

/** The web engine worker bundle `file` behind the bridge's EngineThread, as the web platform starts it. */
export function webEngine(file: string): EngineThread {
  const worker = new Worker(BOOTSTRAP, { eval: true, workerData: { file, name: '', bootstrap: BOOTSTRAP } });
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    onMessage: (handler) => worker.on('message', (message: FromWorker) => handler(message)),
    onFailure: (handler) => {
      worker.on('error', handler);
      worker.on('exit', (code) => handler(new Error(`the web worker stopped (exit code ${code})`)));
    },
    terminate: () => void worker.terminate(),
  };
}
