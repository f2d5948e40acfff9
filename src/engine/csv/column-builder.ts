// Accumulates one column while the file streams by, inferring its type in the same single pass.
//
// How the type is decided without keeping every field as a string: a column starts as a numeric
// candidate and stores parsed numbers (Float64) — and, while it has at most DICTIONARY_LIMIT
// distinct spellings, also a code per row into a byte dictionary of those spellings. At the first
// non-missing field that is not a number the column becomes categorical: its codes so far are
// already right (so "1", "1.0" and "01" stay three categories), and the numbers are dropped. A
// column that had more distinct spellings than that before its first non-number (an ID-like
// column) has dropped its dictionary: its earlier values become categories spelled canonically
// (1.50 → "1.5"), the one place where the original text is not kept. Numeric columns with many
// distinct values therefore never cost more than their Float64Array plus a bounded dictionary.
// Boolean is decided at the end: a categorical column whose two values are a true/false pair.
import type { Column, ColumnType } from '../dataset';
import { ColumnStore } from './column-store';
import { booleanReading } from './boolean-values';
import { ByteDictionary } from './byte-dictionary';
import { FieldProblem } from './field-problem';
import type { MissingTokens } from './missing-tokens';
import { parsedNumber, parseNumberInto } from './number-bytes';
import { decodeUtf8 } from './utf8';

export const DICTIONARY_LIMIT = 4096;
/** Initial capacity of a numeric candidate's codes. */
const CANDIDATE_CODES = 1024;

const enum Mode {
  /** Numeric so far; the type is still open. */
  Candidate,
  /** Forced numeric: a non-number is an error. */
  Numeric,
  Categorical,
}

const encoder = new TextEncoder();

export class ColumnBuilder {
  private mode: Mode;
  private values: ColumnStore<Float64Array> | null = null;
  private codes: ColumnStore<Int32Array> | null = null;
  private dictionary: ByteDictionary | null = new ByteDictionary(decodeUtf8);
  private rows = 0;

  constructor(
    readonly name: string,
    private readonly forced: ColumnType | undefined,
    private readonly missing: MissingTokens,
    /** Row count the file is expected to have (an estimate), to size the arrays once. */
    private readonly expectedRows: number,
  ) {
    this.mode = forced === undefined ? Mode.Candidate : forced === 'numeric' ? Mode.Numeric : Mode.Categorical;
    // A candidate allocates its numbers at its first number: a text column never does.
    if (this.mode === Mode.Numeric) this.values = newValues(expectedRows);
    // A candidate's codes are likely dropped soon (dictionary overflow): they start small.
    if (this.mode === Mode.Candidate) this.codes = newCodes(Math.min(CANDIDATE_CODES, expectedRows));
    if (this.mode === Mode.Categorical) this.codes = newCodes(expectedRows);
    if (this.mode === Mode.Numeric) this.dictionary = null;
  }

  /** Whether a number is a value of this column (not an error, not a reason to turn categorical). */
  get takesNumbers(): boolean {
    return this.mode !== Mode.Categorical;
  }

  add(buf: Uint8Array, start: number, end: number): void {
    this.rows++;
    // Numbers first: most fields of a numeric column are numbers, and no default missing token
    // parses as one (a numeric-looking custom token is checked first, below).
    if (this.mode !== Mode.Categorical && !this.missing.numeric && parseNumberInto(buf, start, end)) {
      this.addNumber(buf, start, end);
      return;
    }
    if (this.missing.matches(buf, start, end)) {
      this.values?.push(NaN);
      this.codes?.push(-1);
      return;
    }
    if (this.mode !== Mode.Categorical && this.missing.numeric && parseNumberInto(buf, start, end)) {
      this.addNumber(buf, start, end);
      return;
    }
    if (this.mode === Mode.Numeric) {
      throw new FieldProblem('bad-value', `"${decodeUtf8(buf.subarray(start, end))}" is not a number, but the column is set to numeric`);
    }
    if (this.mode === Mode.Candidate) this.becomeCategorical();
    (this.codes as ColumnStore<Int32Array>).push((this.dictionary as ByteDictionary).codeOf(buf, start, end));
  }

