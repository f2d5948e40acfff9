// Text written a chunk at a time (a big forest's model file is hundreds of MB: never one string):
// to stdout, or to a file that is complete when the promise resolves, gzip-compressed when its
// name ends in `.gz` (docs/model-format.md "Reading and writing"). Waits for the stream to drain.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { Readable } from 'node:stream';
import { createGzip } from 'node:zlib';

async function writeAll(sink: Writable, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) if (!sink.write(chunk)) await once(sink, 'drain');
}

export const isGzipName = (file: string): boolean => /\.gz$/i.test(file);

export async function writeChunks(file: string | undefined, chunks: Iterable<string>): Promise<void> {
  if (file === undefined) return writeAll(process.stdout, chunks);
  const sink = createWriteStream(file);
  // An open or write failure rejects (once() rejects on 'error').
  await Promise.race([once(sink, 'open'), once(sink, 'error')]);
  if (isGzipName(file)) return pipeline(Readable.from(chunks), createGzip(), sink);
  await writeAll(sink, chunks);
  sink.end();
  await once(sink, 'finish');
}
