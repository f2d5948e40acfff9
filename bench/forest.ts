// `npm run bench:forest`: random forests of ours beside scikit-learn's in the same run (issue 17),
// on the bench's deterministic data (bench/lib/tree-data.ts): 100,000 × 20 numeric rows, 3 classes
// (and a regression variant), 100 trees, default parameters — ours: sqrt features per split for
// classification, p/3 for regression, bootstrap, soft voting; scikit-learn's
// RandomForestClassifier(n_estimators=100, oob_score=True), and for regression
// RandomForestRegressor(max_features=1/3, oob_score=True) so both search p/3 features (its own
// default is all of them). Every fit runs in a fresh child process, so CPU seconds and peak RSS
// are its own. Printed: wall and CPU seconds, peak RSS, OOB score and the score on 100,000
// held-out rows (accuracy or R²). Ours trains on one thread (CPU = wall) and on a pool of as many
// threads as cores (src/worker/forest-pool.ts: the same forest); scikit-learn runs with n_jobs=1
// and with n_jobs = the cores. Timings are printed, never asserted.
// Options: --rows N (100000), --trees N (100), --seeds 0,1,2 (0), --only classification|regression,
// --splitter exact|hist (ours; exact); --real: the look-alike files instead (bench/forest-real.ts)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { predictForest } from '../src/engine/forest/predict';
import { trainForest } from '../src/engine/forest/train';
import type { Splitter } from '../src/engine/model';
import { trainForestOnPool } from '../src/worker/forest-pool';
import { forestRealBench } from './forest-real';
import { peakRss, runChild, type ChildReport } from './lib/child-run';
import { PEAK_RSS_PY, pythonWith } from './lib/python';
import { mib } from './lib/stats';
import { type DataKind, heldOutScore, makeBenchData } from './lib/tree-data';

const TEST_ROWS = 100_000;

interface ForestFit extends ChildReport {
  oob: number;
  /** Accuracy (classification) or R² (regression) on the held-out rows. */
  heldOut: number;
  nodes: number;
}

/** In a child process: one forest (on `jobs` pool threads when above 1), measured (peak RSS right after it), then its held-out score. */
async function child(kind: DataKind, rows: number, trees: number, seed: number, jobs: number, splitter: Splitter): Promise<void> {
  // Only the dataset: the row-major copy of the features is scikit-learn's input (160 MB at 1M rows),
  // not ours. On shared memory, as the CLI reads a CSV for a forest (src/cli/forest-run.ts).
  const { dataset } = makeBenchData(kind, rows, 42, true);
  const params = { target: 'y', ensemble: 'forest' as const, nTrees: trees, seed, splitter };
  // CPU seconds and peak RSS are the process's: the pool's threads included.
  const cpu0 = process.cpuUsage();
  const t0 = process.hrtime.bigint();
  const workerFile = path.join(__dirname, '..', 'forest-worker.js');
  const report = jobs === 1 ? trainForest(dataset, params) : await trainForestOnPool(dataset, params, { jobs, workerFile });
  const wall = Number(process.hrtime.bigint() - t0) / 1e9;
  const cpu = process.cpuUsage(cpu0);
  const maxRss = peakRss();
  const test = makeBenchData(kind, TEST_ROWS, 7);
  const fit: ForestFit = {
    wall,
    cpu: (cpu.user + cpu.system) / 1e6,
    maxRss,
    oob: report.oob.score ?? NaN,
    heldOut: heldOutScore(kind, predictForest(report.model, test.dataset).predictions, test),
    nodes: report.trees.reduce((a, t) => a + t.nodes, 0),
  };
  process.stdout.write(JSON.stringify(fit) + '\n');
}

