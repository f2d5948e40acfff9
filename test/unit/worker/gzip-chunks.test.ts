// decompressedChunks: gzip is known by its magic bytes (not a name) and inflated as it streams,
// however the compressed bytes are chunked; anything else passes through unchanged; the source is
// counted for progress and closed when the reader stops early.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gzipSync } from 'node:zlib';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isGzip } from '../../../src/engine/csv/gzip-magic';
import { gzipContentSize } from '../../../src/host/gzip-size';
import { decompressedChunks } from '../../../src/worker/gzip';
import { InputError } from '../../../src/engine/errors';

async function* chunks(bytes: Uint8Array, size: number, closed?: { done: boolean }): AsyncGenerator<Uint8Array> {
  try {
    // One buffer reused for every chunk, as the CLI's file reader does.
    const buffer = new Uint8Array(size);
    for (let at = 0; at < bytes.length; at += size) {
      const part = bytes.subarray(at, at + size);
      buffer.set(part);
      yield buffer.subarray(0, part.length);
    }
  } finally {
    if (closed) closed.done = true;
  }
}

async function collect(source: AsyncIterable<Uint8Array>): Promise<string> {
  const parts: Buffer[] = [];
  for await (const chunk of source) parts.push(Buffer.from(chunk));
  return Buffer.concat(parts).toString('utf8');
}

const text = Array.from({ length: 20_000 }, (_, i) => `${i},${i % 7},zoë`).join('\n');
const gz = new Uint8Array(gzipSync(text));

test('gzip is recognised by its first two bytes', () => {
  assert.equal(isGzip(gz), true);
  assert.equal(isGzip(Uint8Array.of(0x1f)), false);
  assert.equal(isGzip(new TextEncoder().encode('a,b\n')), false);
});

test('gzip input is inflated whatever its chunking, counting compressed bytes read', async () => {
  const small = text.slice(0, 300);
  const smallGz = new Uint8Array(gzipSync(small));
  for (const [input, output, size] of [[smallGz, small, 1], [smallGz, small, 2], [smallGz, small, 3], [gz, text, 1000], [gz, text, gz.length]] as const) {
    let read = 0;
    assert.equal(await collect(decompressedChunks(chunks(input, size), (n) => (read = n))), output, `chunks of ${size}`);
    assert.equal(read, input.length);
  }
});

test('plain input passes through unchanged, even one that starts with 0x1f', async () => {
  const plain = new Uint8Array([0x1f, ...new TextEncoder().encode('x\n1\n')]);
  for (const size of [1, 2, plain.length]) assert.deepEqual(Buffer.from(await collect(decompressedChunks(chunks(plain, size)))), Buffer.from(plain));
  assert.equal(await collect(decompressedChunks(chunks(new Uint8Array(0), 1))), '');
});

test('corrupt gzip is an InputError; a reader stopping early closes the source', async () => {
  const corrupt = gz.slice();
  corrupt.fill(0xff, 10, 60);
  await assert.rejects(collect(decompressedChunks(chunks(corrupt, 64))), (err: unknown) => err instanceof InputError && /corrupt or truncated/.test(err.message));
  const closed = { done: false };
  for await (const chunk of decompressedChunks(chunks(gz, 16, closed))) {
    assert.ok(chunk.length > 0);
    break;
  }
  assert.equal(closed.done, true);
});

test('the size of the CSV in a gzip file comes from its trailer (what the sampling offer judges)', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-gzsize-'));
  try {
    writeFileSync(path.join(dir, 'a.csv.gz'), gz);
    writeFileSync(path.join(dir, 'a.csv'), text);
    assert.equal(await gzipContentSize(path.join(dir, 'a.csv.gz')), Buffer.byteLength(text));
    assert.equal(await gzipContentSize(path.join(dir, 'a.csv')), undefined);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
