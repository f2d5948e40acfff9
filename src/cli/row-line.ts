// An engine error about one data row (InputError.row: the engine knows rows, not lines) turned
// into the line of the file the user can open: the record's first line, counted by the reader's
// own tokenizer (quoted fields spanning lines count as they do when parsed). A Parquet file has
// rows, not lines: its row is named by number.
import { readFile } from 'node:fs/promises';
import { gunzipSync } from 'node:zlib';
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import { isGzip } from '../engine/csv/gzip-magic';
import { recordStartLines } from '../engine/locate/record-lines';
import { isParquet } from '../worker/parquet/read-parquet';

export async function withRowLine(file: string, dataset: Dataset, err: InputError): Promise<InputError> {
  if (err.row === undefined || err.line !== undefined) return err;
  const raw = new Uint8Array(await readFile(file));
  if (isParquet(raw.subarray(0, 4))) return new InputError(err.code, `row ${err.row + 1}: ${err.message}`, undefined, err.column, err.row);
  const starts = recordStartLines(isGzip(raw) ? new Uint8Array(gunzipSync(raw)) : raw, dataset.delimiter);
  const line = starts[err.row + 1] + 1;
  return new InputError(err.code, `line ${line}: ${err.message}`, line, err.column, err.row);
}
