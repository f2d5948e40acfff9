// `train DATA --target y --engine dask --scheduler ADDRESS|local` (docs/cli.md "Training on a Dask
// cluster"): XGBoost's Dask interface grows a tree or a random forest on a Dask cluster, run by the
// job shipped beside the bundle (python/dask_train.py → dist/python/). The data is read by the
// workers where it lives; this process only starts the job, relays its progress, checks that the
// model it saved opens with the importer, and moves it into place: on any failure nothing is written.
import { existsSync, statSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { InputError } from '../engine/errors';
import { readModelFile } from '../worker/model-file';
import { limitFlag, numberFlag, requiredFlag, stringFlag, type ParsedArgs } from './args';
import type { OptionTable } from './options';
import { choosePython, JOB_PACKAGES, PARQUET_PACKAGE } from './python-env';
import { runPythonJob } from './python-job';
import { daskEventText, type DaskEvent } from '../shared/dask-events';

export const DASK_OPTIONS: OptionTable = [
  { name: 'engine', value: 'js|dask', default: 'js', meaning: "who grows the trees: this program, or XGBoost on a Dask cluster (README \"When your data outgrow one machine\")" },
  { name: 'scheduler', value: 'ADDRESS|local', default: 'local', meaning: 'with --engine dask: the scheduler (tcp://host:8786), or local: a LocalCluster started here' },
  { name: 'workers', value: 'N', default: '2', meaning: 'with --scheduler local: worker processes' },
  { name: 'python', value: 'PATH', default: '/usr/bin/python3 if it has the packages, else python3', meaning: 'with --engine dask: the interpreter that runs the job (needs xgboost, dask, distributed; pyarrow for Parquet)' },
  { name: 'scheduler-timeout', value: 'S', default: '10', meaning: 'with --engine dask: seconds to reach the scheduler' },
  { name: 'test-size', value: 'F', default: '0.2', meaning: 'with --engine dask: the share of rows held out and scored on the cluster (0: none)' },
  { name: 'progress', value: 'text|json', default: 'text', meaning: "with --engine dask: the job's progress on stderr as text, or as its JSON lines" },
  { name: 'xgb-predictions', value: 'FILE', meaning: "with --engine dask: also write XGBoost's own predictions on every row to this CSV (gathered here: for data that fit)" },
];

/** Flags that only mean something with --engine dask. */
const DASK_ONLY = DASK_OPTIONS.map((o) => o.name).filter((n) => n !== 'engine');

/** The training flags XGBoost's job maps (docs/cli.md); every other one is refused. */
const MAPPED = new Set(['target', 'task', 'max-depth', 'ignore', 'seed', 'out', 'ensemble', 'n-trees', 'max-features', 'max-samples', 'no-bootstrap', ...DASK_OPTIONS.map((o) => o.name)]);

/** A tree's depth when --max-depth is not given: XGBoost needs a limit to stay small (none: --max-depth none). */
export const DASK_DEFAULT_DEPTH = 8;

/** The expected share of distinct rows in a bootstrap sample (1 − 1/e): XGBoost samples without replacement. */
const BOOTSTRAP_SHARE = 0.632;

/** Whether the run asks for the Dask engine; Dask-only flags without it are refused. */
export function wantsDask(args: ParsedArgs): boolean {
  const engine = stringFlag(args, 'engine') ?? 'js';
  if (engine !== 'js' && engine !== 'dask') throw new InputError('bad-option', `--engine must be js or dask, got "${engine}"`);
  if (engine === 'js') {
    const stray = DASK_ONLY.find((n) => args.flags.has(n));
    if (stray !== undefined) throw new InputError('bad-option', `--${stray} applies to --engine dask`);
  }
  return engine === 'dask';
}

const isUrl = (data: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(data);

/** The job's arguments from ours; refuses what XGBoost cannot do as asked. */
function jobArgs(args: ParsedArgs, data: string, out: string, predictions: string | undefined): string[] {
  const refused = [...args.flags.keys()].find((n) => !MAPPED.has(n));
  if (refused !== undefined) throw new InputError('bad-option', `--${refused} does not apply to --engine dask: XGBoost grows the trees (docs/cli.md "Training on a Dask cluster" lists what maps)`);
  const job = ['--data', data, '--target', requiredFlag(args, 'target'), '--out', out];
  const scheduler = stringFlag(args, 'scheduler') ?? 'local';
  job.push('--scheduler', scheduler);
  const workers = numberFlag(args, 'workers', { integer: true, min: 1 });
  if (workers !== undefined && scheduler !== 'local') throw new InputError('bad-option', '--workers applies to --scheduler local; a real cluster has the workers it was started with');
  job.push('--workers', String(workers ?? 2));
  job.push('--timeout', String(numberFlag(args, 'scheduler-timeout', { min: 0.1 }) ?? 10));
  const task = stringFlag(args, 'task');
  if (task !== undefined) {
    if (!['auto', 'classification', 'regression'].includes(task)) throw new InputError('bad-option', `--task must be one of auto, classification, regression, got "${task}"`);
    job.push('--task', task);
  }
  const depth = limitFlag(args, 'max-depth', 1);
  job.push('--max-depth', String(depth === null ? 0 : (depth ?? DASK_DEFAULT_DEPTH)));
  const ignore = stringFlag(args, 'ignore');
  if (ignore !== undefined) job.push('--ignore', ignore);
  job.push('--seed', String(numberFlag(args, 'seed', { integer: true, min: 0 }) ?? 0));
  const testSize = numberFlag(args, 'test-size', { min: 0, max: 0.9 });
  job.push('--test-size', String(testSize ?? 0.2));
  if (predictions !== undefined) job.push('--predictions', predictions);
  job.push(...forestArgs(args));
  return job;
}

/** --ensemble forest|bagging as one round of num_parallel_tree trees (docs/cli.md maps each flag). */
function forestArgs(args: ParsedArgs): string[] {
  const ensemble = stringFlag(args, 'ensemble');
  const forestOnly = ['n-trees', 'max-features', 'max-samples', 'no-bootstrap'].find((n) => args.flags.has(n));
  if (ensemble === undefined) {
    if (forestOnly !== undefined) throw new InputError('bad-option', `--${forestOnly} applies to ensembles; add --ensemble forest`);
    return [];
  }
  if (ensemble !== 'forest' && ensemble !== 'bagging') throw new InputError('bad-option', `--ensemble must be forest or bagging, got "${ensemble}"`);
  const out = ['--forest', '--n-trees', String(numberFlag(args, 'n-trees', { integer: true, min: 1 }) ?? 100)];
  const features = stringFlag(args, 'max-features');
  if (ensemble === 'bagging' && features !== undefined) throw new InputError('bad-option', '--max-features applies to --ensemble forest; bagging tries every feature');
  if (features !== undefined) {
    const word = features.trim().toLowerCase();
    const x = Number(features);
    const fraction = /[.eE]/.test(features);
    if (!['sqrt', 'third', 'log2', 'all'].includes(word) && !(Number.isFinite(x) && x > 0 && (fraction ? x <= 1 : Number.isInteger(x)))) {
      throw new InputError('bad-option', `--max-features must be sqrt, third, log2, all, a count ≥ 1 or a fraction in (0, 1.0], got "${features}"`);
    }
    out.push('--max-features', word);
  } else if (ensemble === 'bagging') out.push('--max-features', 'all');
  const samples = stringFlag(args, 'max-samples');
  let share = args.flags.has('no-bootstrap') ? 1 : BOOTSTRAP_SHARE;
  if (samples !== undefined) {
    const x = Number(samples);
    if (!/[.eE]/.test(samples) || !(x > 0 && x <= 1)) throw new InputError('bad-option', `--max-samples with --engine dask is a fraction in (0, 1.0] (XGBoost's subsample), got "${samples}"`);
    share = x;
  }
  out.push('--subsample', String(share));
  return out;
}

/** Where the bundle's job is (scripts/build.mjs copies python/ beside it). */
function jobScript(): string {
  const script = path.join(__dirname, 'python', 'dask_train.py');
  if (!existsSync(script)) throw new Error(`the Dask job is missing: ${script}`);
  return script;
}

const count = (n: unknown): string => Number(n).toLocaleString('en-US');

/** An event as stderr lines: a tick every 5 s is enough in a terminal; the data's notes each on a line. */
function progressLines(e: DaskEvent): string {
  if (e.event === 'tick' && Math.round(Number(e.seconds)) % 5 !== 0) return '';
  const line = daskEventText(e);
  const notes = e.event === 'data' ? (e.notes as string[]).map((n) => `dask: note: ${n}\n`).join('') : '';
  return (line === null ? '' : `dask: ${line}\n`) + notes;
}

const percent = (x: number): string => `${(100 * x).toFixed(1)}%`;

/** The run's report: what was written, where it was trained, the held-out scores the cluster computed. */
export function reportText(done: DaskEvent, out: string, data: string, scheduler: string, predictions: string | undefined): string {
  const trees = Number(done.trees);
  const metrics = done.metrics as Record<string, number | string | null> | null;
  const lines = [
    `wrote ${out}: XGBoost model, ${trees} tree${trees === 1 ? '' : 's'} in one round, ${String(done.task)}`,
    `trained on the Dask cluster ${scheduler === 'local' ? '(local)' : scheduler}: ${String(done.workers)} workers, ${count(done.train_rows)} of ${count(done.rows)} rows, ${Number(done.seconds).toFixed(1)} s`,
  ];
  if (metrics !== null && Number(metrics.rows) > 0) {
    const held = `held out ${count(metrics.rows)} rows, scored on the cluster`;
    if (done.task === 'classification') lines.push(`hold-out accuracy: ${percent(Number(metrics.accuracy))} (${held}; majority-class baseline ${percent(Number(metrics.baseline))}, "${String(metrics.majority)}")`);
    else lines.push(`hold-out R²: ${metrics.r2 === null ? '—' : Number(Number(metrics.r2).toPrecision(4))}, RMSE ${Number(Number(metrics.rmse).toPrecision(4))}, MAE ${Number(Number(metrics.mae).toPrecision(4))} (${held})`);
  }
  if (predictions !== undefined) lines.push(`wrote ${predictions}: XGBoost's own predictions on every row`);
  lines.push(`open it: decision-tree inspect --model ${out} ${data} --row 0; decision-tree rules --model ${out} --tree 0`);
  return lines.join('\n') + '\n';
}

/** A hidden sibling of `file` the job writes first, renamed into place once checked. */
function partialName(file: string): string {
  return path.join(path.dirname(file), `.${path.basename(file)}.${process.pid}.partial${path.extname(file)}`);
}

export async function trainOnDask(args: ParsedArgs, data: string): Promise<void> {
  const out = stringFlag(args, 'out');
  if (out === undefined || !/\.json$/i.test(out)) throw new InputError('bad-option', '--engine dask needs --out FILE.json: the XGBoost JSON model the job saves');
  if (args.flags.has('format')) throw new InputError('bad-option', '--format does not apply to --engine dask: the model is written to --out and a report printed');
  const progress = stringFlag(args, 'progress') ?? 'text';
  if (progress !== 'text' && progress !== 'json') throw new InputError('bad-option', `--progress must be text or json, got "${progress}"`);
  const scheduler = stringFlag(args, 'scheduler') ?? 'local';
  // The workers open the data: a local path is made absolute (their working folder is not ours).
  const where = isUrl(data) ? data : path.resolve(data);
  if (!isUrl(data) && scheduler === 'local' && !existsSync(where)) throw new InputError('unreadable-file', `${data}: no such file or folder`);
  const predictions = stringFlag(args, 'xgb-predictions');
  const partial = partialName(path.resolve(out));
  const partialPredictions = predictions === undefined ? undefined : partialName(path.resolve(predictions));
  const job = jobArgs(args, where, partial, partialPredictions);
  const parquet = /\.(parquet|parq|pq)\/?$/i.test(data) || (!isUrl(data) && existsSync(where) && !/\.(csv|tsv|tab|txt)(\.gz)?$/i.test(data) && isFolder(where));
  const python = choosePython(stringFlag(args, 'python'), [...Object.keys(JOB_PACKAGES), ...(parquet ? [PARQUET_PACKAGE] : [])]);
  const cleanUp = () => Promise.all([partial, partialPredictions].map((f) => (f === undefined ? undefined : rm(f, { force: true }))));
  try {
    const { done } = await runPythonJob(python, jobScript(), job, (e) => {
      // The job saves to a hidden name first: the event names the file as it will be.
      if (progress === 'json') process.stderr.write(JSON.stringify(e.event === 'done' ? { ...e, model: out } : e) + '\n');
      else process.stderr.write(progressLines(e));
    });
    // The file must open with our importer before it is put where asked.
    await readModelFile(partial);
    await rename(partial, out);
    if (predictions !== undefined && partialPredictions !== undefined) await rename(partialPredictions, predictions);
    process.stdout.write(reportText(done, out, data, scheduler, predictions));
  } finally {
    await cleanUp();
  }
}

function isFolder(file: string): boolean {
  try {
    return statSync(file).isDirectory();
  } catch {
    return false;
  }
}
