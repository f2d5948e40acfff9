// The records of a CSV as the bytes they are in the input, split by the reader's own tokenizer (so
// by exactly its rules: quoted delimiters, newlines and doubled quotes, LF/CRLF/CR, a UTF-8 BOM
// dropped, blank lines skipped). `predict` copies each input record through unchanged this way
// instead of rebuilding it from the parsed columns, which would respell `00501`, `NA` or `0.0`.
// Streamed: only the record being read is held, across chunk boundaries.
import { concatBytes } from './concat-bytes';
import { BOM } from './stream-reader';
import { CsvTokenizer, type FieldSink } from './tokenizer';

const CR = 0x0d;
const LF = 0x0a;
const SPACE = 0x20;

export class RawRecordSplitter implements FieldSink {
  private readonly tokenizer: CsvTokenizer;
  /** The current record's bytes from earlier chunks. */
  private pending: Uint8Array[] = [];
  private pendingLength = 0;
  private chunk: Uint8Array = new Uint8Array(0);
  /** Where the current record starts in `chunk`. */
  private start = 0;
  /** Leading bytes held until it is known whether they are a BOM. */
  private head: number[] | null = [];

  /**
   * @param delimiter the delimiter the file was read with (Dataset.delimiter).
   * @param onRecord called with each record (the header first) as buf[start, end), without its
   *   line terminator; the bytes are valid only during the call. (Offsets rather than a view: a
   *   view per row would cost more than finding the row.)
   */
  constructor(
    delimiter: string,
    private readonly onRecord: (buf: Uint8Array, start: number, end: number) => void,
  ) {
    this.tokenizer = new CsvTokenizer(delimiter.charCodeAt(0), this);
  }

  push(chunk: Uint8Array): void {
    if (this.head !== null) {
      chunk = this.dropBom(chunk);
      if (chunk.length === 0) return;
    }
    this.chunk = chunk;
    this.start = 0;
    this.tokenizer.push(chunk);
    if (this.start < chunk.length) {
      this.pending.push(chunk.slice(this.start));
      this.pendingLength += chunk.length - this.start;
    }
    this.chunk = new Uint8Array(0);
    this.start = 0;
  }

  finish(): void {
    if (this.head !== null && this.head.length > 0) {
      const head = Uint8Array.from(this.head);
      this.head = null;
      this.push(head);
    }
    this.tokenizer.finish();
  }

  field(): void {
    // Only the records' extent matters here: the fields were read (and checked) by the reader.
  }

  endRow(): void {
    const at = this.tokenizer.rowEndedAt;
    const end = at < 0 ? this.chunk.length : at;
    const start = this.start;
    this.start = at < 0 ? end : end + 1;
    if (this.pending.length === 0) {
      this.onRecord(this.chunk, blankLinesBefore(this.chunk, start, end), end);
      return;
    }
    const record = concatBytes([...this.pending, this.chunk.subarray(start, end)], this.pendingLength + end - start);
    this.pending = [];
    this.pendingLength = 0;
    this.onRecord(record, blankLinesBefore(record, 0, record.length), record.length);
  }

  /** Holds the first 3 bytes until they can be told apart from a BOM, which is dropped. */
  private dropBom(chunk: Uint8Array): Uint8Array {
    const head = this.head as number[];
    let i = 0;
    while (head.length < BOM.length && i < chunk.length) head.push(chunk[i++]);
    if (head.length < BOM.length) return new Uint8Array(0);
    this.head = null;
    const rest = chunk.subarray(i);
    if (BOM.every((b, k) => head[k] === b)) return rest;
    const out = new Uint8Array(head.length + rest.length);
    out.set(head);
    out.set(rest, head.length);
    return out;
  }
}

/**
 * Where the record in buf[start, end) really starts: after the lines of spaces (and the LF of a
 * CRLF split across chunks) before it, which the tokenizer skips, so they belong to no record.
 */
function blankLinesBefore(buf: Uint8Array, start: number, end: number): number {
  for (;;) {
    let j = start;
    while (j < end && buf[j] === SPACE) j++;
    if (j === end || (buf[j] !== LF && buf[j] !== CR)) return start;
    start = j + 1;
  }
}
