// What the vscode side needs from its runtime, declared once (docs/architecture.md "Web
// extension"): starting an engine worker, the cores for a forest's pool, a CSP nonce, and whether
// a large file can be sampled from disk. src/extension.ts hands in the Node one (node-platform.ts),
// src/web-extension.ts the browser's (web-platform.ts); no other host, panel or hover module
// touches node:* or a DOM global, so both bundles share them.
import type * as vscode from 'vscode';
import type { FromWorker, ToWorker } from '../shared/worker-messages';

/** One engine worker as the bridge drives it: a worker thread on Node, a Web Worker in a browser. */
export interface EngineThread {
  post(message: ToWorker, transfer?: ArrayBuffer[]): void;
  onMessage(handler: (message: FromWorker) => void): void;
  /** The worker failed or stopped before answering (its message says which). */
  onFailure(handler: (error: Error) => void): void;
  terminate(): void;
}

export interface HostPlatform {
  /** Starts one engine worker from the extension's dist/ folder. */
  startEngine(extensionUri: vscode.Uri): EngineThread;
  /** Threads a forest's pool may use when the setting says "all". */
  cores(): number;
  /** A fresh, unguessable nonce for a webview's Content-Security-Policy. */
  nonce(): string;
  /**
   * The CSV size a gzip file holds (its trailer's hint), or undefined when it is not gzip or the
   * runtime cannot read a file by position (the browser: the whole file is read through workspace.fs).
   */
  gzipContentSize(uri: vscode.Uri): Promise<number | undefined>;
  /**
   * Whether a `file:` CSV above decisionTree.sampleAboveMB can be sampled by the worker reading the
   * disk; false in a browser, where such a file is refused with the limit stated (README "VS Code for the Web").
   */
  readonly samplesFromDisk: boolean;
}

let current: HostPlatform | undefined;

/** Set once, by the extension's activate. */
export function setHostPlatform(platform: HostPlatform): void {
  current = platform;
}

export function hostPlatform(): HostPlatform {
  if (current === undefined) throw new Error('the host platform is set by activate before anything runs');
  return current;
}
