// The byte-level CSV tokenizer (RFC 4180 plus the leniencies of README "CSV input"), push-driven so one
// implementation serves a stream of chunks and an in-memory buffer alike. It finds field
// boundaries and hands each field's bytes to a sink; it never builds strings.
//
// Rules:
// - A field that starts with `"` (after optional spaces) is quoted: it runs to the next lone `"`;
//   `""` inside stands for one quote; delimiters and newlines inside are data. After the closing
//   quote only spaces may follow before the delimiter or the end of the line.
// - Unquoted fields are trimmed of surrounding spaces; a `"` inside them is an ordinary character.
// - Rows end at LF, CRLF or a lone CR. Blank lines (nothing but spaces) are skipped anywhere, as
//   pandas does: they cannot be a row of a multi-column file. A value that is missing must be
//   written as an empty field (`a,,c`), or as `""` in a one-column file.
// - Lines are physical lines (a newline inside quotes counts), so errors point where editors do.
// - A NUL byte means the input is not text. A single field over MAX_FIELD_BYTES is an error, which
//   bounds memory when a stray quote would otherwise swallow the rest of a large file.
// - Fields of the columns a sink declares typed (expectFields) are read in the same pass that
//   finds their end: a number is parsed (number()), a text is hashed for the dictionary (text()).
//   A run of numbers whose columns take them directly (numberTargets, plainTargets) is written
//   straight into their arrays, with no call per field (storeNumbers).
//   Only the plain shapes take this path — a decimal, or a text without surrounding spaces or
//   escapes, ending at a delimiter or newline within this chunk; any other field is scanned again
//   from its start by the general states below, so the outcome never depends on the fast path.
import { InputError } from '../errors';
import { FNV_OFFSET, FNV_PRIME } from './byte-dictionary';
import { parsedNumber, scanDecimal, scannedScale } from './number-bytes';

export interface FieldSink {
  /** One field's content: buf[start, end), already unquoted, unescaped and trimmed. */
  field(buf: Uint8Array, start: number, end: number): void;
  endRow(): void;
}

/** Kinds of field for expectFields: any field, a number, a text. */
export const ANY_FIELD = 0;
export const NUMBER_FIELD = 1;
export const TEXT_FIELD = 2;

/** Takes the fields read by the typed fast path, in row order with the FieldSink's calls. */
export interface TypedFieldSink {
  /** A field whose bytes buf[start, end) scanDecimal has just read into parsedNumber[0] and scannedScale[0]. */
  number(buf: Uint8Array, start: number, end: number): void;
  /** A text field buf[start, end) (unquoted, unescaped) with its hash as ByteDictionary computes it. */
  text(buf: Uint8Array, start: number, end: number, hash: number): void;
  /**
   * numberTargets[k]: an array that a number of field k (a NUMBER_FIELD) may be written into at
   * index `row`, when that is below its length, instead of a call of number(); null when it may
   * not. The sink keeps it current after each of its calls.
   */
  readonly numberTargets: ReadonlyArray<Float64Array | null>;
  /**
   * Like numberTargets, for a field spelled plainly only (scannedScale ≥ 0), with the count of
   * decimals commonScales[k] (then nothing more is written), or else with its count written into
   * plainScales[k] at the same row (when below its length too).
   */
  readonly plainTargets: ReadonlyArray<Float64Array | null>;
  readonly commonScales: readonly number[];
  readonly plainScales: ReadonlyArray<Uint8Array | null>;
  /** Index of the row being read. */
  readonly row: number;
  /** The row's fields before field `count` are read (those after the sink's last call were written through the targets). */
  storedTo(count: number): void;
}

export const MAX_FIELD_BYTES = 64 * 1024 * 1024;

const QUOTE = 0x22;
const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;
const NUL = 0x00;

const enum State {
  /** Before a field's first non-space byte. */
  FieldStart,
  Unquoted,
  Quoted,
  /** A `"` inside a quoted field was the last byte of a chunk: escape or closing quote. */
  QuoteInQuoted,
  /** After a closing quote, expecting spaces then a delimiter or a newline. */
  AfterQuote,
}

export class CsvTokenizer {
  /** 1-based physical line of the byte being read. */
  line = 1;
  /** Line on which the current row started. */
  rowLine = 1;
  /** Fields emitted so far in the current row. */
  fieldsInRow = 0;
  /**
   * While a sink's endRow runs: the index, in the chunk being pushed, of the newline that ends the
   * row; -1 when the end of the input ends it (finish). Lets raw-records.ts cut records out of the input.
   */
  rowEndedAt = -1;

