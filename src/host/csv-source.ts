// Reads a CSV for the worker: the editor's text when the file is open with unsaved edits, else
// the bytes through vscode.workspace.fs (so remote and virtual workspaces work too); a gzip
// file's bytes go as they are, the worker decompresses them.
import * as vscode from 'vscode';
import { hostPlatform } from './platform';
import { WorkerBridge } from './worker-bridge';
import type { ColumnTypes, LoadJob, SampleJob } from '../shared/worker-messages';
import { formatNumber, t } from './l10n';

export function fileNameOf(uri: vscode.Uri): string {
  return uri.path.slice(uri.path.lastIndexOf('/') + 1) || uri.toString(true);
}

/** A `.tsv` (or `.tsv.gz`) file is tab-separated; anything else is sniffed by the reader. */
export function delimiterFor(uri: vscode.Uri, languageId?: string): string | undefined {
  return /\.tsv(\.gz)?$/i.test(uri.path) || languageId === 'tsv' ? '\t' : undefined;
}

export interface PreparedLoad {
  job: LoadJob;
  transfer: ArrayBuffer[];
}

/** `types`: the column types chosen for the file (file-choices.ts), else detected. */
export async function prepareLoad(uri: vscode.Uri, types?: ColumnTypes): Promise<PreparedLoad> {
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  const fileName = fileNameOf(uri);
  const delimiter = delimiterFor(uri, document?.languageId);
  if (document !== undefined && (document.isDirty || document.isUntitled)) {
    return { job: { source: { kind: 'text', text: document.getText() }, fileName, delimiter, types }, transfer: [] };
  }
  const bytes = WorkerBridge.ownBytes(await vscode.workspace.fs.readFile(uri));
  return { job: { source: { kind: 'bytes', bytes }, fileName, delimiter, types }, transfer: [bytes.buffer] };
}

/** When a file counts as too large to load whole, and the sample offered instead. */
export interface SampleLimits {
  aboveBytes: number;
  rows: number;
  seed: number;
}

/**
 * For a saved local file larger than `limits.aboveBytes`, asks whether to train on a seeded random
 * sample (read by the worker, so the extension host never holds the file): the sample job,
 * 'whole' to load everything as usual, or 'cancel' when the question is dismissed.
 */
export async function chooseSample(uri: vscode.Uri, limits: SampleLimits, types?: ColumnTypes): Promise<SampleJob | 'whole' | 'cancel'> {
  // A CSV is sampled from its text, a Parquet file by its row groups (the worker's sample job); both
  // are judged by the file's size on disk. In a browser nothing is sampled from disk: any large
  // file is read whole, after saying so.
  const { samplesFromDisk } = hostPlatform();
  if (samplesFromDisk && uri.scheme !== 'file') return 'whole';
  const document = vscode.workspace.textDocuments.find((d) => d.uri.toString() === uri.toString());
  if (document !== undefined && (document.isDirty || document.isUntitled)) return 'whole';
  const { size } = await vscode.workspace.fs.stat(uri);
  // A gzip file is judged by the CSV it holds (the size its trailer records).
  const csvBytes = Math.max(size, (await hostPlatform().gzipContentSize(uri)) ?? 0);
  if (csvBytes <= limits.aboveBytes) return 'whole';
  const fileName = fileNameOf(uri);
  const sample = t`Train on ${formatNumber(limits.rows)} random rows`;
  const whole = t('Load the whole file');
  const mib = (bytes: number) => t`${formatNumber(Math.round(bytes / 1048576))} MB`;
  const sizes = csvBytes > size ? t`${mib(size)} (${mib(csvBytes)} decompressed)` : mib(size);
  const pick = await vscode.window.showWarningMessage(
    t`Decision Tree: ${fileName} is ${sizes}, above decisionTree.sampleAboveMB (${mib(limits.aboveBytes)}).` +
      (samplesFromDisk ? '' : ` ${t('In VS Code for the Web a file cannot be sampled from disk: it is read whole into the browser tab, which may run out of memory.')}`),
    ...(samplesFromDisk ? [sample, whole] : [whole]),
  );
  if (pick === sample) return { path: uri.fsPath, rows: limits.rows, seed: limits.seed, fileName, delimiter: delimiterFor(uri, document?.languageId), types };
  return pick === whole ? 'whole' : 'cancel';
}
