// Reads a CSV file for the CLI: streamed from disk in large chunks, decompressed on the way when
// it is gzip (by its magic bytes), `.tsv`/`.tsv.gz` read as tab-separated unless a delimiter is
// given, and every input error prefixed with the file's name.
import { promises as fs } from 'node:fs';
import { basename } from 'node:path';
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import { readCsv, type CsvOptions } from '../engine/csv/read';
import { isGzip } from '../engine/csv/gzip-magic';
import { decompressedChunks } from './gzip';

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

/** An error met reading `path`, as the one-line InputError the CLI prints (named once). */
export function namedError(path: string, err: unknown): unknown {
  if (err instanceof InputError) return namedInputError(path, err);
  const code = (err as NodeJS.ErrnoException).code;
  return code === undefined ? err : new InputError('unreadable-file', `${basename(path)}: cannot read the file (${code})`);
}

/** A bad-input error about the data of `path`, its message starting with the file's name (once). */
export function namedInputError(path: string, err: InputError): InputError {
  const name = basename(path);
  return err.message.startsWith(`${name}: `) ? err : new InputError(err.code, `${name}: ${err.message}`, err.line, err.column);
}

/**
 * The CSV's bytes as the reader takes them: decompressed when the file is gzip. Read errors name
 * the file. onRead counts the file's bytes read (compressed ones, for gzip), for progress.
 */
export async function* csvFileChunks(path: string, onRead?: (bytes: number) => void): AsyncGenerator<Uint8Array> {
  try {
    yield* decompressedChunks(fileChunks(path), onRead);
  } catch (err) {
    throw namedError(path, err);
  }
}

/** `.tsv` and `.tsv.gz` files are tab-separated; others are sniffed. */
export function pathDelimiter(path: string): string | undefined {
  return /\.tsv(\.gz)?$/i.test(path) ? '\t' : undefined;
}

export async function loadCsvFile(path: string, options: CsvOptions = {}): Promise<Dataset> {
  const name = basename(path);
  let head: Uint8Array;
  let size: number;
  try {
    const stat = await fs.stat(path);
    if (!stat.isFile()) throw new InputError('unreadable-file', `${name}: not a regular file`);
    size = stat.size;
    const handle = await fs.open(path, 'r');
    try {
      const { bytesRead, buffer } = await handle.read(new Uint8Array(2), 0, 2, 0);
      head = buffer.subarray(0, bytesRead);
    } finally {
      await handle.close();
    }
  } catch (err) {
    throw namedError(path, err);
  }
  const delimiter = options.delimiter ?? pathDelimiter(path);
  // The size of a gzip file says little about the CSV in it, which the reader then sizes as it goes.
  const totalBytes = isGzip(head) ? undefined : size;
  try {
    return await readCsv(csvFileChunks(path), { totalBytes, ...options, delimiter });
  } catch (err) {
    throw namedError(path, err);
  }
}