  private state = State.FieldStart;
  private quoteLine = 0;
  private lastByte = -1;
  /** Bytes of a field that began in an earlier chunk, or that needed unescaping. */
  private carry = new Uint8Array(256);
  private carried = 0;
  private carrying = false;
  /** stopUnquoted[b] = 1 for bytes that end an unquoted scan; stopQuoted likewise inside quotes. */
  private readonly stopUnquoted = new Uint8Array(256);
  private readonly stopQuoted = new Uint8Array(256);
  /** fieldKinds[k]: how field k of a row is read when it has a plain shape (ANY_FIELD: never). */
  private fieldKinds: Uint8Array = new Uint8Array(0);
  private typedSink: TypedFieldSink | null = null;

  constructor(
    private readonly delimiter: number,
    private readonly sink: FieldSink,
  ) {
    for (const b of [delimiter, CR, LF, NUL]) this.stopUnquoted[b] = 1;
    for (const b of [QUOTE, CR, LF, NUL]) this.stopQuoted[b] = 1;
  }

  push(buf: Uint8Array): void {
    const n = buf.length;
    const delimiter = this.delimiter;
    let i = 0;
    let start = 0; // start of the current field's bytes in buf
    let state = this.state;
    // A LF right after a CR belongs to the same newline, even across a chunk boundary.
    const prev = this.lastByte;
    while (i < n) {
      if (state === State.FieldStart) {
        const b = buf[i];
        if (b === SPACE) {
          i++;
          continue;
        }
        if (this.typedSink !== null && this.fieldKinds[this.fieldsInRow] > ANY_FIELD) {
          const next = this.typedRun(buf, i, n);
          if (next !== i) {
            i = next;
            continue;
          }
        }
        if (b === QUOTE) {
          state = State.Quoted;
          this.quoteLine = this.line;
          start = ++i;
          continue;
        }
        if ((b === LF || b === CR) && this.fieldsInRow === 0) {
          // A blank line, or the LF of a CRLF whose CR ended the previous row.
          if (!(b === LF && (i > 0 ? buf[i - 1] : prev) === CR)) this.line++;
          i++;
          this.rowLine = this.line;
          continue;
        }
        state = State.Unquoted;
        start = i;
      }
      if (state === State.Unquoted) {
        const stop = this.stopUnquoted;
        while (i < n && stop[buf[i]] === 0) i++;
        if (i === n) {
          this.keep(buf, start, n, false);
          break;
        }
        const b = buf[i];
        if (b === NUL) this.binary();
        this.emitTrimmed(buf, start, i);
        if (b === delimiter) {
          i++;
          state = State.FieldStart;
          continue;
        }
        i = this.newline(buf, i);
        state = State.FieldStart;
        continue;
      }
      if (state === State.Quoted) {
        const stop = this.stopQuoted;
        let b = 0;
        for (;;) {
          while (i < n && stop[(b = buf[i])] === 0) i++;
          if (i === n || (b !== CR && b !== LF)) break;
          // A newline inside quotes is data; it only moves the line count.
          if (!(b === LF && (i > 0 ? buf[i - 1] : prev) === CR)) this.line++;
          i++;
        }
        if (i === n) {
          this.keep(buf, start, n, true);
          break;
        }
        if (b === NUL) this.binary();
        // b is a quote: an escaped one if another follows, else the closing one.
        if (i + 1 === n) {
          this.keep(buf, start, i, true);
          state = State.QuoteInQuoted;
          i++;
          break;
        }
        if (buf[i + 1] === QUOTE) {
          // Keep the text so far plus one quote, continue after the pair.
          this.keep(buf, start, i + 1, true);
          i += 2;
          start = i;
          continue;
        }
        this.emit(buf, start, i);
        state = State.AfterQuote;
        i++;
        continue;
      }
      if (state === State.QuoteInQuoted) {
        if (buf[i] === QUOTE) {
          this.keep(buf, i, i + 1, true);
          start = ++i;
          state = State.Quoted;
          continue;
        }
        this.emit(buf, i, i);
        state = State.AfterQuote;
        continue;
      }
      // State.AfterQuote
      const b = buf[i];
      if (b === SPACE) {
        i++;
      } else if (b === delimiter) {
        i++;
        state = State.FieldStart;
      } else if (b === LF || b === CR) {
        i = this.newline(buf, i);
        state = State.FieldStart;
      } else {
        if (b === NUL) this.binary();
        throw new InputError(
          'bad-quote',
          `line ${this.line}: unexpected text after the closing quote of field ${this.fieldsInRow} (a quote inside a quoted field must be doubled: "")`,
          this.line,
          this.fieldsInRow,
        );
      }
    }
    if (n > 0) this.lastByte = buf[n - 1];
    this.state = state;
  }

