// Where each record of a CSV starts: the 0-based line of every record (header = record 0), read
// with the reader's own tokenizer, so quoted fields spanning lines and skipped blank lines count
// exactly as they do when the file is parsed.
import { CsvTokenizer } from '../csv/tokenizer';

export function recordStartLines(data: string | Uint8Array, delimiter: string): Int32Array {
  const bytes = typeof data === 'string' ? new TextEncoder().encode(data) : data;
  let starts = new Int32Array(1024);
  let count = 0;
  const tokenizer: CsvTokenizer = new CsvTokenizer(delimiter.charCodeAt(0), {
    field: () => undefined,
    endRow: () => {
      if (count === starts.length) {
        const bigger = new Int32Array(count * 2);
        bigger.set(starts);
        starts = bigger;
      }
      starts[count++] = tokenizer.rowLine - 1;
    },
  });
  tokenizer.push(bytes);
  tokenizer.finish();
  return starts.slice(0, count);
}

/** Index of the last record starting at or before `line` (starts ascend); −1 when none does. */
export function recordAtOrBefore(starts: Int32Array, line: number): number {
  let lo = 0;
  let hi = starts.length - 1;
  if (hi < 0 || starts[0] > line) return -1;
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1;
    if (starts[mid] <= line) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}
