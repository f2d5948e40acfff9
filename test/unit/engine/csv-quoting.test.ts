import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv } from '../../../src/engine/csv/read';
import { byName, cells } from '../helpers/csv-helpers';

test('quoted fields keep delimiters, newlines and doubled quotes as data', () => {
  const d = parseCsv('id,text\n1,"a,b"\n2,"line1\nline2"\n3,"say ""hi"""\n4,""""\n');
  assert.deepEqual(cells(byName(d, 'text')), ['a,b', 'line1\nline2', 'say "hi"', '"']);
  assert.equal(d.rowCount, 4);
});

test('CRLF, LF and lone CR all end rows; CRLF inside quotes is kept verbatim', () => {
  const lf = parseCsv('a,b\n1,x\n2,y\n');
  const crlf = parseCsv('a,b\r\n1,x\r\n2,y\r\n');
  const cr = parseCsv('a,b\r1,x\r2,y\r');
  assert.deepEqual(crlf, lf);
  assert.deepEqual(cr, lf);
  const inside = parseCsv('a,b\r\n1,"x\r\ny"\r\n');
  assert.deepEqual(cells(byName(inside, 'b')), ['x\r\ny']);
});

test('a UTF-8 BOM is dropped and does not become part of the first name', () => {
  const d = parseCsv('\ufeffname,v\nÅsa,1\n');
  assert.deepEqual(d.columns.map((c) => c.name), ['name', 'v']);
  assert.deepEqual(cells(byName(d, 'name')), ['Åsa']);
});

test('unquoted fields are trimmed of spaces; quoted fields are kept exactly', () => {
  const d = parseCsv(' a , b \n  x  ," y "\n');
  assert.deepEqual(d.columns.map((c) => c.name), ['a', 'b']);
  assert.deepEqual(cells(byName(d, 'a')), ['x']);
  assert.deepEqual(cells(byName(d, 'b')), [' y ']);
});

test('spaces around a quoted field are allowed', () => {
  const d = parseCsv('a,b\n1,  "Smith, John"  \n');
  assert.deepEqual(cells(byName(d, 'b')), ['Smith, John']);
});

test('a quote inside an unquoted field is an ordinary character', () => {
  const d = parseCsv('a,b\n1,5" screen\n');
  assert.deepEqual(cells(byName(d, 'b')), ['5" screen']);
});

test('blank lines are skipped anywhere, including before the header and at the end', () => {
  const d = parseCsv('\n\na,b\n1,2\n\n   \n3,4\n\n\n');
  assert.equal(d.rowCount, 2);
  assert.deepEqual(cells(byName(d, 'b')), [2, 4]);
});

test('the last row may lack a final newline, also when it ends with an empty field', () => {
  assert.deepEqual(cells(byName(parseCsv('a,b\n1,2'), 'b')), [2]);
  assert.deepEqual(cells(byName(parseCsv('a,b\n1,'), 'b')), [NaN]);
  assert.deepEqual(cells(byName(parseCsv('a,b\n1,"q"'), 'b')), ['q']);
});

test('a trailing delimiter makes an empty last field, not a lost one', () => {
  const d = parseCsv('a,b,c\n1,2,\n');
  assert.deepEqual(cells(byName(d, 'c')), [NaN]);
});

test('blank and duplicate header names are made unique and reported', () => {
  const d = parseCsv('x,,x,x_2,"",x\n1,2,3,4,5,6\n');
  assert.deepEqual(d.columns.map((c) => c.name), ['x', 'column_2', 'x_3', 'x_2', 'column_5', 'x_4']);
  assert.deepEqual(d.renamedHeaders, [
    { index: 1, original: '', name: 'column_2', reason: 'blank' },
    { index: 2, original: 'x', name: 'x_3', reason: 'duplicate' },
    { index: 4, original: '', name: 'column_5', reason: 'blank' },
    { index: 5, original: 'x', name: 'x_4', reason: 'duplicate' },
  ]);
});

test('multi-byte UTF-8 text survives and a header made of markup stays plain text', () => {
  const header = '"]-->x[<img src=x onerror=alert(1)>';
  const d = parseCsv(`"""]-->x[<img src=x onerror=alert(1)>",b\n日本語,😀\n`);
  assert.equal(d.columns[0].name, header);
  assert.deepEqual(cells(d.columns[0]), ['日本語']);
  assert.deepEqual(cells(d.columns[1]), ['😀']);
});

test('a Uint8Array and a string give the same dataset', () => {
  const text = 'a;b\n1;"x"\n';
  assert.deepEqual(parseCsv(new TextEncoder().encode(text)), parseCsv(text));
});
