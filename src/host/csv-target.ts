// Which CSV a command acts on: the URI a menu passed, else the file of the tree panel in focus
// (a focused webview leaves no active text editor), else the active editor's file, else one the
// user picks among the workspace's CSV files or with an open dialog; (for commands that need a
// trained tree) the file trained most recently.
import * as vscode from 'vscode';
import type { TrainedFile, TrainedFiles } from './trained-files';
import { CSV_EXCLUDE, CSV_GLOB, csvFileItems, MAX_LISTED } from './csv-file-items';
import { t } from './l10n';

const CSV_PATH = /\.(csv|tsv)$/i;

export function isCsvDocument(document: vscode.TextDocument): boolean {
  return CSV_PATH.test(document.uri.path) || document.languageId === 'csv' || document.languageId === 'tsv';
}

/** The CSV to train on; asks when nothing is in focus: the workspace's CSV files, then an open dialog. */
export async function csvToTrain(arg: unknown, activePanelCsv: vscode.Uri | undefined): Promise<vscode.Uri | undefined> {
  if (arg instanceof vscode.Uri) return arg;
  if (activePanelCsv !== undefined) return activePanelCsv;
  const editor = vscode.window.activeTextEditor;
  if (editor !== undefined && isCsvDocument(editor.document)) return editor.document.uri;
  return pickCsv();
}

async function pickCsv(): Promise<vscode.Uri | undefined> {
  const found = vscode.workspace.workspaceFolders === undefined ? [] : await vscode.workspace.findFiles(CSV_GLOB, CSV_EXCLUDE, MAX_LISTED);
  if (found.length > 0) {
    // The folder's name leads the path only in a workspace of several folders.
    const several = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
    const byPath = new Map(found.map((uri) => [vscode.workspace.asRelativePath(uri, several), uri]));
    const picked = await vscode.window.showQuickPick(csvFileItems([...byPath.keys()]), {
      title: t('Decision Tree: which CSV?'),
      placeHolder: t('A CSV of the workspace, or Browse… for any file'),
      matchOnDescription: true,
    });
    if (picked === undefined) return undefined;
    if (picked.path !== undefined) return byPath.get(picked.path);
  }
  const picked = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { [t('CSV or Parquet files')]: ['csv', 'tsv', 'gz', 'parquet'] }, title: t('Decision Tree: choose a CSV or Parquet file') });
  return picked?.[0];
}

/** The trained file a model command (export, predict, show) acts on; undefined when none. */
export function trainedFor(arg: unknown, trained: TrainedFiles, activePanelCsv: vscode.Uri | undefined): TrainedFile | undefined {
  if (arg instanceof vscode.Uri) return trained.get(arg);
  const fromPanel = activePanelCsv === undefined ? undefined : trained.get(activePanelCsv);
  if (fromPanel !== undefined) return fromPanel;
  const editor = vscode.window.activeTextEditor;
  const fromEditor = editor === undefined ? undefined : trained.get(editor.document.uri);
  return fromEditor ?? trained.latest();
}