  /** Adds a text field with its FNV-1a hash; only once the column is categorical (not takesNumbers). */
  addText(buf: Uint8Array, start: number, end: number, hash: number): void {
    this.rows++;
    const codes = this.codes as ColumnStore<Int32Array>;
    if (this.missing.matches(buf, start, end)) codes.push(-1);
    else codes.push((this.dictionary as ByteDictionary).codeOfHashed(buf, start, end, hash));
  }

  /** Adds a field already parsed into parsedNumber[0]; only while takesNumbers, and not a missing token. */
  addParsedNumber(buf: Uint8Array, start: number, end: number): void {
    this.rows++;
    this.addNumber(buf, start, end);
  }

  /** Stores the number just parsed (parsedNumber[0]), and its spelling while that is tracked. */
  private addNumber(buf: Uint8Array, start: number, end: number): void {
    if (this.values === null) {
      // The first number of a candidate: every earlier row was missing.
      this.values = newValues(Math.max(this.expectedRows, this.rows));
      for (let row = 1; row < this.rows; row++) this.values.push(NaN);
    }
    this.values.push(parsedNumber[0]);
    const dictionary = this.dictionary;
    if (dictionary !== null) {
      (this.codes as ColumnStore<Int32Array>).push(dictionary.codeOf(buf, start, end));
      if (dictionary.size > DICTIONARY_LIMIT) {
        this.dictionary = null;
        this.codes = null;
      }
    }
  }

  /** The finished column; the builder is spent afterwards. */
  finish(): Column {
    if (this.mode !== Mode.Categorical) {
      // No number at all (every value missing) is numeric too, all NaN.
      const values = this.values === null ? new Float64Array(this.rows).fill(NaN) : this.values.take();
      return { name: this.name, type: 'numeric', values };
    }
    const categories = (this.dictionary as ByteDictionary).values();
    const codes = (this.codes as ColumnStore<Int32Array>).take();
    if (this.forced !== 'categorical') {
      const reading = booleanReading(categories, this.forced === 'boolean');
      if (reading !== null) {
        for (let i = 0; i < codes.length; i++) if (codes[i] >= 0) codes[i] = reading.remap[codes[i]];
        return { name: this.name, type: 'boolean', codes, categories: reading.categories };
      }
      if (this.forced === 'boolean') {
        const shown = categories.slice(0, 5).map((c) => JSON.stringify(c)).join(', ');
        throw new FieldProblem('bad-value', `is set to boolean but holds ${categories.length} distinct values (${shown}); boolean needs one pair of true/false, yes/no, 1/0, t/f or y/n`);
      }
    }
    return { name: this.name, type: 'categorical', codes, categories };
  }

  private becomeCategorical(): void {
    const rows = this.rows - 1;
    const codes = newCodes(Math.max(this.expectedRows, rows + 1));
    if (this.dictionary !== null) {
      const old = this.codes as ColumnStore<Int32Array>;
      for (let row = 0; row < rows; row++) codes.push(old.get(row));
    } else {
      // The dictionary overflowed earlier: rebuild codes from the numbers, spelled canonically.
      const values = this.values as ColumnStore<Float64Array>;
      const dictionary = new ByteDictionary(decodeUtf8);
      for (let row = 0; row < rows; row++) {
        const v = values.get(row);
        if (v !== v) {
          codes.push(-1);
        } else {
          const bytes = encoder.encode(String(v));
          codes.push(dictionary.codeOf(bytes, 0, bytes.length));
        }
      }
      this.dictionary = dictionary;
    }
    this.codes = codes;
    this.values = null;
    this.mode = Mode.Categorical;
  }
}

function newValues(length: number): ColumnStore<Float64Array> {
  return new ColumnStore((n) => new Float64Array(n), length);
}

function newCodes(length: number): ColumnStore<Int32Array> {
  return new ColumnStore((n) => new Int32Array(n), length);
}
