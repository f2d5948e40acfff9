// Parquet on disk for the CLI (README "Parquet input"): a file, or a folder of part files as Dask,
// Spark and pandas write them (every `*.parquet` in it, in natural order: part.2 before part.10;
// `_SUCCESS`, `_metadata`, checksums and hidden files are not parts). Each file is read on demand,
// a slice at a time, so only the footers and the column chunks asked for are ever in memory.
import { promises as fs } from 'node:fs';
import { basename, join } from 'node:path';
import { InputError } from '../../engine/errors';
import type { ParquetPart } from './read-parquet';

export interface OpenParts {
  readonly parts: ParquetPart[];
  close(): Promise<void>;
}

/** Whether `path` is a folder (read as a folder of Parquet part files). */
export async function isFolder(path: string): Promise<boolean> {
  try {
    return (await fs.stat(path)).isDirectory();
  } catch {
    return false;
  }
}

/** The Parquet files of a folder, in natural order; an InputError when it holds none. */
export async function partFiles(folder: string): Promise<string[]> {
  const names = (await fs.readdir(folder)).filter((n) => /\.parquet$/i.test(n) && !n.startsWith('.') && !n.startsWith('_'));
  if (names.length === 0) throw new InputError('unreadable-file', `${basename(folder)}: a folder with no .parquet files (a folder is read as the part files of one Parquet table)`);
  names.sort((a, b) => a.localeCompare(b, 'en', { numeric: true }));
  return names.map((n) => join(folder, n));
}

/** `path` (a file, or a folder of part files) opened for reading; close() when done. */
export async function openParquet(path: string): Promise<OpenParts> {
  const files = (await isFolder(path)) ? await partFiles(path) : [path];
  const handles: fs.FileHandle[] = [];
  const close = async () => {
    await Promise.all(handles.map((h) => h.close()));
  };
  try {
    const parts: ParquetPart[] = [];
    for (const file of files) {
      const handle = await fs.open(file, 'r');
      handles.push(handle);
      const { size } = await handle.stat();
      parts.push({ name: basename(file), file: { byteLength: size, slice: (start, end) => readSlice(handle, start, end ?? size) } });
    }
    return { parts, close };
  } catch (err) {
    await close();
    throw err;
  }
}

async function readSlice(handle: fs.FileHandle, start: number, end: number): Promise<ArrayBuffer> {
  const bytes = new Uint8Array(Math.max(0, end - start));
  let at = 0;
  while (at < bytes.length) {
    const { bytesRead } = await handle.read(bytes, at, bytes.length - at, start + at);
    if (bytesRead === 0) break;
    at += bytesRead;
  }
  return at === bytes.length ? bytes.buffer : bytes.buffer.slice(0, at);
}
