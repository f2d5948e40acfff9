// Deterministic in-memory data sets for bench:tree and bench:forest, the same numbers for our engine and for
// scikit-learn (written as float64 row-major X and int32/float64 y): numeric (20 features,
// 3 classes from noisy linear scores, 10% labels flipped), mixed (16 numeric and 4 categorical
// features of 3–250 levels, which take part in the label) and regression (20 numeric features,
// a nonlinear target with noise). Values are float32-exact so sklearn's float32 cast sees the same.
import { type Column, type Dataset, isNumeric } from '../../src/engine/dataset';
import { createRng, randomInt } from '../../src/engine/random';

export type DataKind = 'numeric' | 'mixed' | 'regression';

export interface BenchData {
  dataset: Dataset;
  /** Row-major features for scikit-learn (category codes as ordinal numbers). */
  x: Float64Array;
  /** Class codes (classification) or target values (regression). */
  y: Int32Array | Float64Array;
  features: number;
}

const CLASSES = ['a', 'b', 'c'];
const LEVELS = [3, 12, 60, 250];

/** `sharedMemory`: the dataset's columns on SharedArrayBuffers, as the CLI reads a CSV for a forest (CsvOptions.sharedMemory). */
export function makeBenchData(kind: DataKind, rows: number, seed: number, sharedMemory = false): BenchData {
  const rng = createRng(seed);
  const numeric = kind === 'mixed' ? 16 : 20;
  const categorical = kind === 'mixed' ? LEVELS.length : 0;
  const features = numeric + categorical;
  const x = new Float64Array(rows * features);
  const memory = (bytes: number) => (sharedMemory ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes));
  const num = Array.from({ length: numeric }, () => new Float64Array(memory(8 * rows)));
  const codes = Array.from({ length: categorical }, () => new Int32Array(memory(4 * rows)));
  const labels = new Int32Array(memory(4 * rows));
  const target = new Float64Array(memory(8 * rows));
  for (let r = 0; r < rows; r++) {
    for (let f = 0; f < numeric; f++) x[r * features + f] = num[f][r] = Math.fround(rng() * 100);
    for (let j = 0; j < categorical; j++) x[r * features + numeric + j] = codes[j][r] = randomInt(rng, LEVELS[j]);
    const v = (f: number) => num[f][r];
    if (kind === 'regression') {
      target[r] = Math.fround(v(0) * 2 - v(1) + 30 * Math.sin(v(2) / 10) + (v(3) > 50 ? 40 : 0) + rng() * 20);
      continue;
    }
    let s0 = v(0) + v(1) - v(2);
    const s1 = v(3) - v(4) + 0.5 * v(5) + 20;
    const s2 = 0.7 * (v(1) + v(4)) - 10;
    if (kind === 'mixed') s0 += codes[0][r] * 15 + (codes[2][r] % 5) * 8 - 40;
    let c = s0 >= s1 && s0 >= s2 ? 0 : s1 >= s2 ? 1 : 2;
    if (rng() < 0.1) c = randomInt(rng, 3);
    labels[r] = c;
  }
  const columns: Column[] = [
    ...num.map((values, f) => ({ name: `x${f}`, type: 'numeric' as const, values })),
    ...codes.map((c, j) => ({ name: `c${j}`, type: 'categorical' as const, codes: c, categories: Array.from({ length: LEVELS[j] }, (_, k) => `v${k}`) })),
    kind === 'regression' ? { name: 'y', type: 'numeric' as const, values: target } : { name: 'y', type: 'categorical' as const, codes: labels, categories: CLASSES },
  ];
  return { dataset: { columns, rowCount: rows, delimiter: ',', renamedHeaders: [] }, x, y: kind === 'regression' ? target : labels, features };
}

/** Accuracy (classification) or R² (regression) of predictions for the rows of `test`. */
export function heldOutScore(kind: DataKind, pred: ReadonlyArray<string | number>, test: BenchData): number {
  const col = test.dataset.columns[test.dataset.columns.length - 1];
  if (kind !== 'regression') {
    if (isNumeric(col)) throw new Error('class column expected');
    let right = 0;
    pred.forEach((p, r) => (right += p === col.categories[col.codes[r]] ? 1 : 0));
    return right / pred.length;
  }
  const y = test.y;
  let mean = 0;
  for (let r = 0; r < y.length; r++) mean += y[r] / y.length;
  let ssRes = 0;
  let ssTot = 0;
  pred.forEach((p, r) => {
    ssRes += ((p as number) - y[r]) ** 2;
    ssTot += (y[r] - mean) ** 2;
  });
  return 1 - ssRes / ssTot;
}
