// The workspace's CSV files as a command with no CSV in focus lists them (issue 16 item 6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { browseLabel, CSV_EXCLUDE, CSV_GLOB, csvFileItems } from '../../../src/host/csv-file-items';

test('files sorted by folder then name, the folder as description, Browse… last', () => {
  const items = csvFileItems(['data/b.csv', 'iris.csv', 'data/a.tsv', 'archive/big.csv.gz']);
  assert.deepEqual(
    items.map((i) => [i.label, i.description, i.path]),
    [
      ['iris.csv', undefined, 'iris.csv'],
      ['big.csv.gz', 'archive', 'archive/big.csv.gz'],
      ['a.tsv', 'data', 'data/a.tsv'],
      ['b.csv', 'data', 'data/b.csv'],
      [browseLabel(), 'choose a file with the open dialog', undefined],
    ],
  );
});

test('no files: only Browse…', () => {
  assert.deepEqual(csvFileItems([]).map((i) => i.label), [browseLabel()]);
});

test('the glob takes csv, tsv and their gzip files; node_modules is excluded', () => {
  assert.match(CSV_GLOB, /\{csv,tsv,csv\.gz,tsv\.gz/);
  assert.match(CSV_EXCLUDE, /node_modules/);
});
