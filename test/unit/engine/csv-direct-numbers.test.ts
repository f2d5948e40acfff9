// The tokenizer's fastest path writes runs of plain number fields straight into their columns.
// It must never change an outcome: the same bytes read with a numeric missing token that never
// occurs (which turns that path off, since such a token must be checked before any number) give
// the same dataset or the same error, whole or cut into chunks of a few bytes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DICTIONARY_LIMIT } from '../../../src/engine/csv/column-builder';
import { DEFAULT_MISSING_TOKENS } from '../../../src/engine/csv/options';
import { parseCsv, readCsv } from '../../../src/engine/csv/read';
import { InputError } from '../../../src/engine/errors';
import { createRng } from '../../../src/engine/random';
import { cells, chunked } from '../helpers/csv-helpers';

/** The general path only: a missing token that reads as a number, absent from every input here. */
const GENERAL = { missingTokens: [...DEFAULT_MISSING_TOKENS, '-987654.321'] };

type Outcome = { ok: unknown } | { error: string };

async function outcome(read: () => unknown): Promise<Outcome> {
  try {
    return { ok: await read() };
  } catch (err) {
    assert.ok(err instanceof InputError, String(err));
    return { error: `${err.code} ${err.line} ${err.column} ${err.message}` };
  }
}

/** Asserts the same outcome with and without the direct path, whole and in chunks of these sizes. */
async function assertSameAsGeneral(bytes: Uint8Array, sizes: readonly number[]): Promise<Outcome> {
  const general = await outcome(() => parseCsv(bytes, GENERAL));
  assert.deepEqual(await outcome(() => parseCsv(bytes)), general, 'whole');
  for (const size of sizes) {
    assert.deepEqual(await outcome(() => readCsv(chunked(bytes, () => size))), general, `chunks of ${size}`);
  }
  return general;
}

/**
 * Rows of three numeric columns and a text one. Past DICTIONARY_LIMIT rows each numeric column
 * has that many distinct spellings, so it takes numbers directly; the odd spellings among them
 * (spaces, quotes, missing values, exponents, 10-19 digits) must fall back to the general path.
 */
function table(rows: number, odd: (row: number) => string | null): { text: string; first: number[] } {
  const random = createRng(5);
  const newlines = ['\n', '\r\n', '\r'];
  const first: number[] = [];
  let text = 'a,b,c,t\n';
  for (let r = 0; r < rows; r++) {
    const a = odd(r) ?? (random() * 2000 - 1000).toFixed(1 + (r % 5));
    const b = String(Math.fround(random() * 50 - 25));
    const c = r % 3 === 0 ? String(r) : `-${r}.${r % 97}`;
    first.push(a.trim() === '' || a.trim() === 'NA' ? NaN : Number(a.replace(/"/g, '')));
    text += `${a},${b},${c},t${r % 4}${r % 500 === 7 ? '\n' : ''}${newlines[r % 3 === 0 ? (r >> 2) % 3 : 0]}`;
  }
  return { text, first };
}

const ODD = [' 1.5', '2.5 ', ' 3 ', '"4.25"', ' "5" ', '', 'NA', '1e3', '-2.5E-2', '+7', '1234567890.5', '0.1234567890123456789', '12345678901234567890', '.5', '6.', '-0', '00012'];

test('numbers written straight into their columns equal the general path, among odd spellings and however the bytes are cut', async () => {
  const rows = DICTIONARY_LIMIT + 1500;
  const { text, first } = table(rows, (r) => (r > DICTIONARY_LIMIT && r % 13 === 0 ? ODD[(r / 13) % ODD.length] : null));
  const general = await assertSameAsGeneral(new TextEncoder().encode(text), [1, 2, 3, 4, 5, 6, 7]);
  assert.ok('ok' in general);
  const dataset = parseCsv(text);
  assert.equal(dataset.rowCount, rows);
  assert.deepEqual(cells(dataset.columns[0]), first);
  assert.deepEqual(
    dataset.columns.map((c) => c.type),
    ['numeric', 'numeric', 'numeric', 'categorical'],
  );
});

test('a row too short, too long, or with a text in a numeric column is reported alike with and without the direct path', async () => {
  const rows = DICTIONARY_LIMIT + 200;
  const at = DICTIONARY_LIMIT + 100;
  for (const damage of ['1,2\n', '1,2,3,t,4\n', '1,2,3,\n', '1,2,x,t\n', '1,,3\n', '1,2,3']) {
    const { text } = table(rows, () => null);
    const lines = text.split('\n');
    lines.splice(at, 0, damage.replace(/\n$/, ''));
    const bytes = new TextEncoder().encode(lines.join('\n') + (damage.endsWith('\n') ? '' : '\n'));
    await assertSameAsGeneral(bytes, [3, 7]);
  }
});

test('a column of plain spellings written straight into its array falls back at any other spelling, however the bytes are cut', async () => {
  // Each spelling alone among plain ones (integers and decimals), since the first other spelling
  // ends that mode; 1.0 and 0.10 are plain too.
  for (const odd of ['+7', '-0', '-0.0', '007', '1.0', '0.10', '.5', ' 3', '"4"', '', 'NA', '1e2', '1234567890123456', '5.']) {
    const spellings = Array.from({ length: 300 }, (_, r) => (r === 150 ? odd : String(r % 2 === 1 ? (r % 5) - 2 : ((r % 5) - 2) / 4)));
    const text = `k,v\n${spellings.map((k, r) => `${k},${r}.5\n`).join('')}`;
    const general = await assertSameAsGeneral(new TextEncoder().encode(text), [1, 3, 7]);
    assert.ok('ok' in general, odd);
    const written = odd === '' || odd === 'NA' ? null : odd.trim().replace(/"/g, '');
    assert.deepEqual(cells(parseCsv(text).columns[0]).slice(149, 152), [2, written === null ? NaN : Number(written), -1], odd);
    // A text at the end: every spelling comes back as written (trimmed, unquoted).
    const categorical = parseCsv(text + 'x,1\n').columns[0];
    assert.equal(categorical.type, 'categorical', odd);
    assert.deepEqual(cells(categorical).slice(0, 300), spellings.map((k, r) => (r === 150 ? written : k)), odd);
  }
});

test('plain numbers with one count of decimals keep it once for the column; another count, early or late, gives every spelling back', async () => {
  for (const change of [1, 5000, 9000, 20000]) {
    // 40 distinct values (so the spellings are kept past the 8,192-row check), one decimal, then two.
    const spellings = Array.from({ length: 25000 }, (_, r) => ((r % 40) / 4 - 3).toFixed(r < change ? 1 : 2));
    const body = spellings.map((s, r) => `${s},${r % 3}\n`).join('');
    for (const [text, type] of [[`v,k\n${body}`, 'numeric'], [`v,k\n${body}x,1\n`, 'categorical']]) {
      const random = createRng(change);
      const bytes = new TextEncoder().encode(text);
      const whole = parseCsv(bytes).columns[0];
      const streamed = (await readCsv(chunked(bytes, () => 1 + Math.floor(random() * 70000)))).columns[0];
      for (const column of [whole, streamed]) {
        assert.equal(column.type, type, `change at ${change}`);
        const expected = type === 'numeric' ? spellings.map(Number) : [...spellings, 'x'];
        assert.deepEqual(cells(column), expected, `change at ${change}`);
      }
    }
  }
});
