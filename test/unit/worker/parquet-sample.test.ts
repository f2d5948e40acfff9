// "Train on N random rows" of a Parquet file (README "Parquet input"): the rows are drawn up front
// from the row count the footers give, uniformly without replacement (engine/sample/row-picks.ts),
// and the reader decodes only the row groups that hold some of them, keeping only those rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isNumeric, type Column } from '../../../src/engine/dataset';
import { pickRows } from '../../../src/engine/sample/row-picks';
import { sampleJob } from '../../../src/worker/jobs/sample';
import { loadTableFile } from '../../../src/worker/load-table';
import { openParquet } from '../../../src/worker/parquet/parquet-files';
import { readParquet, type ParquetPart } from '../../../src/worker/parquet/read-parquet';

/** A column's values as plain numbers or strings (null where missing). */
function plain(column: Column): Array<string | number | null> {
  if (isNumeric(column)) return Array.from(column.values, (v) => (Number.isNaN(v) ? null : v));
  return Array.from(column.codes, (c) => (c < 0 ? null : column.categories[c]));
}

test('pickRows: n distinct rows in ascending order, the same for a seed, every row equally likely', () => {
  const picks = pickRows(1_000_000, 1000, 5);
  assert.equal(picks.length, 1000);
  for (let i = 1; i < picks.length; i++) assert.ok(picks[i] > picks[i - 1], 'ascending and distinct');
  assert.ok(picks[0] >= 0 && picks[999] < 1_000_000);
  assert.deepEqual(pickRows(1_000_000, 1000, 5), picks);
  assert.notDeepEqual(pickRows(1_000_000, 1000, 6), picks);
  assert.deepEqual(Array.from(pickRows(4, 10, 1)), [0, 1, 2, 3]);
  // 3 of 10 rows, 20,000 seeds: each row is in a sample 30% of the time (sd of the share 0.0032),
  // and each of the 45 pairs 3/10 · 2/9 = 6.67% of the time (sd 0.0018): Floyd's draw is uniform.
  const seeds = 20_000;
  const once = new Array<number>(10).fill(0);
  const pairs = new Map<string, number>();
  for (let seed = 0; seed < seeds; seed++) {
    const p = Array.from(pickRows(10, 3, seed));
    for (const r of p) once[r]++;
    for (let a = 0; a < 3; a++) for (let b = a + 1; b < 3; b++) pairs.set(`${p[a]},${p[b]}`, (pairs.get(`${p[a]},${p[b]}`) ?? 0) + 1);
  }
  for (const [row, n] of once.entries()) assert.ok(Math.abs(n / seeds - 0.3) < 0.015, `row ${row}: in ${n / seeds} of the samples`);
  assert.equal(pairs.size, 45);
  for (const [pair, n] of pairs) assert.ok(Math.abs(n / seeds - 1 / 15) < 0.009, `rows ${pair}: together in ${n / seeds} of the samples`);
});

/** 1,000 rows in 10 row groups of 100: x = the row's number, g = its group as text. */
async function tenGroups(file: string): Promise<void> {
  const { parquetWriteBuffer } = await import('hyparquet-writer');
  const x = Float64Array.from({ length: 1000 }, (_, i) => i);
  const g = Array.from({ length: 1000 }, (_, i) => `g${Math.floor(i / 100)}`);
  const bytes = parquetWriteBuffer({
    columnData: [
      { name: 'x', data: x, type: 'DOUBLE', nullable: false },
      { name: 'g', data: g, type: 'STRING' },
    ],
    rowGroupSize: 100,
  });
  writeFileSync(file, new Uint8Array(bytes));
}

/** The file, its reads recorded: the byte ranges read. */
async function countedReads(file: string): Promise<{ parts: ParquetPart[]; ranges: Array<[number, number]>; close(): Promise<void> }> {
  const open = await openParquet(file);
  const ranges: Array<[number, number]> = [];
  const parts = open.parts.map((p) => ({
    name: p.name,
    file: {
      byteLength: p.file.byteLength,
      slice: (start: number, end?: number) => {
        ranges.push([start, end ?? p.file.byteLength]);
        return p.file.slice(start, end);
      },
    },
  }));
  return { parts, ranges, close: () => open.close() };
}

