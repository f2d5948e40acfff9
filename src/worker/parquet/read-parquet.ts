// Reads Parquet into the engine's Dataset (README "Parquet input"), with hyparquet (pure
// JavaScript, snappy built in): a file, or the part files of a folder as one table, read a row
// group and a column at a time into the engine's TypedColumnBuilder (src/engine/table/), so the
// table every command and the panel train on is built by the engine's own rules. Only the columns
// asked for are decoded. A file that is no Parquet, cut short or corrupt, and a column that cannot
// be read, fail as an InputError naming the file (and the column).
import type { AsyncBuffer, FileMetaData } from 'hyparquet' with { 'resolution-mode': 'import' };
import type { ColumnNote, ColumnType, Dataset } from '../../engine/dataset';
import { InputError, throwIfAborted } from '../../engine/errors';
import type { CsvOptions } from '../../engine/csv/read';
import { FieldProblem } from '../../engine/csv/field-problem';
import { TypedColumnBuilder } from '../../engine/table/typed-column';
import { parquetColumns, type ParquetColumn } from './parquet-kinds';

/** One Parquet file: its name (for messages) and its bytes, read on demand. */
export interface ParquetPart {
  readonly name: string;
  readonly file: AsyncBuffer;
}

export interface ParquetOptions extends Pick<CsvOptions, 'types' | 'presentTypes' | 'coerce' | 'orders' | 'decimal' | 'sharedMemory' | 'signal'> {
  /** Read only these columns (in the file's order); all when absent. A name the file lacks is no error here. */
  readonly columns?: readonly string[];
  /**
   * Given the table's row count (from the footers), the rows to keep (ascending, distinct:
   * engine/sample/row-picks.ts); a row group holding none of them is not read. All rows when absent.
   */
  readonly rowPicks?: (total: number) => Float64Array;
  /** Called with the fraction of the column chunks read so far. */
  readonly onFraction?: (fraction: number) => void;
}

/** "PAR1", the magic bytes at both ends of a Parquet file. */
export function isParquet(head: Uint8Array): boolean {
  return head.length >= 4 && head[0] === 0x50 && head[1] === 0x41 && head[2] === 0x52 && head[3] === 0x31;
}

interface OpenPart extends ParquetPart {
  readonly metadata: FileMetaData;
  readonly columns: ParquetColumn[];
}

/** The parts as one table: every part must have the first one's columns, of the same kinds. */
export async function readParquet(parts: readonly ParquetPart[], options: ParquetOptions = {}): Promise<Dataset> {
  const hyparquet = await import('hyparquet');
  if (parts.length === 0) throw new InputError('empty-file', 'no Parquet files to read');
  const open: OpenPart[] = [];
  for (const part of parts) {
    throwIfAborted(options.signal);
    open.push(await openPart(hyparquet, part));
  }
  const first = open[0];
  for (const part of open.slice(1)) sameColumns(first, part);
  const wanted = options.columns === undefined ? first.columns : first.columns.filter((c) => options.columns?.includes(c.name));
  const names = first.columns.map((c) => c.name);
  const types = options.types ?? {};
  const unknown = Object.keys(types).filter((name) => !names.includes(name));
  if (unknown.length > 0) {
    throw new InputError('unknown-column', `type override for unknown column ${unknown.map((u) => JSON.stringify(u)).join(', ')}; columns are ${names.map((n) => JSON.stringify(n)).join(', ')}`);
  }
  const total = open.reduce((sum, p) => sum + Number(p.metadata.num_rows), 0);
  const picks = total === 0 ? undefined : options.rowPicks?.(total);
  const rows = picks?.length ?? total;
  if (total === 0) throw new InputError('header-only', `${first.name}: the table has columns but no rows`);
  const builders = wanted.map((c) => new TypedColumnBuilder(c.name, c.kind, rows, { forced: typeOf(c.name, options), reading: readingOf(c.name, options), sharedMemory: options.sharedMemory }));
  const chunks = open.reduce((sum, p) => sum + p.metadata.row_groups.length, 0) * builders.length;
  let done = 0;
  let offset = 0;
  // With row picks: the picks of the row group at hand are picks[from, to), kept at rows from onwards.
  let to = 0;
  for (const part of open) {
    let groupStart = 0;
    for (const group of part.metadata.row_groups) {
      const groupRows = Number(group.num_rows);
      const from = to;
      if (picks !== undefined) while (to < picks.length && picks[to] < offset + groupStart + groupRows) to++;
      const kept = picks === undefined ? undefined : { at: from, rows: picks.subarray(from, to).map((p) => p - offset - groupStart) };
      for (const builder of builders) {
        throwIfAborted(options.signal);
        if (kept === undefined || kept.rows.length > 0) await readChunk(hyparquet, part, builder, offset, groupStart, groupStart + groupRows, kept);
        options.onFraction?.(++done / chunks);
      }
      groupStart += groupRows;
    }
    offset += Number(part.metadata.num_rows);
  }
  const notes: ColumnNote[] = [];
  const columns = builders.map((b) => {
    const { column, note, warning } = guarded(first.name, b.name, () => b.finish());
    if (note !== null) notes.push({ column: b.name, text: note, ...(warning ? { warning: true } : {}) });
    return column;
  });
  return { columns, rowCount: rows, delimiter: '', renamedHeaders: [], ...(notes.length > 0 ? { notes } : {}) };
}

type Hyparquet = typeof import('hyparquet', { with: { 'resolution-mode': 'import' } });

