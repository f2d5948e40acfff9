// Reads a CSV file for the CLI: streamed from disk in large chunks, `.tsv` read as tab-separated
// unless a delimiter is given, and every input error prefixed with the file's name.
import { createReadStream, promises as fs } from 'node:fs';
import { basename } from 'node:path';
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import { readCsv, type CsvOptions } from '../engine/csv/read';

const CHUNK_BYTES = 1 << 20;

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
    return await readCsv(createReadStream(path, { highWaterMark: CHUNK_BYTES }), { totalBytes: size, ...options, delimiter });
  } catch (err) {
    if (err instanceof InputError) throw new InputError(err.code, `${name}: ${err.message}`, err.line, err.column);
    if ((err as NodeJS.ErrnoException).code !== undefined) {
      throw new InputError('unreadable-file', `${name}: cannot read the file (${(err as NodeJS.ErrnoException).code})`);
    }
    throw err;
  }
}
