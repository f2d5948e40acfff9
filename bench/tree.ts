// `npm run bench:tree`: CART fit time of our exact and histogram splitters beside scikit-learn's
// DecisionTreeClassifier/Regressor on deterministic data (bench/lib/tree-data.ts) at 10k, 100k and
// 1M rows — gini and entropy on numeric data, gini on mixed numeric/categorical data, squared
// error on a regression target — fully grown and max_depth=10. Every fit runs in a fresh child
// process, so its CPU seconds and peak RSS are its own; figures are medians of 3 runs (1 at 1M).
// Also printed: nodes, the held-out score (accuracy or R² on 100k other rows), and for ours the
// time to predict every training row. Timings are printed, never asserted.
// Then responsiveness: a report job on 1M rows in the real engine worker (dist/worker.js), with
// the progress messages it sends and the time from cancel (the bridge terminates the worker)
// until the worker has stopped.
// Options: --no-cancel, --quick (10k and 100k), --sizes 10000,100000, --only numeric:gini,regression:squared_error
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Criterion, Splitter } from '../src/engine/model';
import { predict } from '../src/engine/tree/predict';
import { trainTree } from '../src/engine/tree/train';
import { peakRss, runChild, type ChildReport } from './lib/child-run';
import { PEAK_RSS_PY, pythonWith } from './lib/python';
import { median, mib } from './lib/stats';
import { type DataKind, heldOutScore, makeBenchData } from './lib/tree-data';

const TEST_ROWS = 100_000;
const CASES: ReadonlyArray<{ kind: DataKind; criterion: Criterion }> = [
  { kind: 'numeric', criterion: 'gini' },
  { kind: 'numeric', criterion: 'entropy' },
  { kind: 'mixed', criterion: 'gini' },
  { kind: 'regression', criterion: 'squared_error' },
];

interface FitReport extends ChildReport {
  nodes: number;
  /** Accuracy (classification) or R² (regression) on the held-out rows. */
  score: number;
  /** Ours: seconds to predict every training row. */
  predict?: number;
}

/** In a child process: one fit, measured (peak RSS taken right after it), then its score and predict time. */
function child(kind: DataKind, rows: number, criterion: Criterion, depth: number | null, splitter: Splitter): void {
  const train = makeBenchData(kind, rows, 42);
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const { model } = trainTree(train.dataset, { target: 'y', criterion, maxDepth: depth, splitter });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const maxRss = peakRss();
  const p0 = process.hrtime.bigint();
  predict(model, train.dataset);
  const predictSeconds = Number(process.hrtime.bigint() - p0) / 1e9;
  const test = makeBenchData(kind, TEST_ROWS, 7);
  const report: FitReport = { wall, cpu: (cpu.user + cpu.system) / 1e6, maxRss, nodes: model.nodes.length, score: heldOutScore(kind, predict(model, test.dataset), test), predict: predictSeconds };
  process.stdout.write(JSON.stringify(report) + '\n');
}

const SKLEARN = `
import sys, json, time, numpy as np
from sklearn.tree import DecisionTreeClassifier, DecisionTreeRegressor
xf, yf, txf, tyf, rows, feats, test_rows, crit, depth = sys.argv[1:10]
rows, feats, test_rows = int(rows), int(feats), int(test_rows)
reg = crit == 'squared_error'
ydt = np.float64 if reg else np.int32
X = np.fromfile(xf, dtype=np.float64).reshape(rows, feats).astype(np.float32); y = np.fromfile(yf, dtype=ydt)
Xt = np.fromfile(txf, dtype=np.float64).reshape(test_rows, feats).astype(np.float32); yt = np.fromfile(tyf, dtype=ydt)
cls = DecisionTreeRegressor if reg else DecisionTreeClassifier
m = cls(random_state=0, criterion=crit, max_depth=None if depth == 'none' else int(depth))
t0 = time.perf_counter(); c0 = time.process_time(); m.fit(X, y)
wall = time.perf_counter() - t0; cpu = time.process_time() - c0
print(json.dumps({"wall": wall, "cpu": cpu, "maxRss": ${PEAK_RSS_PY}, "nodes": int(m.tree_.node_count), "score": float(m.score(Xt, yt))}))
`;