async function openPart(hyparquet: Hyparquet, part: ParquetPart): Promise<OpenPart> {
  let metadata: FileMetaData;
  try {
    metadata = await hyparquet.parquetMetadataAsync(part.file);
  } catch (err) {
    throw new InputError('unreadable-file', `${part.name}: not a readable Parquet file, or cut short (${messageOf(err)})`);
  }
  try {
    return { ...part, metadata, columns: parquetColumns(hyparquet.parquetSchema(metadata)) };
  } catch (err) {
    if (err instanceof InputError) throw new InputError(err.code, `${part.name}: ${err.message}`);
    throw new InputError('unreadable-file', `${part.name}: the Parquet schema cannot be read (${messageOf(err)})`);
  }
}

function sameColumns(first: OpenPart, part: OpenPart): void {
  const theirs = new Map(part.columns.map((c) => [c.name, c.kind]));
  for (const c of first.columns) {
    const kind = theirs.get(c.name);
    if (kind === undefined) throw new InputError('unknown-column', `${part.name}: has no column ${JSON.stringify(c.name)}, which ${first.name} has; the part files of a folder must share their columns`);
    if (kind !== c.kind) throw new InputError('bad-value', `${part.name}: column ${JSON.stringify(c.name)} holds ${kind} values, ${first.name} ${c.kind} ones`);
  }
  if (part.columns.length !== first.columns.length) {
    const extra = part.columns.find((c) => !first.columns.some((f) => f.name === c.name));
    throw new InputError('unknown-column', `${part.name}: has a column ${JSON.stringify(extra?.name)} that ${first.name} lacks; the part files of a folder must share their columns`);
  }
}

/** Rows of a row group (ascending, counted from the group's first row) kept at the builder's row `at` onwards. */
interface KeptRows {
  readonly at: number;
  readonly rows: Float64Array;
}

/**
 * One column of one row group, into its builder at the table's row `offset + groupStart`; with
 * `kept`, only those rows, at the builder's rows from `kept.at`.
 */
async function readChunk(hyparquet: Hyparquet, part: OpenPart, builder: TypedColumnBuilder, offset: number, groupStart: number, groupEnd: number, kept?: KeptRows): Promise<void> {
  const pieces: Array<{ start: number; data: ArrayLike<unknown> }> = [];
  try {
    await hyparquet.parquetRead({
      file: part.file,
      metadata: part.metadata,
      columns: [builder.name],
      rowStart: groupStart,
      rowEnd: groupEnd,
      onChunk: (chunk) => pieces.push({ start: chunk.rowStart, data: chunk.columnData }),
    });
  } catch (err) {
    throw new InputError('unreadable-file', `${part.name}: column ${JSON.stringify(builder.name)} cannot be read, the file may be corrupt or cut short (${messageOf(err)})`);
  }
  if (kept !== undefined) return keepRows(part, builder, pieces, groupStart, groupEnd, kept);
  let covered = 0;
  for (const { start, data } of pieces) {
    // A chunk may hold rows outside the range asked for: keep those inside it.
    const from = Math.max(start, groupStart);
    const to = Math.min(start + data.length, groupEnd);
    if (to <= from) continue;
    const slice = from === start && to === start + data.length ? data : sliced(data, from - start, to - start);
    guarded(part.name, builder.name, () => builder.add(offset + from, slice), offset + from);
    covered += to - from;
  }
  if (covered !== groupEnd - groupStart) {
    throw new InputError('unreadable-file', `${part.name}: column ${JSON.stringify(builder.name)} has ${covered} values in a row group of ${groupEnd - groupStart} rows`);
  }
}

function keepRows(part: OpenPart, builder: TypedColumnBuilder, pieces: ReadonlyArray<{ start: number; data: ArrayLike<unknown> }>, groupStart: number, groupEnd: number, kept: KeptRows): void {
  const values = new Array<unknown>(kept.rows.length);
  let piece = 0;
  for (let i = 0; i < kept.rows.length; i++) {
    const row = groupStart + kept.rows[i];
    while (piece < pieces.length && pieces[piece].start + pieces[piece].data.length <= row) piece++;
    const p = pieces[piece];
    if (p === undefined || p.start > row) {
      throw new InputError('unreadable-file', `${part.name}: column ${JSON.stringify(builder.name)} has no value at row ${row + 1} of a row group of ${groupEnd - groupStart} rows`);
    }
    values[i] = p.data[row - p.start];
  }
  guarded(part.name, builder.name, () => builder.add(kept.at, values));
}

function sliced(data: ArrayLike<unknown>, from: number, to: number): ArrayLike<unknown> {
  return Array.prototype.slice.call(data, from, to) as unknown[];
}

/** Runs a builder step; its FieldProblem becomes an InputError naming file and column. */
function guarded<T>(file: string, column: string, work: () => T, firstRow?: number): T {
  try {
    return work();
  } catch (err) {
    if (err instanceof FieldProblem) {
      const where = firstRow === undefined ? '' : ` (rows from ${firstRow + 1})`;
      throw new InputError(err.code, `${file}: column ${JSON.stringify(column)}${where}: ${err.message}`);
    }
    throw err;
  }
}

function typeOf(name: string, options: ParquetOptions): ColumnType | undefined {
  if (options.types !== undefined && Object.hasOwn(options.types, name)) return options.types[name];
  return options.presentTypes !== undefined && Object.hasOwn(options.presentTypes, name) ? options.presentTypes[name] : undefined;
}

function readingOf(name: string, options: ParquetOptions) {
  return {
    decimal: options.decimal ?? '.',
    ...(options.coerce?.includes(name) === true ? { coerce: true } : {}),
    ...(options.orders !== undefined && Object.hasOwn(options.orders, name) ? { order: options.orders[name] } : {}),
  };
}

function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
