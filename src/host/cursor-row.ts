// "Row under the cursor": moving the cursor in a trained CSV highlights that row's path in the
// file's tree panel (if open). One record per line is assumed, so a quoted field spanning lines
// shifts the mapping; the panel's row box stays exact.
import * as vscode from 'vscode';
import type { TreePanels } from '../panel/tree-panel';
import { rowOfLine, rowPath } from './row-path';
import type { TrainedFiles } from './trained-files';

const SETTLE_MS = 150;

export function followCursorRow(trained: TrainedFiles, panels: TreePanels, log: (line: string) => void): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listener = vscode.window.onDidChangeTextEditorSelection((event) => {
    if (event.kind !== vscode.TextEditorSelectionChangeKind.Keyboard && event.kind !== vscode.TextEditorSelectionChangeKind.Mouse) return;
    const file = trained.get(event.textEditor.document.uri);
    if (file === undefined || !panels.has(file.uri)) return;
    const row = rowOfLine(event.selections[0].active.line);
    clearTimeout(timer);
    // Wait until the cursor settles, so holding an arrow key does not flood the panel.
    timer = setTimeout(() => {
      if (row === undefined || row >= file.dataset.rowCount) return;
      try {
        panels.highlightRow(file.uri, rowPath(file.report.model, file.dataset, row));
      } catch (err) {
        log(`Could not trace row ${row + 1} of ${file.uri.toString(true)}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }, SETTLE_MS);
  });
  return { dispose: () => (clearTimeout(timer), listener.dispose()) };
}