function bytes(a: Float64Array | Int32Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

function runOurs(kind: DataKind, rows: number, criterion: Criterion, depth: number | null, splitter: Splitter): FitReport {
  return runChild<FitReport>(process.execPath, [
    __filename,
    '--child',
    kind,
    String(rows),
    criterion,
    depth === null ? 'none' : String(depth),
    splitter,
  ]);
}

function summarise(runs: FitReport[]): FitReport {
  return {
    wall: median(runs.map((r) => r.wall)),
    cpu: median(runs.map((r) => r.cpu)),
    maxRss: Math.max(...runs.map((r) => r.maxRss)),
    nodes: runs[0].nodes,
    score: runs[0].score,
    ...(runs[0].predict === undefined ? {} : { predict: median(runs.map((r) => r.predict ?? 0)) }),
  };
}

/** Posts a report job to a fresh engine worker, cancels it after `after` ms; progress count and stop latency. */
async function cancelLatency(splitter: Splitter, after: number): Promise<{ progress: number; stopMs: number }> {
  const { dataset } = makeBenchData('numeric', 1_000_000, 42);
  const worker = new Worker(path.join(__dirname, '..', 'worker.js'));
  let progress = 0;
  worker.on('message', (m: { type: string }) => {
    if (m.type === 'progress') progress++;
  });
  worker.postMessage({ id: 1, kind: 'report', job: { dataset, options: { params: { target: 'y', splitter }, seed: 1 } } });
  await new Promise((r) => setTimeout(r, after));
  const t0 = performance.now();
  await worker.terminate();
  return { progress, stopMs: performance.now() - t0 };
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

async function main(): Promise<void> {
  const quick = process.argv.includes('--quick');
  const sizes = (flag('--sizes') ?? (quick ? '10000,100000' : '10000,100000,1000000')).split(',').map(Number);
  const only = flag('--only')?.split(',');
  const cases = CASES.filter((c) => only === undefined || only.includes(`${c.kind}:${c.criterion}`));
  const python = pythonWith(['numpy', 'sklearn']);
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-bench-tree-'));
  console.log(`CART fit, median of runs (3; 1 at 1M rows), each in a fresh process; sklearn ${python ? 'present' : 'absent'}. Machine shared: compare CPU seconds.`);
  console.log('| data | rows | criterion | max_depth | engine | wall s | CPU s | peak RSS | nodes | held-out score | predict all rows s | CPU ratio ours/sklearn |');
  console.log('|---|---:|---|---|---|---:|---:|---:|---:|---:|---:|---:|');
  try {
    for (const rows of sizes) {
      const runs = rows >= 1_000_000 ? 1 : 3;
      for (const { kind, criterion } of cases) {
        let files: string[] | null = null;
        if (python) {
          const train = makeBenchData(kind, rows, 42);
          const test = makeBenchData(kind, TEST_ROWS, 7);
          files = ['x', 'y', 'tx', 'ty'].map((n) => path.join(dir, `${n}.bin`));
          [train.x, train.y, test.x, test.y].forEach((a, i) => writeFileSync((files as string[])[i], bytes(a)));
          files.push(String(rows), String(train.features), String(TEST_ROWS));
        }
        for (const depth of [null, 10]) {
          const ref = files
            ? summarise(Array.from({ length: runs }, () => runChild<FitReport>(python as string, ['-c', SKLEARN, ...(files as string[]), criterion, depth === null ? 'none' : String(depth)])))
            : null;
          const row = (engine: string, f: FitReport) =>
            `| ${kind} | ${rows.toLocaleString('en')} | ${criterion} | ${depth ?? 'None'} | ${engine} | ${f.wall.toFixed(2)} | ${f.cpu.toFixed(2)} | ${mib(f.maxRss)} | ${f.nodes} | ${f.score.toFixed(4)} | ${f.predict === undefined ? '' : f.predict.toFixed(2)} | ${ref && engine !== 'sklearn' ? (f.cpu / ref.cpu).toFixed(2) : ''} |`;
          for (const splitter of ['exact', 'hist'] as const) {
            console.log(row(`ours ${splitter}`, summarise(Array.from({ length: runs }, () => runOurs(kind, rows, criterion, depth, splitter)))));
          }
          if (ref) console.log(row('sklearn', ref));
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  if (process.argv.includes('--no-cancel')) return;
  for (const splitter of ['exact', 'hist'] as const) {
    const { progress, stopMs } = await cancelLatency(splitter, 3000);
    console.log(`cancel: report job (${splitter}) on 1,000,000 rows in dist/worker.js, cancelled after 3 s: ${progress} progress messages so far; worker stopped ${stopMs.toFixed(0)} ms after cancel`);
  }
}

if (process.argv[2] === '--child') {
  const [kind, rows, criterion, depth, splitter] = process.argv.slice(3);
  child(kind as DataKind, Number(rows), criterion as Criterion, depth === 'none' ? null : Number(depth), splitter as Splitter);
} else {
  main().catch((err: unknown) => {
    process.stderr.write(`${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
    process.exitCode = 1;
  });
}
