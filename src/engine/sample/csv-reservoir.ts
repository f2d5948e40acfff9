// "Train on N random rows" of a file too large to hold: one streaming pass keeps the header and a
// seeded uniform sample of N records (reservoir sampling, Algorithm R) as raw bytes, in file
// order, so only the sample is ever parsed into columns. Records end at a line feed outside
// double quotes (RFC 4180: a quoted field may hold line breaks; "" inside quotes toggles twice).
import { createRng, randomInt } from '../random';

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

function concat(parts: readonly Uint8Array[], length: number): Uint8Array {
  if (parts.length === 1) return parts[0].slice();
  const out = new Uint8Array(length);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

export async function sampleCsvRecords(source: AsyncIterable<Uint8Array>, sampleSize: number, seed: number, signal?: AbortSignal): Promise<RecordSample> {
  if (!Number.isInteger(sampleSize) || sampleSize < 1) throw new RangeError(`sample size must be an integer ≥ 1, got ${sampleSize}`);
  const rng = createRng(seed);
  let header: Uint8Array | null = null;
  const kept: Uint8Array[] = [];
  const keptIndex: number[] = [];
  let records = 0;
  let inQuotes = false;
  // The record being read, as slices of one or more chunks.
  let pending: Uint8Array[] = [];
  let pendingLength = 0;
  const finish = (record: Uint8Array): void => {
    if (header === null) {
      header = record;
      return;
    }
    const t = records++;
    if (t < sampleSize) {
      kept.push(record);
      keptIndex.push(t);
      return;
    }
    const j = randomInt(rng, t + 1);
    if (j < sampleSize) {
      kept[j] = record;
      keptIndex[j] = t;
    }
  };
  const take = (chunk: Uint8Array, from: number, to: number): void => {
    if (to > from) {
      pending.push(chunk.subarray(from, to));
      pendingLength += to - from;
    }
  };
  for await (const chunk of source) {
    if (signal?.aborted) throw signal.reason ?? new Error('aborted');
    let start = 0;
    for (let i = 0; i < chunk.length; i++) {
      const b = chunk[i];
      if (b === QUOTE) inQuotes = !inQuotes;
      else if (b === LF && !inQuotes) {
        take(chunk, start, i + 1);
        finish(concat(pending, pendingLength));
        pending = [];
        pendingLength = 0;
        start = i + 1;
      }
    }
    // Copy the unfinished tail: the caller may reuse its chunk buffers.
    if (start < chunk.length) take(chunk.slice(start), 0, chunk.length - start);
  }
  if (pendingLength > 0) {
    const last = concat([...pending, Uint8Array.of(LF)], pendingLength + 1);
    // Trailing blank text is not a record.
    if (last.some((c) => c !== LF && c !== 0x0d && c !== 0x20)) finish(last);
  }
  const order = keptIndex.map((t, j) => [t, j]).sort((a, b) => a[0] - b[0]);
  const headerBytes: Uint8Array = header ?? new Uint8Array(0);
  let length = headerBytes.length;
  for (const r of kept) length += r.length;
  const bytes = new Uint8Array(length);
  bytes.set(headerBytes, 0);
  let at = headerBytes.length;
  for (const [, j] of order) {
    bytes.set(kept[j], at);
    at += kept[j].length;
  }
  return { bytes, totalRecords: records, sampledRecords: kept.length };
}
