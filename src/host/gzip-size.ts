// How large the CSV in a `.csv.gz` is, read from the file's end: the host asks before loading a
// large file (csv-source.ts `chooseSample`), without decompressing it.
import { open } from 'node:fs/promises';
import { isGzip } from '../engine/csv/gzip-magic';

/**
 * The size of the data in a gzip file as its last member's trailer records it (modulo 4 GiB, so
 * a hint only), or undefined when the file is not gzip.
 */
export async function gzipContentSize(path: string): Promise<number | undefined> {
  const handle = await open(path, 'r');
  try {
    const { size } = await handle.stat();
    const head = new Uint8Array(2);
    await handle.read(head, 0, 2, 0);
    if (size < 18 || !isGzip(head)) return undefined;
    const trailer = new Uint8Array(4);
    await handle.read(trailer, 0, 4, size - 4);
    return new DataView(trailer.buffer).getUint32(0, true);
  } finally {
    await handle.close();
  }
}