test('a Parquet sample: the picked rows, in file order; row groups holding none of them are not read', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-parquet-sample-'));
  try {
    const file = path.join(dir, 'ten-groups.parquet');
    await tenGroups(file);
    const { hyparquetGroups } = await groupsOf(file);
    assert.equal(hyparquetGroups.length, 10, 'the file has 10 row groups');

    // Rows only in groups 2 and 7: the other 8 groups' column chunks are never read.
    const counted = await countedReads(file);
    try {
      const data = await readParquet(counted.parts, { rowPicks: (total) => (assert.equal(total, 1000), Float64Array.of(205, 250, 799)) });
      assert.equal(data.rowCount, 3);
      assert.deepEqual(plain(data.columns[0]), [205, 250, 799]);
      assert.deepEqual(plain(data.columns[1]), ['g2', 'g2', 'g7']);
      const untouched = hyparquetGroups.filter((_, k) => k !== 2 && k !== 7);
      // The footer is read from the file's end (hyparquet fetches its last 512 KB: here the whole file); then the chunks.
      const chunkReads = counted.ranges.filter(([, end]) => end < counted.parts[0].file.byteLength);
      assert.ok(chunkReads.length >= 2, `column chunks read: ${JSON.stringify(counted.ranges)}`);
      for (const [start, end] of chunkReads) {
        for (const group of untouched) assert.ok(end <= group.start || start >= group.end, `read bytes ${start}–${end} of a row group with no picked row (${group.start}–${group.end})`);
      }
    } finally {
      await counted.close();
    }

    // The worker's sample job: N rows drawn over the whole file, the same as picking them from the full table.
    const progress: number[] = [];
    const result = await sampleJob({ path: file, rows: 120, seed: 3, fileName: 'ten-groups.parquet' }, (p) => progress.push(p.phase === 'parse' ? p.fraction : -1));
    assert.deepEqual(result.sampled, { rows: 120, of: 1000 });
    const whole = await loadTableFile(file);
    const picks = Array.from(pickRows(1000, 120, 3));
    assert.deepEqual(plain(result.dataset.columns[0]), picks);
    assert.deepEqual(plain(result.dataset.columns[1]), picks.map((r) => plain(whole.columns[1])[r]));
    assert.deepEqual(result.columns.map((c) => [c.name, c.type]), [['x', 'numeric'], ['g', 'categorical']]);
    assert.ok(new Set(picks.map((r) => Math.floor(r / 100))).size === 10, 'rows from every group');
    assert.equal(progress[progress.length - 1], 1);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('a Parquet folder sampled as one table: rows drawn across its part files', async () => {
  const folder = 'test/fixtures/parquet/parts';
  const result = await sampleJob({ path: folder, rows: 30, seed: 9, fileName: 'parts' }, () => undefined);
  assert.deepEqual(result.sampled, { rows: 30, of: 150 });
  const whole = await loadTableFile(folder);
  const picks = Array.from(pickRows(150, 30, 9));
  for (const [k, column] of result.dataset.columns.entries()) assert.deepEqual(plain(column), picks.map((r) => plain(whole.columns[k])[r]), column.name);
});

/** The byte range of each row group's column chunks, from the footer. */
async function groupsOf(file: string): Promise<{ hyparquetGroups: Array<{ start: number; end: number }> }> {
  const { parquetMetadataAsync } = await import('hyparquet');
  const open = await openParquet(file);
  try {
    const metadata = await parquetMetadataAsync(open.parts[0].file);
    return {
      hyparquetGroups: metadata.row_groups.map((g) => {
        const chunks = g.columns.map((c) => {
          const start = Number(c.meta_data?.dictionary_page_offset ?? c.meta_data?.data_page_offset);
          return { start, end: start + Number(c.meta_data?.total_compressed_size) };
        });
        return { start: Math.min(...chunks.map((c) => c.start)), end: Math.max(...chunks.map((c) => c.end)) };
      }),
    };
  } finally {
    await open.close();
  }
}
