// The columnar dataset every layer shares: the CSV reader produces it, the tree engine, the
// profiles and the hover read it. Plain typed arrays so that it crosses a worker boundary cheaply.

export type ColumnType = 'numeric' | 'boolean' | 'categorical';

/** Numeric column: one float per row, NaN where the value is missing. */
export interface NumericColumn {
  readonly name: string;
  readonly type: 'numeric';
  readonly values: Float64Array;
}

/**
 * Categorical or boolean column: one code per row into `categories`, −1 where missing.
 * Boolean columns have exactly two categories, the false-like spelling first (code 0) and the
 * true-like one second (code 1), each as written in the file (e.g. ["no", "yes"]).
 * Categorical dictionaries keep the order of first appearance in the file.
 */
export interface CategoricalColumn {
  readonly name: string;
  readonly type: 'categorical' | 'boolean';
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

export interface Dataset {
  readonly columns: readonly Column[];
  readonly rowCount: number;
  /** Delimiter the file was read with (sniffed or given). */
  readonly delimiter: string;
  readonly renamedHeaders: readonly RenamedHeader[];
}

export function isNumeric(column: Column): column is NumericColumn {
  return column.type === 'numeric';
}

export function columnIndex(dataset: Dataset, name: string): number {
  return dataset.columns.findIndex((c) => c.name === name);
}

/** True when row `row` of `column` holds no value. */
export function isMissing(column: Column, row: number): boolean {
  return column.type === 'numeric' ? Number.isNaN(column.values[row]) : column.codes[row] < 0;
}
