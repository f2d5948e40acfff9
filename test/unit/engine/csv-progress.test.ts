import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv, readCsv } from '../../../src/engine/csv/read';
import { CancelledError } from '../../../src/engine/errors';
import { chunked } from '../helpers/csv-helpers';

function bigCsv(rows: number): Uint8Array {
  let text = 'a,b\n';
  for (let i = 0; i < rows; i++) text += `${i},x${i % 10}\n`;
  return new TextEncoder().encode(text);
}

test('progress rises to the total byte count, spaced by about 1% when the size is known', async () => {
  const bytes = bigCsv(50000);
  const seen: number[] = [];
  await readCsv(chunked(bytes, () => 1000), { totalBytes: bytes.length, onProgress: (n) => seen.push(n) });
  assert.equal(seen[seen.length - 1], bytes.length);
  assert.ok(seen.every((n, i) => i === 0 || n > seen[i - 1]), 'increasing');
  assert.ok(seen.length >= 50 && seen.length <= 102, `${seen.length} reports`);
});

test('parseCsv reports progress too, ending at the input size', () => {
  const bytes = bigCsv(300000);
  const seen: number[] = [];
  parseCsv(bytes, { onProgress: (n) => seen.push(n) });
  assert.ok(seen.length > 1);
  assert.equal(seen[seen.length - 1], bytes.length);
});

test('aborting mid-stream stops reading with CancelledError', async () => {
  const bytes = bigCsv(50000);
  const controller = new AbortController();
  let chunks = 0;
  async function* source(): AsyncGenerator<Uint8Array> {
    for await (const chunk of chunked(bytes, () => 4096)) {
      chunks++;
      if (chunks === 5) controller.abort();
      yield chunk;
    }
  }
  await assert.rejects(readCsv(source(), { signal: controller.signal }), CancelledError);
  assert.ok(chunks <= 6, `read ${chunks} chunks`);
});

test('an already aborted signal cancels parseCsv before any work', () => {
  const controller = new AbortController();
  controller.abort();
  let reports = 0;
  assert.throws(() => parseCsv('a\n1\n', { signal: controller.signal, onProgress: () => reports++ }), CancelledError);
  assert.equal(reports, 0);
});
