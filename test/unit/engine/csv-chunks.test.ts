// The streaming reader must give the same Dataset however the bytes are cut: inside quotes, inside
// a multi-byte UTF-8 character, between CR and LF, on a doubled quote.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DICTIONARY_LIMIT } from '../../../src/engine/csv/column-builder';
import { parseCsv, readCsv } from '../../../src/engine/csv/read';
import { SAMPLE_BYTES } from '../../../src/engine/csv/sniff';
import { createRng } from '../../../src/engine/random';
import { cells, chunked } from '../helpers/csv-helpers';
import type { NumericColumn } from '../../../src/engine/dataset';

const hostile = readFileSync(path.join(process.cwd(), 'test/fixtures/csv/hostile.csv'));

/** hostile.csv's rows repeated past the sniffing sample, so cuts fall inside the tokenizer. */
function bigHostile(): Uint8Array {
  const text = hostile.toString('utf8');
  const firstBreak = text.indexOf('\r\n') + 2;
  const header = text.slice(0, firstBreak);
  const body = text.slice(firstBreak);
  let out = header;
  while (out.length < SAMPLE_BYTES * 3) out += body;
  return new TextEncoder().encode(out);
}

test('1-byte chunks give the same dataset as one buffer (small file, with a BOM)', async () => {
  const whole = parseCsv(hostile);
  assert.deepEqual(await readCsv(chunked(hostile, () => 1)), whole);
});

test('1-byte chunks beyond the sniffing sample give the same dataset', async () => {
  const big = bigHostile();
  const whole = parseCsv(big);
  assert.ok(whole.rowCount > 1000);
  assert.deepEqual(await readCsv(chunked(big, () => 1)), whole);
});

test('random chunk sizes give the same dataset', async () => {
  const big = bigHostile();
  const whole = parseCsv(big);
  for (const seed of [1, 2, 3, 4, 5]) {
    const random = createRng(seed);
    assert.deepEqual(await readCsv(chunked(big, () => Math.floor(random() * 97))), whole, `seed ${seed}`);
  }
});

test('cuts between CR and LF, inside a doubled quote and inside a character, with a given delimiter', async () => {
  const text = 'a;b;c\r\n"x""y";ü€😀;1\r\n"p\r\nq";"";2\r\n';
  const bytes = new TextEncoder().encode(text);
  const whole = parseCsv(bytes, { delimiter: ';' });
  assert.deepEqual(whole.columns[0].type, 'categorical');
  for (let cut = 1; cut < bytes.length; cut++) {
    const parts = [bytes.slice(0, cut), bytes.slice(cut)];
    const source = (async function* () {
      yield* parts;
    })();
    assert.deepEqual(await readCsv(source, { delimiter: ';' }), whole, `cut at ${cut}`);
  }
});

test('errors name the same line however the input is chunked', async () => {
  const text = 'a,b\r\n1,"x\r\ny"\r\n2,3\r\n4\r\n';
  const bytes = new TextEncoder().encode(text);
  for (const delimiter of [',', undefined]) {
    await assert.rejects(readCsv(chunked(bytes, () => 1), { delimiter }), { code: 'ragged-row', line: 5 });
  }
});

test('a wrong size hint changes nothing but memory: too small grows the columns, too large is trimmed', async () => {
  let text = 'n,c\n';
  for (let i = 0; i < 200000; i++) text += `${i % 1000}.5,${i % 3 === 0 ? 'x' : 'y'}\n`;
  const bytes = new TextEncoder().encode(text);
  const whole = parseCsv(bytes);
  assert.equal(whole.rowCount, 200000);
  for (const totalBytes of [1000, bytes.length, bytes.length * 3, undefined]) {
    const d = await readCsv(chunked(bytes, () => 65536), { totalBytes });
    assert.deepEqual(d, whole, `totalBytes ${totalBytes}`);
  }
});

