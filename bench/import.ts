// `npm run bench:import` (README "Open a model trained elsewhere"): a 1,000-tree XGBoost model
// (binary:logistic, depth 6, 20 features) made by bench/import_xgb.py with Debian's xgboost — at
// bench time, kept in the system's temp folder (5.7 MB, 2–3 minutes to train), with the 100,000
// rows it is measured on.
//  - Open and draw: what "Open Tree Model…" does before the first tree is on show, in a fresh
//    process: the worker's job (read the file, every tree as columns, the summary and importances),
//    then the first tree's view data (its first slice, decoded as the page decodes it, its Mermaid
//    text). Goal: under 2 s.
//  - Predict 100,000 rows, whole process: ours (node: read the model and the CSV, bind, predict)
//    against XGBoost's own (python: import xgboost and pandas, read the CSV, load the model,
//    predict), CPU seconds from each process's start to its end (every thread). Goal: ours ≤
//    XGBoost's. The probabilities are checked against XGBoost's (≤ 1e-6).
// Each figure is the median of 3 runs, each in a fresh process. Printed, never asserted.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCsv } from '../src/engine/csv/read';
import { bindEnsemble } from '../src/engine/import/bind';
import { predictEnsemble } from '../src/engine/import/predict';
import { readAnyModelBytes } from '../src/engine/import/read';
import { decodeModel } from '../src/engine/model-columns';
import { treeToMermaid } from '../src/shared/render/mermaid';
import { firstSlice } from '../src/shared/tree-slices';
import { importModelJob } from '../src/worker/jobs/import-model';
import { peakRss } from './lib/child-run';
import { median } from './lib/stats';
import { PYTHON, pythonWith } from './lib/python';

const RUNS = 3;
const DIR = path.join(tmpdir(), 'dte-bench-import');
const MODEL = path.join(DIR, 'xgb-1000.json');
const ROWS = path.join(DIR, 'rows-100k.csv');
const SCRIPT = path.join(__dirname, '..', '..', 'bench', 'import_xgb.py');

interface Figures {
  wall: number;
  cpu: number;
  maxRss: number;
}

/** This process's CPU seconds since it started (every thread): what the whole-process comparison reads. */
function processCpu(): number {
  const u = process.resourceUsage();
  return (u.userCPUTime + u.systemCPUTime) / 1e6;
}

function openAndDraw(): void {
  const t0 = process.hrtime.bigint();
  const c0 = process.cpuUsage();
  const { ensemble, report } = importModelJob({ bytes: new Uint8Array(readFileSync(MODEL)), fileName: 'xgb-1000.json' }, () => undefined);
  const read = Number(process.hrtime.bigint() - t0) / 1e9;
  const { model } = decodeModel(firstSlice(ensemble.trees[0].model));
  const mermaid = treeToMermaid(model).text;
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(c0);
  process.stdout.write(JSON.stringify({ wall, read, cpu: (cpu.user + cpu.system) / 1e6, maxRss: peakRss(), trees: report.trees.length, nodes: model.nodes.length, mermaid: mermaid.length }) + '\n');
}

function predictRows(out: string): void {
  const loaded = readAnyModelBytes(readFileSync(MODEL));
  if (loaded.kind !== 'ensemble') throw new Error('not an ensemble');
  const dataset = parseCsv(readFileSync(ROWS));
  const bound = bindEnsemble(loaded.model, dataset, 'y').ensemble;
  const c0 = process.cpuUsage();
  const { probabilities } = predictEnsemble(bound, dataset);
  const p = process.cpuUsage(c0);
  const cpu = processCpu();
  process.stdout.write(JSON.stringify({ cpu, predictCpu: (p.user + p.system) / 1e6, maxRss: peakRss() }) + '\n');
  const second = Array.from({ length: dataset.rowCount }, (_, r) => (probabilities as Float64Array)[2 * r + 1]);
  writeFileSync(out, second.join('\n'));
}

