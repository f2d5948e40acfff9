// Per-row training weights (docs/formulas.md "Sample and class weights"), as scikit-learn's fit:
// the caller's sample_weight (or a numeric column of the data) times the class_weight of each
// row's class — 'balanced' = n / (k · n_c) over the training rows, or one weight per class label.
// No weights asked for: null, and the learners take their unweighted code paths.
import { type Dataset, columnIndex, isNumeric } from '../dataset';
import { InputError } from '../errors';
import type { TrainParams } from '../model';
import type { TrainingSet } from './training-set';

type WeightSource = Pick<TrainParams, 'classWeight' | 'sampleWeightColumn'>;

/** Whether the parameters or the caller ask for weights at all. */
export function usesWeights(params: WeightSource, sampleWeight?: Float64Array): boolean {
  return sampleWeight !== undefined || params.sampleWeightColumn !== undefined || params.classWeight !== undefined;
}

/** One weight per dataset row: the caller's array or the weight column, checked (finite, ≥ 0). */
function rowWeights(dataset: Dataset, params: WeightSource, sampleWeight: Float64Array | undefined): { values: Float64Array | null; what: string } {
  if (sampleWeight !== undefined) {
    if (sampleWeight.length !== dataset.rowCount) throw new InputError('bad-option', `sample weights: ${sampleWeight.length} given for ${dataset.rowCount} rows`);
    return { values: sampleWeight, what: 'sample weight' };
  }
  const name = params.sampleWeightColumn;
  if (name === undefined) return { values: null, what: '' };
  const column = dataset.columns[columnIndex(dataset, name)];
  if (!isNumeric(column) || column.type !== 'numeric') throw new InputError('bad-option', `sample weight column "${name}" must be numeric, it is ${column.type}`);
  return { values: column.values, what: `weight column "${name}"` };
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

/** The column choice for the training set: a weight column (which must exist) is no feature. */
export function weightColumnChoice<T extends { ignore?: string[] } & WeightSource>(dataset: Dataset, params: T): T {
  const name = params.sampleWeightColumn;
  if (name === undefined) return params;
  if (columnIndex(dataset, name) < 0) throw new InputError('unknown-column', `unknown sample weight column "${name}"`);
  return { ...params, ignore: [...(params.ignore ?? []), name] };
}

/** `set` with its samples' weights (aligned with `set.rows`); unchanged when training is unweighted. */
export function withWeights(dataset: Dataset, set: TrainingSet, params: WeightSource, sampleWeight?: Float64Array): TrainingSet {
  if (!usesWeights(params, sampleWeight)) return set;
  const { values, what } = rowWeights(dataset, params, sampleWeight);
  const perClass = classMultipliers(set, params.classWeight);
  const weight = new Float64Array(set.n);
  for (let i = 0; i < set.n; i++) {
    const r = set.rows[i];
    let w = 1;
    if (values !== null) {
      w = values[r];
      if (Number.isNaN(w)) throw new InputError('bad-value', `${what} is missing on data row ${r + 1}`);
      if (!(w >= 0) || !Number.isFinite(w)) throw new InputError('bad-value', `${what} must be a finite number ≥ 0, got ${w} on data row ${r + 1}`);
    }
    weight[i] = perClass === null ? w : w * perClass[set.yClass[i]];
  }
  let total = 0;
  for (let i = 0; i < set.n; i++) total += weight[i];
  if (!(total > 0)) throw new InputError('bad-value', "the training rows' weights sum to 0; nothing to learn");
  return withoutZeroWeights({ ...set, weight, weightedN: total }, weight);
}

/**
 * The set without its samples of weight 0: scikit-learn's splitter leaves them out of the tree
 * (node sample counts, thresholds), so a bootstrap's unsampled rows are simply absent. The classes
 * stay those of every training row.
 */
function withoutZeroWeights(set: TrainingSet, weight: Float64Array): TrainingSet {
  const keep: number[] = [];
  for (let i = 0; i < set.n; i++) if (weight[i] > 0) keep.push(i);
  if (keep.length === set.n) return set;
  const pick = (a: Float64Array): Float64Array => (a.length === 0 ? a : Float64Array.from(keep, (i) => a[i]));
  const pickInt = (a: Int32Array): Int32Array => (a.length === 0 ? a : Int32Array.from(keep, (i) => a[i]));
  return {
    ...set,
    n: keep.length,
    rows: pickInt(set.rows),
    yClass: pickInt(set.yClass),
    yValue: pick(set.yValue),
    weight: pick(weight),
    features: set.features.map((f) => ({ ...f, x: pick(f.x) })),
  };
}
