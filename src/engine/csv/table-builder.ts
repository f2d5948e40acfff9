// Receives fields row by row from the tokenizer: the first row is the header, every later row
// must have exactly as many fields (nothing is padded or dropped), each field goes to its column.
import type { ColumnNote, ColumnType, Dataset } from '../dataset';
import { InputError } from '../errors';
import { ColumnBuilder, SPELLING_CHECK_ROWS, type ColumnReading } from './column-builder';
import { FieldProblem } from './field-problem';
import { parsedNumber } from './number-bytes';
import { uniqueHeaderNames } from './header-names';
import type { MissingTokens } from './missing-tokens';
import { ANY_FIELD, NUMBER_FIELD, TEXT_FIELD, type CsvTokenizer, type FieldSink, type TypedFieldSink } from './tokenizer';
import { decodeUtf8 } from './utf8';

/** Widest header accepted: bounds the per-column bookkeeping a hostile header line could demand. */
export const MAX_COLUMNS = 100_000;

export class TableBuilder implements FieldSink, TypedFieldSink {
  /** Set once the tokenizer exists: it names lines in errors, and takes each column's field kind for its typed fast path (expectFields). */
  tokenizer: CsvTokenizer | null = null;
  private header: string[] | null = [];
  private columns: ColumnBuilder[] = [];
  private renamed: Dataset['renamedHeaders'] = [];
  private headerLine: number | undefined;
  private fieldIndex = 0;
  private rows = 0;
  /** The kind of field column k expects, for the tokenizer's typed fast path (expectFields). */
  private fieldKinds: Uint8Array = new Uint8Array(0);
  /** numberTargets[k]: column k's numberTarget (null while a missing token reads as a number), refreshed after every other call on that column. */
  readonly numberTargets: Array<Float64Array | null> = [];
  /** plainTargets[k], commonScales[k] and plainScales[k]: column k's plainTarget, commonScale and plainScales, kept like numberTargets. */
  readonly plainTargets: Array<Float64Array | null> = [];
  readonly commonScales: number[] = [];
  readonly plainScales: Array<Uint8Array | null> = [];

  constructor(
    private readonly delimiter: string,
    private readonly missing: MissingTokens,
    private readonly types: Readonly<Record<string, ColumnType>>,
    /** Types of the columns of these names the file has (CsvOptions.presentTypes). */
    private readonly presentTypes: Readonly<Record<string, ColumnType>>,
    /** Each column's reading (decimal mark, coercion, ordinal order), by name. */
    private readonly reading: (name: string) => ColumnReading,
    /** Rows to size each column for, given the column count (an estimate). */
    private readonly expectedRows: (columns: number) => number,
    /** Column arrays on SharedArrayBuffers (CsvOptions.sharedMemory). */
    private readonly sharedMemory = false,
  ) {}

  field(buf: Uint8Array, start: number, end: number): void {
    const k = this.fieldIndex++;
    if (this.header !== null) {
      this.headerField(this.header, k, buf.subarray(start, end));
      return;
    }
    const column = this.columns[k];
    if (column === undefined) return; // too many fields: counted, reported at the end of the row
    try {
      column.add(this.rows, buf, start, end);
    } catch (err) {
      throw this.located(err, k);
    }
    this.refreshTargets(k, column);
    if (this.fieldKinds[k] === NUMBER_FIELD && !column.takesNumbers) this.fieldKinds[k] = TEXT_FIELD;
  }

  number(buf: Uint8Array, start: number, end: number): void {
    const k = this.fieldIndex++;
    const target = this.numberTargets[k];
    const row = this.rows;
    if (target !== null && row < target.length) {
      target[row] = parsedNumber[0];
      return;
    }
    const column = this.columns[k];
    column.addParsedNumber(row, buf, start, end);
    this.refreshTargets(k, column);
  }

  get row(): number {
    return this.rows;
  }

  storedTo(count: number): void {
    this.fieldIndex = count;
  }

  /** A number that may be a missing token must not bypass the column's check of it. */
  private refreshTargets(k: number, column: ColumnBuilder): void {
    this.numberTargets[k] = this.missing.numeric ? null : column.numberTarget;
    this.plainTargets[k] = this.missing.numeric ? null : column.plainTarget;
    this.commonScales[k] = column.commonScale;
    this.plainScales[k] = column.plainScales;
  }