  /**
   * From now on field k of a row, when it has a plain shape, goes to sink.number (kinds[k] =
   * NUMBER_FIELD) or sink.text (TEXT_FIELD) instead of field(). The sink may change kinds later.
   */
  expectFields(kinds: Uint8Array, sink: TypedFieldSink): void {
    this.fieldKinds = kinds;
    this.typedSink = sink;
  }

  /**
   * Reads typed fields of plain shape one after another from buf[i], a field's start, across
   * rows; returns the start of the first field it leaves to the general states. (A loop of its
   * own, small enough for V8 to inline the sink's calls, which the big loop of push is not.)
   */
  private typedRun(buf: Uint8Array, i: number, n: number): number {
    const kinds = this.fieldKinds;
    while (i < n) {
      const kind = kinds[this.fieldsInRow];
      const b = buf[i];
      if (!(kind > ANY_FIELD) || b === SPACE || (this.fieldsInRow === 0 && (b === LF || b === CR))) break;
      let next: number;
      if (kind === NUMBER_FIELD) {
        next = this.storeNumbers(buf, i, n);
        if (next === i) next = this.numberField(buf, i, n);
      } else {
        next = this.textField(buf, i, n);
      }
      if (next < 0) break;
      i = next;
    }
    return i;
  }

  /**
   * The fastest path, for a run of number fields with numberTargets or plainTargets (often every
   * field of many rows): each is parsed and written straight into its column, with no call per
   * field. Stops, having consumed nothing of it, at the first field without a target for its
   * spelling or not a plain decimal ending in the delimiter (the newline after the last field)
   * within this chunk, which the general paths then read; returns that field's start.
   */
  private storeNumbers(buf: Uint8Array, i: number, n: number): number {
    const sink = this.typedSink as TypedFieldSink;
    const targets = sink.numberTargets;
    const last = targets.length - 1;
    let k = this.fieldsInRow;
    let row = sink.row;
    for (;;) {
      let target = targets[k];
      const plain = target === null;
      if (plain) target = sink.plainTargets[k];
      if (target === null || row >= target.length) break;
      const end = scanDecimal(buf, i, n, plain);
      if (end < 0 || end === n) break;
      if (plain) {
        const scale = scannedScale[0];
        if (scale < 0) break;
        if (scale !== sink.commonScales[k]) {
          // (Written before the field's end is checked: a field left to the general path is written again.)
          const scales = sink.plainScales[k];
          if (scales === null || row >= scales.length) break;
          scales[row] = scale;
        }
      }
      const after = buf[end];
      if (k < last) {
        if (after !== this.delimiter) break;
        target[row] = parsedNumber[0];
        k++;
        i = end + 1;
        continue;
      }
      if (after !== LF && after !== CR) break;
      target[row] = parsedNumber[0];
      sink.storedTo(k + 1);
      this.fieldsInRow = k + 1;
      i = this.newline(buf, end);
      k = 0;
      row = sink.row;
    }
    sink.storedTo(k);
    this.fieldsInRow = k;
    return i;
  }


  /**
   * The typed fast path for a number field starting at buf[i] (not a space, not a blank line):
   * reads it and its delimiter or newline, and returns the index after them; -1 when the field
   * has another shape, having consumed nothing.
   */
  private numberField(buf: Uint8Array, i: number, n: number): number {
    const end = scanDecimal(buf, i, n, true);
    if (end < 0 || end === n) return -1;
    const after = buf[end];
    if (after !== this.delimiter && after !== LF && after !== CR) return -1;
    this.fieldsInRow++;
    (this.typedSink as TypedFieldSink).number(buf, i, end);
    return after === this.delimiter ? end + 1 : this.newline(buf, end);
  }

