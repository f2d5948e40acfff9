// A small RFC 4180 record splitter for the real-data bench: each record keeps its raw text, so
// fold files carry the source's fields byte for byte, and its fields, to read targets and
// predictions. (The engine's reader builds typed columns and never keeps the text: not this job.)

export interface CsvRecord {
  /** The record's text as in the file, without its line ending. */
  raw: string;
  fields: string[];
}

/**
 * Splits CSV text into records (quoted fields may hold the delimiter, quotes and newlines). Blank
 * lines are skipped. `delimiter`: `;` for R's write.csv2 files, a tab for .tsv ones; the records'
 * raw text keeps it, so fold files are written in the source's own format.
 */
export function csvRecords(text: string, delimiter = ','): CsvRecord[] {
  const records: CsvRecord[] = [];
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  while (i < text.length) {
    const start = i;
    const fields: string[] = [];
    let field = '';
    let atFieldStart = true;
    for (;;) {
      if (i >= text.length) {
        fields.push(field);
        break;
      }
      const c = text[i];
      if (c === '"' && atFieldStart) {
        const close = closingQuote(text, i + 1);
        field += text.slice(i + 1, close).replace(/""/g, '"');
        i = close + 1;
        atFieldStart = false;
      } else if (c === delimiter) {
        fields.push(field);
        field = '';
        atFieldStart = true;
        i++;
      } else if (c === '\n' || c === '\r') {
        fields.push(field);
        break;
      } else {
        field += c;
        atFieldStart = false;
        i++;
      }
    }
    const raw = text.slice(start, i);
    if (text[i] === '\r' && text[i + 1] === '\n') i += 2;
    else i++;
    if (raw.trim() !== '') records.push({ raw, fields });
  }
  return records;
}

function closingQuote(text: string, from: number): number {
  let i = from;
  for (;;) {
    const q = text.indexOf('"', i);
    if (q < 0) throw new Error('unterminated quoted field');
    if (text[q + 1] !== '"') return q;
    i = q + 2;
  }
}

/** A field as CSV text: quoted when it holds a delimiter, quote, line break or edge spaces (which readers trim). */
export function csvField(value: string): string {
  return /[",\r\n]|^\s|\s$/.test(value) ? `"${value.replace(/"/g, '""')}"` : value;
}

export function csvLine(values: readonly string[]): string {
  return values.map(csvField).join(',');
}
