// Reads a CSV file for the CLI: streamed from disk in large chunks, `.tsv` read as tab-separated
// unless a delimiter is given, and every input error prefixed with the file's name.
import { promises as fs } from 'node:fs';
import { basename } from 'node:path';
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import { readCsv, type CsvOptions } from '../engine/csv/read';

const CHUNK_BYTES = 1 << 20;

/**
 * The file's bytes, read into one reused buffer: readCsv is done with a chunk when it asks for
 * the next, so a large file leaves no trail of garbage buffers behind (lower peak memory).
 */
async function* fileChunks(path: string): AsyncGenerator<Uint8Array> {
  const handle = await fs.open(path, 'r');
  try {
    const buffer = new Uint8Array(CHUNK_BYTES);
    for (;;) {
      const { bytesRead } = await handle.read(buffer, 0, CHUNK_BYTES, null);
      if (bytesRead === 0) return;
      yield buffer.subarray(0, bytesRead);
    }
  } finally {
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
