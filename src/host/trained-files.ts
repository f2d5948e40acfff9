// What the extension knows about each CSV it trained on: the parsed dataset (kept so a retrain,
// a row path or an export never re-reads the file), the report shown, and the settings behind it.
import * as vscode from 'vscode';
import type { Dataset } from '../engine/dataset';
import type { PackedReport } from '../shared/report-transfer';
import type { TrainSettings } from '../shared/train-settings';
import type { ColumnSummary } from '../shared/worker-messages';

export interface TrainedFile {
  uri: vscode.Uri;
  dataset: Dataset;
  columns: ColumnSummary[];
  target: string;
  settings: TrainSettings;
  /**
   * As the worker sent it (report-transfer.ts): without its rules, which follow from the tree, and
   * with the tree as columns, read in place and sent as they are to a job that needs the tree.
   */
  report: PackedReport;
}

export class TrainedFiles {
  private readonly files = new Map<string, TrainedFile>();
  /** Files whose text changed since their dataset was read (file-changes.ts). */
  private readonly changed = new Set<string>();
  private latestKey: string | undefined;

  /** Also the file's rows as read now: no longer changed. */
  set(file: TrainedFile): void {
    const key = file.uri.toString();
    this.files.set(key, file);
    this.changed.delete(key);
    this.latestKey = key;
    // Enables the palette entries that need a trained tree (package.json when-clauses).
    void vscode.commands.executeCommand('setContext', 'decisionTree.hasModel', true);
  }

  /** Marks a trained file changed on disk or in the editor; true when it was not marked yet. */
  markChanged(uri: vscode.Uri): boolean {
    const key = uri.toString();
    if (!this.files.has(key) || this.changed.has(key)) return false;
    this.changed.add(key);
    return true;
  }

  isChanged(uri: vscode.Uri): boolean {
    return this.changed.has(uri.toString());
  }

  get(uri: vscode.Uri): TrainedFile | undefined {
    return this.files.get(uri.toString());
  }

  /** The file trained most recently, for commands run without a file in focus. */
  latest(): TrainedFile | undefined {
    return this.latestKey === undefined ? undefined : this.files.get(this.latestKey);
  }
}
