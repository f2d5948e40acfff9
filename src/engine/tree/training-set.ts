// Turns a Dataset and the training parameters into what every learner reads: the target encoded
// (class codes or floats), the rows kept (missing targets dropped and counted) and the feature
// columns as one Float64Array each (numeric value, or category code; NaN where missing).
import { type Column, type ColumnType, type Dataset, type DecimalMark, columnIndex, isNumeric, isNumericType } from '../dataset';
import { InputError } from '../errors';
import { valueLabel } from '../dates';
import { sortClassLabels } from '../label-order';
import type { ModelFeature, Task } from '../model';
import type { LeftOutColumn } from '../model';
import { findLeftOutColumns, leftOutText, type ColumnChoice } from './left-out';

/** A numeric target with more distinct values than this is auto-detected as regression. */
export const REGRESSION_MIN_DISTINCT = 20;
/** More classes than this is almost surely a regression target or an identifier column. */
export const MAX_CLASSES = 1000;

export interface FeatureColumn {
  readonly name: string;
  readonly type: ColumnType;
  /** Category names (categorical/boolean); codes index into it. Empty for numeric. */
  readonly categories: readonly string[];
  /** One entry per training sample: the value, or the category code; NaN where missing. */
  readonly x: Float64Array;
}

export interface TrainingSet {
  readonly task: Task;
  readonly target: string;
  /** Classification: the class labels, sorted (numerically when they all look numeric). */
  readonly classes: readonly string[];
  /** Training sample count (rows with a target). */
  readonly n: number;
  /** Training sample → dataset row. */
  readonly rows: Int32Array;
  /** Classification: class code per sample. */
  readonly yClass: Int32Array;
  /** Regression: target value per sample. */
  readonly yValue: Float64Array;
  readonly features: readonly FeatureColumn[];
  readonly droppedMissingTarget: number;
  /** ID-like and constant columns not among `features` (left-out.ts). */
  readonly leftOut: readonly LeftOutColumn[];
  /** Per-sample weight (sample-weights.ts), or null: every sample weighs 1 (the unweighted code paths). */
  readonly weight: Float64Array | null;
  /** Total weight of the training samples (`n` without weights). */
  readonly weightedN: number;
  /**
   * Set when the samples are `keep` (ascending) of a larger set's, whose features are `features`
   * (samples of weight 0 left out): lets orders sorted once for that set serve this one (presort.ts).
   */
  readonly sampledFrom?: { readonly features: readonly FeatureColumn[]; readonly keep: Int32Array };
  /** Features whose header the reader renamed (blank or duplicate): name → the header as written. */
  readonly headers?: ReadonlyMap<string, string>;
  /** The file's decimal mark when not `.` (Dataset.decimal). */
  readonly decimal?: DecimalMark;
}

/** The model's description of a set's features: types, categories, a renamed header as written, a decimal comma. */
export function modelFeatures(set: Pick<TrainingSet, 'features' | 'headers' | 'decimal'>): ModelFeature[] {
  return set.features.map((f) => {
    const feature: ModelFeature = isNumericType(f.type) ? { name: f.name, type: f.type } : { name: f.name, type: f.type, categories: [...f.categories] };
    if (f.type === 'numeric' && set.decimal === ',') feature.decimal = ',';
    const header = set.headers?.get(f.name);
    return header === undefined ? feature : { ...feature, header };
  });
}


/** Regression when the target is numeric with more than REGRESSION_MIN_DISTINCT distinct values. */
export function detectTask(column: Column, rows: Int32Array): Task {
  if (!isNumeric(column)) return 'classification';
  const seen = new Set<number>();
  for (let i = 0; i < rows.length; i++) {
    seen.add(column.values[rows[i]]);
    if (seen.size > REGRESSION_MIN_DISTINCT) return 'regression';
  }
  return 'classification';
}

function rowsWithTarget(column: Column, rowCount: number): Int32Array {
  const keep = new Int32Array(rowCount);
  let n = 0;
  for (let r = 0; r < rowCount; r++) {
    const missing = isNumeric(column) ? Number.isNaN(column.values[r]) : column.codes[r] < 0;
    if (!missing) keep[n++] = r;
  }
  return keep.subarray(0, n);
}

function encodeClasses(column: Column, rows: Int32Array): { classes: string[]; y: Int32Array } {
  const y = new Int32Array(rows.length);
  if (isNumeric(column)) {
    const labelOf = new Map<number, string>();
    for (let i = 0; i < rows.length; i++) {
      const v = column.values[rows[i]];
      if (!labelOf.has(v)) labelOf.set(v, valueLabel(column.type, v));
      if (labelOf.size > MAX_CLASSES) break;
    }
    checkClassCount(labelOf.size, column.name);
    const classes = [...labelOf.keys()].sort((a, b) => a - b);
    const code = new Map(classes.map((v, i) => [v, i]));
    for (let i = 0; i < rows.length; i++) y[i] = code.get(column.values[rows[i]]) ?? -1;
    return { classes: classes.map((v) => labelOf.get(v) ?? String(v)), y };
  }
  const present = new Uint8Array(column.categories.length);
  for (let i = 0; i < rows.length; i++) present[column.codes[rows[i]]] = 1;
  const labels = column.categories.filter((_, c) => present[c] === 1);
  checkClassCount(labels.length, column.name);
  const classes = sortClassLabels(labels);
  const byName = new Map(classes.map((l, i) => [l, i]));
  const codeToClass = Int32Array.from(column.categories, (l) => byName.get(l) ?? -1);
  for (let i = 0; i < rows.length; i++) y[i] = codeToClass[column.codes[rows[i]]];
  return { classes, y };
}

