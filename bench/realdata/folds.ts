// One seeded k-fold assignment per dataset, shared by our CLI and scikit-learn: stratified for
// classification (each class shuffled and dealt round the folds, continuing where the previous
// class stopped, so a class with fewer rows than folds lands in as many folds as it can), plain
// shuffled k-fold for regression.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRng, shuffleInPlace } from '../../src/engine/random';
import type { CsvRecord } from './csv-records';
import type { Task } from './datasets';

/** fold[i] ∈ [0, k) for row i. */
export function assignFolds(labels: readonly string[], task: Task, k: number, seed: number): Int32Array {
  const rng = createRng(seed);
  const fold = new Int32Array(labels.length);
  const groups = new Map<string, number[]>();
  for (let i = 0; i < labels.length; i++) {
    const key = task === 'classification' ? labels[i] : '';
    const g = groups.get(key);
    if (g) g.push(i);
    else groups.set(key, [i]);
  }
  let next = 0;
  for (const key of [...groups.keys()].sort()) {
    const rows = groups.get(key)!;
    shuffleInPlace(rng, rows);
    for (const row of rows) {
      fold[row] = next;
      next = (next + 1) % k;
    }
  }
  return fold;
}

export interface FoldFiles {
  train: string;
  test: string;
  /** The test rows' target values, in file order. */
  truth: string[];
}

/** Writes fold f's train and test CSVs (header plus the records' own text) under `dir`. */
export function writeFolds(dir: string, header: CsvRecord, rows: readonly CsvRecord[], targetIndex: number, fold: Int32Array, k: number): FoldFiles[] {
  mkdirSync(dir, { recursive: true });
  const files: FoldFiles[] = [];
  for (let f = 0; f < k; f++) {
    const train = [header.raw];
    const test = [header.raw];
    const truth: string[] = [];
    rows.forEach((r, i) => {
      if (fold[i] === f) {
        test.push(r.raw);
        truth.push(r.fields[targetIndex]);
      } else train.push(r.raw);
    });
    const names = { train: path.join(dir, `fold${f + 1}-train.csv`), test: path.join(dir, `fold${f + 1}-test.csv`) };
    writeFileSync(names.train, train.join('\n') + '\n');
    writeFileSync(names.test, test.join('\n') + '\n');
    files.push({ ...names, truth });
  }
  return files;
}
