// A trained CSV that changes on disk or in the editor (an edit on a stale tree is refused:
// docs/cli.md "Editing a tree"). The panel says so at once and offers Retrain; the next edit or preview reads the file
// again, so the engine's check (src/engine/edit/stale.ts) refuses rows that no longer fit the tree
// instead of regrowing on the rows as they were; Retrain reads it again too (trainer.ts).
import * as vscode from 'vscode';
import type { Dataset } from '../engine/dataset';
import type { TrainedFile, TrainedFiles } from './trained-files';

/** Marks trained files changed; `onChanged` once per file until it is read again. */
export function watchFileChanges(trained: TrainedFiles, onChanged: (uri: vscode.Uri) => void): vscode.Disposable[] {
  const mark = (uri: vscode.Uri) => {
    if (trained.markChanged(uri)) onChanged(uri);
  };
  // Only changes of existing files: a trained file that is deleted fails when it is read.
  const watcher = vscode.workspace.createFileSystemWatcher('**/*', true, false, true);
  return [
    watcher,
    watcher.onDidChange(mark),
    // Saving or reverting fires an event with no content change; the disk watcher sees a save.
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0) mark(e.document.uri);
    }),
  ];
}

/** The file as an edit job must see it: its rows read again when it changed since they were read. */
export async function currentRows(trained: TrainedFiles, file: TrainedFile, read: (uri: vscode.Uri) => Promise<Dataset>): Promise<TrainedFile> {
  return trained.isChanged(file.uri) ? { ...file, dataset: await read(file.uri) } : file;
}
