// Accumulates one column while the file streams by, inferring its type in the same single pass.
//
// How the type is decided without keeping every field as a string: a column starts as a numeric
// candidate and stores parsed numbers (Float64) — and, while it has at most DICTIONARY_LIMIT
// distinct spellings, also a code per row into a byte dictionary of those spellings. While every
// number is spelled plainly (value.toFixed(f) gives the spelling back: 3, -0.50, 12.25, not 007,
// 1e3 or .5) its count of decimals f stands in for that dictionary: one f for the column while
// every number has the same (the usual case), else a byte per row. At the first
// non-missing field that is not a number the column becomes categorical: its codes so far are
// already right (so "1", "1.0" and "01" stay three categories), and the numbers are dropped. A
// column that had more distinct spellings than that before its first non-number (an ID-like
// column) has dropped its dictionary: its earlier values become categories spelled canonically
// (1.50 → "1.5"), the one place where the original text is not kept. Numeric columns with many
// distinct values therefore never cost more than their Float64Array plus a bounded dictionary.
// Boolean and date are decided at the end, from the distinct spellings of a categorical column: a
// true/false pair, or ISO 8601 dates only (so only a column that turned to text pays, once per
// distinct value, and the number paths are untouched). A column forced to date parses each field as
// it comes, so a non-date is reported at its line. A column that turned to text may still be
// numbers in another form (number-forms.ts: infinities, a decimal comma, "$16,100", "13.99%"):
// its distinct spellings are read once at the end, and it becomes numeric when all are numbers
// of one form; when most of its rows are numbers and it stays text, a note names a stray value.
import type { Column, ColumnType } from '../dataset';
import { parseIsoDate } from '../dates';
import { allNumericLabels, sortClassLabels } from '../label-order';
import { ColumnStore } from './column-store';
import { booleanReading } from './boolean-values';
import { ByteDictionary } from './byte-dictionary';
import { FieldProblem } from './field-problem';
import type { MissingTokens } from './missing-tokens';
import { formsNote, mostlyNumbersNote, readColumnForms, readNumberForm, type DecimalMark } from './number-forms';
import { parsedNumber, parseNumberInto, scannedScale } from './number-bytes';
import { decodeUtf8 } from './utf8';

export const DICTIONARY_LIMIT = 4096;
/** After this many rows a column of plain spellings counts its distinct ones (settleSpellings). */
export const SPELLING_CHECK_ROWS = 2 * DICTIONARY_LIMIT;

const enum Mode {
  /** Numeric so far; the type is still open. */
  Candidate,
  /** Forced numeric: a non-number is an error. */
  Numeric,
  Categorical,
  /** Forced date: a non-date is an error. */
  Date,
}

const encoder = new TextEncoder();

/** How a column reads its values beyond its type (CsvOptions). */
export interface ColumnReading {
  readonly decimal: DecimalMark;
  /** A forced numeric column reads a value that is no number as missing instead of failing. */
  readonly coerce?: boolean;
  /** An ordinal column's categories in order, lowest first. */
  readonly order?: readonly string[];
}

const PLAIN_READING: ColumnReading = { decimal: '.' };

export class ColumnBuilder {
  private mode: Mode;
  private values: ColumnStore<Float64Array> | null = null;
  private codes: ColumnStore<Int32Array> | null = null;
  private dictionary: ByteDictionary | null = null;
  /** A candidate whose numbers so far are all spelled plainly (see above)… */
  private plainOnly: boolean;
  /** …and their count of decimals, while all have the same (-1 before the first)… */
  private common = -1;
  /** …or else each one's, by row. */
  private scales: ColumnStore<Uint8Array> | null = null;
  /** Values a coercing numeric column read as missing: how many, and the first. */
  private strays = 0;
  private firstStray = '';
  /** What finish() has to say about how the column was read (a note for the user), else null… */
  note: string | null = null;
  /** …and whether it is a warning. */
  warning = false;

  constructor(
    readonly name: string,
    private readonly forced: ColumnType | undefined,
    private readonly missing: MissingTokens,
    /** Row count the file is expected to have (an estimate), to size the arrays once. */
    private readonly expectedRows: number,
    /** Values and codes on SharedArrayBuffers (CsvOptions.sharedMemory). */
    private readonly sharedMemory = false,
    private readonly reading: ColumnReading = PLAIN_READING,
  ) {
    this.mode = forced === undefined ? Mode.Candidate : forced === 'numeric' ? Mode.Numeric : forced === 'date' ? Mode.Date : Mode.Categorical;
    this.plainOnly = this.mode === Mode.Candidate;
    // A candidate allocates its numbers at its first number: a text column never does.
    if (this.mode === Mode.Numeric || this.mode === Mode.Date) this.values = newValues(expectedRows, sharedMemory);
    if (this.mode === Mode.Categorical) this.keepSpellings(newCodes(expectedRows, sharedMemory), new ByteDictionary(decodeUtf8));
  }

