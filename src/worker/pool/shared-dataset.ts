// A dataset whose columns live in SharedArrayBuffers: posted to a pool's workers, every worker reads
// the same memory (one copy here, none per worker or per task). Readers must not write to it.
import { columnCells, isNumeric, type Column, type Dataset } from '../../engine/dataset';

/**
 * SharedArrayBuffer where the runtime has one (Node; a cross-origin-isolated browser page), else a
 * plain ArrayBuffer: a browser page that is not isolated has no shared memory, and its pool has one
 * worker (threads.web.ts), which gets a copy.
 */
const hasShared = typeof SharedArrayBuffer === 'function';
const SharedBuffer: new (bytes: number) => ArrayBufferLike = hasShared ? SharedArrayBuffer : ArrayBuffer;

/** `dataset` with its columns on SharedArrayBuffers: copied there, except those already on one. */
export function shareDataset(dataset: Dataset): Dataset {
  return { ...dataset, columns: dataset.columns.map(shareColumn) };
}

function shareColumn(column: Column): Column {
  if (hasShared && columnCells(column).buffer instanceof SharedArrayBuffer) return column;
  if (isNumeric(column)) {
    const values = new Float64Array(new SharedBuffer(column.values.byteLength));
    values.set(column.values);
    return { ...column, values };
  }
  const codes = new Int32Array(new SharedBuffer(column.codes.byteLength));
  codes.set(column.codes);
  return { ...column, codes };
}

/** An Int32Array on a SharedArrayBuffer: posted to workers, it is shared, not copied. */
export const sharedInts = (length: number): Int32Array => new Int32Array(new SharedBuffer(4 * length));

/** A Uint8Array on a SharedArrayBuffer (see sharedInts). */
export const sharedBytes = (length: number): Uint8Array => new Uint8Array(new SharedBuffer(length));