test('numbers read while the tokenizer scans equal Number() of their text, however the bytes are cut', async () => {
  const random = createRng(9);
  const spellings = [
    () => (random() * 1000).toFixed(4),
    () => String(Math.fround(random() * 50 - 25)),
    () => String(random() - 0.5),
    () => String(Math.floor(random() * 1e6)),
    () => `${Math.floor(random() * 100)}e${Math.floor(random() * 10) - 5}`,
    () => ` ${(random() * 10).toFixed(1)} `,
    () => '',
    () => 'NA',
    () => '-0',
    () => '123456789012345678901',
  ];
  const lines = ['x,y,z'];
  const expectedX: number[] = [];
  const expectedY: number[] = [];
  while (lines.join('\n').length < SAMPLE_BYTES * 2) {
    const x = spellings[lines.length % spellings.length]();
    const y = spellings[Math.floor(random() * spellings.length)]();
    lines.push(`${x},${y},${lines.length}`);
    for (const [text, into] of [[x, expectedX], [y, expectedY]] as const) into.push(text === '' || text === 'NA' ? NaN : Number(text));
  }
  lines.push('1.5,2.5,text'); // z turns categorical on the last row, after every earlier one was read as a number
  expectedX.push(1.5);
  expectedY.push(2.5);
  const bytes = new TextEncoder().encode(lines.join('\r\n'));
  const whole = parseCsv(bytes);
  assert.deepEqual(Array.from((whole.columns[0] as NumericColumn).values), expectedX);
  assert.deepEqual(Array.from((whole.columns[1] as NumericColumn).values), expectedY);
  assert.equal(whole.columns[2].type, 'categorical');
  assert.deepEqual(await readCsv(chunked(bytes, () => 1)), whole);
  const random2 = createRng(10);
  assert.deepEqual(await readCsv(chunked(bytes, () => Math.floor(random2() * 41))), whole);
});

test('text fields hashed while the tokenizer scans keep their exact values, however the bytes are cut', async () => {
  const random = createRng(12);
  // [as written, as read] — quoted, escaped, padded, multi-line, missing and multi-byte spellings.
  const spellings: Array<[string, string | null]> = [
    ['plain', 'plain'],
    ['"town 3, district 3"', 'town 3, district 3'],
    ['"say ""hi"""', 'say "hi"'],
    ['  padded  ', 'padded'],
    ['trail ', 'trail'],
    ['"two\r\nlines"', 'two\r\nlines'],
    ['  "  quoted pad  "  ', '  quoted pad  '],
    ['x"y', 'x"y'],
    ['é😀', 'é😀'],
    ['NA', null],
    ['', null],
    ['""', null],
  ];
  const lines = ['k,t'];
  const expected: Array<string | null> = [];
  while (lines.join('\n').length < SAMPLE_BYTES * 2) {
    const [written, read] = spellings[Math.floor(random() * spellings.length)];
    lines.push(`${lines.length},${written}`);
    expected.push(read);
  }
  lines[1] = '1,first'; // the column is text from its first row on
  expected[0] = 'first';
  const bytes = new TextEncoder().encode(lines.join('\n') + '\n');
  const whole = parseCsv(bytes);
  assert.deepEqual(cells(whole.columns[1]), expected);
  assert.deepEqual(await readCsv(chunked(bytes, () => 1)), whole);
  const random2 = createRng(13);
  assert.deepEqual(await readCsv(chunked(bytes, () => Math.floor(random2() * 53))), whole);
});

test('numbers stored straight into their column land at their rows among missing and other spellings, however the column grows', async () => {
  // Past DICTIONARY_LIMIT distinct spellings a numeric column takes the tokenizer's parsed numbers
  // directly; missing values and exponent spellings still go through the column builder.
  const rows = DICTIONARY_LIMIT * 3;
  const a: number[] = [];
  const late: Array<string | null> = [];
  let text = 'a,late\n';
  for (let r = 0; r < rows; r++) {
    const spelling = r % 7 === 3 ? '' : r % 11 === 5 ? `${r}e-2` : `${r}.25`;
    a.push(spelling === '' ? NaN : Number(spelling));
    const lateSpelling = r === rows - 1 ? 'text' : r % 5 === 0 ? 'NA' : String(r * 2);
    late.push(lateSpelling === 'NA' ? null : lateSpelling);
    text += `${spelling},${lateSpelling}\n`;
  }
  const bytes = new TextEncoder().encode(text);
  for (const totalBytes of [100, bytes.length, undefined]) {
    for (const size of [1 << 16, 997]) {
      const d = await readCsv(chunked(bytes, () => size), { totalBytes });
      const where = `totalBytes ${totalBytes}, chunks of ${size}`;
      assert.equal(d.rowCount, rows, where);
      assert.deepEqual(cells(d.columns[0]), a, where);
      assert.equal(d.columns[1].type, 'categorical', where);
      assert.deepEqual(cells(d.columns[1]), late, where);
    }
  }
});