const SKLEARN = `
import sys, json, time, numpy as np
from sklearn.ensemble import RandomForestClassifier, RandomForestRegressor
xf, yf, txf, tyf, rows, feats, test_rows, kind, trees, seed, jobs = sys.argv[1:12]
rows, feats, test_rows, trees, seed, jobs = int(rows), int(feats), int(test_rows), int(trees), int(seed), int(jobs)
reg = kind == 'regression'
ydt = np.float64 if reg else np.int32
X = np.fromfile(xf, dtype=np.float64).reshape(rows, feats).astype(np.float32); y = np.fromfile(yf, dtype=ydt)
Xt = np.fromfile(txf, dtype=np.float64).reshape(test_rows, feats).astype(np.float32); yt = np.fromfile(tyf, dtype=ydt)
m = RandomForestRegressor(n_estimators=trees, max_features=1/3, oob_score=True, random_state=seed, n_jobs=jobs) if reg else RandomForestClassifier(n_estimators=trees, oob_score=True, random_state=seed, n_jobs=jobs)
t0 = time.perf_counter(); c0 = time.process_time(); m.fit(X, y)
wall = time.perf_counter() - t0; cpu = time.process_time() - c0
print(json.dumps({"wall": wall, "cpu": cpu, "maxRss": ${PEAK_RSS_PY}, "oob": float(m.oob_score_), "heldOut": float(m.score(Xt, yt)), "nodes": int(sum(e.tree_.node_count for e in m.estimators_))}))
`;

function bytes(a: Float64Array | Int32Array): Uint8Array {
  return new Uint8Array(a.buffer, a.byteOffset, a.byteLength);
}

function flag(name: string): string | undefined {
  const i = process.argv.indexOf(name);
  return i >= 0 ? process.argv[i + 1] : undefined;
}

function main(): void {
  const rows = Number(flag('--rows') ?? 100_000);
  const trees = Number(flag('--trees') ?? 100);
  const seeds = (flag('--seeds') ?? '0').split(',').map(Number);
  const only = flag('--only');
  const splitter = (flag('--splitter') ?? 'exact') as Splitter;
  const kinds = (['numeric', 'regression'] as const).filter((k) => only === undefined || only === (k === 'numeric' ? 'classification' : 'regression'));
  const cores = availableParallelism();
  const python = pythonWith(['numpy', 'sklearn']);
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-bench-forest-'));
  console.log(`Random forests of ${trees} trees on ${rows.toLocaleString('en')} × 20 numeric rows, seeds ${seeds.join(', ')}, each fit in a fresh process; sklearn ${python ? 'present' : 'absent'}; ${cores} cores (shared: compare CPU seconds).`);
  console.log('| task | seed | engine | wall s | CPU s | peak RSS | nodes | OOB score | held-out score |');
  console.log('|---|---:|---|---:|---:|---:|---:|---:|---:|');
  try {
    for (const kind of kinds) {
      const task = kind === 'numeric' ? 'classification' : 'regression';
      const train = makeBenchData(kind, rows, 42);
      const test = makeBenchData(kind, TEST_ROWS, 7);
      const files = ['x', 'y', 'tx', 'ty'].map((n) => path.join(dir, `${n}.bin`));
      [train.x, train.y, test.x, test.y].forEach((a, i) => writeFileSync(files[i], bytes(a)));
      const row = (seed: number, engine: string, f: ForestFit) =>
        console.log(`| ${task} | ${seed} | ${engine} | ${f.wall.toFixed(1)} | ${f.cpu.toFixed(1)} | ${mib(f.maxRss)} | ${f.nodes} | ${f.oob.toFixed(4)} | ${f.heldOut.toFixed(4)} |`);
      for (const seed of seeds) {
        for (const jobs of [1, cores]) {
          const engine = jobs === 1 ? `ours ${splitter} (1 thread)` : `ours ${splitter} (pool, ${jobs} threads)`;
          row(seed, engine, runChild<ForestFit>(process.execPath, [__filename, '--child', kind, String(rows), String(trees), String(seed), String(jobs), splitter]));
        }
        if (python === null) continue;
        for (const jobs of [1, cores]) {
          const args = ['-c', SKLEARN, ...files, String(rows), String(train.features), String(TEST_ROWS), kind, String(trees), String(seed), String(jobs)];
          row(seed, `sklearn n_jobs=${jobs}`, runChild<ForestFit>(python, args));
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv.includes('--real')) forestRealBench();
else if (process.argv[2] === '--child') {
  const [kind, rows, trees, seed, jobs, splitter] = process.argv.slice(3);
  void child(kind as DataKind, Number(rows), Number(trees), Number(seed), Number(jobs), splitter as Splitter);
} else main();
