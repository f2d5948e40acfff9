// Seeded hold-out splits and k-fold partitions, stratified by class for classification so every
// part keeps the class proportions (unless the caller asks for plain shuffled splits). Only rows
// with a target value take part.
import { type Dataset, columnIndex, isNumeric } from '../dataset';
import { InputError } from '../errors';
import type { Task } from '../model';
import { createRng, shuffleInPlace } from '../random';
import { detectTask } from '../tree/training-set';

export interface Strata {
  task: Task;
  /** Rows with a target value. */
  rows: Int32Array;
  /** Classification: the class (any stable id) of each entry of `rows`; null for regression. */
  strata: Int32Array | null;
  /** Classification: the label of each stratum id. */
  labels: string[];
}

/** `stratify: false` keeps the task but no strata: splits are then plain seeded shuffles. */
export function targetStrata(dataset: Dataset, target: string, task: 'auto' | Task = 'auto', stratify = true): Strata {
  const index = columnIndex(dataset, target);
  if (index < 0) throw new InputError('unknown-column', `target column "${target}" is not in the data`);
  const column = dataset.columns[index];
  const kept: number[] = [];
  for (let r = 0; r < dataset.rowCount; r++) {
    if (isNumeric(column) ? !Number.isNaN(column.values[r]) : column.codes[r] >= 0) kept.push(r);
  }
  const rows = Int32Array.from(kept);
  const resolved = task === 'auto' ? detectTask(column, rows) : task;
  if (resolved === 'regression' || !stratify) return { task: resolved, rows, strata: null, labels: [] };
  const idOf = new Map<string, number>();
  const strata = Int32Array.from(rows, (r) => {
    const label = isNumeric(column) ? String(column.values[r]) : column.categories[column.codes[r]];
    let id = idOf.get(label);
    if (id === undefined) idOf.set(label, (id = idOf.size));
    return id;
  });
  return { task: resolved, rows, strata, labels: [...idOf.keys()] };
}

/** Rows grouped by stratum (one group for regression), each group shuffled. */
function shuffledGroups(s: Strata, seed: number): Int32Array[] {
  const rng = createRng(seed);
  const groups: number[][] = s.strata ? s.labels.map(() => []) : [[]];
  s.rows.forEach((r, i) => groups[s.strata ? s.strata[i] : 0].push(r));
  return groups.map((g) => {
    const a = Int32Array.from(g);
    shuffleInPlace(rng, a);
    return a;
  });
}

const sorted = (rows: number[]): Int32Array => Int32Array.from(rows).sort();

export interface HoldoutSplit {
  train: Int32Array;
  test: Int32Array;
}

/** ⌈testSize·n⌉ rows for testing (each class in proportion, largest remainders first), the rest for training. */
export function holdoutSplit(s: Strata, testSize: number, seed: number): HoldoutSplit {
  if (!(testSize > 0 && testSize < 1)) throw new InputError('bad-option', `the test fraction must be strictly between 0 and 1, got ${testSize}`);
  const n = s.rows.length;
  const nTest = Math.ceil(testSize * n);
  if (nTest < 1 || n - nTest < 1) throw new InputError('bad-option', `a test fraction of ${testSize} leaves no rows to train or to test on (${n} rows with a target)`);
  const groups = shuffledGroups(s, seed);
  const quota = groups.map((g) => (g.length * nTest) / n);
  const take = quota.map(Math.floor);
  let missing = nTest - take.reduce((a, b) => a + b, 0);
  const byRemainder = quota.map((_, i) => i).sort((a, b) => quota[b] - take[b] - (quota[a] - take[a]) || a - b);
  for (const i of byRemainder) {
    if (missing === 0) break;
    if (take[i] < groups[i].length) {
      take[i]++;
      missing--;
    }
  }
  const train: number[] = [];
  const test: number[] = [];
  groups.forEach((g, i) => g.forEach((r, k) => (k < take[i] ? test : train).push(r)));
  return { train: sorted(train), test: sorted(test) };
}

export interface KFolds {
  /** k disjoint test folds, rows ascending. */
  folds: Int32Array[];
  /** E.g. a class with fewer rows than folds (scikit-learn's StratifiedKFold warns likewise and goes on). */
  warnings: string[];
}

/**
 * k disjoint test folds covering every row. Stratified: the classes, in order of first appearance,
 * are dealt round-robin, so fold i holds as many rows of each class as scikit-learn's
 * StratifiedKFold allocates (⌊n_c/k⌋ or ⌈n_c/k⌉); which rows, the seeded shuffle decides.
 * A class with fewer than k rows is spread as far as it goes, with a warning; only when every
 * class has fewer than k rows is it refused (as scikit-learn does).
 */
export function kFolds(s: Strata, k: number, seed: number): KFolds {
  if (!Number.isInteger(k) || k < 2) throw new InputError('bad-option', `the number of folds must be an integer ≥ 2, got ${k}`);
  const problem = foldsProblem(s, k);
  if (problem !== null) throw new InputError('bad-option', problem);
  const groups = shuffledGroups(s, seed);
  const warnings: string[] = [];
  if (s.strata) {
    const smallest = groups.reduce((m, g, i) => (g.length < groups[m].length ? i : m), 0);
    if (groups[smallest].length < k) {
      warnings.push(
        `the least populated class, "${s.labels[smallest]}", has only ${groups[smallest].length} rows, fewer than the ${k} folds: some folds test none of it`,
      );
    }
  }
  const folds: number[][] = Array.from({ length: k }, () => []);
  let next = 0;
  for (const g of groups) for (const r of g) folds[next++ % k].push(r);
  return { folds: folds.map(sorted), warnings };
}

/** Why `s` cannot be cut into k folds (too few rows, or stratified and no class has k rows); null when it can. */
export function foldsProblem(s: Strata, k: number): string | null {
  if (k > s.rows.length) return `${k} folds need at least ${k} rows with a target; there are ${s.rows.length}`;
  if (s.strata) {
    const sizes = new Array<number>(s.labels.length).fill(0);
    for (const id of s.strata) sizes[id]++;
    const largest = Math.max(...sizes);
    if (largest < k) {
      return `${k} stratified folds need at least ${k} rows of some class; the largest class has ${largest} (use fewer folds, plain folds with --no-stratify, or leave-one-out with --cv loo)`;
    }
  }
  return null;
}

/**
 * Leave-one-out (course notes §8.7.2: k-fold with k = the number of rows): one fold per row with
 * a target, in row order (scikit-learn's LeaveOneOut), never stratified nor shuffled.
 */
export function leaveOneOutFolds(s: Strata): KFolds {
  if (s.rows.length < 2) throw new InputError('bad-option', `leave-one-out needs at least 2 rows with a target; there are ${s.rows.length}`);
  return { folds: Array.from(s.rows, (r) => Int32Array.of(r)), warnings: [] };
}

/** The rows of `s` not in `fold`. */
export function complement(s: Strata, fold: Int32Array): Int32Array {
  const out = new Set(fold);
  return Int32Array.from(s.rows.filter((r) => !out.has(r)));
}