  /** Whether a number is a value of this column (not an error, not a reason to turn categorical). */
  get takesNumbers(): boolean {
    return this.mode === Mode.Candidate || this.mode === Mode.Numeric;
  }

  /** Whether every field must go through add() (a forced date column), not the typed text path. */
  get takesDates(): boolean {
    return this.mode === Mode.Date;
  }

  /**
   * The array a parsed number of row r may be stored into directly (values[r] = x, for r below its
   * length) instead of addParsedNumber: while the column is numeric and no longer keeps spellings.
   * Any other call on the builder may replace it.
   */
  get numberTarget(): Float64Array | null {
    return this.takesNumbers && !this.plainOnly && this.dictionary === null && this.values !== null ? this.values.array : null;
  }

  /** Like numberTarget, for a plainly spelled number only (scannedScale ≥ 0), whose count of decimals is commonScale or goes to plainScales at the same row. */
  get plainTarget(): Float64Array | null {
    return this.plainOnly && this.values !== null ? this.values.array : null;
  }

  /** For plainTarget: the count of decimals every plain number so far has had, else -1 (then see plainScales). */
  get commonScale(): number {
    return this.plainOnly && this.scales === null ? this.common : -1;
  }

  /** For plainTarget: each row's count of decimals, where the column keeps them by row (a store that may be shorter). */
  get plainScales(): Uint8Array | null {
    return this.plainOnly && this.scales !== null ? this.scales.array : null;
  }

  /**
   * Called once, after the first SPELLING_CHECK_ROWS rows: a column of plain spellings with more
   * distinct ones than a dictionary keeps (an ID, a measurement) is treated like one whose
   * dictionary overflowed, so its numbers take the direct path without a check of their spelling.
   */
  settleSpellings(rows: number): void {
    if (!this.plainOnly || this.values === null) return;
    // Distinct spellings are distinct (value, decimals) pairs: a bit per count of decimals.
    const values = this.values.array;
    const scales = this.scales === null ? null : this.scales.array;
    const seen = new Map<number, number>();
    let distinct = 0;
    for (let row = 0; row < rows && distinct <= DICTIONARY_LIMIT; row++) {
      const v = values[row];
      if (v !== v) continue;
      const mask = seen.get(v) ?? 0;
      const bit = 1 << (scales === null ? this.common : scales[row]);
      if ((mask & bit) !== 0) continue;
      seen.set(v, mask | bit);
      distinct++;
    }
    if (distinct > DICTIONARY_LIMIT) this.keepSpellings(null, null);
  }

  /** Adds field buf[start, end) as row `row` (rows arrive in order, each once). */
  add(row: number, buf: Uint8Array, start: number, end: number): void {
    if (this.mode === Mode.Date) {
      this.addDate(row, buf, start, end);
      return;
    }
    // Numbers first: most fields of a numeric column are numbers, and no default missing token
    // parses as one (a numeric-looking custom token is checked first, below).
    if (this.takesNumbers && !this.missing.numeric && parseNumberInto(buf, start, end)) {
      this.addParsedNumber(row, buf, start, end);
      return;
    }
    if (this.missing.matches(buf, start, end)) {
      this.values?.set(row, NaN);
      this.codes?.set(row, -1);
      return;
    }
    if (this.takesNumbers && this.missing.numeric && parseNumberInto(buf, start, end)) {
      this.addParsedNumber(row, buf, start, end);
      return;
    }
    if (this.mode === Mode.Numeric) {
      this.addOtherNumber(row, decodeUtf8(buf.subarray(start, end)));
      return;
    }
    if (this.mode === Mode.Candidate) this.becomeCategorical(row);
    (this.codes as ColumnStore<Int32Array>).set(row, (this.dictionary as ByteDictionary).codeOf(buf, start, end));
  }

  /** A forced numeric column's value in another form (number-forms.ts), else missing when coercing, else an error. */
  private addOtherNumber(row: number, text: string): void {
    const values = this.values as ColumnStore<Float64Array>;
    const form = readNumberForm(text, this.reading.decimal);
    if (form !== null) {
      values.set(row, form.value);
      return;
    }
    if (this.reading.coerce === true) {
      if (this.strays++ === 0) this.firstStray = text;
      values.set(row, NaN);
      return;
    }
    throw new FieldProblem('bad-value', `${JSON.stringify(text)} is not a number, but the column is set to numeric (--types ${this.name}=numeric:coerce reads such values as missing)`);
  }

