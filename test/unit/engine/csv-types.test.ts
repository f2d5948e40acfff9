import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv } from '../../../src/engine/csv/read';
import { ColumnBuilder, DICTIONARY_LIMIT, SPELLING_CHECK_ROWS } from '../../../src/engine/csv/column-builder';
import { MissingTokens } from '../../../src/engine/csv/missing-tokens';
import { DEFAULT_MISSING_TOKENS } from '../../../src/engine/csv/options';
import { parseNumberInto } from '../../../src/engine/csv/number-bytes';
import type { CategoricalColumn, NumericColumn } from '../../../src/engine/dataset';
import { byName, cells } from '../helpers/csv-helpers';

test('numeric columns hold Float64 values with NaN for every missing token', () => {
  const d = parseCsv('x\n1\n-2.5\n\nNA\nn/a\nNaN\nNULL\n?\n1e3\n+.5\n"7"\n');
  const x = byName(d, 'x') as NumericColumn;
  assert.equal(x.type, 'numeric');
  assert.ok(x.values instanceof Float64Array);
  // The blank line is skipped (one column); the other missing spellings are NaN.
  assert.deepEqual(cells(x), [1, -2.5, NaN, NaN, NaN, NaN, NaN, 1000, 0.5, 7]);
});

test('one non-number makes a column categorical, keeping every spelling as written', () => {
  const d = parseCsv('x\n1\n1.0\n01\nabc\n1\n\n');
  const x = byName(d, 'x') as CategoricalColumn;
  assert.equal(x.type, 'categorical');
  assert.ok(x.codes instanceof Int32Array);
  assert.deepEqual(x.categories, ['1', '1.0', '01', 'abc']);
  assert.deepEqual(Array.from(x.codes), [0, 1, 2, 3, 0]);
});

test('missing values in a categorical column are code -1', () => {
  const d = parseCsv('c,v\nred,1\n,2\nNA,3\nblue,4\n');
  const c = byName(d, 'c') as CategoricalColumn;
  assert.deepEqual(Array.from(c.codes), [0, -1, -1, 1]);
  assert.deepEqual(c.categories, ['red', 'blue']);
});

test('true/false and yes/no pairs are boolean with the false-like spelling as code 0', () => {
  const d = parseCsv('p,q,r,s\nYes,TRUE,yes,x\nno,FALSE,yes,y\nYes,,yes,x\n');
  const p = byName(d, 'p') as CategoricalColumn;
  assert.equal(p.type, 'boolean');
  assert.deepEqual(p.categories, ['no', 'Yes']);
  assert.deepEqual(Array.from(p.codes), [1, 0, 1]);
  const q = byName(d, 'q') as CategoricalColumn;
  assert.equal(q.type, 'boolean');
  assert.deepEqual(q.categories, ['FALSE', 'TRUE']);
  assert.deepEqual(Array.from(q.codes), [1, 0, -1]);
  assert.equal(byName(d, 'r').type, 'categorical', 'one value is not a pair');
  assert.equal(byName(d, 's').type, 'categorical');
});

test('0/1 columns stay numeric unless forced to boolean', () => {
  const text = 'f\n0\n1\n1\n';
  assert.equal(parseCsv(text).columns[0].type, 'numeric');
  const forced = parseCsv(text, { types: { f: 'boolean' } }).columns[0] as CategoricalColumn;
  assert.equal(forced.type, 'boolean');
  assert.deepEqual(forced.categories, ['0', '1']);
  assert.deepEqual(Array.from(forced.codes), [0, 1, 1]);
});

test('overrides: numbers as categories, categories refused as numbers with line and column', () => {
  const d = parseCsv('zip,n\n01234,1\n1234,2\n', { types: { zip: 'categorical' } });
  assert.deepEqual(cells(byName(d, 'zip')), ['01234', '1234']);
  assert.throws(() => parseCsv('a,n\n1,2\n3,x\n', { types: { n: 'numeric' } }), {
    code: 'bad-value',
    line: 3,
    column: 2,
    message: 'line 3, column 2 ("n"): "x" is not a number, but the column is set to numeric (--types n=numeric:coerce reads such values as missing)',
  });
  assert.throws(() => parseCsv('a\nx\ny\nz\n', { types: { a: 'boolean' } }), { code: 'bad-value', message: /column 1 \("a"\) is set to boolean but holds 3 distinct values/ });
  assert.throws(() => parseCsv('a\n1\n', { types: { nope: 'numeric' } }), { code: 'unknown-column', message: /"nope"/ });
});

