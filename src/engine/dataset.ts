// The columnar dataset every layer shares: the CSV reader produces it, the tree engine, the
// profiles and the hover read it. Plain typed arrays so that it crosses a worker boundary cheaply.

export type ColumnType = 'numeric' | 'boolean' | 'categorical' | 'date' | 'ordinal';

/** Every type, as the `types` option and `--types` spell them. */
export const COLUMN_TYPES: readonly ColumnType[] = ['numeric', 'categorical', 'boolean', 'date', 'ordinal'];

/**
 * Numeric or date column: one float per row, NaN where the value is missing. A date is in
 * milliseconds since 1970-01-01T00:00Z (src/engine/dates.ts); it splits like a number.
 */
export interface NumericColumn {
  readonly name: string;
  readonly type: 'numeric' | 'date';
  readonly values: Float64Array;
}

/**
 * Categorical or boolean column: one code per row into `categories`, −1 where missing.
 * Boolean columns have exactly two categories, the false-like spelling first (code 0) and the
 * true-like one second (code 1), each as written in the file (e.g. ["no", "yes"]).
 * Categorical dictionaries keep the order of first appearance in the file. Ordinal columns (only
 * by a type override) have their categories in order — numeric order when all look numeric, else
 * code-point order — and split like a number on the code.
 */
export interface CategoricalColumn {
  readonly name: string;
  readonly type: 'categorical' | 'boolean' | 'ordinal';
  readonly codes: Int32Array;
  readonly categories: readonly string[];
}

export type Column = NumericColumn | CategoricalColumn;

/** A header name that the reader had to change (blank or duplicate), for reporting. */
export interface RenamedHeader {
  readonly index: number;
  readonly original: string;
  readonly name: string;
  readonly reason: 'blank' | 'duplicate';
}

/** A file's decimal mark (README "Numbers in other forms"). */
export type DecimalMark = '.' | ',';

/** What the reader says about how it read a column (numbers in another form, strays read as missing…). */
export interface ColumnNote {
  readonly column: string;
  readonly text: string;
  /** A warning: the column is read as asked, but likely not as meant (an ordinal without an order). */
  readonly warning?: boolean;
}

export interface Dataset {
  readonly columns: readonly Column[];
  readonly rowCount: number;
  /** Delimiter the file was read with (sniffed or given); '' for a table that was no CSV (Parquet). */
  readonly delimiter: string;
  readonly renamedHeaders: readonly RenamedHeader[];
  /** The reader's notes, one per column it has something to say about (absent: none). */
  readonly notes?: readonly ColumnNote[];
  /** The decimal mark the numbers were read with, when not `.` (a `;` file's or --decimal's comma). */
  readonly decimal?: DecimalMark;
}

/** Numeric and date columns: values in a Float64Array. */
export function isNumeric(column: Column): column is NumericColumn {
  return isNumericType(column.type);
}

/** A column's stored cells: its values (numeric, date) or its category codes. */
export function columnCells(column: Column): Float64Array | Int32Array {
  return isNumeric(column) ? column.values : column.codes;
}

/** Types stored as a Float64Array of values (NumericColumn). */
export function isNumericType(type: ColumnType): boolean {
  return type === 'numeric' || type === 'date';
}

/** Types that split on a threshold (`x ≤ t`): numbers, dates, and ordinal codes. */
export function isOrderedType(type: ColumnType): boolean {
  return type === 'numeric' || type === 'date' || type === 'ordinal';
}

export function columnIndex(dataset: Dataset, name: string): number {
  return dataset.columns.findIndex((c) => c.name === name);
}

/** True when row `row` of `column` holds no value. */
export function isMissing(column: Column, row: number): boolean {
  return isNumeric(column) ? Number.isNaN(column.values[row]) : column.codes[row] < 0;
}
