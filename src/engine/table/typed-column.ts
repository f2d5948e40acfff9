// One column of a table whose values arrive already typed (a Parquet file's numbers, text,
// booleans, dates: README "Parquet input"), range of rows by range of rows, into the engine's
// Column. The file's own type decides: numbers → numeric, text → categorical (categories in order
// of first appearance, as the CSV reader keeps them, so a tree from the same table is the same
// tree), booleans → boolean, dates and timestamps → date; null (and the empty string, as in a
// CSV) → missing. A type override (`--types`, a model's feature types) that asks for another type
// sends the values through the CSV reader's ColumnBuilder as their spellings, so an override means
// exactly what it means for a CSV: one set of rules, not a second copy of them.
import type { Column, ColumnType } from '../dataset';
import { formatDate } from '../dates';
import { ColumnBuilder, type ColumnReading } from '../csv/column-builder';
import { FieldProblem } from '../csv/field-problem';
import { MissingTokens } from '../csv/missing-tokens';

/** What a typed source's column holds, as the engine reads it. */
export type ValueKind = 'numeric' | 'text' | 'boolean' | 'date';

/** The type a column of this kind has when nothing overrides it. */
export function kindType(kind: ValueKind): ColumnType {
  return kind === 'text' ? 'categorical' : kind;
}

/** Only null and the empty field are missing in a typed source: its text is not read for NA tokens. */
const NO_TOKENS = new MissingTokens([]);
const encoder = new TextEncoder();
const EMPTY = new Uint8Array(0);

export interface TypedColumnOptions {
  /** A type override, when one names this column. */
  readonly forced?: ColumnType;
  readonly reading?: ColumnReading;
  /** Values and codes on SharedArrayBuffers (CsvOptions.sharedMemory). */
  readonly sharedMemory?: boolean;
}

export class TypedColumnBuilder {
  private readonly values: Float64Array | null = null;
  private readonly codes: Int32Array | null = null;
  private readonly categories = new Map<string, number>();
  /** The CSV reader's builder, when an override asks for a type the values do not have. */
  private readonly spelled: ColumnBuilder | null = null;

  constructor(
    readonly name: string,
    readonly kind: ValueKind,
    /** The table's row count, known before the values come (a Parquet footer says it). */
    private readonly rows: number,
    options: TypedColumnOptions = {},
  ) {
    const shared = options.sharedMemory === true;
    const forced = options.forced;
    if (forced !== undefined && (forced !== kindType(kind) || options.reading?.order !== undefined || options.reading?.coerce === true)) {
      this.spelled = new ColumnBuilder(name, forced, NO_TOKENS, rows, shared, options.reading);
    } else if (kind === 'numeric' || kind === 'date') {
      this.values = new Float64Array(shared ? new SharedArrayBuffer(8 * rows) : new ArrayBuffer(8 * rows));
    } else {
      this.codes = new Int32Array(shared ? new SharedArrayBuffer(4 * rows) : new ArrayBuffer(4 * rows));
    }
  }

  /**
   * Rows `start` onwards: numbers (or bigints), strings, booleans or Dates as the kind says; null
   * or undefined where missing. A value of another JavaScript type is a FieldProblem (the caller
   * names the column).
   */
  add(start: number, data: ArrayLike<unknown>): void {
    if (start + data.length > this.rows) throw new RangeError(`rows ${start}–${start + data.length} past the table's ${this.rows}`);
    if (this.spelled !== null) this.addSpelled(start, data);
    else if (this.values !== null) this.addNumbers(this.values, start, data);
    else this.addCodes(this.codes as Int32Array, start, data);
  }

  /** The finished column; a note on how an override read it, if any, in `note`. */
  finish(): { column: Column; note: string | null; warning: boolean } {
    if (this.spelled !== null) {
      const column = this.spelled.finish(this.rows);
      return { column, note: this.spelled.note, warning: this.spelled.warning };
    }
    if (this.values !== null) return { column: { name: this.name, type: this.kind === 'date' ? 'date' : 'numeric', values: this.values }, note: null, warning: false };
    const codes = this.codes as Int32Array;
    if (this.kind === 'boolean') return { column: { name: this.name, type: 'boolean', codes, categories: ['false', 'true'] }, note: null, warning: false };
    return { column: { name: this.name, type: 'categorical', codes, categories: [...this.categories.keys()] }, note: null, warning: false };
  }

  private addNumbers(values: Float64Array, start: number, data: ArrayLike<unknown>): void {
    const date = this.kind === 'date';
    for (let i = 0; i < data.length; i++) {
      const v = data[i];
      if (v === null || v === undefined) values[start + i] = NaN;
      else if (typeof v === 'number') values[start + i] = v;
      else if (typeof v === 'bigint') values[start + i] = Number(v);
      else if (date && v instanceof Date) values[start + i] = v.getTime();
      else throw unexpected(v, this.kind);
    }
  }

  private addCodes(codes: Int32Array, start: number, data: ArrayLike<unknown>): void {
    const boolean = this.kind === 'boolean';
    for (let i = 0; i < data.length; i++) {
      const v = data[i];
      if (v === null || v === undefined || v === '') codes[start + i] = -1;
      else if (boolean && typeof v === 'boolean') codes[start + i] = v ? 1 : 0;
      else if (!boolean && typeof v === 'string') codes[start + i] = this.codeOf(v);
      else throw unexpected(v, this.kind);
    }
  }

  private codeOf(text: string): number {
    let code = this.categories.get(text);
    if (code === undefined) this.categories.set(text, (code = this.categories.size));
    return code;
  }

  private addSpelled(start: number, data: ArrayLike<unknown>): void {
    const builder = this.spelled as ColumnBuilder;
    for (let i = 0; i < data.length; i++) {
      const bytes = spelling(data[i]);
      builder.add(start + i, bytes, 0, bytes.length);
    }
  }
}

/** A typed value as a CSV would spell it: dates in ISO 8601 (formatDate), missing as the empty field. */
function spelling(v: unknown): Uint8Array {
  if (v === null || v === undefined) return EMPTY;
  if (v instanceof Date) return encoder.encode(formatDate(v.getTime()));
  if (typeof v === 'number' && Number.isNaN(v)) return EMPTY;
  return encoder.encode(String(v));
}

function unexpected(v: unknown, kind: ValueKind): FieldProblem {
  return new FieldProblem('bad-value', `a ${v instanceof Date ? 'date' : typeof v} value in a ${kind} column`);
}