test('a forced boolean with one value still has both categories', () => {
  const c = parseCsv('b\nyes\nyes\n', { types: { b: 'boolean' } }).columns[0] as CategoricalColumn;
  assert.deepEqual(c.categories, ['no', 'yes']);
  assert.deepEqual(Array.from(c.codes), [1, 1]);
});

test('custom missing tokens replace the default ones (the empty field stays missing)', () => {
  const d = parseCsv('x\n-999\n""\nNA\n', { missingTokens: ['-999'] });
  assert.equal(d.columns[0].type, 'categorical');
  assert.deepEqual(cells(d.columns[0]), [null, null, 'NA']);
  const numeric = parseCsv('x\n5\n-999\n-999.5\n', { missingTokens: ['-999'] });
  assert.deepEqual(cells(numeric.columns[0]), [5, NaN, -999.5]);
});

test('overflowing or malformed numbers make a column categorical (as pandas; its infinities are numbers: csv-number-forms)', () => {
  for (const token of ['1e999', '0x10', '1,5', '1.2.3', '--1', '1e', '.', '1 2']) {
    const d = parseCsv(`x\n1\n"${token}"\n`);
    assert.equal(d.columns[0].type, 'categorical', token);
  }
});

test('a numeric-looking ID column turning categorical late keeps every row (canonical spellings)', () => {
  const n = SPELLING_CHECK_ROWS + 10;
  let text = 'id\n';
  for (let i = 0; i < n; i++) text += `${i}.50\n`;
  text += 'other\n';
  const c = parseCsv(text).columns[0] as CategoricalColumn;
  assert.equal(c.type, 'categorical');
  assert.equal(c.codes.length, n + 1);
  assert.equal(c.categories[c.codes[3]], '3.5');
  assert.equal(c.categories[c.codes[n]], 'other');
  assert.equal(new Set(c.codes).size, n + 1);
  // Before the spelling check, plain spellings are still given back as written.
  const early = parseCsv(text.split('\n').slice(0, DICTIONARY_LIMIT + 10).join('\n') + '\nother\n').columns[0] as CategoricalColumn;
  assert.equal(early.categories[early.codes[3]], '3.50');
});

test('a numeric column with few distinct values turning categorical keeps exact spellings', () => {
  let text = 'id\n';
  for (let i = 0; i < 100; i++) text += `${i % 7}.50\n`;
  text += 'other\n';
  const c = parseCsv(text).columns[0] as CategoricalColumn;
  assert.equal(c.categories[c.codes[3]], '3.50');
});

test('leading missing values before the first number, and a column with no value at all', () => {
  const d = parseCsv('a,b,c\nNA,1,\n,2,\n5,3,NA\n');
  assert.equal(byName(d, 'a').type, 'numeric');
  assert.deepEqual(cells(byName(d, 'a')), [NaN, NaN, 5]);
  assert.equal(byName(d, 'c').type, 'numeric');
  assert.deepEqual(cells(byName(d, 'c')), [NaN, NaN, NaN]);
  const late = parseCsv('a,b\n,1\nNA,2\nx,3\n');
  assert.deepEqual(cells(byName(late, 'a')), [null, null, 'x']);
});

test('a column of plain spellings keeps none, yet turning categorical gives the exact ones back', () => {
  // Few values, then other spellings of them, then a text: every spelling as written.
  let text = 'k\n';
  for (let i = 0; i < 300; i++) text += `${(i % 3) - 1}\n`;
  text += '-0\n07\n1.0\n0\nx\n';
  const few = parseCsv(text).columns[0] as CategoricalColumn;
  assert.deepEqual(few.categories, ['-1', '0', '1', '-0', '07', '1.0', 'x']);
  assert.deepEqual(Array.from(few.codes.slice(0, 3)), [0, 1, 2]);
  assert.deepEqual(Array.from(few.codes.slice(300)), [3, 4, 5, 1, 6]);
  // More distinct integers than the dictionary keeps, then a spelling that is not plain, then a
  // text: the dictionary overflows at once, so all come back canonical (as for any ID-like column).
  text = 'id\n';
  for (let i = 0; i < DICTIONARY_LIMIT + 10; i++) text += `${i}\n`;
  text += '02.50\nNA\nother\n';
  const many = parseCsv(text).columns[0] as CategoricalColumn;
  assert.equal(many.categories[many.codes[17]], '17');
  assert.equal(many.categories[many.codes[DICTIONARY_LIMIT + 10]], '2.5');
  assert.equal(many.codes[DICTIONARY_LIMIT + 11], -1);
  assert.equal(many.categories[many.codes[DICTIONARY_LIMIT + 12]], 'other');
  // Plain decimals among integers, then one that is not plain: the spellings before it exact.
  text = 'id\nNA\n';
  for (let i = 0; i < 50; i++) text += `${i * 1000}\n`;
  text += '2.50\n-0.125\n.5\n3000\nzz\n';
  const early = parseCsv(text).columns[0] as CategoricalColumn;
  assert.deepEqual(cells(early).slice(0, 3), [null, '0', '1000']);
  assert.deepEqual(cells(early).slice(51), ['2.50', '-0.125', '.5', '3000', 'zz']);
});

