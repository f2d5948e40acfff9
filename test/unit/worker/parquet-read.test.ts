// The Parquet reader (src/worker/parquet/): each Parquet type onto ours, checked against the values
// pandas reads from the same file (test/fixtures/parquet/mixed.expected.json, written by
// scripts/fixtures/make-parquet.py), part files as one table, and bad files refused by name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { isNumeric, type Column } from '../../../src/engine/dataset';
import { InputError } from '../../../src/engine/errors';
import { loadCsvFile } from '../../../src/worker/load-csv';
import { loadTableFile } from '../../../src/worker/load-table';
import { readParquet } from '../../../src/worker/parquet/read-parquet';

const dir = 'test/fixtures/parquet';
const expected = JSON.parse(readFileSync(`${dir}/mixed.expected.json`, 'utf8')) as { rows: number; values: Record<string, Array<string | number | boolean | null>> };

/** A column's values as pandas gives them: numbers (dates in ms), strings, booleans, null where missing. */
function plain(column: Column): Array<string | number | boolean | null> {
  if (isNumeric(column)) return Array.from(column.values, (v) => (Number.isNaN(v) ? null : v));
  return Array.from(column.codes, (c) => (c < 0 ? null : column.type === 'boolean' ? c === 1 : column.categories[c]));
}

test('each Parquet type maps onto ours, with the values pandas reads', async () => {
  const data = await loadTableFile(`${dir}/mixed.parquet`);
  assert.equal(data.rowCount, expected.rows);
  const types = Object.fromEntries(data.columns.map((c) => [c.name, c.type]));
  assert.deepEqual(types, {
    count: 'numeric', // int64
    small: 'numeric', // nullable Int64
    ratio: 'numeric', // float64 with NaN
    name: 'categorical', // string with None
    colour: 'categorical', // pandas category: a dictionary column
    flag: 'boolean',
    maybe: 'boolean', // nullable boolean
    day: 'date', // date32
    when: 'date', // timestamp[us]
    empty: 'numeric', // nulls only
    label: 'categorical',
  });
  for (const column of data.columns) assert.deepEqual(plain(column), expected.values[column.name], column.name);
  // Categories in order of first appearance, as the CSV reader keeps them.
  const colour = data.columns.find((c) => c.name === 'colour');
  assert.ok(colour !== undefined && !isNumeric(colour));
  assert.deepEqual(colour.categories, ['red', 'green', 'blue']);
  assert.equal(data.delimiter, '');
});

test('only the columns asked for are read; --types overrides read as for a CSV', async () => {
  const some = await loadTableFile(`${dir}/mixed.parquet`, { columns: ['label', 'ratio'] });
  assert.deepEqual(some.columns.map((c) => c.name), ['ratio', 'label']);
  const typed = await loadTableFile(`${dir}/mixed.parquet`, { types: { count: 'categorical', small: 'ordinal', label: 'boolean' } });
  const count = typed.columns.find((c) => c.name === 'count');
  assert.ok(count !== undefined && count.type === 'categorical');
  assert.deepEqual(count.categories.slice(0, 3), ['-5', '-2', '1']);
  const small = typed.columns.find((c) => c.name === 'small');
  assert.ok(small !== undefined && small.type === 'ordinal');
  // Numeric order, as an ordinal CSV column of numbers gets (not code-point order: 10 after 9).
  assert.deepEqual(small.categories, ['1', '3', '4', '6', '7', '8', '9', '10', '11', '12']);
  const label = typed.columns.find((c) => c.name === 'label');
  assert.ok(label !== undefined && label.type === 'boolean');
  assert.deepEqual(label.categories, ['no', 'yes']);
  await assert.rejects(loadTableFile(`${dir}/mixed.parquet`, { types: { name: 'numeric' } }), (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.match(err.message, /^mixed\.parquet: column "name" \(rows from 1\): "ann" is not a number/);
    return true;
  });
  await assert.rejects(loadTableFile(`${dir}/mixed.parquet`, { types: { nope: 'numeric' } }), /type override for unknown column "nope"/);
});

test('a folder of part files is one table, the same as the whole file and the CSV', async () => {
  const parts = await loadTableFile(`${dir}/parts`);
  const whole = await loadTableFile(`${dir}/iris.parquet`);
  const csv = await loadCsvFile('media/samples/iris.csv');
  assert.equal(parts.rowCount, 150);
  for (const data of [parts, whole]) {
    assert.deepEqual(data.columns.map((c) => [c.name, c.type]), csv.columns.map((c) => [c.name, c.type]));
    data.columns.forEach((c, k) => assert.deepEqual(plain(c), plain(csv.columns[k]), c.name));
  }
});

test('a corrupt or cut-short file, a nested column, mismatched parts: an InputError naming file and column', async () => {
  await assert.rejects(loadTableFile(`${dir}/corrupt.parquet`), (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.match(err.message, /^corrupt\.parquet: not a readable Parquet file, or cut short \(/);
    return true;
  });
  await assert.rejects(loadTableFile(`${dir}/nested.parquet`), /^InputError: nested\.parquet: column "tags" holds nested values \(a list\)/);
  // The footer intact but a column chunk's bytes overwritten: the column is named.
  const bytes = new Uint8Array(readFileSync(`${dir}/iris.parquet`));
  const damaged = bytes.slice();
  damaged.fill(0xff, 4, 600);
  await assert.rejects(readParquet([{ name: 'damaged.parquet', file: damaged.buffer }]), (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.match(err.message, /^damaged\.parquet: column "sepal_length_cm" cannot be read/);
    return true;
  });
  const other = new Uint8Array(readFileSync(`${dir}/mixed.parquet`));
  await assert.rejects(readParquet([{ name: 'a.parquet', file: bytes.buffer }, { name: 'b.parquet', file: other.buffer }]), /^InputError: b\.parquet: has no column "sepal_length_cm", which a\.parquet has/);
});
