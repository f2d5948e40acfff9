// Shared helpers of the CSV tests: plain views of columns, and chunked byte sources.
import type { Column, Dataset } from '../../../src/engine/dataset';
import { isNumeric } from '../../../src/engine/dataset';

/** Column values as plain JS: numbers (NaN for missing) or strings (null for missing). */
export function cells(column: Column): Array<number | string | null> {
  if (isNumeric(column)) return Array.from(column.values);
  return Array.from(column.codes, (c) => (c < 0 ? null : column.categories[c]));
}

export function byName(dataset: Dataset, name: string): Column {
  const column = dataset.columns.find((c) => c.name === name);
  if (column === undefined) throw new Error(`no column ${name}`);
  return column;
}

/** Yields `bytes` in chunks whose sizes come from `size()`. */
export async function* chunked(bytes: Uint8Array, size: () => number): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; ) {
    const end = Math.min(bytes.length, at + Math.max(1, size()));
    yield bytes.slice(at, end);
    at = end;
  }
}
