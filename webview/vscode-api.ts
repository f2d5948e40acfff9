// The webview's only channel to the extension host, typed by src/shared/protocol.ts, and its saved state.
import type { FromWebview } from '../src/shared/protocol';

/** `M`: the messages this page may post (the tree panel's by default; the profile view's its own). */
interface VsCodeApi<S, M = FromWebview> {
  postMessage(message: M): void;
  getState(): S | undefined;
  setState(state: S): void;
}

declare function acquireVsCodeApi<S, M>(): VsCodeApi<S, M>;

export function vscodeApi<S, M = FromWebview>(): VsCodeApi<S, M> {
  return acquireVsCodeApi<S, M>();
}
