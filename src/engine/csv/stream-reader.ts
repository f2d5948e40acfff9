// Glue shared by readCsv and parseCsv: collects the first bytes to drop a UTF-8 BOM and sniff
// the delimiter (unless given), then feeds every chunk through one tokenizer into one table builder.
import type { Dataset, DecimalMark } from '../dataset';
import { InputError } from '../errors';
import { concatBytes } from './concat-bytes';
import { DEFAULT_MISSING_TOKENS, type CsvOptions } from './options';
import { MissingTokens } from './missing-tokens';
import { SAMPLE_BYTES, sniffDelimiter } from './sniff';
import { TableBuilder } from './table-builder';
import type { ColumnReading } from './column-builder';
import { CsvTokenizer } from './tokenizer';

export const BOM = [0xef, 0xbb, 0xbf];
/** Initial column capacity when the input size is unknown (more rows go to overflow blocks)… */
const UNKNOWN_SIZE_ROWS = 1 << 16;
/** …and the initial capacity of all columns together then. */
const UNKNOWN_SIZE_FIELDS = 1 << 22;
/** Fewer complete lines than this in the sample say too little about the row density. */
const MIN_SAMPLE_LINES = 8;

export class CsvStreamReader {
  private tokenizer: CsvTokenizer | null = null;
  private table: TableBuilder | null = null;
  private sample: Uint8Array[] = [];
  private sampled = 0;
  private decimal: DecimalMark = '.';

  constructor(private readonly options: CsvOptions) {
    if (options.delimiter !== undefined) checkDelimiter(options.delimiter);
    if (options.decimal !== undefined && options.decimal !== '.' && options.decimal !== ',') {
      throw new InputError('bad-option', `decimal mark must be "." or ",", got ${JSON.stringify(options.decimal)}`);
    }
  }

  push(chunk: Uint8Array): void {
    if (this.tokenizer !== null) {
      this.tokenizer.push(chunk);
      return;
    }
    // Copy: the caller may reuse its buffer while we wait for enough bytes to sniff.
    this.sample.push(chunk.slice());
    this.sampled += chunk.length;
    // A given delimiter needs only enough bytes to see a BOM; sniffing wants a good sample.
    if (this.sampled >= (this.options.delimiter !== undefined ? BOM.length : SAMPLE_BYTES)) this.start(false);
  }

  finish(): Dataset {
    if (this.tokenizer === null) this.start(true);
    (this.tokenizer as CsvTokenizer).finish();
    const dataset = (this.table as TableBuilder).finish();
    return this.decimal === '.' ? dataset : { ...dataset, decimal: this.decimal };
  }

  private start(whole: boolean): void {
    let bytes = concatBytes(this.sample, this.sampled);
    this.sample = [];
    if (BOM.every((b, i) => bytes[i] === b)) bytes = bytes.subarray(BOM.length);
    const delimiter = this.options.delimiter ?? sniffDelimiter(bytes, whole);
    const missing = new MissingTokens(this.options.missingTokens ?? DEFAULT_MISSING_TOKENS);
    const rows = expectedRows(bytes, whole, this.options.totalBytes);
    // Every field takes at least one byte of the file, which bounds what a column can need.
    const bound = this.options.totalBytes ?? UNKNOWN_SIZE_FIELDS;
    const decimal = (this.decimal = this.options.decimal ?? (delimiter === ';' ? ',' : '.'));
    const { coerce = [], orders = {} } = this.options;
    const reading = (name: string): ColumnReading => ({ decimal, coerce: coerce.includes(name), ...(Object.hasOwn(orders, name) ? { order: orders[name] } : {}) });
    this.table = new TableBuilder(delimiter, missing, this.options.types ?? {}, this.options.presentTypes ?? {}, reading, (columns) => Math.min(rows, Math.ceil(bound / columns) + 1), this.options.sharedMemory === true);
    this.tokenizer = new CsvTokenizer(delimiter.charCodeAt(0), this.table);
    this.table.tokenizer = this.tokenizer;
    this.tokenizer.push(bytes);
  }
}

/**
 * Rows to size the columns for: the line density of the sample's complete lines times the whole
 * size, plus a little. A sample with too few lines to judge gets a default (overflow blocks take
 * any excess).
 */
function expectedRows(sample: Uint8Array, whole: boolean, totalBytes: number | undefined): number {
  let newline = 0x0a;
  let lines = countByte(sample, newline);
  if (lines === 0) lines = countByte(sample, (newline = 0x0d));
  if (whole) return lines + 1;
  if (totalBytes === undefined || lines < MIN_SAMPLE_LINES) return UNKNOWN_SIZE_ROWS;
  const covered = sample.lastIndexOf(newline) + 1;
  return Math.ceil((lines * totalBytes * 1.02) / covered) + 16;
}

function countByte(bytes: Uint8Array, byte: number): number {
  let n = 0;
  for (let i = bytes.indexOf(byte); i >= 0; i = bytes.indexOf(byte, i + 1)) n++;
  return n;
}

function checkDelimiter(d: string): void {
  const code = d.charCodeAt(0);
  if (d.length !== 1 || code > 0x7f || d === '"' || d === '\r' || d === '\n' || d === ' ' || code === 0) {
    throw new InputError('bad-option', `delimiter must be one ASCII character other than a quote, a space or a newline, got ${JSON.stringify(d)}`);
  }
}

