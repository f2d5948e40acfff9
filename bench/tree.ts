// `npm run bench:tree`: CART gini fit time on deterministic synthetic data (20 numeric features,
// 3 classes, 100k and 1M rows), fully grown and with max_depth = 10; node count and training
// accuracy; and, when /usr/bin/python3 has scikit-learn, DecisionTreeClassifier on the same data
// in the same run with the ratio ours/sklearn. Both fits are single-threaded, so CPU seconds are
// reported beside wall seconds: on a shared machine the CPU ratio is the steadier comparison.
// Timings are printed, never asserted. `--quick`: 100k rows only.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Dataset } from '../src/engine/dataset';
import { pythonWith } from './lib/python';
import { median } from './lib/stats';
import { createRng } from '../src/engine/random';
import { predict } from '../src/engine/tree/predict';
import { trainTree } from '../src/engine/tree/train';

const FEATURES = 20;
const CLASSES = ['a', 'b', 'c'];

/** Classes from noisy linear scores on the first 6 features, 10% of labels flipped at random. */
function makeData(rows: number, seed: number): { dataset: Dataset; x: Float64Array; y: Int32Array } {
  const rng = createRng(seed);
  const x = new Float64Array(rows * FEATURES);
  const columns = Array.from({ length: FEATURES }, () => new Float64Array(rows));
  const codes = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    for (let f = 0; f < FEATURES; f++) {
      // float32-exact values, so that scikit-learn's float32 cast sees the same numbers.
      const v = Math.fround(rng() * 100);
      columns[f][r] = v;
      x[r * FEATURES + f] = v;
    }
    const s0 = columns[0][r] + columns[1][r] - columns[2][r];
    const s1 = columns[3][r] - columns[4][r] + 0.5 * columns[5][r] + 20;
    const s2 = 0.7 * (columns[1][r] + columns[4][r]) - 10;
    let c = s0 >= s1 && s0 >= s2 ? 0 : s1 >= s2 ? 1 : 2;
    if (rng() < 0.1) c = Math.floor(rng() * 3);
    codes[r] = c;
  }
  const dataset: Dataset = {
    columns: [
      ...columns.map((values, f) => ({ name: `x${f}`, type: 'numeric' as const, values })),
      { name: 'label', type: 'categorical' as const, codes, categories: CLASSES },
    ],
    rowCount: rows,
    delimiter: ',',
    renamedHeaders: [],
  };
  return { dataset, x, y: codes };
}

interface Fit {
  /** Median wall and CPU seconds of the fits. */
  seconds: number;
  cpu: number;
  nodes: number;
  accuracy: number;
}

function fitOurs(dataset: Dataset, y: Int32Array, maxDepth: number | null, runs: number): Fit {
  const times: number[] = [];
  const cpus: number[] = [];
  let nodes = 0;
  let accuracy = 0;
  for (let i = 0; i < runs; i++) {
    const c0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    const { model } = trainTree(dataset, { target: 'label', maxDepth });
    times.push(Number(process.hrtime.bigint() - t0) / 1e9);
    const c = process.cpuUsage(c0);
    cpus.push((c.user + c.system) / 1e6);
    nodes = model.nodes.length;
    if (i === 0) {
      const pred = predict(model, dataset);
      let right = 0;
      pred.forEach((p, r) => {
        if (p === CLASSES[y[r]]) right++;
      });
      accuracy = right / y.length;
    }
  }
  return { seconds: median(times), cpu: median(cpus), nodes, accuracy };
}

const SKLEARN = `
import sys, json, time, numpy as np
from sklearn.tree import DecisionTreeClassifier
xf, yf, rows, feats, runs, depth = sys.argv[1], sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), sys.argv[6]
X = np.fromfile(xf, dtype=np.float64).reshape(rows, feats).astype(np.float32)
y = np.fromfile(yf, dtype=np.int32)
times, cpus = [], []
for _ in range(runs):
    clf = DecisionTreeClassifier(random_state=0, max_depth=None if depth == 'none' else int(depth))
    t0 = time.perf_counter(); c0 = time.process_time(); clf.fit(X, y)
    times.append(time.perf_counter() - t0); cpus.append(time.process_time() - c0)
mid = len(times) // 2
print(json.dumps({"seconds": sorted(times)[mid], "cpu": sorted(cpus)[mid], "nodes": int(clf.tree_.node_count), "accuracy": float(clf.score(X, y))}))
`;

function fitSklearn(python: string, dir: string, x: Float64Array, y: Int32Array, rows: number, maxDepth: number | null, runs: number): Fit | null {
  const xf = path.join(dir, 'x.bin');
  const yf = path.join(dir, 'y.bin');
  writeFileSync(xf, new Uint8Array(x.buffer, x.byteOffset, x.byteLength));
  writeFileSync(yf, new Uint8Array(y.buffer, y.byteOffset, y.byteLength));
  const r = spawnSync(python, ['-c', SKLEARN, xf, yf, String(rows), String(FEATURES), String(runs), maxDepth === null ? 'none' : String(maxDepth)], {
    encoding: 'utf8',
    maxBuffer: 1 << 20,
  });
  if (r.status !== 0) {
    console.log(`  sklearn failed: ${r.stderr.trim().split('\n').pop() ?? ''}`);
    return null;
  }
  return JSON.parse(r.stdout) as Fit;
}

function main(): void {
  const sizes = process.argv.includes('--quick') ? [100_000] : [100_000, 1_000_000];
  const python = pythonWith(['numpy', 'sklearn']);
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-bench-tree-'));
  console.log(`CART gini, ${FEATURES} numeric features, ${CLASSES.length} classes; median of runs; sklearn ${python ? 'present' : 'absent'}; machine shared: compare the CPU ratio`);
  try {
    for (const rows of sizes) {
      const { dataset, x, y } = makeData(rows, 42);
      const runs = rows >= 1_000_000 ? 1 : 3;
      for (const maxDepth of [null, 10]) {
        const label = `${rows.toLocaleString('en')} rows, max_depth=${maxDepth ?? 'None'}`;
        const ours = fitOurs(dataset, y, maxDepth, runs);
        const time = (f: Fit) => `${f.seconds.toFixed(2)} s (cpu ${f.cpu.toFixed(2)} s), ${f.nodes} nodes, train acc ${f.accuracy.toFixed(4)}`;
        let line = `${label}: ours ${time(ours)}`;
        const ref = python ? fitSklearn(python, dir, x, y, rows, maxDepth, runs) : null;
        if (ref) line += ` | sklearn ${time(ref)} | ratio ours/sklearn cpu ${(ours.cpu / ref.cpu).toFixed(2)}, wall ${(ours.seconds / ref.seconds).toFixed(2)}`;
        console.log(line);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

main();