  private addDate(row: number, buf: Uint8Array, start: number, end: number): void {
    const values = this.values as ColumnStore<Float64Array>;
    if (this.missing.matches(buf, start, end)) {
      values.set(row, NaN);
      return;
    }
    const text = decodeUtf8(buf.subarray(start, end));
    const ms = parseIsoDate(text);
    if (ms !== ms) throw new FieldProblem('bad-value', `"${text}" is not an ISO 8601 date (YYYY-MM-DD or YYYY-MM-DDTHH:MM[:SS][Z|±HH:MM]), but the column is set to date`);
    values.set(row, ms);
  }

  /** Adds a text field with its FNV-1a hash; only once the column is categorical (not takesNumbers). */
  addText(row: number, buf: Uint8Array, start: number, end: number, hash: number): void {
    const codes = this.codes as ColumnStore<Int32Array>;
    if (this.missing.matches(buf, start, end)) codes.set(row, -1);
    else codes.set(row, (this.dictionary as ByteDictionary).codeOfHashed(buf, start, end, hash));
  }

  /**
   * Adds a field already parsed into parsedNumber[0] and scannedScale[0], and its spelling while
   * that is tracked; only while takesNumbers, and not a missing token.
   */
  addParsedNumber(row: number, buf: Uint8Array, start: number, end: number): void {
    if (this.values === null) {
      // The first number of a candidate: every earlier row was missing.
      this.values = newValues(Math.max(this.expectedRows, row + 1), this.sharedMemory);
      this.values.array.fill(NaN, 0, row);
    }
    this.values.set(row, parsedNumber[0]);
    if (this.plainOnly) {
      const scale = scannedScale[0];
      if (scale >= 0) {
        this.keepScale(row, scale);
        return;
      }
      // The first other spelling: from here on spellings are kept, those so far given by the values.
      this.keepSpellings(...this.spelledCodes(row));
    }
    const dictionary = this.dictionary;
    if (dictionary !== null) {
      (this.codes as ColumnStore<Int32Array>).set(row, dictionary.codeOf(buf, start, end));
      if (dictionary.size > DICTIONARY_LIMIT) {
        this.dictionary = null;
        this.codes = null;
      }
    }
  }

  /** The finished column of `rows` rows; the builder is spent afterwards. */
  finish(rows: number): Column {
    if (this.mode !== Mode.Categorical) {
      // No number at all (every value missing) is numeric too, all NaN.
      const values = this.values === null ? new Float64Array(rows).fill(NaN) : this.values.take(rows);
      if (this.strays > 0) this.note = `${this.strays} value${this.strays === 1 ? '' : 's'} that ${this.strays === 1 ? 'is' : 'are'} not numbers read as missing (e.g. ${JSON.stringify(this.firstStray)})`;
      return { name: this.name, type: this.mode === Mode.Date ? 'date' : 'numeric', values };
    }
    const categories = (this.dictionary as ByteDictionary).values();
    const codes = (this.codes as ColumnStore<Int32Array>).take(rows);
    if (this.forced === 'ordinal') {
      const column = ordered(categories, codes, this.reading.order);
      if (this.reading.order === undefined && !allNumericLabels(column.categories)) {
        this.note = unorderedNote(this.name, column.categories);
        this.warning = true;
      }
      return { name: this.name, type: 'ordinal', ...column };
    }
    if (this.forced === undefined) {
      const dates = dateValues(categories, codes);
      if (dates !== null) return { name: this.name, type: 'date', values: dates };
      const forms = readColumnForms(categories, this.reading.decimal);
      if (forms !== null) {
        this.note = formsNote(forms);
        return { name: this.name, type: 'numeric', values: Float64Array.from(codes, (c) => (c < 0 ? NaN : forms.values[c])) };
      }
    }
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
    if (this.forced === undefined) this.note = mostlyNumbersNote(this.name, categories, codes, this.reading.decimal);
    return { name: this.name, type: 'categorical', codes, categories };
  }

  /** Turns categorical at row `rows`, keeping the codes of the rows before. */
  private becomeCategorical(rows: number): void {
    if (this.dictionary !== null) {
      const codes = newCodes(Math.max(this.expectedRows, rows + 1), this.sharedMemory);
      codes.array.set((this.codes as ColumnStore<Int32Array>).array.subarray(0, rows));
      this.codes = codes;
    } else {
      // Spellings given by the values and their decimals, or dropped (the dictionary overflowed):
      // then spelled canonically.
      this.keepSpellings(...this.spelledCodes(rows, Infinity));
    }
    this.values = null;
    this.mode = Mode.Categorical;
  }

