// Columns left out of training unless kept (README "CLI", "Left-out columns"): ID-like columns,
// whose value names the row rather than describes it (a tree would memorise them), and constant
// columns, which can never split. Decided once on the whole data set a caller is given, so
// every fold, hold-out part or node of one training leaves out the same columns. ID-like is
// judged by shape, so that any part of a file (a train.csv cut from it, rows shuffled or not)
// is judged as the whole would be: a row number keeps rising with the row however many rows
// were cut out, and R and pandas write their row names under a blank header.
import type { Column, Dataset } from '../dataset';
import { columnIndex } from '../dataset';
import { InputError } from '../errors';
import type { LeftOutColumn } from '../model';

/** Below this many rows a column may be all distinct by chance: it is never called ID-like. */
export const ID_MIN_ROWS = 30;

/** The user's choice of columns (TrainParams, SplitOptions). */
export interface ColumnChoice {
  /** Columns the user left out. */
  ignore?: readonly string[];
  /** Columns used even when ID-like or constant. */
  keep?: readonly string[];
  /** Already decided (e.g. on the whole file before a fold was cut): used as is. */
  leftOut?: readonly LeftOutColumn[];
  /** The rows' weights, never a feature (so never "left out" either). */
  sampleWeightColumn?: string;
}

/** Categorical (not boolean) column with a value in every row, no two alike. */
function codedVerdict(column: Extract<Column, { codes: Int32Array }>, n: number): LeftOutColumn | null {
  const seen = new Uint8Array(column.categories.length);
  let distinct = 0;
  let missing = 0;
  for (let r = 0; r < n; r++) {
    const c = column.codes[r];
    if (c < 0) missing++;
    else if (seen[c] === 0) {
      seen[c] = 1;
      distinct++;
    }
  }
  const name = column.name;
  if (distinct === 0) return { column: name, reason: 'constant', detail: 'no row holds a value' };
  if (distinct === 1 && missing === 0) {
    return { column: name, reason: 'constant', detail: `every row holds ${JSON.stringify(column.categories[seen.indexOf(1)])}` };
  }
  if (column.type === 'categorical' && n >= ID_MIN_ROWS && missing === 0 && distinct === n) {
    return { column: name, reason: 'id-like', detail: 'every value distinct' };
  }
  return null;
}

/**
 * The values, if they are the integers min, min + step, …, min + (n − 1)·step in any order: a row
 * number or a serial ID. A measurement with all values distinct is not evenly spaced.
 */
function integerSequence(values: Float64Array, n: number): { min: number; max: number; step: number } | null {
  let min = Infinity;
  let max = -Infinity;
  for (let r = 0; r < n; r++) {
    const v = values[r];
    if (!Number.isInteger(v)) return null;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  const step = (max - min) / (n - 1);
  if (!Number.isInteger(step) || step < 1) return null;
  const seen = new Uint8Array(n);
  for (let r = 0; r < n; r++) {
    const slot = (values[r] - min) / step;
    if (!Number.isInteger(slot) || seen[slot] === 1) return null;
    seen[slot] = 1;
  }
  return { min, max, step };
}

/** Whether the present values rise strictly with the row (gaps allowed): a row number of a part of a file. */
function strictlyIncreasing(values: Float64Array, n: number): boolean {
  for (let r = 1; r < n; r++) if (!(values[r] > values[r - 1])) return false;
  return true;
}

/** Whether every value is an integer and no two are alike. */
function distinctIntegers(values: Float64Array, n: number): boolean {
  const seen = new Set<number>();
  for (let r = 0; r < n; r++) {
    const v = values[r];
    if (!Number.isInteger(v) || seen.has(v)) return false;
    seen.add(v);
  }
  return true;
}

function valuesVerdict(column: Extract<Column, { values: Float64Array }>, n: number, blankHeader: boolean): LeftOutColumn | null {
  const name = column.name;
  let first = NaN;
  let present = 0;
  let varies = false;
  let min = Infinity;
  let max = -Infinity;
  for (let r = 0; r < n; r++) {
    const v = column.values[r];
    if (Number.isNaN(v)) continue;
    if (present++ === 0) first = v;
    else if (v !== first) varies = true;
    if (v < min) min = v;
    if (v > max) max = v;
  }
  if (present === 0) return { column: name, reason: 'constant', detail: 'no row holds a value' };
  if (!varies && present === n) return { column: name, reason: 'constant', detail: `every row holds ${first}` };
  // Dates are measurements on a time axis, never row names.
  if (column.type !== 'numeric' || n < ID_MIN_ROWS || present < n) return null;
  const seq = integerSequence(column.values, n);
  if (seq !== null) {
    const detail = seq.step === 1 ? `the integers ${seq.min} to ${seq.max}, one per row` : `the integers ${seq.min} to ${seq.max} in steps of ${seq.step}, one per row`;
    return { column: name, reason: 'id-like', detail };
  }
  if (!distinctIntegers(column.values, n)) return null;
  if (blankHeader) return { column: name, reason: 'id-like', detail: `row names under a blank header, distinct integers ${min} to ${max}` };
  if (strictlyIncreasing(column.values, n)) return { column: name, reason: 'id-like', detail: `integers rising with the row, ${min} to ${max}` };
  return null;
}

/**
 * Whether `column` is left out, and why; null when it is used. `blankHeader`: the file gave the
 * column no name (R's and pandas' row names), so distinct integers in it are row numbers.
 */
export function leftOutVerdict(column: Column, rowCount: number, blankHeader = false): LeftOutColumn | null {
  return 'values' in column ? valuesVerdict(column, rowCount, blankHeader) : codedVerdict(column, rowCount);
}

/**
 * The ID-like and constant columns of `dataset` other than the target and the ignored or kept
 * ones, in column order. A kept name must be a column, and not an ignored one.
 */
export function findLeftOutColumns(dataset: Dataset, target: string, choice: ColumnChoice): LeftOutColumn[] {
  const ignore = choice.ignore ?? [];
  const keep = choice.keep ?? [];
  for (const name of keep) {
    if (columnIndex(dataset, name) < 0) throw new InputError('unknown-column', `unknown column "${name}" in --keep`);
    if (ignore.includes(name)) throw new InputError('bad-option', `column "${name}" is in both --ignore and --keep; choose one`);
  }
  const blank = new Set(dataset.renamedHeaders.filter((r) => r.reason === 'blank').map((r) => r.name));
  const out: LeftOutColumn[] = [];
  for (const column of dataset.columns) {
    if (column.name === target || column.name === choice.sampleWeightColumn || ignore.includes(column.name) || keep.includes(column.name)) continue;
    const verdict = leftOutVerdict(column, dataset.rowCount, blank.has(column.name));
    if (verdict !== null) out.push(verdict);
  }
  return out;
}

/** `choice` with its left-out columns decided on `dataset` (kept as they are when already decided). */
export function decideLeftOut<T extends ColumnChoice>(dataset: Dataset, target: string, choice: T): T & { leftOut: LeftOutColumn[] } {
  return { ...choice, leftOut: choice.leftOut === undefined ? findLeftOutColumns(dataset, target, choice) : [...choice.leftOut] };
}

/** `ID-like column "Individual ID" (every value distinct)`: the column and why (names JSON-quoted: no control characters get through). */
export function leftOutText(c: LeftOutColumn): string {
  return `${c.reason === 'id-like' ? 'ID-like' : 'constant'} column ${JSON.stringify(c.column)} (${c.detail})`;
}