/** Runs `command`, timing its wall seconds here; its last stdout line is its JSON report. */
function timedRun(command: string, args: string[]): Figures & Record<string, number> {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(command, args, { encoding: 'utf8', maxBuffer: 1 << 24 });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${r.status}):\n${r.stderr}`);
  const lines = r.stdout.trim().split('\n');
  return { ...JSON.parse(lines[lines.length - 1]), processWall: wall };
}

function ensureModel(python: string): void {
  if (existsSync(MODEL) && existsSync(ROWS)) return;
  mkdirSync(DIR, { recursive: true });
  process.stdout.write(`training the 1,000-tree model with XGBoost into ${DIR} (a few minutes, once)…\n`);
  const r = spawnSync(python, [SCRIPT, 'make', DIR], { stdio: 'inherit' });
  if (r.status !== 0) throw new Error('bench/import_xgb.py make failed');
}

function compare(ours: string, theirs: string): number {
  const a = readFileSync(ours, 'utf8').split('\n').map(Number);
  const b = readFileSync(theirs, 'utf8').split('\n').map(Number);
  if (a.length !== b.length) throw new Error(`${a.length} probabilities vs XGBoost's ${b.length}`);
  let worst = 0;
  for (let i = 0; i < a.length; i++) worst = Math.max(worst, Math.abs(a[i] - b[i]));
  return worst;
}

const fmt = (x: number) => x.toFixed(2);
const mib = (b: number) => `${Math.round(b / 1048576)} MiB`;

function main(): void {
  const python = pythonWith(['xgboost', 'pandas']);
  if (python === null) {
    process.stdout.write(`${PYTHON} with xgboost and pandas is needed to make the model: skipped.\n`);
    return;
  }
  ensureModel(python);
  const self = process.argv[1];
  const draws = Array.from({ length: RUNS }, () => timedRun(process.execPath, [self, '--child', 'draw']));
  const d = draws[0];
  process.stdout.write(`Open Tree Model… on ${MODEL} (${d.trees} trees, the first ${d.nodes} nodes), fresh process each, median of ${RUNS}:\n`);
  process.stdout.write(`  read + every tree as columns + summary: ${fmt(median(draws.map((x) => x.read)))} s; with the first tree's view data: ${fmt(median(draws.map((x) => x.wall)))} s wall, ${fmt(median(draws.map((x) => x.cpu)))} s CPU, peak RSS ${mib(median(draws.map((x) => x.maxRss)))} (goal < 2 s)\n`);

  const work = path.join(DIR, 'out');
  mkdirSync(work, { recursive: true });
  const oursOut = path.join(work, 'ours.txt');
  const theirsOut = path.join(work, 'xgboost.txt');
  const ours = Array.from({ length: RUNS }, () => timedRun(process.execPath, [self, '--child', 'predict', oursOut]));
  const theirs = Array.from({ length: RUNS }, () => timedRun(python, [SCRIPT, 'predict', MODEL, ROWS, theirsOut]));
  const worst = compare(oursOut, theirsOut);
  rmSync(work, { recursive: true, force: true });
  const row = (name: string, runs: Array<Figures & Record<string, number>>) =>
    `  ${name.padEnd(8)} whole process ${fmt(median(runs.map((x) => x.cpu)))} s CPU (${fmt(median(runs.map((x) => x.processWall)))} s wall), of which predict ${fmt(median(runs.map((x) => x.predictCpu)))} s CPU; peak RSS ${mib(median(runs.map((x) => x.maxRss)))}\n`;
  process.stdout.write(`Predict 100,000 rows of ${ROWS}, fresh process each, median of ${RUNS}:\n`);
  process.stdout.write(row('ours', ours));
  process.stdout.write(row('XGBoost', theirs));
  process.stdout.write(`  ours / XGBoost whole-process CPU: ${(median(ours.map((x) => x.cpu)) / median(theirs.map((x) => x.cpu))).toFixed(2)} (goal ≤ 1); largest probability difference ${worst.toExponential(2)}\n`);
}

const child = process.argv.indexOf('--child');
if (child < 0) main();
else if (process.argv[child + 1] === 'draw') openAndDraw();
else predictRows(process.argv[child + 2]);
