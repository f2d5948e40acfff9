// The parts of a browser Web Worker that the host (engine thread) and the worker (pool threads)
// use in the web extension; their tsconfigs have no DOM lib (docs/architecture.md "Web extension").

/** A started Web Worker, as its creator sees it. */
export interface WebWorker {
  postMessage(message: unknown, transfer?: ArrayBuffer[]): void;
  onmessage: ((event: { data: unknown }) => void) | null;
  onerror: ((event: { message?: string; preventDefault(): void }) => void) | null;
  terminate(): void;
}
