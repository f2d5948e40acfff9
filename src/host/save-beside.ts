// Writing a result next to the CSV it came from: a save dialog proposing `<name><suffix>` in the
// CSV's folder (the dialog itself asks before replacing a file), then the result opened.
import * as vscode from 'vscode';
import { t } from './l10n';

/** `iris.csv` (or `iris.csv.gz`) + `.model.json` → `iris.model.json`, in the same folder. */
export function besideUri(csv: vscode.Uri, suffix: string): vscode.Uri {
  const name = csv.path.slice(csv.path.lastIndexOf('/') + 1).replace(/\.(csv|tsv|txt)(\.gz)?$/i, '');
  return vscode.Uri.joinPath(csv, '..', `${name}${suffix}`);
}

export interface SaveRequest {
  csv: vscode.Uri;
  suffix: string;
  title: string;
  filters: Record<string, string[]>;
  /** Text, or bytes written as they are. */
  content: string | Uint8Array;
  /** How saveBeside opens the file it wrote: as text (default), in VS Code's viewer for its type (an image), or not at all (a binary model). */
  openAs?: 'text' | 'viewer' | 'none';
}

/** Asks where to save (default: beside the CSV), writes, opens the file. False when cancelled. */
export async function saveBeside(request: SaveRequest): Promise<boolean> {
  const target = await vscode.window.showSaveDialog({ defaultUri: besideUri(request.csv, request.suffix), filters: request.filters, title: request.title });
  if (target === undefined) return false;
  await vscode.workspace.fs.writeFile(target, contentBytes(request.content));
  if (request.openAs === 'none') return true;
  if (request.openAs === 'viewer') await vscode.commands.executeCommand('vscode.open', target, { preview: false });
  else await vscode.window.showTextDocument(target, { preview: false, viewColumn: vscode.ViewColumn.Active });
  return true;
}

/**
 * Writes a new file beside the CSV without a dialog, but never over an existing file without
 * asking: the user may overwrite, choose another name, or cancel. Returns where it was written.
 */
export async function writeBesideAsking(request: SaveRequest): Promise<vscode.Uri | undefined> {
  let target = besideUri(request.csv, request.suffix);
  if (await exists(target)) {
    const name = target.path.slice(target.path.lastIndexOf('/') + 1);
    const another = t('Choose Another Name…');
    const choice = await vscode.window.showWarningMessage(t`${name} already exists.`, { modal: true }, t('Overwrite'), another);
    if (choice === undefined) return undefined;
    if (choice === another) {
      const picked = await vscode.window.showSaveDialog({ defaultUri: target, filters: request.filters, title: request.title });
      if (picked === undefined) return undefined;
      target = picked;
    }
  }
  await vscode.workspace.fs.writeFile(target, contentBytes(request.content));
  return target;
}

async function exists(uri: vscode.Uri): Promise<boolean> {
  try {
    await vscode.workspace.fs.stat(uri);
    return true;
  } catch {
    return false;
  }
}

function contentBytes(content: string | Uint8Array): Uint8Array {
  return typeof content === 'string' ? new TextEncoder().encode(content) : content;
}
