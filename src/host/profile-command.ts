// "Profile CSV Columns": every column's type, counts, summary statistics, most frequent values
// and heterogeneity indices (the CSV engineer's profiles), computed in the worker and shown as a
// read-only document (a content provider, so closing it never asks to save).
import * as vscode from 'vscode';
import { fileNameOf, prepareLoad } from './csv-source';
import { withJobProgress } from './job-progress';
import type { WorkerBridge } from './worker-bridge';
import type { ColumnTypes } from '../shared/worker-messages';

const SCHEME = 'decision-tree-profile';

export class ProfileDocuments implements vscode.Disposable {
  private readonly texts = new Map<string, string>();
  private readonly changed = new vscode.EventEmitter<vscode.Uri>();
  private registration: vscode.Disposable | undefined;

  async show(uri: vscode.Uri, bridge: WorkerBridge, types?: ColumnTypes): Promise<void> {
    const { job, transfer } = await prepareLoad(uri, types);
    const { text } = await withJobProgress(`Decision Tree: profiling ${job.fileName}`, (onProgress) =>
      bridge.run('profile', job, { key: `profile:${uri.toString()}`, onProgress, transfer }),
    );
    this.registration ??= vscode.workspace.registerTextDocumentContentProvider(SCHEME, {
      onDidChange: this.changed.event,
      provideTextDocumentContent: (doc) => this.texts.get(doc.toString()) ?? '',
    });
    // One document per CSV, refreshed when profiled again.
    const doc = vscode.Uri.from({ scheme: SCHEME, path: `/${fileNameOf(uri)} profile.txt`, query: uri.toString() });
    this.texts.set(doc.toString(), text);
    this.changed.fire(doc);
    await vscode.window.showTextDocument(doc, { preview: false, viewColumn: vscode.ViewColumn.Beside });
  }

  dispose(): void {
    this.registration?.dispose();
    this.changed.dispose();
  }
}
