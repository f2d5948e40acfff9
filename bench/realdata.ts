// `npm run bench:realdata` (not in CI): our CLI against scikit-learn on public real data, every
// column left in as a new user would (issue 14's "Done when"). The datasets come from Debian's
// `weka` and `r-cran-palmerpenguins` packages (apt-get, when run as root) and npm's
// `vega-datasets` (npm pack into the git-ignored cache); see bench/realdata/datasets.ts for the
// targets. Each dataset gets one seeded 5-fold assignment (stratified for classification); the
// fold files are trained on and predicted by the built CLI (`train --out`, `predict`) at
// --max-depth 4 and fully grown, and by scikit-learn's DecisionTree behind two usual pipelines
// (bench/realdata/sklearn_side.py); the better pipeline per setting is shown. Scores are means of
// the 5 test folds: accuracy, or R² for regression. Figures are printed, never asserted.
// Options: --cli dist/cli.js (e.g. a merged build), --only name,name, --python PATH (else
// $REALDATA_PYTHON, else /usr/bin/python3; needs scikit-learn ≥ 1.3 and pandas), --cache DIR
// (default bench/data/realdata), --seed N (folds; default 1), --seeds 1,2,3 (the mean over several
// fold assignments, each side's scores pooled over all their folds; scikit-learn's better pipeline
// is chosen on the pooled mean: a 5-fold score on a few hundred rows moves by a point or more from
// one fold seed to the next).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRng, shuffleInPlace } from '../src/engine/random';
import { csvRecords } from './realdata/csv-records';
import { DATASETS, PLAIN_CSV, type RealDataset } from './realdata/datasets';
import { sourceCsv, VEGA_PACKAGE } from './realdata/fetch';
import { assignFolds, writeFolds } from './realdata/folds';
import { runOurs } from './realdata/ours';
import { runSklearn, sklearnVersion, type Depth, type Pipeline } from './realdata/sklearn';
import { markdownTable, meanScore, messagesSection, misses, type DatasetResult } from './realdata/table';

const FOLDS = 5;
const SKLEARN_SEED = 0;
/** Our reader's missing-value tokens (README "CSV input"): rows whose target is one of them are left out. */
const MISSING = new Set(['', 'na', 'n/a', 'nan', 'null', '?']);