  /** Notes a plain number's count of decimals: nothing while all are the same, else by row from here on. */
  private keepScale(row: number, scale: number): void {
    if (this.scales === null) {
      if (this.common < 0) this.common = scale;
      if (scale === this.common) return;
      // Rows before were missing or had the common count.
      this.scales = new ColumnStore((n) => new Uint8Array(n), Math.max(this.expectedRows, row + 1));
      this.scales.array.fill(this.common, 0, row);
    }
    this.scales.set(row, scale);
  }

  private keepSpellings(codes: ColumnStore<Int32Array> | null, dictionary: ByteDictionary | null): void {
    this.codes = codes;
    this.dictionary = dictionary;
    this.plainOnly = false;
    this.scales = null;
  }

  /**
   * Codes of the first `rows` numbers spelled as they were written (plainOnly) or else canonically,
   * and their dictionary; both null once it would hold more than `limit` spellings (an overflowed
   * dictionary keeps none).
   */
  private spelledCodes(rows: number, limit = DICTIONARY_LIMIT): [ColumnStore<Int32Array> | null, ByteDictionary | null] {
    const codes = newCodes(Math.max(this.expectedRows, rows + 1), this.sharedMemory);
    const dictionary = new ByteDictionary(decodeUtf8);
    const values = this.values === null ? null : this.values.array;
    const scales = this.scales === null ? null : this.scales.array;
    for (let row = 0; row < rows; row++) {
      const v = values === null ? NaN : values[row];
      if (v !== v) {
        codes.array[row] = -1;
      } else {
        const spelling = !this.plainOnly ? String(v) : v.toFixed(scales === null ? this.common : scales[row]);
        const bytes = encoder.encode(spelling);
        codes.array[row] = dictionary.codeOf(bytes, 0, bytes.length);
        if (dictionary.size > limit) return [null, null];
      }
    }
    return [codes, dictionary];
  }
}

/** The column's values as dates when every distinct spelling is one (checked until the first that is not), else null. */
function dateValues(categories: readonly string[], codes: Int32Array): Float64Array | null {
  if (categories.length === 0) return null;
  const ms = new Float64Array(categories.length);
  for (let k = 0; k < categories.length; k++) {
    ms[k] = parseIsoDate(categories[k]);
    if (ms[k] !== ms[k]) return null;
  }
  const values = new Float64Array(codes.length);
  for (let i = 0; i < codes.length; i++) values[i] = codes[i] < 0 ? NaN : ms[codes[i]];
  return values;
}

/** The warning of an ordinal text column given no order: it splits in code-point order. */
function unorderedNote(name: string, sorted: readonly string[]): string {
  const shown = sorted.length <= 6 ? sorted.join(' < ') : `${sorted.slice(0, 5).join(' < ')} < … (${sorted.length} values)`;
  return `is ordinal in code-point order (${shown}), which may not be what it means; give the order, lowest first, with --types '${name}=ordinal:A,B,…'`;
}

/**
 * An ordinal column's categories in order — the user's (`order`: a value it does not list is an
 * error) or else label order (label-order.ts) — and its codes remapped into them.
 */
function ordered(categories: readonly string[], codes: Int32Array, order?: readonly string[]): { categories: string[]; codes: Int32Array } {
  if (order !== undefined) {
    const unlisted = categories.filter((c) => !order.includes(c));
    if (unlisted.length > 0) {
      throw new FieldProblem('bad-value', `holds ${unlisted.slice(0, 5).map((c) => JSON.stringify(c)).join(', ')}, not in the order given for it (${order.join(',')})`);
    }
  }
  const sorted = order !== undefined ? [...order] : sortClassLabels([...categories]);
  const rank = new Map(sorted.map((c, i) => [c, i]));
  const remap = Int32Array.from(categories, (c) => rank.get(c) as number);
  for (let i = 0; i < codes.length; i++) if (codes[i] >= 0) codes[i] = remap[codes[i]];
  return { categories: sorted, codes };
}

function newValues(length: number, shared: boolean): ColumnStore<Float64Array> {
  return new ColumnStore((n) => new Float64Array(shared ? new SharedArrayBuffer(8 * n) : new ArrayBuffer(8 * n)), length);
}

function newCodes(length: number, shared: boolean): ColumnStore<Int32Array> {
  return new ColumnStore((n) => new Int32Array(shared ? new SharedArrayBuffer(4 * n) : new ArrayBuffer(4 * n)), length);
}
