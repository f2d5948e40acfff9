// "Predict on Another CSV…": choose a CSV, predict every row with the trained tree (in the
// worker), write `<name>.predictions.csv` beside it — never over an existing file without asking.
// The input's records are copied as they are in the file; a `.csv.gz` gives a plain CSV.
import * as vscode from 'vscode';
import { fileNameOf, prepareLoad } from './csv-source';
import { withJobProgress } from './job-progress';
import { writeBesideAsking } from './save-beside';
import type { TrainedFile } from './trained-files';
import type { WorkerBridge } from './worker-bridge';

export async function predictOnAnotherCsv(file: TrainedFile, bridge: WorkerBridge): Promise<void> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    defaultUri: vscode.Uri.joinPath(file.uri, '..'),
    filters: { 'CSV or Parquet files': ['csv', 'tsv', 'gz', 'parquet'] },
    title: `Decision Tree: CSV to predict with the tree of ${fileNameOf(file.uri)}`,
    openLabel: 'Predict',
  });
  const input = picked?.[0];
  if (input === undefined) return;
  const { job, transfer } = await prepareLoad(input);
  const { bytes, rows } = await withJobProgress(`Decision Tree: predicting ${job.fileName}`, (onProgress) =>
    bridge.run('predict', { ...job, model: file.report.model }, { onProgress, transfer }),
  );
  const extension = /\.tsv(\.gz)?$/i.test(input.path) ? '.tsv' : '.csv';
  const written = await writeBesideAsking({
    csv: input,
    suffix: `.predictions${extension}`,
    title: 'Save the predictions',
    filters: { 'CSV files': [extension.slice(1)] },
    content: bytes,
  });
  if (written === undefined) return;
  await vscode.window.showTextDocument(written, { preview: false });
  void vscode.window.showInformationMessage(
    `Decision Tree: ${rows.toLocaleString('en-US')} predictions of ${file.report.model.target} written to ${fileNameOf(written)}.`,
  );
}