  text(buf: Uint8Array, start: number, end: number, hash: number): void {
    const k = this.fieldIndex++;
    try {
      this.columns[k].addText(this.rows, buf, start, end, hash);
    } catch (err) {
      throw this.located(err, k);
    }
  }

  /** Kept apart from field(): its closure would make every call of field() allocate a context. */
  private headerField(header: string[], k: number, bytes: Uint8Array): void {
    if (k === MAX_COLUMNS) {
      const line = this.tokenizer?.rowLine;
      throw new InputError('too-many-columns', `line ${line}: the header has more than ${MAX_COLUMNS} fields, the most this reader accepts`, line);
    }
    header.push(this.guard(k, () => decodeUtf8(bytes)));
  }

  endRow(): void {
    if (this.header !== null) {
      this.startColumns(this.header);
      this.header = null;
      this.headerLine = this.tokenizer?.rowLine;
    } else if (this.fieldIndex !== this.columns.length) {
      const line = this.tokenizer?.rowLine;
      throw new InputError(
        'ragged-row',
        `line ${line}: row has ${this.fieldIndex} field${this.fieldIndex === 1 ? '' : 's'}, header has ${this.columns.length}`,
        line,
      );
    } else if (++this.rows === SPELLING_CHECK_ROWS) {
      this.columns.forEach((c, k) => {
        c.settleSpellings(this.rows);
        this.refreshTargets(k, c);
      });
    }
    this.fieldIndex = 0;
  }

  finish(): Dataset {
    if (this.header !== null) throw new InputError('empty-file', 'the file is empty (no header row)');
    if (this.rows === 0) throw new InputError('header-only', `line ${this.headerLine}: the header row has no data rows below it`, this.headerLine);
    const columns = this.columns.map((c, k) => {
      try {
        return c.finish(this.rows);
      } catch (err) {
        // The whole column is judged here (a type override): there is no single line to name.
        if (err instanceof FieldProblem) throw new InputError(err.code, `${this.where(k)} ${err.message}`, undefined, k + 1);
        throw err;
      }
    });
    const notes: ColumnNote[] = [];
    for (const c of this.columns) if (c.note !== null) notes.push({ column: c.name, text: c.note, ...(c.warning ? { warning: true } : {}) });
    return { columns, rowCount: this.rows, delimiter: this.delimiter, renamedHeaders: this.renamed, ...(notes.length > 0 ? { notes } : {}) };
  }

  private startColumns(raw: string[]): void {
    const { names, renamed } = uniqueHeaderNames(raw);
    const unknown = Object.keys(this.types).filter((name) => !names.includes(name));
    if (unknown.length > 0) {
      throw new InputError('unknown-column', `type override for unknown column ${unknown.map((u) => JSON.stringify(u)).join(', ')}; columns are ${names.map((n) => JSON.stringify(n)).join(', ')}`);
    }
    this.renamed = renamed;
    const rows = this.expectedRows(names.length);
    this.columns = names.map((name) => new ColumnBuilder(name, this.typeOf(name), this.missing, rows, this.sharedMemory, this.reading(name)));
    this.columns.forEach((c, k) => this.refreshTargets(k, c));
    // A missing-value token that reads as a number (-999) must be checked before any number.
    const numbers = this.missing.numeric ? ANY_FIELD : NUMBER_FIELD;
    this.fieldKinds = Uint8Array.from(this.columns, (c) => (c.takesNumbers ? numbers : c.takesDates ? ANY_FIELD : TEXT_FIELD));
    this.tokenizer?.expectFields(this.fieldKinds, this);
  }

  private typeOf(name: string): ColumnType | undefined {
    if (Object.hasOwn(this.types, name)) return this.types[name];
    return Object.hasOwn(this.presentTypes, name) ? this.presentTypes[name] : undefined;
  }

  private guard<T>(k: number, work: () => T): T {
    try {
      return work();
    } catch (err) {
      throw this.located(err, k);
    }
  }

  /** A FieldProblem becomes an InputError naming the line and the column; anything else passes. */
  private located(err: unknown, k: number): unknown {
    if (!(err instanceof FieldProblem)) return err;
    const where = this.where(k);
    const line = this.tokenizer?.line;
    return new InputError(err.code, `line ${line}, ${where}: ${err.message}`, line, k + 1);
  }

  private where(k: number): string {
    const name = this.columns[k]?.name;
    return name === undefined ? `field ${k + 1}` : `column ${k + 1} (${JSON.stringify(name)})`;
  }
}
