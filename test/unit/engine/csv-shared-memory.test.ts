// CsvOptions.sharedMemory (the CLI's forests): the same dataset as without it, its number and code
// columns on SharedArrayBuffers, whether the columns were sized right, too large (a copy of the
// rows read) or too small (grown), so a forest's pool shares them without a copy.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv, readCsv } from '../../../src/engine/csv/read';
import { columnCells, isNumeric, type Dataset } from '../../../src/engine/dataset';
import { chunked } from '../helpers/csv-helpers';

const text = (rows: number): string => {
  let t = 'x,kind,flag,size,n\n';
  for (let i = 0; i < rows; i++) t += `${i % 7 === 3 ? 'NA' : (i * 0.37).toFixed(2)},k${i % 5},${i % 2 === 0 ? 'yes' : 'no'},${['S', 'M', 'L'][i % 3]},${i}\n`;
  return t;
};
const TYPES = { size: 'ordinal' } as const;

function arrays(dataset: Dataset): Array<Float64Array | Int32Array> {
  return dataset.columns.map(columnCells);
}

function assertSharedTwin(shared: Dataset, plain: Dataset): void {
  assert.deepEqual(
    shared.columns.map((c) => c.type),
    ['numeric', 'categorical', 'boolean', 'ordinal', 'numeric'],
  );
  assert.deepEqual(
    shared.columns.map((c) => ({ ...c, ...(isNumeric(c) ? { values: Array.from(c.values) } : { codes: Array.from(c.codes) }) })),
    plain.columns.map((c) => ({ ...c, ...(isNumeric(c) ? { values: Array.from(c.values) } : { codes: Array.from(c.codes) }) })),
  );
  assert.ok(arrays(shared).every((a) => a.buffer instanceof SharedArrayBuffer));
  assert.ok(arrays(plain).every((a) => a.buffer instanceof ArrayBuffer));
}

test('parseCsv with sharedMemory: the same columns, on shared memory', () => {
  const csv = text(2000);
  assertSharedTwin(parseCsv(csv, { sharedMemory: true, types: TYPES }), parseCsv(csv, { types: TYPES }));
});

test('streamed with sharedMemory, the columns sized too large (a copy of the rows read) or too small (grown): still shared', async () => {
  const bytes = new TextEncoder().encode(text(20000));
  const plain = parseCsv(bytes, { types: TYPES });
  for (const totalBytes of [bytes.length * 4, Math.floor(bytes.length / 4)]) {
    const shared = await readCsv(chunked(bytes, () => 997), { sharedMemory: true, types: TYPES, totalBytes });
    assertSharedTwin(shared, plain);
  }
});
