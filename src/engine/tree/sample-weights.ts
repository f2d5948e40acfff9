// Per-row training weights (docs/formulas.md "Sample and class weights"), as scikit-learn's fit:
// the caller's sample_weight (or a numeric column of the data) times the class_weight of each
// row's class — 'balanced' = n / (k · n_c) over the training rows, or one weight per class label.
// No weights asked for: null, and the learners take their unweighted code paths.
import { type Column, type Dataset, columnIndex, isNumeric } from '../dataset';
import { InputError } from '../errors';
import type { TrainParams } from '../model';
import type { Scratch } from './scratch';
import type { FeatureColumn, TrainingSet } from './training-set';

type WeightSource = Pick<TrainParams, 'classWeight' | 'sampleWeightColumn'>;

/** A caller's weight per dataset row: any numbers, or counts (a forest member's bootstrap, without a copy to doubles). */
export type RowWeights = Float64Array | Uint16Array | Int32Array;

/** Whether the parameters or the caller ask for weights at all. */
export function usesWeights(params: WeightSource, sampleWeight?: RowWeights): boolean {
  return sampleWeight !== undefined || params.sampleWeightColumn !== undefined || params.classWeight !== undefined;
}

/** A weight a row cannot have, and where: `row` is the dataset row (0-based). */
export interface WeightProblem {
  row: number;
  problem: string;
}

/** The first of `rows` whose weight in `values` is missing, negative or infinite (`text`: the column's cell text), or null. */
function firstBadValue(values: ArrayLike<number>, rows: ArrayLike<number>, text?: (row: number) => string): WeightProblem | null {
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const w = values[r];
    if (Number.isNaN(w)) return { row: r, problem: text === undefined || text(r).trim() === '' ? 'is missing' : `is not a number ("${text(r)}")` };
    if (!(w >= 0 && w < Infinity)) return { row: r, problem: `must be a finite number ≥ 0, got ${w}` };
  }
  return null;
}

/** The weight column's values per dataset row; a column read as categories (text, or 0/1 read as boolean) as numbers, NaN where not one. */
function columnValues(column: Column): Float64Array {
  if (isNumeric(column)) return column.values;
  const { codes, categories } = column;
  return Float64Array.from(codes, (c) => (c < 0 || categories[c].trim() === '' ? NaN : Number(categories[c])));
}

/**
 * The first of `rows` (dataset rows) whose value in the weight column `name` cannot be a weight,
 * or null: shared by training and the CLI, which turns the row into a line of the file.
 */
export function findBadWeight(dataset: Dataset, name: string, rows: ArrayLike<number>): WeightProblem | null {
  const column = dataset.columns[columnIndex(dataset, name)];
  if (column.type === 'date') return { row: rows.length > 0 ? rows[0] : 0, problem: 'must be numeric, it holds dates' };
  const text = isNumeric(column) ? undefined : (r: number) => (column.codes[r] < 0 ? '' : column.categories[column.codes[r]]);
  return firstBadValue(columnValues(column), rows, text);
}

/** One weight per dataset row: the caller's array or the weight column, checked on the training rows (finite, ≥ 0). */
function rowWeights(dataset: Dataset, set: TrainingSet, params: WeightSource, sampleWeight: RowWeights | undefined): RowWeights | null {
  if (sampleWeight !== undefined) {
    if (sampleWeight.length !== dataset.rowCount) throw new InputError('bad-option', `sample weights: ${sampleWeight.length} given for ${dataset.rowCount} rows`);
    const bad = firstBadValue(sampleWeight, set.rows);
    if (bad !== null) throw new InputError('bad-value', `the sample weight of data row ${bad.row + 1} ${bad.problem}`);
    return sampleWeight;
  }
  const name = params.sampleWeightColumn;
  if (name === undefined) return null;
  const bad = findBadWeight(dataset, name, set.rows);
  if (bad !== null) throw new InputError('bad-value', `weight column "${name}" ${bad.problem} on data row ${bad.row + 1}`);
  return columnValues(dataset.columns[columnIndex(dataset, name)]);
}

