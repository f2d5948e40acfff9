// Public entry points of the CSV reader (README "CSV input"): a byte stream read chunk by chunk, or a
// whole string/buffer. Both run the same tokenizer, so they accept and reject exactly the same files.
import type { Dataset } from '../dataset';
import { throwIfAborted } from '../errors';
import type { CsvOptions } from './options';
import { CsvStreamReader } from './stream-reader';

export type { CsvOptions } from './options';

/** In-memory input is fed in slices of this size so that cancellation and progress still work. */
const SLICE_BYTES = 1 << 20;

/** Reads a CSV from chunks of bytes. Each chunk is done with when the next is requested, so a source may reuse its buffer. */
export async function readCsv(source: AsyncIterable<Uint8Array>, options: CsvOptions = {}): Promise<Dataset> {
  const reader = new CsvStreamReader(options);
  const progress = progressReporter(options);
  let bytesRead = 0;
  for await (const chunk of source) {
    throwIfAborted(options.signal);
    reader.push(chunk);
    bytesRead += chunk.length;
    progress(bytesRead, false);
  }
  throwIfAborted(options.signal);
  progress(bytesRead, true);
  return reader.finish();
}

/** Reads a CSV held in memory, by the same rules as readCsv. */
export function parseCsv(data: string | Uint8Array, options: CsvOptions = {}): Dataset {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  const reader = new CsvStreamReader({ ...options, totalBytes: bytes.length });
  const progress = progressReporter(options);
  for (let at = 0; at < bytes.length; at += SLICE_BYTES) {
    throwIfAborted(options.signal);
    const end = Math.min(at + SLICE_BYTES, bytes.length);
    reader.push(bytes.subarray(at, end));
    progress(end, false);
  }
  throwIfAborted(options.signal);
  progress(bytes.length, true);
  return reader.finish();
}

/** Calls onProgress at most about once per 1% of totalBytes when that is known, and always at the end. */
function progressReporter(options: CsvOptions): (bytesRead: number, last: boolean) => void {
  const report = options.onProgress;
  if (report === undefined) return () => undefined;
  const step = options.totalBytes !== undefined && options.totalBytes > 0 ? options.totalBytes / 100 : 0;
  let next = 0;
  let reported = -1;
  return (bytesRead, last) => {
    if ((bytesRead < next && !last) || bytesRead === reported) return;
    next = bytesRead + step;
    reported = bytesRead;
    report(bytesRead);
  };
}
