// gzip input (`.csv.gz`, `.tsv.gz`) for the CLI and the engine worker: recognised by its magic
// bytes, whatever the file is called, and decompressed as it streams, so neither the compressed
// nor the decompressed file is ever held whole. Runtime code: the engine stays free of node:zlib.
import { once } from 'node:events';
import { createGunzip } from 'node:zlib';
import { concatBytes } from '../engine/csv/concat-bytes';
import { isGzip } from '../engine/csv/gzip-magic';
import { InputError } from '../engine/errors';

/** Output chunks of this size: fewer, larger pieces for the reader (and fewer progress reports). */
const CHUNK_BYTES = 1 << 20;

/**
 * The bytes of `source`, decompressed when they start with gzip's magic bytes, else as they are.
 * `onRead` gets the count of source bytes (compressed ones, for gzip) consumed so far, for
 * progress. A corrupt or truncated gzip stream fails as an InputError (the caller names the file).
 * The source's chunks may reuse one buffer: each is copied before it is held on to.
 */
export async function* decompressedChunks(source: AsyncIterable<Uint8Array>, onRead: (bytes: number) => void = () => undefined): AsyncGenerator<Uint8Array> {
  const iterator = source[Symbol.asyncIterator]();
  const first: Uint8Array[] = [];
  let peeked = 0;
  try {
    while (peeked < 2) {
      const next = await iterator.next();
      if (next.done === true) break;
      first.push(next.value.slice());
      peeked += next.value.length;
    }
  } catch (err) {
    await iterator.return?.();
    throw err;
  }
  let read = 0;
  async function* counted(): AsyncGenerator<Uint8Array> {
    try {
      for (const chunk of first) {
        onRead((read += chunk.length));
        yield chunk;
      }
      for (let next = await iterator.next(); next.done !== true; next = await iterator.next()) {
        onRead((read += next.value.length));
        yield next.value;
      }
    } finally {
      await iterator.return?.();
    }
  }
  if (isGzip(concatBytes(first, peeked))) {
    yield* gunzip(counted());
  } else {
    yield* counted();
  }
}

async function* gunzip(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const inflater = createGunzip({ chunkSize: CHUNK_BYTES });
  const stop = new AbortController();
  // Fed in its own loop, with backpressure; the output is pulled below. Ends (closing the source)
  // when the input does, when inflating fails, or when the reader stops early.
  const feeding = (async () => {
    for await (const chunk of input) {
      if (!inflater.write(chunk.slice())) await once(inflater, 'drain', { signal: stop.signal });
    }
    inflater.end();
  })();
  feeding.catch((err: unknown) => inflater.destroy(err instanceof Error ? err : new Error(String(err))));
  try {
    for await (const chunk of inflater) yield chunk as Uint8Array;
    await feeding;
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (typeof code === 'string' && code.startsWith('Z_')) {
      throw new InputError('unreadable-file', `the gzip data is corrupt or truncated (${(err as Error).message})`);
    }
    throw err;
  } finally {
    stop.abort();
    inflater.destroy();
    await feeding.catch(() => undefined);
  }
}
