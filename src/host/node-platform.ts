// The extension host's runtime on Node (desktop VS Code, code-server, Codespaces' server): the engine
// in a worker thread started from dist/worker.js (src/host/platform.ts declares what is needed).
import { randomBytes } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import type * as vscode from 'vscode';
import type { FromWorker } from '../shared/worker-messages';
import { gzipContentSize } from './gzip-size';
import type { EngineThread, HostPlatform } from './platform';

/** dist/worker.js (or any bundle serving jobs) in a worker thread. */
export function nodeEngine(workerFile: string): EngineThread {
  const worker = new Worker(workerFile);
  return {
    post: (message, transfer) => worker.postMessage(message, transfer),
    onMessage: (handler) => worker.on('message', (message: FromWorker) => handler(message)),
    onFailure: (handler) => {
      worker.on('error', (err: Error & { code?: string }) =>
        handler(err.code === 'ERR_WORKER_OUT_OF_MEMORY' ? new Error('The engine ran out of memory: the file is too large for this machine.') : err),
      );
      worker.on('exit', (code) => handler(new Error(`The engine worker stopped unexpectedly (exit code ${code}).`)));
    },
    terminate: () => void worker.terminate(),
  };
}

export const nodePlatform: HostPlatform = {
  startEngine: (extensionUri) => nodeEngine(join(extensionUri.fsPath, 'dist', 'worker.js')),
  cores: () => availableParallelism(),
  nonce: () => randomBytes(16).toString('base64'),
  gzipContentSize: (uri: vscode.Uri) => (uri.scheme === 'file' ? gzipContentSize(uri.fsPath) : Promise.resolve(undefined)),
  samplesFromDisk: true,
};
