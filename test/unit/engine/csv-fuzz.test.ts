// Random CSV-like inputs (seeded): the reader either returns a dataset or throws an InputError,
// never anything else, and streaming in random chunks gives exactly the same outcome.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv, readCsv } from '../../../src/engine/csv/read';
import { InputError } from '../../../src/engine/errors';
import { createRng, randomInt, type Rng } from '../../../src/engine/random';
import { chunked } from '../helpers/csv-helpers';

const PIECES = ['a', 'b', '1', '2.5', '-3e2', ',', ',', ';', '\t', '|', '"', '""', '\n', '\n', '\r\n', '\r', ' ', 'NA', '?', 'yes', 'no', 'é', '😀', '\u0000', '\ufeff', '\xff'];

const VALUES = ['a', 'b', '1', '2.5', '-3e2', '', 'NA', '?', 'yes', 'no', 'é', '😀', ' x ', '1.0', 'true'];
const DELIMITERS = [',', ';', '\t', '|'];
const NEWLINES = ['\n', '\r\n', '\r'];

/** A well-formed table (quoted fields with delimiters, quotes and newlines inside) … */
function randomTable(rng: Rng): string {
  const delimiter = DELIMITERS[randomInt(rng, DELIMITERS.length)];
  const newline = NEWLINES[randomInt(rng, NEWLINES.length)];
  const columns = 1 + randomInt(rng, 4);
  const rows = randomInt(rng, 6);
  const lines: string[] = [];
  for (let r = 0; r <= rows; r++) {
    const fields: string[] = [];
    for (let c = 0; c < columns; c++) {
      let value = r === 0 ? `h${c}` : VALUES[randomInt(rng, VALUES.length)];
      if (rng() < 0.2) value = `"${value}${delimiter}""${newline}x"`;
      fields.push(value);
    }
    lines.push(fields.join(delimiter));
  }
  return (rng() < 0.2 ? '\ufeff' : '') + lines.join(newline) + (rng() < 0.5 ? newline : '');
}

/** … often damaged by inserting, deleting or swapping a few random pieces. */
function randomInput(rng: Rng): Uint8Array {
  const bytes = [...new TextEncoder().encode(randomTable(rng))];
  const damage = rng() < 0.4 ? 0 : 1 + randomInt(rng, 3);
  for (let d = 0; d < damage; d++) {
    const at = randomInt(rng, bytes.length + 1);
    const piece = PIECES[randomInt(rng, PIECES.length)];
    const pieceBytes = piece === '\xff' ? [0xff] : [...new TextEncoder().encode(piece)];
    if (rng() < 0.3) bytes.splice(at, 1);
    else bytes.splice(at, 0, ...pieceBytes);
  }
  return new Uint8Array(bytes);
}

type Outcome = { ok: unknown } | { error: string };

function outcome(run: () => unknown): Outcome {
  try {
    return { ok: run() };
  } catch (err) {
    assert.ok(err instanceof InputError, `not an InputError: ${err instanceof Error ? err.stack : String(err)}`);
    return { error: `${err.code} ${err.line} ${err.message}` };
  }
}

test('random inputs give a dataset or an InputError, the same whole and chunked', async () => {
  const rng = createRng(2024);
  let datasets = 0;
  for (let k = 0; k < 3000; k++) {
    const bytes = randomInput(rng);
    const whole = outcome(() => parseCsv(bytes));
    if ('ok' in whole) datasets++;
    let streamed: Outcome;
    try {
      streamed = { ok: await readCsv(chunked(bytes, () => 1 + randomInt(rng, 7))) };
    } catch (err) {
      streamed = outcome(() => {
        throw err;
      });
    }
    assert.deepEqual(streamed, whole, JSON.stringify(new TextDecoder().decode(bytes)));
  }
  assert.ok(datasets > 1000, `only ${datasets} inputs parsed: the generator is too hostile to test much`);
});
