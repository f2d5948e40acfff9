// Editor position → CSV cell: quoted delimiters, doubled quotes, tab and semicolon files,
// quoted fields spanning lines, blank lines, and polite refusals.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { cellAt, fieldAt, MAX_SCAN_CHARS, type CellLocation } from '../../../src/engine/locate/cell-at';
import { recordStartLines } from '../../../src/engine/locate/record-lines';
import { parseCsv } from '../../../src/engine/csv/read';

/** The cell under the first occurrence of `marker` in `text` (the marker is part of the text). */
function cellOf(text: string, marker: string, delimiter: string, indexed = true): CellLocation {
  const at = text.indexOf(marker);
  assert.ok(at >= 0, `marker ${marker} not in text`);
  const lines = text.split(/\r\n|\r|\n/);
  const before = text.slice(0, at).split(/\r\n|\r|\n/);
  return cellAt({
    lineText: (l) => lines[l],
    line: before.length - 1,
    character: before[before.length - 1].length,
    delimiter,
    recordStarts: indexed ? recordStartLines(text, delimiter) : null,
  });
}

test('quoted fields holding the delimiter and doubled quotes do not shift the column', () => {
  const text = 'name,comment,score\n"Smith, J","said ""hi, there""",A1\n"x",y,B2\n';
  assert.deepEqual(cellOf(text, 'A1', ','), { record: 1, field: 2 });
  assert.deepEqual(cellOf(text, 'there', ','), { record: 1, field: 1 });
  assert.deepEqual(cellOf(text, 'Smith', ','), { record: 1, field: 0 });
  assert.deepEqual(cellOf(text, 'B2', ','), { record: 2, field: 2 });
  assert.deepEqual(cellOf(text, 'score', ','), { record: 0, field: 2 });
});

test('tab and semicolon files: a comma is data there', () => {
  assert.deepEqual(cellOf('a\tb\tc\n1,5\t"x\ty"\tZ\n', 'Z', '\t'), { record: 1, field: 2 });
  assert.deepEqual(cellOf('a;b;c\n1,5;"x;y";Z\n', 'Z', ';'), { record: 1, field: 2 });
  assert.deepEqual(cellOf('a;b;c\n1,5;"x;y";Z\n', '5', ';'), { record: 1, field: 0 });
});

test('a quoted field spanning lines: later lines belong to the same record', () => {
  const text = 'id,note,label\n1,"first line\nsecond, line\nthird",L1\n2,plain,L2\n';
  assert.deepEqual(cellOf(text, 'second', ','), { record: 1, field: 1 });
  assert.deepEqual(cellOf(text, 'L1', ','), { record: 1, field: 2 });
  assert.deepEqual(cellOf(text, 'L2', ','), { record: 2, field: 2 });
  // Without the index the top of the file is still mapped by scanning from the start.
  assert.deepEqual(cellOf(text, 'L2', ',', false), { record: 2, field: 2 });
  // The record numbers agree with the reader's rows.
  const ds = parseCsv(text);
  assert.equal(ds.rowCount, 2);
  assert.deepEqual([...recordStartLines(text, ',')], [0, 1, 4]);
});

test('blank lines are skipped as the reader skips them; hovering one declines', () => {
  const text = 'a,b\n\n1,X\n\n\n2,Y\n';
  assert.deepEqual([...recordStartLines(text, ',')], [0, 2, 5]);
  assert.deepEqual(cellOf(text, 'Y', ','), { record: 2, field: 1 });
  assert.deepEqual(cellOf(text, 'Y', ',', false), { record: 2, field: 1 });
  const lines = text.split('\n');
  assert.ok('declined' in cellAt({ lineText: (l) => lines[l], line: 1, character: 0, delimiter: ',', recordStarts: null }));
});

test('CRLF and a header with a quoted line break', () => {
  const text = '"multi\r\nline",b\r\n1,Q\r\n';
  assert.deepEqual([...recordStartLines(text, ',')], [0, 2]);
  assert.deepEqual(cellOf(text, 'Q', ','), { record: 1, field: 1 });
  assert.deepEqual(cellOf(text, 'line', ','), { record: 0, field: 0 });
});

test('the delimiter itself belongs to the field before it; a position past the end to the last field', () => {
  assert.deepEqual(fieldAt('a,b', ','), { record: 0, field: 1 });
  assert.deepEqual(fieldAt('a,', ','), { record: 0, field: 1 });
  assert.deepEqual(fieldAt('a', ','), { record: 0, field: 0 });
});

test('declines instead of guessing: far from any known record start, or malformed quoting', () => {
  const long = 'h\n' + 'x\n'.repeat(MAX_SCAN_CHARS);
  const lines = long.split('\n');
  const far = cellAt({ lineText: (l) => lines[l], line: lines.length - 2, character: 0, delimiter: ',', recordStarts: null });
  assert.ok('declined' in far && /still being read/.test(far.declined));
  const bad = fieldAt('a,"b"c,d', ',');
  assert.ok('declined' in bad && /closing quote/.test(bad.declined));
});
