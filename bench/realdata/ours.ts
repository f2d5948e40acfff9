// Our side: the built CLI run on each fold as a user would (`train … --out`, then `predict`), its
// predictions scored here against the fold's own target values; what it prints on stderr kept.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { regressionMetrics } from '../../src/engine/metrics/regression';
import { csvRecords } from './csv-records';
import { PLAIN_CSV, type FileFormat, type Task } from './datasets';
import type { FoldFiles } from './folds';

export interface CliRun {
  /** Score per fold; null where the CLI failed on that fold. */
  scores: Array<number | null>;
  /** stderr lines, notes and errors alike, in order. */
  messages: string[];
  seconds: number;
}

function cli(cliPath: string, args: string[]): { ok: boolean; stderr: string } {
  const r = spawnSync(process.execPath, [cliPath, ...args], { encoding: 'utf8', stdio: ['ignore', 'ignore', 'pipe'], maxBuffer: 1 << 26 });
  return { ok: r.status === 0, stderr: r.stderr ?? String(r.error) };
}

/**
 * Accuracy, or R² for regression, of predictions against the truth (numeric labels compare as
 * numbers; with a decimal comma, `14,5` is 14.5 whichever mark the prediction uses).
 */
export function scorePredictions(task: Task, truth: readonly string[], predicted: readonly string[], decimal: FileFormat['decimal'] = '.'): number {
  const num = (s: string): number => Number(decimal === ',' ? s.replace(',', '.') : s);
  if (task === 'regression') return regressionMetrics(truth.map(num), predicted.map(num)).r2;
  let right = 0;
  truth.forEach((t, i) => {
    const p = predicted[i];
    if (p === t || (t.trim() !== '' && p.trim() !== '' && num(p) === num(t))) right++;
  });
  return right / truth.length;
}

/** Trains and predicts on every fold with `extra` train flags (e.g. --max-depth 4). */
export function runOurs(cliPath: string, folds: readonly FoldFiles[], target: string, task: Task, extra: string[], format: FileFormat = PLAIN_CSV): CliRun {
  const t0 = Date.now();
  const messages: string[] = [];
  const scores = folds.map((fold) => {
    const dir = path.dirname(fold.train);
    const stem = path.basename(fold.train, '-train.csv');
    const model = path.join(dir, `${stem}-model.json`);
    const predictions = path.join(dir, `${stem}-predictions.csv`);
    const train = cli(cliPath, ['train', fold.train, '--target', target, ...extra, '--out', model]);
    messages.push(...lines(train.stderr));
    if (!train.ok) return null;
    const predict = cli(cliPath, ['predict', '--model', model, fold.test, '--out', predictions]);
    messages.push(...lines(predict.stderr));
    if (!predict.ok) return null;
    // predict copies each record as written: the predictions keep the source's delimiter.
    const [header, ...rows] = csvRecords(readFileSync(predictions, 'utf8'), format.delimiter);
    const column = header.fields.indexOf(`predicted_${target}`);
    if (column < 0 || rows.length !== fold.truth.length) {
      messages.push(`bench: ${path.basename(predictions)} has ${rows.length} rows for ${fold.truth.length} test rows${column < 0 ? ` and no predicted_${target} column` : ''}`);
      return null;
    }
    return scorePredictions(task, fold.truth, rows.map((r) => r.fields[column]), format.decimal);
  });
  return { scores, messages, seconds: (Date.now() - t0) / 1000 };
}

function lines(text: string): string[] {
  return text.split('\n').map((l) => l.trim()).filter((l) => l !== '');
}
