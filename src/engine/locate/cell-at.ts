// Maps an editor position to the CSV cell under it: which record (header = 0) and which field.
// The text from the start of the record to the position is run through the reader's tokenizer,
// so quoted fields with delimiters, doubled quotes and newlines count exactly as when parsing.
// Without an index of record starts only positions near the top of the file can be mapped.
import { CsvTokenizer } from '../csv/tokenizer';
import { recordAtOrBefore } from './record-lines';

/** The prefix scanned for one lookup is at most this long; beyond, the lookup declines. */
export const MAX_SCAN_CHARS = 256 * 1024;

export type CellLocation = { record: number; field: number } | { declined: string };

export interface CellQuery {
  /** Text of a 0-based line (without its line break). */
  lineText(line: number): string;
  line: number;
  character: number;
  delimiter: string;
  /** Start line of every record (recordStartLines), or null when not known yet. */
  recordStarts: Int32Array | null;
}

export function cellAt(q: CellQuery): CellLocation {
  const here = q.lineText(q.line);
  if (here.trim() === '') return { declined: 'blank line' };
  let record = 0;
  let firstLine = 0;
  if (q.recordStarts !== null) {
    record = recordAtOrBefore(q.recordStarts, q.line);
    if (record < 0) return { declined: 'before the header' };
    firstLine = q.recordStarts[record];
  }
  const parts: string[] = [];
  let length = 0;
  for (let l = firstLine; l < q.line; l++) {
    const text = q.lineText(l);
    length += text.length + 1;
    if (length > MAX_SCAN_CHARS) return { declined: q.recordStarts === null ? 'the file is still being read' : 'the record is too long to map' };
    parts.push(text, '\n');
  }
  parts.push(here.slice(0, q.character));
  return fieldAt(parts.join(''), q.delimiter, record);
}

/** Tokenizes `prefix`, which starts at the beginning of record `record`, up to its end. */
export function fieldAt(prefix: string, delimiter: string, record = 0): CellLocation {
  let rowsEnded = 0;
  const tokenizer = new CsvTokenizer(delimiter.charCodeAt(0), { field: () => undefined, endRow: () => rowsEnded++ });
  try {
    tokenizer.push(new TextEncoder().encode(prefix));
  } catch (err) {
    return { declined: err instanceof Error ? err.message : String(err) };
  }
  return { record: record + rowsEnded, field: tokenizer.fieldsInRow };
}
