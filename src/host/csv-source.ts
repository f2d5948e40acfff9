// Reads a CSV for the worker: the editor's text when the file is open with unsaved edits, else
// the bytes through vscode.workspace.fs (so remote and virtual workspaces work too).
import * as vscode from 'vscode';
import { WorkerBridge } from './worker-bridge';
import type { LoadJob } from './worker-messages';

export function fileNameOf(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1) || uri.toString(true);
}

/** A `.tsv` file is tab-separated; anything else is sniffed by the reader. */
export function delimiterFor(uri: vscode.Uri, languageId?: string): string | undefined {
  return /\.tsv$/i.test(uri.path) || languageId === 'tsv' ? '\t' : undefined;
}

export interface PreparedLoad {
  job: LoadJob;
  transfer: ArrayBuffer[];
}

export async function prepareLoad(uri: vscode.Uri): Promise<PreparedLoad> {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const fileName = fileNameOf(uri);
  const delimiter = delimiterFor(uri, document?.languageId);
  if (document !== undefined && (document.isDirty || document.isUntitled)) {
    return { job: { source: { kind: 'text', text: document.getText() }, fileName, delimiter }, transfer: [] };
  }
  const bytes = WorkerBridge.ownBytes(await vscode.workspace.fs.readFile(uri));
  return { job: { source: { kind: 'bytes', bytes }, fileName, delimiter }, transfer: [bytes.buffer] };
}
