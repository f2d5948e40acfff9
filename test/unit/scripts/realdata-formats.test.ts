// The real-data bench keeps a source's own format through its fold files (bench/realdata/): a
// file R's write.csv2 writes (`;`, decimal comma, a blank header over the row names, quoted
// fields holding `;` and line breaks) and a tab-separated one are split on their delimiter, their
// fold files hold the records byte for byte, and decimal-comma targets score as numbers.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { csvRecords } from '../../../bench/realdata/csv-records';
import { assignFolds, writeFolds } from '../../../bench/realdata/folds';
import { scorePredictions } from '../../../bench/realdata/ours';

const csv2 = '"";"status";"bili";"note"\n"1";"D";14,5;"a; b"\n"2";"C";1,1;"line\nbreak"\n"3";"D";0,8;""\n"4";"C";2;"x"\n';

test('a write.csv2 file and a tab file are split on their own delimiter', () => {
  const [header, ...rows] = csvRecords(csv2, ';');
  assert.deepEqual(header.fields, ['', 'status', 'bili', 'note']);
  assert.deepEqual(rows.map((r) => r.fields), [
    ['1', 'D', '14,5', 'a; b'],
    ['2', 'C', '1,1', 'line\nbreak'],
    ['3', 'D', '0,8', ''],
    ['4', 'C', '2', 'x'],
  ]);
  const tab = csvRecords('id\tprice\tcut\n7\t$1,200\tIdeal\n', '\t');
  assert.deepEqual(tab.map((r) => r.fields), [['id', 'price', 'cut'], ['7', '$1,200', 'Ideal']]);
});

test('fold files hold the source records byte for byte, in its format', () => {
  const [header, ...rows] = csvRecords(csv2, ';');
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-realdata-'));
  const fold = assignFolds(rows.map((r) => r.fields[1]), 'classification', 2, 1);
  const files = writeFolds(dir, header, rows, 1, fold, 2);
  const written = files.flatMap((f) => csvRecords(readFileSync(f.test, 'utf8'), ';').slice(1));
  assert.deepEqual(written.map((r) => r.raw).sort(), rows.map((r) => r.raw).sort());
  assert.equal(readFileSync(files[0].train, 'utf8').split('\n')[0], '"";"status";"bili";"note"');
});

test('decimal-comma targets score as numbers', () => {
  const truth = ['14,5', '1,1', '0,8', '2'];
  assert.equal(scorePredictions('regression', truth, truth, ','), 1);
  assert.equal(scorePredictions('regression', truth, ['14.5', '1.1', '0.8', '2'], ','), 1);
  assert.equal(scorePredictions('classification', ['1,5', '2'], ['1.5', '3'], ','), 0.5);
});
