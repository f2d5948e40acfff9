// The webview's only channel to the extension host, typed by src/shared/protocol.ts, and its saved state.
import type { FromWebview } from '../src/shared/protocol';

interface VsCodeApi<S> {
  postMessage(message: FromWebview): void;
  getState(): S | undefined;
  setState(state: S): void;
}

declare function acquireVsCodeApi<S>(): VsCodeApi<S>;

export function vscodeApi<S>(): VsCodeApi<S> {
  return acquireVsCodeApi<S>();
}