/** Per-class multipliers in the order of `set.classes`, or null when none are asked for. */
function classMultipliers(set: TrainingSet, classWeight: TrainParams['classWeight']): Float64Array | null {
  if (classWeight === undefined) return null;
  if (set.task !== 'classification') throw new InputError('bad-option', 'class weights apply to classification only');
  const k = set.classes.length;
  const out = new Float64Array(k);
  if (classWeight === 'balanced') {
    const counts = new Float64Array(k);
    for (let i = 0; i < set.n; i++) counts[set.yClass[i]]++;
    for (let c = 0; c < k; c++) out[c] = set.n / (k * counts[c]);
    return out;
  }
  if (typeof classWeight !== 'object' || classWeight === null) throw new InputError('bad-option', `class weights must be "balanced" or a weight per class, got ${String(classWeight)}`);
  out.fill(1);
  const index = new Map(set.classes.map((label, c) => [label, c]));
  for (const [label, w] of Object.entries(classWeight)) {
    const c = index.get(label);
    if (c === undefined) throw new InputError('bad-option', `class weight for unknown class "${label}" (classes: ${set.classes.join(', ')})`);
    if (typeof w !== 'number' || !Number.isFinite(w) || w < 0) throw new InputError('bad-option', `class weight of "${label}" must be a number ≥ 0, got ${String(w)}`);
    out[c] = w;
  }
  return out;
}

/** `set` with its samples' weights (aligned with `set.rows`); unchanged when training is unweighted. */
/** `scratch`: where the weights and the sample's columns (rows of weight 0 left out) go, for a forest member; absent: new arrays. */
export function withWeights(dataset: Dataset, set: TrainingSet, params: WeightSource, sampleWeight?: RowWeights, scratch: Scratch | null = null): TrainingSet {
  if (!usesWeights(params, sampleWeight)) return set;
  const values = rowWeights(dataset, set, params, sampleWeight);
  const perClass = classMultipliers(set, params.classWeight);
  const weightOf = (i: number): number => {
    const w = values === null ? 1 : values[set.rows[i]];
    return perClass === null ? w : w * perClass[set.yClass[i]];
  };
  let total = 0;
  let kept = 0;
  for (let i = 0; i < set.n; i++) {
    const w = weightOf(i);
    total += w;
    if (w > 0) kept++;
  }
  if (!(total > 0)) throw new InputError('bad-value', "the training rows' weights sum to 0; nothing to learn");
  if (kept < set.n) return withoutZeroWeights(set, weightOf, kept, total, scratch);
  const weight = scratch?.doubles('weight', set.n) ?? new Float64Array(set.n);
  for (let i = 0; i < set.n; i++) weight[i] = weightOf(i);
  return { ...set, weight, weightedN: total };
}

/**
 * `column` with its values taken by `values()` when first read: a histogram forest's splitter reads
 * only the bins it shares (tree/hist/shared-bins.ts) and the exact one reads a split's values
 * through `sampledFrom` (cart-splitter.ts valueOf), so their members never copy their columns
 * (~100 MB a tree at 1M rows × 20 features).
 */
function sampleColumn(column: FeatureColumn, values: () => Float64Array): FeatureColumn {
  let x: Float64Array | null = null;
  return {
    name: column.name,
    type: column.type,
    categories: column.categories,
    get x() {
      x ??= values();
      return x;
    },
  };
}

/**
 * The set without its samples of weight 0 (`kept` have more, `total` in all): scikit-learn's
 * splitter leaves them out of the tree (node sample counts, thresholds), so a bootstrap's
 * unsampled rows are simply absent. The classes stay those of every training row. The weights
 * are written for the kept samples only (not for every row first: 8 MB a tree at 1M rows).
 */
function withoutZeroWeights(set: TrainingSet, weightOf: (i: number) => number, kept: number, total: number, scratch: Scratch | null): TrainingSet {
  const keep = scratch?.ints('keep', kept) ?? new Int32Array(kept);
  const weight = scratch?.doubles('weight', kept) ?? new Float64Array(kept);
  for (let i = 0, q = 0; i < set.n; i++) {
    const w = weightOf(i);
    if (w > 0) {
      keep[q] = i;
      weight[q++] = w;
    }
  }
  // Plain loops: typed-array from() with a map function is several times slower, once per forest tree.
  function pick<A extends Float64Array | Int32Array>(a: A, name: string): A {
    if (a.length === 0) return a;
    const out = (scratch === null ? new (a.constructor as new (n: number) => A)(kept) : a instanceof Float64Array ? scratch.doubles(name, kept) : scratch.ints(name, kept)) as A;
    for (let q = 0; q < kept; q++) out[q] = a[keep[q]];
    return out;
  }
  return {
    ...set,
    n: kept,
    rows: pick(set.rows, 'rows'),
    yClass: pick(set.yClass, 'yClass'),
    yValue: pick(set.yValue, 'yValue'),
    weight,
    weightedN: total,
    features: set.features.map((f, j) => sampleColumn(f, () => pick(f.x, `x${j}`))),
    sampledFrom: { features: set.features, keep },
  };
}
