// Reads a CSV file for the CLI: streamed from disk in large chunks, `.tsv` read as tab-separated
// unless a delimiter is given, and every input error prefixed with the file's name.
import { promises as fs } from 'node:fs';
import { basename } from 'node:path';
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import { readCsv, type CsvOptions } from '../engine/csv/read';

const CHUNK_BYTES = 1 << 20;

/**
 * The file's bytes in two alternating buffers: the next chunk is read from disk while the reader
 * parses the current one, and since readCsv is done with a chunk when it asks for the next, no
 * buffer is ever allocated again (no trail of garbage chunks, lower peak memory).
 */
async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  const handle = await fs.open(path, 'r');
  const buffers = [new Uint8Array(CHUNK_BYTES), new Uint8Array(CHUNK_BYTES)];
  let which = 0;
  let position = 0;
  let pending = handle.read(buffers[which], 0, CHUNK_BYTES, position);
  try {
    for (;;) {
      const { bytesRead } = await pending;
      if (bytesRead === 0) return;
      position += bytesRead;
      const current = buffers[which];
      which = 1 - which;
      pending = handle.read(buffers[which], 0, CHUNK_BYTES, position);
      yield current.subarray(0, bytesRead);
    }
  } finally {
    // The reader may stop early (an error in the data): let the read in flight end before closing.
    await pending.catch(() => undefined);
    await handle.close();
  }
}

export async function loadCsvFile(path: string, options: CsvOptions = {}): Promise<Dataset> {
  const name = basename(path);
  let size: number;
  try {
    const stat = await fs.stat(path);
    if (!stat.isFile()) throw new InputError('unreadable-file', `${name}: not a regular file`);
    size = stat.size;
  } catch (err) {
    if (err instanceof InputError) throw err;
    throw new InputError('unreadable-file', `${name}: cannot read the file (${(err as NodeJS.ErrnoException).code ?? String(err)})`);
  }
  const delimiter = options.delimiter ?? (/\.tsv$/i.test(path) ? '\t' : undefined);
  try {
    return await readCsv(fileChunks(path), { totalBytes: size, ...options, delimiter });
  } catch (err) {
    if (err instanceof InputError) throw new InputError(err.code, `${name}: ${err.message}`, err.line, err.column);
    if ((err as NodeJS.ErrnoException).code !== undefined) {
      throw new InputError('unreadable-file', `${name}: cannot read the file (${(err as NodeJS.ErrnoException).code})`);
    }
    throw err;
  }
}
