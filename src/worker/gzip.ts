// gzip input (`.csv.gz`, `.tsv.gz`) for the CLI and the engine worker: recognised by its magic
// bytes, whatever the file is called, and decompressed as it streams, so neither the compressed
// nor the decompressed file is ever held whole. The inflating is the runtime's (gunzip.ts on Node,
// gunzip.web.ts in a browser), so the engine stays free of node:zlib.
import { concatBytes } from '../engine/csv/concat-bytes';
import { isGzip } from '../engine/csv/gzip-magic';
import { gunzip } from './gunzip';

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
