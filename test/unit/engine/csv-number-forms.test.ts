// Numbers in other forms (README "Numbers in other forms"): the fixtures of
// test/fixtures/csv/number-forms/ against what pandas reads from them (expected.json, written by
// make-number-forms.py there).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv, type CsvOptions } from '../../../src/engine/csv/read';
import { readColumnForms, readNumberForm } from '../../../src/engine/csv/number-forms';
import type { CategoricalColumn, Dataset, NumericColumn } from '../../../src/engine/dataset';
import { byName, cells } from '../helpers/csv-helpers';

const DIR = path.join(process.cwd(), 'test/fixtures/csv/number-forms');
type Expected = Record<string, Record<string, unknown>>;
const expected = JSON.parse(readFileSync(path.join(DIR, 'expected.json'), 'utf8')) as Expected;

function read(file: string, options: CsvOptions = {}): Dataset {
  return parseCsv(readFileSync(path.join(DIR, file)), options);
}

/** expected.json's numbers: null for missing, "Infinity"/"-Infinity" for the infinities. */
function numbers(list: unknown): number[] {
  return (list as Array<number | string | null>).map((v) => (v === null ? NaN : typeof v === 'string' ? Number(v) : v));
}

function numeric(d: Dataset, name: string): number[] {
  const column = byName(d, name);
  assert.equal(column.type, 'numeric', `${name} is numeric`);
  return cells(column as NumericColumn) as number[];
}

function noteOf(d: Dataset, column: string): string | undefined {
  return d.notes?.find((n) => n.column === column)?.text;
}

test("a write.csv2 file (';', decimal commas) reads its decimals as numbers, as pandas with decimal=','", () => {
  const d = read('csv2.csv');
  assert.equal(d.delimiter, ';');
  for (const name of ['bili', 'albumin', 'age']) assert.deepEqual(numeric(d, name), numbers(expected['csv2.csv'][name]), name);
  assert.equal(byName(d, 'status').type, 'categorical');
  assert.match(noteOf(d, 'bili') ?? '', /decimal comma \(e\.g\. "1,1"\)|decimal comma/);
});

test('--decimal . keeps the comma columns of a ; file as text; --decimal , reads a , file\'s quoted decimal commas', () => {
  const d = read('csv2.csv', { decimal: '.' });
  assert.equal(byName(d, 'bili').type, 'categorical');
  const e = parseCsv('a,b\n"1,5",x\n2,y\n', { decimal: ',' });
  assert.deepEqual(numeric(e, 'a'), [1.5, 2]);
});

test('Inf, -Inf, inf, Infinity, -infinity are numbers, as pandas reads them', () => {
  const d = read('inf.csv');
  assert.deepEqual(numeric(d, 'x'), numbers(expected['inf.csv'].x));
  assert.match(noteOf(d, 'x') ?? '', /infinities/);
});

test('"$16,100", "13.99%" and "35,000" columns are numbers: the values pandas gives once told the form', () => {
  const d = read('money.csv');
  for (const name of ['loan_amnt', 'int_rate', 'annual_inc']) assert.deepEqual(numeric(d, name), numbers(expected['money.csv'][name]), name);
  assert.equal(noteOf(d, 'loan_amnt'), 'read as numbers written with a leading "$" and thousands separators (e.g. "$26,600")');
  assert.equal(noteOf(d, 'int_rate'), 'read as numbers written with a percent sign (e.g. "24.61%")');
  assert.equal(byName(d, 'grade').type, 'categorical');
});

test('a form used by only some values of a column keeps it text', () => {
  const d = parseCsv('a,b,c\n$5,5%,"1,500"\n6,7,1500\n');
  for (const name of ['a', 'b', 'c']) assert.equal(byName(d, name).type, 'categorical', name);
});

test('a mostly numeric text column is named with a stray value; numeric:coerce reads the strays as missing', () => {
  const heights = expected['heights.csv'];
  const d = read('heights.csv');
  const height = byName(d, 'height') as CategoricalColumn;
  assert.equal(height.type, 'categorical');
  const share = Math.floor(100 * (heights.numberShare as number));
  assert.equal(noteOf(d, 'height'), `read as categorical although ${share} % of its values are numbers (not e.g. "5' 4\\""); --types "height=numeric:coerce" reads the others as missing`);
  assert.equal(noteOf(d, 'sex'), undefined);
  const c = read('heights.csv', { types: { height: 'numeric' }, coerce: ['height'] });
  assert.deepEqual(numeric(c, 'height'), numbers(heights.coerced));
  assert.equal(noteOf(c, 'height'), '4 values that are not numbers read as missing (e.g. "5\' 4\\"")');
  assert.throws(() => read('heights.csv', { types: { height: 'numeric' } }), /line 7, column 2 \("height"\): "5' 4\\"" is not a number, but the column is set to numeric/);
});

test('a column set to numeric reads every form value by value', () => {
  const d = parseCsv('a\n$5\n7%\n"1,500"\n-Inf\n', { types: { a: 'numeric' } });
  assert.deepEqual(numeric(d, 'a'), [5, 7, 1500, -Infinity]);
});

test('readNumberForm: one sign, grouping by threes, no exponent beside a symbol', () => {
  assert.equal(readNumberForm('-$1,234.5', '.')?.value, -1234.5);
  assert.equal(readNumberForm('$-12', '.')?.value, -12);
  assert.equal(readNumberForm('1.234,5', ',')?.value, 1234.5);
  assert.equal(readNumberForm('+inf', '.')?.value, Infinity);
  for (const bad of ['-$-1', '1,23', '12,3456', '$', '%', 'Infinite', '1e5%', '1,5']) assert.equal(readNumberForm(bad, '.'), null, bad);
  assert.equal(readColumnForms(['1,500', '2000'], '.'), null);
  assert.deepEqual(Array.from(readColumnForms(['1,500', '200'], '.')?.values ?? []), [1500, 200]);
});
