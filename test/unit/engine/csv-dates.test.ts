// Date and ordinal columns in the reader (README "CSV input"): ISO 8601 dates and date-times are
// detected like the other types, near-misses stay text, a forced type names the bad line.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv, readCsv } from '../../../src/engine/csv/read';
import { InputError } from '../../../src/engine/errors';
import { formatDate, parseIsoDate } from '../../../src/engine/dates';
import type { CategoricalColumn, NumericColumn } from '../../../src/engine/dataset';
import { byName, cells, chunked } from '../helpers/csv-helpers';

const utc = Date.UTC;

test('ISO dates and date-times (T or space, seconds, fractions, Z and ±HH:MM offsets) read as ms since the epoch, UTC', () => {
  const d = parseCsv(
    'day,at\n' +
      '2021-01-05,2021-01-05T10:30\n' +
      '2020-02-29,2021-01-05 10:30:15\n' +
      'NA,2021-01-05T10:30:15.25Z\n' +
      '1999-12-31,2021-01-05T10:30+02:00\n' +
      ',2021-01-05T10:30:00.125-05:30\n',
  );
  const day = byName(d, 'day') as NumericColumn;
  const at = byName(d, 'at') as NumericColumn;
  assert.equal(day.type, 'date');
  assert.equal(at.type, 'date');
  assert.deepEqual(cells(day), [utc(2021, 0, 5), utc(2020, 1, 29), NaN, utc(1999, 11, 31), NaN]);
  assert.deepEqual(cells(at), [utc(2021, 0, 5, 10, 30), utc(2021, 0, 5, 10, 30, 15), utc(2021, 0, 5, 10, 30, 15, 250), utc(2021, 0, 5, 8, 30), utc(2021, 0, 5, 16, 0, 0, 125)]);
});

test('near-misses are not dates: invalid calendar days, unpadded parts, a date among text, bad times', () => {
  const d = parseCsv('a,b,c,d,e,f\n2021-02-28,2021-01-05,2021-01-05,2021-01-05T10:30,20210105,2021-01-05\n2021-02-30,2021-1-5,soon,2021-01-05T24:00,20210106,2021-01-05T10:30Zx\n');
  for (const name of ['a', 'b', 'c', 'd', 'f']) assert.equal(byName(d, name).type, 'categorical', name);
  assert.equal(byName(d, 'e').type, 'numeric');
  assert.deepEqual((byName(d, 'a') as CategoricalColumn).categories, ['2021-02-28', '2021-02-30']);
  assert.ok(Number.isNaN(parseIsoDate('1900-02-29')), '1900 is not a leap year');
  assert.equal(parseIsoDate('2000-02-29'), utc(2000, 1, 29));
  assert.equal(parseIsoDate('0050-03-01'), -60_584_198_400_000, 'years below 100 are not shifted to 19xx');
});

test('a date cut by every chunk boundary reads the same as in one buffer', async () => {
  const text = 'id,when\n' + Array.from({ length: 40 }, (_, i) => `${i},2021-03-${String((i % 28) + 1).padStart(2, '0')}T0${i % 10}:15:30.5+01:00\n`).join('');
  const whole = parseCsv(text);
  assert.equal(whole.columns[1].type, 'date');
  const bytes = new TextEncoder().encode(text);
  for (const size of [1, 3, 7, 13]) assert.deepEqual(await readCsv(chunked(bytes, () => size)), whole, `chunks of ${size}`);
});

test('a forced date column parses each field and names the line of a non-date; forced ordinal orders its categories', () => {
  const d = parseCsv('when,size,n\n2021-01-05,M,3\n2021-01-06,S,10\n,L,2\n2021-01-07,M,3\n', { types: { when: 'date', size: 'ordinal', n: 'ordinal' } });
  assert.equal(d.columns[0].type, 'date');
  assert.deepEqual(cells(d.columns[0]), [utc(2021, 0, 5), utc(2021, 0, 6), NaN, utc(2021, 0, 7)]);
  const size = d.columns[1] as CategoricalColumn;
  assert.equal(size.type, 'ordinal');
  assert.deepEqual(size.categories, ['L', 'M', 'S'], 'code-point order');
  assert.deepEqual(Array.from(size.codes), [1, 2, 0, 1]);
  const n = d.columns[2] as CategoricalColumn;
  assert.deepEqual(n.categories, ['2', '3', '10'], 'numeric order when all look numeric');
  assert.deepEqual(Array.from(n.codes), [1, 2, 0, 1]);
  assert.throws(
    () => parseCsv('when\n2021-01-05\n2021-02-30\n', { types: { when: 'date' } }),
    (err: unknown) => err instanceof InputError && err.line === 3 && /line 3, column 1 \("when"\): "2021-02-30" is not an ISO 8601 date/.test(err.message),
  );
  // Forced categorical keeps dates as text.
  assert.equal(parseCsv('when\n2021-01-05\n', { types: { when: 'categorical' } }).columns[0].type, 'categorical');
});

test('dates are shown exactly and briefly: a day at midnight as the date, else the time in UTC', () => {
  assert.equal(formatDate(utc(2012, 5, 15)), '2012-06-15');
  assert.equal(formatDate(utc(2012, 5, 15, 12)), '2012-06-15T12:00Z');
  assert.equal(formatDate(utc(2012, 5, 15, 12, 0, 7)), '2012-06-15T12:00:07Z');
  assert.equal(formatDate(utc(2012, 5, 15, 12, 0, 7, 250)), '2012-06-15T12:00:07.250Z');
  assert.equal(formatDate(utc(2012, 5, 15, 12, 0, 7, 250) + 0.5), '2012-06-15T12:00:07.2505Z');
});
