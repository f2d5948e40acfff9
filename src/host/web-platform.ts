// The extension host's runtime in a browser (vscode.dev, github.dev, any web workbench): the engine
// in a Web Worker made from dist/web/worker.js, read through workspace.fs (the extension's files
// may sit behind a scheme a Worker cannot load, e.g. vscode-remote) and started from a blob: URL
// (src/host/platform.ts declares what is needed; docs/architecture.md "Web extension").
import * as vscode from 'vscode';
import { browserCores } from '../shared/forest-settings';
import type { FromWorker, ToWorker } from '../shared/worker-messages';
import type { EngineThread, HostPlatform } from './platform';
import type { WebWorker } from '../shared/web-worker';

/** The parts of the browser's globals used here (the tsconfig has no DOM lib). */
interface BrowserScope {
  Worker: new (url: string) => WebWorker;
  Blob: new (parts: Uint8Array[], options: { type: string }) => unknown;
  URL: { createObjectURL(blob: unknown): string };
  crypto: { getRandomValues(bytes: Uint8Array): Uint8Array };
  btoa(text: string): string;
  crossOriginIsolated?: boolean;
  navigator?: { hardwareConcurrency?: number };
}
const scope = globalThis as unknown as BrowserScope;

let workerUrl: Promise<string> | undefined;

/** The worker bundle as a blob: URL, read once. */
function engineUrl(extensionUri: vscode.Uri): Promise<string> {
  return (workerUrl ??= Promise.resolve(vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'dist', 'web', 'worker.js'))).then((bytes) =>
    scope.URL.createObjectURL(new scope.Blob([bytes], { type: 'text/javascript' })),
  ));
}

/** A Web Worker for one job; messages posted before it exists (the bundle is read once, first) wait for it. */
function webEngine(extensionUri: vscode.Uri): EngineThread {
  let onMessage: (message: FromWorker) => void = () => undefined;
  let onFailure: (error: Error) => void = () => undefined;
  let worker: WebWorker | undefined;
  let terminated = false;
  const pending: { message: ToWorker; transfer?: ArrayBuffer[] }[] = [];
  engineUrl(extensionUri).then(
    (url) => {
      if (terminated) return;
      worker = new scope.Worker(url);
      worker.onmessage = (event) => onMessage(event.data as FromWorker);
      worker.onerror = (event) => {
        event.preventDefault();
        onFailure(new Error(`The engine worker failed: ${event.message ?? 'no message'}`));
      };
      for (const { message, transfer } of pending.splice(0)) worker.postMessage(message, transfer);
    },
    (err: unknown) => onFailure(new Error(`The engine worker could not be started: ${err instanceof Error ? err.message : String(err)}`)),
  );
  return {
    post: (message, transfer) => (worker === undefined ? pending.push({ message, transfer }) : worker.postMessage(message, transfer)),
    onMessage: (handler) => (onMessage = handler),
    onFailure: (handler) => (onFailure = handler),
    terminate: () => {
      terminated = true;
      worker?.terminate();
    },
  };
}

export const webPlatform: HostPlatform = {
  startEngine: webEngine,
  cores: () => browserCores(scope),
  nonce: () => scope.btoa(String.fromCharCode(...scope.crypto.getRandomValues(new Uint8Array(16)))),
  gzipContentSize: () => Promise.resolve(undefined),
  samplesFromDisk: false,
};
