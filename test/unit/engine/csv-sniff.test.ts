import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv } from '../../../src/engine/csv/read';
import { sniffDelimiter } from '../../../src/engine/csv/sniff';

const bytes = (s: string) => new TextEncoder().encode(s);

test('each candidate delimiter is recognised', () => {
  for (const d of [',', ';', '\t', '|']) {
    const text = `a${d}b${d}c\n1${d}2${d}3\n4${d}5${d}6\n`;
    assert.equal(sniffDelimiter(bytes(text), true), d, JSON.stringify(d));
    assert.equal(parseCsv(text).delimiter, d);
  }
});

test('decimal commas do not fool the sniffer: the consistent count wins', () => {
  assert.equal(sniffDelimiter(bytes('a;b\n1,5;2,25\n3,5;4\n'), true), ';');
});

test('delimiters inside quotes are not counted', () => {
  assert.equal(sniffDelimiter(bytes('"a;b;c";d\n"x;y;z";1\n'), true), ';');
  assert.equal(sniffDelimiter(bytes('a,b\n"1;2;3;4",5\n'), true), ',');
});

test('a one-column file reads with a comma', () => {
  const d = parseCsv('value\n1\n2\n');
  assert.equal(d.delimiter, ',');
  assert.equal(d.columns.length, 1);
});

test('a given delimiter is used as is, and a bad one is refused', () => {
  const d = parseCsv('a,b|c\n1,2|3\n', { delimiter: '|' });
  assert.deepEqual(d.columns.map((c) => c.name), ['a,b', 'c']);
  assert.throws(() => parseCsv('a\n1\n', { delimiter: '"' }), /delimiter must be/);
  assert.throws(() => parseCsv('a\n1\n', { delimiter: ';;' }), /delimiter must be/);
});
