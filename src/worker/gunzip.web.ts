// gzip inflating in a browser (the Web Worker's DecompressionStream), for gzip.ts; the web bundles
// take it in place of gunzip.ts (scripts/build.mjs, "*.web.ts").
import { InputError } from '../engine/errors';
import type * as NodeGunzip from './gunzip';

export async function* gunzip(input: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  const inflater = new DecompressionStream('gzip');
  const writer = inflater.writable.getWriter();
  // A failure of the source itself (not of inflating), kept apart: it is passed on as it is.
  let sourceFailed: { error: unknown } | undefined;
  // Fed in its own loop with the stream's backpressure; the output is pulled below.
  const feeding = (async () => {
    const chunks = input[Symbol.asyncIterator]();
    for (;;) {
      let next: IteratorResult<Uint8Array>;
      try {
        next = await chunks.next();
      } catch (error) {
        sourceFailed = { error };
        await writer.abort(error);
        return;
      }
      if (next.done === true) break;
      await writer.ready;
      await writer.write(next.value.slice());
    }
    await writer.close();
  })();
  feeding.catch(() => undefined);
  const reader = inflater.readable.getReader();
  try {
    for (let next = await reader.read(); next.done !== true; next = await reader.read()) yield next.value;
    await feeding;
  } catch (err) {
    if (sourceFailed !== undefined) throw sourceFailed.error;
    // The runtimes word it differently (Chromium: a TypeError; Node: "unexpected end of file").
    throw new InputError('unreadable-file', `the gzip data is corrupt or truncated (${err instanceof Error ? err.message : String(err)})`);
  } finally {
    await reader.cancel().catch(() => undefined);
    await feeding.catch(() => undefined);
  }
}

// The same exports as the Node module it stands in for.
const _same: typeof NodeGunzip = { gunzip };
void _same;