function checkClassCount(count: number, target: string): void {
  if (count > MAX_CLASSES) {
    throw new InputError('bad-target', `target "${target}" has more than ${MAX_CLASSES} classes; for a numeric quantity use --task regression`);
  }
  if (count < 2) throw new InputError('bad-target', `target "${target}" has a single class; there is nothing to learn`);
}

function featureValues(column: Column, rows: Int32Array, allRows: boolean): Float64Array {
  // A numeric column that keeps every row is used as is (read-only): no copy of a large file.
  if (isNumeric(column) && allRows) return column.values;
  const x = new Float64Array(rows.length);
  if (isNumeric(column)) {
    for (let i = 0; i < rows.length; i++) x[i] = column.values[rows[i]];
  } else {
    for (let i = 0; i < rows.length; i++) {
      const c = column.codes[rows[i]];
      x[i] = c < 0 ? NaN : c;
    }
  }
  return x;
}

/** True when the feature has at least two distinct non-missing values, or values and gaps. */
function varies(x: Float64Array): boolean {
  let first = NaN;
  let sawMissing = false;
  let sawValue = false;
  for (let i = 0; i < x.length; i++) {
    const v = x[i];
    if (Number.isNaN(v)) sawMissing = true;
    else if (!sawValue) {
      first = v;
      sawValue = true;
    } else if (v !== first) return true;
    if (sawMissing && sawValue) return true;
  }
  return false;
}

export function buildTrainingSet(dataset: Dataset, target: string, task: 'auto' | Task = 'auto', choice: ColumnChoice = {}): TrainingSet {
  const ignore = choice.ignore ?? [];
  const t = columnIndex(dataset, target);
  if (t < 0) {
    const names = dataset.columns.map((c) => c.name).join(', ');
    throw new InputError('unknown-column', `unknown target column "${target}" (columns: ${names})`);
  }
  for (const name of ignore) {
    if (columnIndex(dataset, name) < 0) throw new InputError('unknown-column', `unknown column "${name}" in --ignore`);
  }
  const weightColumn = choice.sampleWeightColumn;
  if (weightColumn !== undefined && columnIndex(dataset, weightColumn) < 0) throw new InputError('unknown-column', `unknown sample weight column "${weightColumn}"`);
  if (weightColumn === target) throw new InputError('bad-option', `the target "${target}" cannot also be the sample weight column`);
  const targetColumn = dataset.columns[t];
  const rows = rowsWithTarget(targetColumn, dataset.rowCount);
  if (dataset.rowCount === 0) throw new InputError('bad-target', 'the data has no rows to train on');
  if (rows.length === 0) throw new InputError('bad-target', `target "${target}" is missing on every row; no training data left`);
  const resolvedTask = task === 'auto' ? detectTask(targetColumn, rows) : task;
  let classes: string[] = [];
  let yClass: Int32Array = new Int32Array(0);
  let yValue: Float64Array = new Float64Array(0);
  if (resolvedTask === 'classification') {
    ({ classes, y: yClass } = encodeClasses(targetColumn, rows));
  } else {
    if (!isNumeric(targetColumn)) {
      throw new InputError('bad-target', `regression needs a numeric target, but "${target}" holds text (e.g. "${targetColumn.categories[0] ?? ''}")`);
    }
    yValue = new Float64Array(rows.length);
    for (let i = 0; i < rows.length; i++) yValue[i] = targetColumn.values[rows[i]];
  }
  const leftOut = choice.leftOut ?? findLeftOutColumns(dataset, target, choice);
  const leftOutNames = new Set(leftOut.map((c) => c.column));
  const allRows = rows.length === dataset.rowCount;
  const features: FeatureColumn[] = [];
  dataset.columns.forEach((column, i) => {
    if (i === t || column.name === weightColumn || ignore.includes(column.name) || leftOutNames.has(column.name)) return;
    features.push({
      name: column.name,
      type: column.type,
      categories: isNumeric(column) ? [] : column.categories,
      x: featureValues(column, rows, allRows),
    });
  });
  if (features.length === 0 && leftOut.length > 0) {
    throw new InputError('bad-feature', `every feature column is left out as ID-like, constant or missing: ${leftOut.map(leftOutText).join(', ')}; --keep COL uses one`);
  }
  if (features.length === 0) throw new InputError('bad-feature', 'no feature columns left besides the target');
  if (!features.some((f) => varies(f.x))) {
    throw new InputError('bad-feature', 'every feature column is constant or missing on the training rows; no split is possible');
  }
  return {
    task: resolvedTask,
    target,
    classes,
    n: rows.length,
    rows,
    yClass,
    yValue,
    features,
    droppedMissingTarget: dataset.rowCount - rows.length,
    leftOut,
    weight: null,
    weightedN: rows.length,
    ...renamedHeaders(dataset, features),
    ...(dataset.decimal === ',' ? { decimal: dataset.decimal } : {}),
  };
}

function renamedHeaders(dataset: Dataset, features: readonly FeatureColumn[]): { headers?: ReadonlyMap<string, string> } {
  const names = new Set(features.map((f) => f.name));
  const renamed = dataset.renamedHeaders.filter((r) => names.has(r.name));
  return renamed.length === 0 ? {} : { headers: new Map(renamed.map((r) => [r.name, r.original])) };
}
