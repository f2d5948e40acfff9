// "Row under the cursor": moving the cursor in a trained CSV highlights that row's path in the
// file's tree panel (if open). Lines map to records through the record start lines the hover
// reads from the document's current text, so quoted fields spanning lines count; until those are
// read, one record per line is assumed.
import * as vscode from 'vscode';
import type { TreePanels } from './tree-panel';
import { rowOfLine, rowPath } from '../shared/row-path';
import type { TrainedFiles } from '../host/trained-files';
import type { HoverData } from '../shared/worker-messages';

const SETTLE_MS = 150;

export function followCursorRow(trained: TrainedFiles, panels: TreePanels, documentData: (document: vscode.TextDocument) => HoverData | undefined, log: (line: string) => void): vscode.Disposable {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const listener = vscode.window.onDidChangeTextEditorSelection((event) => {
    if (event.kind !== vscode.TextEditorSelectionChangeKind.Keyboard && event.kind !== vscode.TextEditorSelectionChangeKind.Mouse) return;
    const file = trained.get(event.textEditor.document.uri);
    if (file === undefined || !panels.has(file.uri)) return;
    const line = event.selections[0].active.line;
    const document = event.textEditor.document;
    clearTimeout(timer);
    // Wait until the cursor settles, so holding an arrow key does not flood the panel.
    timer = setTimeout(() => {
      // The document as it reads now (it may have been edited since training), as the hover's row link.
      const data = documentData(document);
      const dataset = data?.dataset ?? file.dataset;
      const row = rowOfLine(line, data?.recordStarts ?? null);
      if (row === undefined || row >= dataset.rowCount) return;
      try {
        panels.highlightRow(file.uri, rowPath(file.report.model, dataset, row));
      } catch (err) {
        log(`Could not trace row ${row + 1} of ${file.uri.toString(true)}: ${err instanceof Error ? err.message : String(err)}`);
      }
    }, SETTLE_MS);
  });
  return { dispose: () => (clearTimeout(timer), listener.dispose()) };
}
