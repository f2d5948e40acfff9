// "Train on N random rows" of a file too large to hold: one streaming pass keeps the header and a
// seeded uniform sample of N records (reservoir sampling, Algorithm R) as raw bytes, in file
// order, so only the sample is ever parsed into columns. Records end at a line feed outside
// double quotes (RFC 4180: a quoted field may hold line breaks; "" inside quotes toggles twice).
import { concatBytes } from '../csv/concat-bytes';
import { createRng, randomInt, type Rng } from '../random';

export interface RecordSample {
  /** The header line and the sampled records, in file order, each ending with a line feed. */
  bytes: Uint8Array;
  /** Data records in the whole input (the header not counted). */
  totalRecords: number;
  /** Records in the sample: min(sampleSize, totalRecords). */
  sampledRecords: number;
}

const LF = 0x0a;
const QUOTE = 0x22;

/**
 * The sampler fed chunk by chunk, so that a synchronous reader (a worker reading a file with
 * fs.readSync) and an asynchronous stream use the same code.
 */
export class RecordReservoir {
  private readonly rng: Rng;
  private header: Uint8Array | null = null;
  private readonly kept: Uint8Array[] = [];
  private readonly keptIndex: number[] = [];
  private records = 0;
  private inQuotes = false;
  /** The record being read, as slices of one or more chunks. */
  private pending: Uint8Array[] = [];
  private pendingLength = 0;

  constructor(
    private readonly sampleSize: number,
    seed: number,
  ) {
    if (!Number.isInteger(sampleSize) || sampleSize < 1) throw new RangeError(`sample size must be an integer ≥ 1, got ${sampleSize}`);
    this.rng = createRng(seed);
  }

  /** Adds the next chunk (not kept: the caller may reuse its buffer). */
  push(chunk: Uint8Array): void {
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === QUOTE) this.inQuotes = !this.inQuotes;
      else if (b === LF && !this.inQuotes) {
        this.take(chunk.subarray(start, i + 1));
        this.finishRecord();
        this.pending = [];
        this.pendingLength = 0;
        start = i + 1;
      }
    }
    if (start < chunk.length) this.take(chunk.slice(start));
  }

  /** The sample, once every chunk has been pushed (once: the reservoir is emptied). */
  finish(): RecordSample {
    if (this.pendingLength > 0) {
      this.take(Uint8Array.of(LF));
      // Trailing blank text is not a record.
      if (this.pending.some((part) => part.some((c) => c !== LF && c !== 0x0d && c !== 0x20))) this.finishRecord();
      this.pending = [];
      this.pendingLength = 0;
    }
    const { kept } = this;
    const order = this.keptIndex.map((t, j) => [t, j]).sort((a, b) => a[0] - b[0]);
    const header = this.header ?? new Uint8Array(0);
    let length = header.length;
    for (const r of kept) length += r.length;
    const bytes = new Uint8Array(length);
    bytes.set(header, 0);
    let at = header.length;
    for (const [, j] of order) {
      bytes.set(kept[j], at);
      at += kept[j].length;
    }
    const sampledRecords = kept.length;
    // The records now live in `bytes`: let them go before the caller parses it (hundreds of MB).
    kept.length = 0;
    this.keptIndex.length = 0;
    return { bytes, totalRecords: this.records, sampledRecords };
  }

  private take(part: Uint8Array): void {
    if (part.length === 0) return;
    this.pending.push(part);
    this.pendingLength += part.length;
  }

  /**
   * The record in `pending` is complete. It is copied out of the caller's chunks only when kept:
   * most records of a big file are not, and a copy of each would leave millions of small buffers
   * for the garbage collector (1.6 GB of RSS while sampling a 1 GB file).
   */
  private finishRecord(): void {
    const record = () => concatBytes(this.pending, this.pendingLength, { copy: true });
    if (this.header === null) {
      this.header = record();
      return;
    }
    const t = this.records++;
    if (t < this.sampleSize) {
      this.kept.push(record());
      this.keptIndex.push(t);
      return;
    }
    const j = randomInt(this.rng, t + 1);
    if (j < this.sampleSize) {
      this.kept[j] = record();
      this.keptIndex[j] = t;
    }
  }
}

export async function sampleCsvRecords(source: AsyncIterable<Uint8Array>, sampleSize: number, seed: number, signal?: AbortSignal): Promise<RecordSample> {
  const reservoir = new RecordReservoir(sampleSize, seed);
  for await (const chunk of source) {
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    reservoir.push(chunk);
  }
  return reservoir.finish();
}
