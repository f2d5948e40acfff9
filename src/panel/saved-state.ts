// What a webview saved with setState, read back by a panel serializer after a window reload. The
// state is the page's own but is read as untrusted: only checked fields are used.
import * as vscode from 'vscode';

/** The saved state's `documentUri` (the CSV the panel showed), when it is a usable URI. */
export function documentUriOf(state: unknown): vscode.Uri | undefined {
  if (typeof state !== 'object' || state === null) return undefined;
  const uri = (state as { documentUri?: unknown }).documentUri;
  if (typeof uri !== 'string' || uri.length > 4096) return undefined;
  try {
    return vscode.Uri.parse(uri, true);
  } catch {
    return undefined;
  }
}
