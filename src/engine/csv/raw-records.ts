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
   * @param onRecord called with each record (the header first), without its line terminator; the
   *   bytes are valid only during the call.
   */
  constructor(
    delimiter: string,
    private readonly onRecord: (record: Uint8Array) => void,
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
    const end = this.tokenizer.rowEndedAt;
    const tail = this.chunk.subarray(this.start, end < 0 ? this.chunk.length : end);
    const record = this.pending.length === 0 ? tail : concatBytes([...this.pending, tail], this.pendingLength + tail.length);
    this.pending = [];
    this.pendingLength = 0;
    this.start = end < 0 ? this.chunk.length : end + 1;
    this.onRecord(record.subarray(blankLinesBefore(record)));
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
 * Length of the lines of spaces (and of the LF of a CRLF split across chunks) that precede a
 * record: the tokenizer skips them, so they belong to no record.
 */
function blankLinesBefore(record: Uint8Array): number {
  let start = 0;
  for (;;) {
    let j = start;
    while (j < record.length && record[j] === SPACE) j++;
    if (j === record.length || (record[j] !== LF && record[j] !== CR)) return start;
    start = j + 1;
  }
}
