// "Profile CSV Columns": every column's type, counts, summary statistics, most frequent values
// and heterogeneity indices (the CSV engineer's profiles), computed in the worker and shown as a
// read-only text document.
import * as vscode from 'vscode';
import { prepareLoad } from './csv-source';
import { withJobProgress } from './job-progress';
import type { WorkerBridge } from './worker-bridge';

export async function profileCsv(uri: vscode.Uri, bridge: WorkerBridge): Promise<void> {
  const { job, transfer } = await prepareLoad(uri);
  const { text } = await withJobProgress(`Decision Tree: profiling ${job.fileName}`, (onProgress) =>
    bridge.run('profile', job, { key: `profile:${uri.toString()}`, onProgress, transfer }),
  );
  const document = await vscode.workspace.openTextDocument({ content: text, language: 'plaintext' });
  await vscode.window.showTextDocument(document, { preview: false, viewColumn: vscode.ViewColumn.Beside });
}
