// Column profiles as readable plain text for the CLI's `profile`; `table` and `plain` also lay out
// the CLI's `splits` report. (The extension's profile view draws its own cards from the data.)
import { renamedHeaderText } from '../engine/csv/header-names';
import { formatDate } from '../engine/dates';
import type { ColumnProfile, DatasetProfile, NumericSummary } from '../engine/profile';

/** The human-readable report: a summary table, a heterogeneity table, the top values. */
export function formatProfile(file: string, profile: DatasetProfile): string {
  // A table that was no CSV (Parquet) has no delimiter.
  const delimiter = profile.delimiter === '' ? 'Parquet' : `delimiter ${profile.delimiter === '\t' ? 'tab' : `"${profile.delimiter}"`}`;
  const out = [`${plain(file)}: ${profile.rowCount} rows, ${profile.columns.length} columns, ${delimiter}`];
  for (const r of profile.renamedHeaders) out.push(renamedHeaderText(r, quoted));
  for (const c of profile.idLike) out.push(`ID-like column ${quoted(c.column)} (${c.detail}): training leaves it out unless kept`);
  out.push('', ...table(
    ['column', 'type', 'count', 'missing', 'distinct', 'min', 'q1', 'median', 'q3', 'max', 'mean', 'std'],
    profile.columns.map((c) => {
      const s = c.numeric;
      return [plain(c.name), c.type, String(c.count), String(c.missing), String(c.distinct),
        ...(s === null ? ['', '', '', '', '', '', ''] : c.type === 'date' ? dateSummary(s) : [s.min, s.q1, s.median, s.q3, s.max, s.mean, s.std].map(num))];
    }),
  ));
  out.push('', ...table(
    ['column', 'gini', 'gini norm.', 'entropy bits', 'nats', 'hartleys', 'entropy norm.'],
    profile.columns.map((c) => {
      const h = c.heterogeneity;
      if (h === null) return [plain(c.name), `n/a (${c.heterogeneityNote})`, '', '', '', '', ''];
      return [plain(c.name), ...[h.gini, h.giniNormalized, h.entropyBits, h.entropyNats, h.entropyHartleys, h.entropyNormalized].map(index)];
    }),
  ));
  out.push('', 'most frequent values:');
  for (const c of profile.columns) out.push(`  ${plain(c.name)}: ${topList(c)}`);
  return out.join('\n') + '\n';
}

function topList(c: ColumnProfile): string {
  if (c.top.length === 0) return '(no values)';
  return c.top.map((t) => `${typeof t.value === 'string' ? quoted(t.value) : c.type === 'date' ? formatDate(t.value) : num(t.value)} ${t.count} (${(t.frequency * 100).toFixed(1)}%)`).join(', ');
}

export function table(header: string[], rows: string[][]): string[] {
  const widths = header.map((h, k) => Math.max(h.length, ...rows.map((r) => r[k].length)));
  const line = (cells: string[]) => cells.map((c, k) => c.padEnd(widths[k])).join('  ').trimEnd();
  return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)];
}

function num(x: number | null): string {
  if (x === null) return 'n/a';
  if (Number.isInteger(x) && Math.abs(x) < 1e15) return String(x);
  return String(Number(x.toPrecision(6)));
}

/** A date column's summary as pandas' describe() gives it: dates, and the std as a duration (in days). */
function dateSummary(s: NumericSummary): string[] {
  return [...[s.min, s.q1, s.median, s.q3, s.max, s.mean].map(formatDate), s.std === null ? 'n/a' : `${num(s.std / 86_400_000)} days`];
}

function index(x: number | null): string {
  return x === null ? 'n/a' : x.toFixed(4);
}

const MAX_SHOWN = 40;

/** File text in double quotes, escaped as in JSON, for a terminal. */
function quoted(text: string): string {
  return plain(JSON.stringify(text));
}

/** File text shown on a terminal: control characters escaped (no escape sequences), long text cut. */
export function plain(text: string): string {
  // eslint-disable-next-line no-control-regex
  const safe = text.replace(/[\u0000-\u001f\u007f-\u009f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
  return safe.length > MAX_SHOWN ? safe.slice(0, MAX_SHOWN - 1) + '…' : safe;
}