test('past SPELLING_CHECK_ROWS a plain column with many distinct spellings keeps none, one with few keeps them', () => {
  for (const distinct of [SPELLING_CHECK_ROWS, 100]) {
    let text = 'id\n';
    for (let i = 0; i < SPELLING_CHECK_ROWS + 5; i++) text += `${i % distinct}\n`;
    text += '007\nx\n';
    const c = parseCsv(text).columns[0] as CategoricalColumn;
    assert.equal(c.categories[c.codes[SPELLING_CHECK_ROWS + 5]], distinct > DICTIONARY_LIMIT ? '7' : '007', String(distinct));
    assert.equal(c.categories[c.codes[99]], '99');
  }
});

test('which numbers a column takes straight into its array: any once spellings are dropped, plain spellings while they are all it has seen', () => {
  const column = (values: (i: number) => string) => {
    const builder = new ColumnBuilder('c', undefined, new MissingTokens(DEFAULT_MISSING_TOKENS), 16);
    for (let row = 0; row < SPELLING_CHECK_ROWS; row++) {
      const bytes = new TextEncoder().encode(values(row));
      assert.ok(parseNumberInto(bytes, 0, bytes.length));
      builder.addParsedNumber(row, bytes, 0, bytes.length);
    }
    const before = [builder.numberTarget !== null, builder.plainTarget !== null];
    builder.settleSpellings(SPELLING_CHECK_ROWS);
    return { before, after: [builder.numberTarget !== null, builder.plainTarget !== null] };
  };
  // Many distinct plain spellings: plain-only until the check, then like an overflowed dictionary.
  assert.deepEqual(column((i) => String(i)), { before: [false, true], after: [true, false] });
  assert.deepEqual(column((i) => `${i}.25`), { before: [false, true], after: [true, false] });
  // Few distinct ones stay plain-only, however many rows.
  assert.deepEqual(column((i) => String(i % 10)), { before: [false, true], after: [false, true] });
  assert.deepEqual(column((i) => `${i % 10}.25`), { before: [false, true], after: [false, true] });
  // The same value with 4,097 counts of decimals... cannot be: at most 16. Values × decimals can.
  assert.deepEqual(column((i) => (i % 2048).toFixed(1 + (i % 3))), { before: [false, true], after: [true, false] });
  // Other spellings: a dictionary until it overflows, then numbers only.
  assert.deepEqual(column((i) => `0${i}.25`), { before: [true, false], after: [true, false] });
  assert.deepEqual(column((i) => `0${i % 10}.25`), { before: [false, false], after: [false, false] });
});

test('an ordinal column takes the order it is given; a value the order leaves out is an error naming it', () => {
  const text = 'sat\nHigh\nLow\nVery_High\nMedium\nLow\n\n';
  const c = parseCsv(text, { types: { sat: 'ordinal' }, orders: { sat: ['Low', 'Medium', 'High', 'Very_High'] } }).columns[0] as CategoricalColumn;
  assert.deepEqual(c.categories, ['Low', 'Medium', 'High', 'Very_High']);
  assert.deepEqual(Array.from(c.codes), [2, 0, 3, 1, 0]);
  // Without an order, label order: High < Low < Medium < Very_High.
  const plain = parseCsv(text, { types: { sat: 'ordinal' } }).columns[0] as CategoricalColumn;
  assert.deepEqual(plain.categories, ['High', 'Low', 'Medium', 'Very_High']);
  assert.throws(() => parseCsv(text, { types: { sat: 'ordinal' }, orders: { sat: ['Low', 'High'] } }), {
    code: 'bad-value',
    message: 'column 1 ("sat") holds "Very_High", "Medium", not in the order given for it (Low,High)',
  });
});
