// A dataset whose columns live in SharedArrayBuffers: posted to a pool's workers, every worker reads
// the same memory (one copy here, none per worker or per task). Readers must not write to it.
import { columnCells, isNumeric, type Column, type Dataset } from '../../engine/dataset';

/** `dataset` with its columns on SharedArrayBuffers: copied there, except those already on one. */
export function shareDataset(dataset: Dataset): Dataset {
  return { ...dataset, columns: dataset.columns.map(shareColumn) };
}

function shareColumn(column: Column): Column {
  if (columnCells(column).buffer instanceof SharedArrayBuffer) return column;
  if (isNumeric(column)) {
    const values = new Float64Array(new SharedArrayBuffer(column.values.byteLength));
    values.set(column.values);
    return { ...column, values };
  }
  const codes = new Int32Array(new SharedArrayBuffer(column.codes.byteLength));
  codes.set(column.codes);
  return { ...column, codes };
}

/** An Int32Array on a SharedArrayBuffer: posted to workers, it is shared, not copied. */
export const sharedInts = (length: number): Int32Array => new Int32Array(new SharedArrayBuffer(4 * length));

/** A Uint8Array on a SharedArrayBuffer (see sharedInts). */
export const sharedBytes = (length: number): Uint8Array => new Uint8Array(new SharedArrayBuffer(length));
