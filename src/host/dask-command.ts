// "Train on Dask Cluster…" (README "When your data outgrow one machine"): XGBoost on a Dask cluster
// trains a tree or a random forest on a CSV, a Parquet file or a folder of part files, through the
// CLI's `train --engine dask` (dask-run.ts: a child process, so the extension host only reads its
// progress lines). The cluster's workers read the data where it lives: the host never reads it.
// The scheduler, the local cluster's workers and the Python interpreter are the `decisionTree.dask.*`
// settings; the model is written beside the data (`<name>.xgb.json`) and opened with "Open Tree Model…".
import * as vscode from 'vscode';
import { daskEventText } from '../shared/dask-events';
import { fileNameOf } from './csv-source';
import { runDaskTraining } from './dask-run';
import { readChoices, rememberChoices, type ChoiceStore } from './file-choices';
import type { Command } from './tree-commands';
import { t } from './l10n';

export interface DaskCommandDeps {
  /** The extension's folder: the CLI is its dist/cli.js. */
  readonly extensionUri: vscode.Uri;
  readonly state: ChoiceStore;
  /** Where the CLI's report goes (the "Decision Tree" output channel). */
  log(line: string): void;
}

/** The `decisionTree.dask.*` settings, as the CLI's flags. */
export function daskSettingFlags(get: (key: string) => unknown): string[] {
  const scheduler = String(get('dask.scheduler') ?? 'local').trim() || 'local';
  const flags = ['--scheduler', scheduler];
  const workers = Number(get('dask.workers') ?? 2);
  if (scheduler === 'local' && Number.isInteger(workers) && workers >= 1) flags.push('--workers', String(workers));
  const python = String(get('dask.python') ?? '').trim();
  if (python !== '') flags.push('--python', python);
  return flags;
}

/** `data.parquet` → `data.xgb.json` beside it; a folder `parts/` → `parts.xgb.json` beside the folder. */
export function modelUriFor(data: vscode.Uri): vscode.Uri {
  const name = fileNameOf(data).replace(/\.(csv|tsv|parquet|parq|pq)(\.gz)?$/i, '');
  return vscode.Uri.joinPath(data, '..', `${name}.xgb.json`);
}

async function pickData(): Promise<vscode.Uri | undefined> {
  const picked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    canSelectFiles: true,
    canSelectFolders: true,
    filters: { [t('CSV or Parquet (or a folder of Parquet part files)')]: ['csv', 'tsv', 'gz', 'parquet'] },
    title: t('Decision Tree: data to train on a Dask cluster'),
    openLabel: t('Train on Dask'),
  });
  return picked?.[0];
}

async function trainOnDask(arg: unknown, deps: DaskCommandDeps): Promise<void> {
  const data = arg instanceof vscode.Uri ? arg : await pickData();
  if (data === undefined) return;
  if (data.scheme !== 'file') {
    throw new Error(t`${data.toString(true)} is not on this machine's disk: the Dask workers read local paths or URLs their filesystem layer reads (the CLI's train --engine dask takes s3://, gs://, hdfs://)`);
  }
  const choices = readChoices(deps.state, data.toString());
  const target = await vscode.window.showInputBox({
    title: t`Decision Tree: the target column of ${fileNameOf(data)}`,
    prompt: t('The column to predict (the data is read on the cluster, so its columns are not listed here)'),
    value: choices.target ?? '',
    ignoreFocusOut: true,
    validateInput: (v) => (v.trim() === '' ? t('a column name') : undefined),
  });
  if (target === undefined) return;
  const configuration = vscode.workspace.getConfiguration('decisionTree', data);
  const nTrees = configuration.get<number>('forest.nTrees') ?? 100;
  const forest = t`Random forest (${nTrees} trees)`;
  const kind = await vscode.window.showQuickPick([forest, t('Single tree')], { title: t('Decision Tree: what XGBoost grows on the cluster'), ignoreFocusOut: true });
  if (kind === undefined) return;
  await rememberChoices(deps.state, data.toString(), { target: target.trim() });

  const model = modelUriFor(data);
  const exists = await vscode.workspace.fs.stat(model).then(
    () => true,
    () => false,
  );
  const replace = t('Replace');
  if (exists && (await vscode.window.showWarningMessage(t`${fileNameOf(model)} exists. Replace it?`, { modal: true }, replace)) !== replace) return;

  const args = [data.fsPath, '--target', target.trim(), '--engine', 'dask', ...daskSettingFlags((k) => configuration.get(k)), '--out', model.fsPath];
  if (kind === forest) args.push('--ensemble', 'forest', '--n-trees', String(nTrees));
  const ignore = choices.ignore?.filter((c) => c !== target.trim());
  if (ignore !== undefined && ignore.length > 0) args.push('--ignore', ignore.join(','));

  deps.log(`train on Dask: decision-tree train ${args.join(' ')}`);
  const report = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: t`Decision Tree: training on Dask, ${fileNameOf(data)}`, cancellable: true },
    (progress, token) => {
      const run = runDaskTraining({
        cli: vscode.Uri.joinPath(deps.extensionUri, 'dist', 'cli.js').fsPath,
        args,
        onEvent: (e) => {
          const message = daskEventText(e);
          if (message !== null) progress.report({ message });
          if (message !== null && e.event !== 'tick') deps.log(`dask: ${message}`);
        },
      });
      const subscription = token.onCancellationRequested(() => run.cancel());
      return run.result.finally(() => subscription.dispose());
    },
  );
  for (const line of report.trimEnd().split('\n')) deps.log(line);
  const headline = report.split('\n').find((l) => l.startsWith('hold-out')) ?? report.split('\n')[0];
  void vscode.window.showInformationMessage(t`Decision Tree: ${fileNameOf(model)} trained on Dask. ${headline}`);
  await vscode.commands.executeCommand('decisionTree.openModel', model);
}

export function daskCommands(deps: DaskCommandDeps): Record<string, Command> {
  return { 'decisionTree.trainOnDask': (arg) => trainOnDask(arg, deps) };
}