  /** numberField's twin for a text field, hashed as it is scanned. */
  private textField(buf: Uint8Array, i: number, n: number): number {
    const quoted = buf[i] === QUOTE;
    const start = quoted ? i + 1 : i;
    const stop = quoted ? this.stopQuoted : this.stopUnquoted;
    let hash = FNV_OFFSET;
    let end = start;
    let b = 0;
    while (end < n && stop[(b = buf[end])] === 0) {
      hash = Math.imul(hash ^ b, FNV_PRIME);
      end++;
    }
    // A closing quote must be followed by the delimiter or a newline (not "" nor spaces); an
    // unquoted field must not end in spaces, which would be trimmed.
    const close = quoted ? end + 1 : end;
    if (close >= n || (quoted ? b !== QUOTE : end > start && buf[end - 1] === SPACE)) return -1;
    const after = buf[close];
    if (after !== this.delimiter && after !== LF && after !== CR) return -1;
    this.fieldsInRow++;
    (this.typedSink as TypedFieldSink).text(buf, start, end, hash);
    return after === this.delimiter ? close + 1 : this.newline(buf, close);
  }

  /** End of input: completes the last row or reports an unterminated quote. */
  finish(): void {
    switch (this.state) {
      case State.Quoted:
        throw new InputError(
          'unterminated-quote',
          `line ${this.quoteLine}: a quoted field opened here is never closed (missing closing ")`,
          this.quoteLine,
          this.fieldsInRow + 1,
        );
      case State.QuoteInQuoted:
        this.emit(this.carry, 0, 0);
        this.endRow();
        break;
      case State.Unquoted:
        this.emitTrimmed(this.carry, 0, 0);
        this.endRow();
        break;
      case State.AfterQuote:
        this.endRow();
        break;
      case State.FieldStart:
        // "a,b," at the end of the file without a newline still ends with an empty field.
        if (this.fieldsInRow > 0) {
          this.emit(this.carry, 0, 0);
          this.endRow();
        }
        break;
    }
    this.state = State.FieldStart;
  }

  /** Ends the row at the CR or LF at buf[i]; returns the index after the newline. */
  private newline(buf: Uint8Array, i: number): number {
    this.rowEndedAt = i;
    this.endRow();
    this.rowEndedAt = -1;
    this.line++;
    this.rowLine = this.line;
    // A CRLF in the same chunk is consumed whole; a LF in the next chunk is skipped at FieldStart.
    if (buf[i] === CR && i + 1 < buf.length && buf[i + 1] === LF) return i + 2;
    return i + 1;
  }

  private endRow(): void {
    this.sink.endRow();
    this.fieldsInRow = 0;
  }

  /** Emits buf[start, end) appended to any carried bytes. */
  private emit(buf: Uint8Array, start: number, end: number): void {
    this.fieldsInRow++;
    if (!this.carrying) {
      this.sink.field(buf, start, end);
      return;
    }
    this.keep(buf, start, end, true);
    const length = this.carried;
    this.carrying = false;
    this.carried = 0;
    this.sink.field(this.carry, 0, length);
  }

  private emitTrimmed(buf: Uint8Array, start: number, end: number): void {
    if (this.carrying) {
      this.keep(buf, start, end, false);
      buf = this.carry;
      start = 0;
      end = this.carried;
      this.carrying = false;
      this.carried = 0;
    }
    while (end > start && buf[end - 1] === SPACE) end--;
    this.fieldsInRow++;
    this.sink.field(buf, start, end);
  }

  /** Appends buf[start, end) to the carried bytes of the current field. */
  private keep(buf: Uint8Array, start: number, end: number, quoted: boolean): void {
    const length = this.carried + (end - start);
    if (length > MAX_FIELD_BYTES) this.tooLong(quoted);
    if (length > this.carry.length) {
      const bigger = new Uint8Array(Math.max(length, this.carry.length * 2));
      bigger.set(this.carry.subarray(0, this.carried));
      this.carry = bigger;
    }
    this.carry.set(buf.subarray(start, end), this.carried);
    this.carried = length;
    this.carrying = true;
  }

  private tooLong(quoted: boolean): never {
    if (quoted) {
      throw new InputError(
        'unterminated-quote',
        `line ${this.quoteLine}: a quoted field opened here runs past ${MAX_FIELD_BYTES / 1048576} MiB; is its closing quote missing?`,
        this.quoteLine,
        this.fieldsInRow + 1,
      );
    }
    throw new InputError('field-too-long', `line ${this.line}: field ${this.fieldsInRow + 1} is longer than ${MAX_FIELD_BYTES / 1048576} MiB`, this.line, this.fieldsInRow + 1);
  }

  private binary(): never {
    throw new InputError('binary-file', `line ${this.line}: NUL byte found; this is not a text CSV file (binary, or UTF-16?)`, this.line);
  }
}
