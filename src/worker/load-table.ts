// Reads a data file for the CLI, whatever its format: a Parquet file (named `.parquet`, or starting
// with Parquet's magic bytes) or a folder of Parquet part files through the Parquet reader, else a
// CSV/TSV (gzip or not) through the CSV reader; both give the same Dataset (README "Parquet input").
import { promises as fs } from 'node:fs';
import type { Dataset } from '../engine/dataset';
import type { CsvOptions } from '../engine/csv/read';
import { loadCsvFile, namedError } from './load-csv';
import { isFolder, openParquet } from './parquet/parquet-files';
import { isParquet, readParquet, type ParquetOptions } from './parquet/read-parquet';

export interface TableOptions extends CsvOptions, Pick<ParquetOptions, 'rowPicks' | 'onFraction'> {
  /** Parquet: read only these columns (a CSV is read whole). */
  readonly columns?: readonly string[];
}

/** Whether `path` is read as Parquet: a folder, a `.parquet` name, or Parquet's magic bytes. */
export async function isParquetPath(path: string): Promise<boolean> {
  if (/\.parquet$/i.test(path) || (await isFolder(path))) return true;
  try {
    const handle = await fs.open(path, 'r');
    try {
      const { bytesRead, buffer } = await handle.read(new Uint8Array(4), 0, 4, 0);
      return isParquet(buffer.subarray(0, bytesRead));
    } finally {
      await handle.close();
    }
  } catch {
    return false; // the CSV reader names the problem
  }
}

export async function loadTableFile(path: string, options: TableOptions = {}): Promise<Dataset> {
  if (!(await isParquetPath(path))) return loadCsvFile(path, options);
  let open;
  try {
    open = await openParquet(path);
  } catch (err) {
    throw namedError(path, err);
  }
  try {
    return await readParquet(open.parts, options);
  } finally {
    await open.close();
  }
}
