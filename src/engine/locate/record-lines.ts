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
