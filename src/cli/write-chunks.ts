// Text written a chunk at a time (a big forest's model file is a GB: never one string): to stdout,
// or to a file that is complete when the promise resolves. Waits for the stream to drain.
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { Writable } from 'node:stream';

async function writeAll(sink: Writable, chunks: Iterable<string>): Promise<void> {
  for (const chunk of chunks) if (!sink.write(chunk)) await once(sink, 'drain');
}

export async function writeChunks(file: string | undefined, chunks: Iterable<string>): Promise<void> {
  if (file === undefined) return writeAll(process.stdout, chunks);
  const sink = createWriteStream(file);
  // An open or write failure rejects (once() rejects on 'error').
  await Promise.race([once(sink, 'open'), once(sink, 'error')]);
  await writeAll(sink, chunks);
  sink.end();
  await once(sink, 'finish');
}