function option(name: string): string | undefined {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

const cliPath = path.resolve(option('cli') ?? path.join('dist', 'cli.js'));
const cache = path.resolve(option('cache') ?? path.join('bench', 'data', 'realdata'));
const seeds = (option('seeds') ?? option('seed') ?? '1').split(',').map(Number);
if (seeds.some((s) => !Number.isInteger(s))) throw new Error('--seed/--seeds: integers, e.g. --seeds 1,2,3');
const only = option('only')?.split(',').map((s) => s.trim().toLowerCase());
const python = option('python') ?? process.env.REALDATA_PYTHON ?? '/usr/bin/python3';

const slug = (name: string) => name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');

/** Messages with the fold's file names made alike, deduplicated, with how often each came. */
function dedupe(messages: readonly string[]): string[] {
  const counts = new Map<string, number>();
  for (const m of messages) {
    const key = m.replace(/\S*?(fold)\d+-(train|test|model|predictions)/g, '$1N-$2');
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts].map(([m, n]) => (n > 1 ? `${m} (×${n})` : m));
}

/** One fold seed's files of a dataset: its rows (a seeded sample when capped) dealt into folds. */
function foldsFor(d: RealDataset, seed: number, notes: string[]) {
  const text = readFileSync(sourceCsv(d.source, cache), 'utf8');
  const format = d.format ?? PLAIN_CSV;
  const [header, ...all] = csvRecords(text, format.delimiter);
  const targetIndex = header.fields.indexOf(d.target);
  if (targetIndex < 0) throw new Error(`no column "${d.target}" in ${d.source.file}`);
  let rows = all.filter((r) => !MISSING.has((r.fields[targetIndex] ?? '').trim().toLowerCase()));
  if (rows.length < all.length) notes.push(`${all.length - rows.length} rows with a missing target left out`);
  if (d.maxRows !== undefined && rows.length > d.maxRows) {
    const order = rows.map((_, i) => i);
    shuffleInPlace(createRng(seed), order);
    const keep = order.slice(0, d.maxRows).sort((a, b) => a - b);
    notes.push(`seeded sample of ${d.maxRows} of ${rows.length} rows`);
    rows = keep.map((i) => rows[i]);
  }
  const labels = rows.map((r) => r.fields[targetIndex]);
  const fold = assignFolds(labels, d.task, FOLDS, seed);
  const dir = path.join(cache, 'folds', slug(d.name));
  return { dir, format, rows: rows.length, columns: header.fields.length, folds: writeFolds(dir, header, rows, targetIndex, fold, FOLDS) };
}

function runDataset(d: RealDataset, sklearnOk: boolean): DatasetResult {
  const notes: string[] = [];
  // Every seed's fold scores, pooled: the mean over them is the mean of the seeds' means.
  const ours: Record<Depth, Array<number | null>> = { '4': [], full: [] };
  const sk: Record<Pipeline, Record<Depth, Array<number | null>>> = { onehot: { '4': [], full: [] }, native: { '4': [], full: [] } };
  const messages: string[] = [];
  const errors: string[] = [];
  let shape = { rows: 0, columns: 0 };
  let oursSeconds = 0;
  let skSeconds = 0;
  let skFailed: string | null = null;
  for (const seed of seeds) {
    const { dir, format, rows, columns, folds } = foldsFor(d, seed, seed === seeds[0] ? notes : []);
    shape = { rows, columns };
    for (const depth of ['4', 'full'] as Depth[]) {
      const run = runOurs(cliPath, folds, d.target, d.task, depth === '4' ? ['--max-depth', '4'] : [], format);
      ours[depth].push(...run.scores);
      messages.push(...run.messages);
      oursSeconds += run.seconds;
    }
    if (!sklearnOk || skFailed !== null) continue;
    try {
      const run = runSklearn(python, dir, folds, d.target, d.task, SKLEARN_SEED, format);
      skSeconds += run.seconds;
      errors.push(...run.errors);
      for (const pipeline of ['onehot', 'native'] as Pipeline[]) for (const depth of ['4', 'full'] as Depth[]) sk[pipeline][depth].push(...run.scores[pipeline][depth]);
    } catch (err) {
      skFailed = (err as Error).message;
    }
  }
  const result: DatasetResult = {
    name: d.name,
    ...shape,
    task: d.task,
    target: d.target,
    ours: { '4': meanScore(ours['4']), full: meanScore(ours.full) },
    sklearn: { '4': 'not run', full: 'not run' },
    notes,
    messages: dedupe(messages),
  };
  let timing = `ours ${oursSeconds.toFixed(1)} s`;
  if (skFailed !== null) {
    result.sklearn = { '4': 'failed', full: 'failed' };
    notes.push(skFailed);
  } else if (sklearnOk) {
    timing += `, scikit-learn ${skSeconds.toFixed(1)} s`;
    for (const depth of ['4', 'full'] as Depth[]) {
      const candidates = (['onehot', 'native'] as Pipeline[]).map((pipeline) => ({ pipeline, score: meanScore(sk[pipeline][depth]) }));
      const scored = candidates.filter((c): c is { pipeline: Pipeline; score: number } => typeof c.score === 'number');
      if (scored.length === 0) {
        result.sklearn[depth] = 'failed';
        continue;
      }
      const best = scored.reduce((a, b) => (b.score > a.score ? b : a));
      const other = scored.find((c) => c !== best);
      result.sklearn[depth] = { ...best, other: other === undefined ? null : other.score };
    }
    if (errors.length > 0) notes.push(`scikit-learn: ${errors[0]}${errors.length > 1 ? ` (+${errors.length - 1} more)` : ''}`);
  }
  process.stderr.write(`${d.name}: ${shape.rows} rows; ${timing}\n`);
  return result;
}

/** The path relative to the working directory when it lies inside it, else absolute. */
function shownPath(file: string): string {
  const relative = path.relative(process.cwd(), file);
  return relative.startsWith('..') ? file : relative;
}

function gitCommit(): string {
  const r = spawnSync('git', ['-C', path.dirname(cliPath), 'rev-parse', '--short', 'HEAD'], { encoding: 'utf8' });
  return r.status === 0 ? r.stdout.trim() : 'unknown';
}

function main(): void {
  if (!existsSync(cliPath)) throw new Error(`${cliPath} not found: build first (npm run build) or pass --cli`);
  const version = sklearnVersion(python);
  if (version === null) {
    process.stderr.write(
      `${python} lacks scikit-learn ≥ 1.3 or pandas: scikit-learn's columns are skipped. Make a venv:\n` +
        `  python3 -m venv ~/venv-bench && ~/venv-bench/bin/pip install scikit-learn pandas\n` +
        `  REALDATA_PYTHON=~/venv-bench/bin/python npm run bench:realdata\n`,
    );
  }
  const chosen = DATASETS.filter((d) => only === undefined || only.some((o) => d.name.toLowerCase().includes(o) || slug(d.name).includes(o)));
  const results: DatasetResult[] = [];
  for (const d of chosen) {
    try {
      results.push(runDataset(d, version !== null));
    } catch (err) {
      process.stderr.write(`${d.name}: ${(err as Error).message}\n`);
      results.push({ name: d.name, rows: 0, columns: 0, task: d.task, target: d.target, ours: { '4': 'not run', full: 'not run' }, sklearn: { '4': 'not run', full: 'not run' }, notes: [(err as Error).message], messages: [] });
    }
  }
  const missed = misses(results);
  const report = [
    `Real data, ${FOLDS}-fold CV (fold ${seeds.length === 1 ? `seed ${seeds[0]}` : `seeds ${seeds.join(', ')}, scores pooled over their ${FOLDS * seeds.length} folds`}), CLI ${shownPath(cliPath)} at commit ${gitCommit()}, ` +
      `Node ${process.version}, scikit-learn ${version ?? 'not run'} (random_state ${SKLEARN_SEED}), ${VEGA_PACKAGE}. ` +
      'Scores: mean test-fold accuracy (acc) or R²; sklearn = the better of onehot (impute + one-hot) and native (NaN kept + ordinal codes); ' +
      `Δ = ours − sklearn, ✗ = more than 0.010 accuracy (0.020 R²) below.`,
    '',
    markdownTable(results),
    '',
    `Goal missed on: ${missed.length === 0 ? 'none' : missed.join(', ')}.`,
    '',
    'What our CLI printed (stderr):',
    '',
    messagesSection(results),
  ].join('\n');
  mkdirSync(cache, { recursive: true });
  writeFileSync(path.join(cache, 'last-run.md'), report + '\n');
  process.stdout.write(report + '\n');
}

main();
