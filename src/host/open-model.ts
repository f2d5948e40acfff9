// "Open Tree Model…" (README "Open a model trained elsewhere"): a tree ensemble trained by XGBoost,
// LightGBM or saved as ONNX, read in the worker (src/worker/jobs/import-model.ts) under a
// cancellable notification and shown in the forest view, one tree at a time. Then a CSV may be
// chosen, with its target column as the CLI's --target: the model is read again bound to it, for
// predictions, a row's path and per-tree contributions, and the metrics. After a window reload the
// view is shown again by reading the model file (and that CSV) again: the state names the files.
import * as vscode from 'vscode';
import type { ImportedModel } from '../shared/ensemble-transfer';
import type { ModelReopen } from '../shared/forest-protocol';
import type { ImportModelJob, ImportModelResult, LoadResult } from '../shared/worker-messages';
import { CSV_EXCLUDE, CSV_GLOB } from './csv-file-items';
import { fileNameOf } from './csv-source';
import { withJobProgress } from './job-progress';
import { defaultTarget, modelFileItems, noCsv } from './model-file-items';
import { pickTarget } from './pick-target';
import { WorkerBridge } from './worker-bridge';
import { t } from './l10n';

/** The model files the command is offered on (package.json's `when` clauses say the same). */
export const MODEL_FILE = /\.(json|ubj|txt|onnx)$/i;

export interface OpenModelDeps {
  worker(): WorkerBridge;
  /** Reads a CSV in the worker (the trainer's load: sampling offer, progress, Cancel). */
  load(uri: vscode.Uri): Promise<LoadResult>;
  /** Shows the model in the model file's forest view, beside `beside`. */
  show(modelUri: vscode.Uri, model: ImportedModel, beside: vscode.Uri): void;
}

async function pickModelFile(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    filters: { [t('Tree models (XGBoost, LightGBM, ONNX)')]: ['json', 'ubj', 'txt', 'onnx'] },
    title: t('Decision Tree: open a tree model trained elsewhere'),
    openLabel: t('Open Model'),
  });
  return picked?.[0];
}

function readModel(deps: OpenModelDeps, modelUri: vscode.Uri, bytes: Uint8Array, data?: ImportModelJob['data']): Promise<ImportModelResult> {
  // The bytes are copied, not moved: the host keeps them to read the model again bound to a CSV.
  const job: ImportModelJob = { bytes, fileName: fileNameOf(modelUri), ...(data === undefined ? {} : { data }) };
  return withJobProgress(t`Decision Tree: opening ${fileNameOf(modelUri)}`, (onProgress) => deps.worker().run('importModel', job, { key: `importModel:${modelUri.toString()}`, onProgress }));
}

/** A CSV of the workspace, one from the open dialog, or none (the model alone). */
async function pickCsv(modelName: string): Promise<vscode.Uri | undefined> {
  const found = vscode.workspace.workspaceFolders === undefined ? [] : await vscode.workspace.findFiles(CSV_GLOB, CSV_EXCLUDE, 500);
  const several = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  const byPath = new Map(found.map((uri) => [vscode.workspace.asRelativePath(uri, several), uri]));
  const picked = await vscode.window.showQuickPick(modelFileItems([...byPath.keys()]), {
    title: t`Decision Tree: a CSV to run ${modelName} on`,
    placeHolder: t('For predictions, a row’s path and what each tree adds, and the metrics — or Escape for the model alone'),
    matchOnDescription: true,
    ignoreFocusOut: true,
  });
  if (picked === undefined || picked.label === noCsv()) return undefined;
  if (picked.path !== undefined) return byPath.get(picked.path);
  const chosen = await vscode.window.showOpenDialog({ canSelectMany: false, filters: { [t('CSV or Parquet files')]: ['csv', 'tsv', 'gz', 'parquet'] }, title: t`Decision Tree: a CSV to run ${modelName} on` });
  return chosen?.[0];
}

export async function openTreeModel(arg: unknown, deps: OpenModelDeps): Promise<void> {
  const modelUri = arg instanceof vscode.Uri ? arg : await pickModelFile();
  if (modelUri === undefined) return;
  const bytes = WorkerBridge.ownBytes(await vscode.workspace.fs.readFile(modelUri));
  const alone = await readModel(deps, modelUri, bytes);
  const beside = vscode.window.activeTextEditor?.document.uri ?? modelUri;
  deps.show(modelUri, { ...alone, dataset: null, csvUri: null }, beside);

  const csvUri = await pickCsv(fileNameOf(modelUri));
  if (csvUri === undefined) return;
  const loaded = await deps.load(csvUri);
  const columns = loaded.columns.map((c) => c.name);
  const positional = alone.ensemble.positional;
  const target = await pickTarget(loaded.columns, defaultTarget(columns, alone.report.features, positional, alone.ensemble.targetNamed ? alone.ensemble.target : undefined), fileNameOf(csvUri));
  if (target === undefined) return;
  const bound = await readModel(deps, modelUri, bytes, { dataset: loaded.dataset, fileName: fileNameOf(csvUri), target });
  deps.show(modelUri, { ...bound, dataset: loaded.dataset, csvUri: csvUri.toString() }, csvUri);
}

async function readBytes(uri: vscode.Uri): Promise<Uint8Array | undefined> {
  try {
    return WorkerBridge.ownBytes(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

/**
 * A view restored after a reload (forest-panel.ts): the model file read again, then the CSV it was
 * run on bound with the target chosen. What is gone is said in the view (`tell`): the model file
 * (nothing to show), the CSV or its target column (the model is shown alone).
 */
export async function reopenTreeModel(modelUri: vscode.Uri, reopen: ModelReopen, deps: OpenModelDeps & { tell(message: string): void }): Promise<void> {
  const name = fileNameOf(modelUri);
  const bytes = await readBytes(modelUri);
  if (bytes === undefined) return deps.tell(`${name} is gone (moved, renamed or deleted), so this view cannot show it again. Open the model with "Open Tree Model…".`);
  const alone = await readModel(deps, modelUri, bytes);
  deps.show(modelUri, { ...alone, dataset: null, csvUri: null }, modelUri);
  if (reopen.csvUri === null || reopen.target === null) return;
  const csvUri = vscode.Uri.parse(reopen.csvUri, true);
  const csvName = fileNameOf(csvUri);
  try {
    await vscode.workspace.fs.stat(csvUri);
  } catch {
    return deps.tell(`${csvName}, the CSV this model was run on, is gone (moved, renamed or deleted): the model is shown alone. Run "Open Tree Model…" to choose a CSV.`);
  }
  const loaded = await deps.load(csvUri);
  if (!loaded.columns.some((c) => c.name === reopen.target)) {
    return deps.tell(`${csvName} no longer has the column “${reopen.target}” this model was run on: the model is shown alone. Run "Open Tree Model…" to choose a target.`);
  }
  const bound = await readModel(deps, modelUri, bytes, { dataset: loaded.dataset, fileName: csvName, target: reopen.target });
  deps.show(modelUri, { ...bound, dataset: loaded.dataset, csvUri: csvUri.toString() }, csvUri);
}
