// The reader's types and spellings against a plain reference reader, on random tables whose
// columns mix the spellings that decide how a numeric column keeps them: plain integers and
// decimals (given back by their value and decimals), other spellings (kept in a dictionary),
// numbers too long for the short path, texts, missing values, spaces and quotes. The reference
// splits lines, trims, unquotes and keeps every spelling as a string: a column is numeric when all
// its present values are numbers, else categorical with its spellings in order of first
// appearance. Whole and in small chunks, so the tokenizer's direct path is checked too.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv, readCsv } from '../../../src/engine/csv/read';
import { createRng, randomInt, type Rng } from '../../../src/engine/random';
import { cells, chunked } from '../helpers/csv-helpers';

const PLAIN = ['0', '7', '-3', '120', '4096', '0.5', '-0.50', '12.250', '3.0', '-7.125', '100.01'];
const OTHER = ['007', '-0', '+4', '.5', '5.', '1e3', '1E-2', '00.5', '-0.0', '2.50e1'];
const LONG = ['1234567890', '-98765432101', '0.1234567890123', '12345678901234567', '23.418895721435547'];
const TEXT = ['x', 'abc', 'N/Z'];
const MISSING = ['', 'NA', '?', 'null'];
const POOLS = [PLAIN, OTHER, LONG, TEXT, MISSING];

/** How a column draws its fields: a weight per pool, and the row (if any) from which texts may appear. */
interface Profile {
  weights: number[];
  textFrom: number;
}

function randomProfile(rng: Rng, rows: number): Profile {
  const weights = [1 + randomInt(rng, 20), randomInt(rng, 3), randomInt(rng, 2), 0, randomInt(rng, 3)];
  // Most columns stay numeric; some meet a text, early or late.
  const textFrom = rng() < 0.4 ? randomInt(rng, rows) : Infinity;
  return { weights, textFrom };
}

function draw(rng: Rng, profile: Profile, row: number): string {
  const weights = profile.weights.map((w, p) => (p === 3 ? (row >= profile.textFrom ? 1 : 0) : w));
  let pick = rng() * weights.reduce((a, b) => a + b, 0);
  let pool = 0;
  while (pick >= weights[pool]) pick -= weights[pool++];
  const values = POOLS[pool];
  return values[randomInt(rng, values.length)];
}

/** A field as written: sometimes padded with spaces or quoted (numbers and texts alike). */
function written(rng: Rng, value: string): string {
  const r = rng();
  if (r < 0.05) return ` ${value} `;
  if (r < 0.1) return `"${value}"`;
  return value;
}

const NUMBER = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$|^\+(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const isMissing = (s: string) => ['', 'na', 'n/a', 'nan', 'null', '?'].includes(s.toLowerCase());

/** The reference: a column's cells as the reader should give them. */
function expected(spellings: string[]): Array<number | string | null> {
  const present = spellings.filter((s) => !isMissing(s));
  if (present.every((s) => NUMBER.test(s) && Number.isFinite(Number(s)))) return spellings.map((s) => (isMissing(s) ? NaN : Number(s)));
  return spellings.map((s) => (isMissing(s) ? null : s));
}

test('types and spellings equal a plain reference reader on random mixes of spellings, whole and chunked', async () => {
  const rng = createRng(2026);
  for (let t = 0; t < 150; t++) {
    const columns = 2 + randomInt(rng, 3);
    // Mostly short tables, some past the 8,192-row spelling check (few distinct values there).
    const rows = t % 25 === 24 ? 8192 + randomInt(rng, 500) : 1 + randomInt(rng, 400);
    const profiles = Array.from({ length: columns }, () => randomProfile(rng, rows));
    const spellings: string[][] = profiles.map(() => []);
    const lines = [profiles.map((_p, c) => `c${c}`).join(',')];
    for (let r = 0; r < rows; r++) {
      const fields = profiles.map((p, c) => {
        const value = draw(rng, p, r);
        spellings[c].push(value);
        return written(rng, value);
      });
      lines.push(fields.join(','));
    }
    const text = lines.join('\n') + '\n';
    const want = spellings.map(expected);
    const check = (dataset: ReturnType<typeof parseCsv>, how: string) => {
      assert.equal(dataset.rowCount, rows, `table ${t} ${how}`);
      dataset.columns.forEach((column, c) => assert.deepEqual(cells(column), want[c], `table ${t} ${how}, column ${c}`));
    };
    check(parseCsv(text), 'whole');
    const bytes = new TextEncoder().encode(text);
    const size = 1 + randomInt(rng, 40);
    const chunks: Uint8Array[] = [];
    for await (const chunk of chunked(bytes, () => size)) chunks.push(chunk);
    check(await readCsv((async function* () { yield* chunks; })()), `chunks of ${size}`);
  }
});
