// Turns the packages' ARFF and JSON files into CSV, keeping every column and value: missing
// values (ARFF `?`, JSON null or absent keys) become empty fields.
import { csvLine } from './csv-records';

/**
 * ARFF (Weka's format) → CSV. Attribute names and values may be quoted with ' or " (backslash
 * escapes inside); `%` starts a comment line; `?` unquoted is missing. Sparse ARFF is refused.
 */
export function arffToCsv(text: string): string {
  const names: string[] = [];
  const lines: string[] = [];
  let inData = false;
  for (const rawLine of text.split(/\r\n|\r|\n/)) {
    const line = rawLine.trim();
    if (line === '' || line.startsWith('%')) continue;
    if (!inData) {
      const lower = line.toLowerCase();
      if (lower.startsWith('@attribute')) names.push(arffTokens(line.slice('@attribute'.length), /\s/)[0].value);
      else if (lower.startsWith('@data')) {
        inData = true;
        lines.push(csvLine(names));
      }
      continue;
    }
    if (line.startsWith('{')) throw new Error('sparse ARFF is not supported');
    const values = arffTokens(line, /,/).map((t) => (t.quoted || t.value !== '?' ? t.value : ''));
    if (values.length !== names.length) throw new Error(`ARFF row has ${values.length} values for ${names.length} attributes: ${line.slice(0, 80)}`);
    lines.push(csvLine(values));
  }
  return lines.join('\n') + '\n';
}

/** Splits `text` at separators outside quotes; the first token only when the separator is whitespace. */
function arffTokens(text: string, separator: RegExp): Array<{ value: string; quoted: boolean }> {
  const tokens: Array<{ value: string; quoted: boolean }> = [];
  let i = 0;
  const skipSpace = () => {
    while (i < text.length && /\s/.test(text[i])) i++;
  };
  for (;;) {
    skipSpace();
    let value = '';
    let quoted = false;
    const q = text[i];
    if (q === "'" || q === '"') {
      quoted = true;
      i++;
      while (i < text.length && text[i] !== q) {
        if (text[i] === '\\' && i + 1 < text.length) i++;
        value += text[i++];
      }
      i++;
      while (i < text.length && !separator.test(text[i])) i++;
    } else {
      while (i < text.length && !separator.test(text[i])) value += text[i++];
      value = value.trim();
    }
    tokens.push({ value, quoted });
    if (separator.source === '\\s' || i >= text.length) return tokens;
    i++; // the separator
  }
}

/** A JSON array of flat objects → CSV: columns in first-seen key order; null and absent keys are empty. */
export function jsonRowsToCsv(text: string): string {
  const rows = JSON.parse(text) as Array<Record<string, unknown>>;
  const names: string[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    for (const key of Object.keys(row)) {
      if (!seen.has(key)) {
        seen.add(key);
        names.push(key);
      }
    }
  }
  const lines = [csvLine(names)];
  for (const row of rows) lines.push(csvLine(names.map((n) => (row[n] === null || row[n] === undefined ? '' : String(row[n])))));
  return lines.join('\n') + '\n';
}
