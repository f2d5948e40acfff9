// gzip inflating on Node (node:zlib), for gzip.ts; gunzip.web.ts is the browser's.
import { once } from 'node:events';
import { createGunzip } from 'node:zlib';
import { InputError } from '../engine/errors';

/** Output chunks of this size: fewer, larger pieces for the reader (and fewer progress reports). */
const CHUNK_BYTES = 1 << 20;

/** The inflated bytes of a gzip stream; a corrupt or truncated stream fails as an InputError. */
export async function* gunzip(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
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
