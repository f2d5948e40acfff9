// "Predict on Another CSV…": choose a CSV, predict every row (in the worker) with the trained tree,
// or with the model trained elsewhere shown in the view in focus (README "Open a model trained
// elsewhere"), and write `<name>.predictions.csv` beside it — never over an existing file without
// asking. The output is the CLI's `predict`: the input's records as they are in the file plus
// predicted_<target> (a classifier trained elsewhere: and share_<class> fields); a `.csv.gz`
// gives a plain CSV.
import * as vscode from 'vscode';
import type { ImportedModel } from '../shared/ensemble-transfer';
import type { PredictJob } from '../shared/worker-messages';
import { fileNameOf, prepareLoad } from './csv-source';
import { withJobProgress } from './job-progress';
import { writeBesideAsking } from './save-beside';
import type { TrainedFile } from './trained-files';
import type { WorkerBridge } from './worker-bridge';
import { formatNumber, t } from './l10n';

/** What predicts, and where it came from (the open dialog starts in that folder). */
export interface Predictor {
  from: vscode.Uri;
  /** For the dialog's title: "the tree of iris.csv", "xgb-model.json". */
  name: string;
  model: PredictJob['model'];
}

export const treePredictor = (file: TrainedFile): Predictor => ({ from: file.uri, name: `the tree of ${fileNameOf(file.uri)}`, model: file.report.model });

/** A model trained elsewhere as its view shows it (classes named as there), with the target column it was opened with. */
export const importedPredictor = (modelUri: vscode.Uri, model: ImportedModel): Predictor => ({
  from: modelUri,
  name: fileNameOf(modelUri),
  model: { ensemble: model.ensemble, target: model.report.data?.target ?? null },
});

export async function predictOnAnotherCsv(predictor: Predictor, bridge: WorkerBridge): Promise<void> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    defaultUri: vscode.Uri.joinPath(predictor.from, '..'),
    filters: { [t('CSV or Parquet files')]: ['csv', 'tsv', 'gz', 'parquet'] },
    title: t`Decision Tree: CSV to predict with ${predictor.name}`,
    openLabel: t('Predict'),
  });
  const input = picked?.[0];
  if (input === undefined) return;
  const { job, transfer } = await prepareLoad(input);
  const { bytes, rows, target, notes } = await withJobProgress(t`Decision Tree: predicting ${job.fileName}`, (onProgress) =>
    bridge.run('predict', { ...job, model: predictor.model }, { onProgress, transfer }),
  );
  const extension = /\.tsv(\.gz)?$/i.test(input.path) ? '.tsv' : '.csv';
  const written = await writeBesideAsking({
    csv: input,
    suffix: `.predictions${extension}`,
    title: t('Save the predictions'),
    filters: { [t('CSV files')]: [extension.slice(1)] },
    content: bytes,
  });
  if (written === undefined) return;
  await vscode.window.showTextDocument(written, { preview: false });
  void vscode.window.showInformationMessage([t`Decision Tree: ${formatNumber(rows)} predictions of ${target} written to ${fileNameOf(written)}.`, ...notes].join(' '));
}
