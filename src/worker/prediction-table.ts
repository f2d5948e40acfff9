// Predictions written from the parsed table rather than the input's bytes (README "Parquet
// input"): the input's columns as read, then predicted_<target> (and share_<class> columns), as
// CSV — for a Parquet input, whose records have no text to copy — or as Parquet, written with
// hyparquet-writer (pure JavaScript, snappy): numbers as DOUBLE, text as STRING, booleans as
// BOOLEAN, dates as TIMESTAMP (milliseconds, UTC), missing values as null.
import type { ColumnSource } from 'hyparquet-writer' with { 'resolution-mode': 'import' };
import { isNumeric, type Column, type Dataset } from '../engine/dataset';
import { valueLabel } from '../engine/dates';
import { csvField } from './csv-field';
import { predictionNames, type GivenPredictions } from './prediction-csv';

/** Rows per piece of CSV output. */
const ROWS_PER_PIECE = 4096;

/** The CSV text of a cell: numbers as JavaScript spells them, dates in ISO 8601, missing empty. */
function cellText(column: Column, row: number): string {
  if (isNumeric(column)) {
    const v = column.values[row];
    return Number.isNaN(v) ? '' : valueLabel(column.type, v);
  }
  const code = column.codes[row];
  return code < 0 ? '' : column.categories[code];
}

/** The predictions CSV from the table, comma-separated, a piece of rows at a time. */
export function* predictionCsvFromTable(given: GivenPredictions, dataset: Dataset): Generator<string> {
  const names = [...dataset.columns.map((c) => c.name), ...predictionNames(given)];
  yield `${names.map((n) => csvField(n, ',')).join(',')}\n`;
  const k = given.classes?.length ?? 0;
  for (let start = 0; start < dataset.rowCount; start += ROWS_PER_PIECE) {
    const lines: string[] = [];
    for (let row = start; row < Math.min(start + ROWS_PER_PIECE, dataset.rowCount); row++) {
      const fields = dataset.columns.map((c) => csvField(cellText(c, row), ','));
      fields.push(csvField(String(given.predictions[row]), ','));
      if (given.shares !== null) for (let j = 0; j < k; j++) fields.push(String(given.shares[row * k + j]));
      lines.push(`${fields.join(',')}\n`);
    }
    yield lines.join('');
  }
}

/** The predictions as a snappy Parquet file's bytes: the table's columns, then the predictions'. */
export async function predictionParquet(given: GivenPredictions, dataset: Dataset): Promise<ArrayBuffer> {
  const { parquetWriteBuffer } = await import('hyparquet-writer');
  const columnData: ColumnSource[] = dataset.columns.map(columnSource);
  const [predicted, ...shareNames] = predictionNames(given);
  const numeric = given.predictions.length > 0 && typeof given.predictions[0] === 'number';
  columnData.push(
    numeric
      ? { name: predicted, data: Float64Array.from(given.predictions as number[]), type: 'DOUBLE', nullable: false }
      : { name: predicted, data: given.predictions.map(String), type: 'STRING', nullable: false },
  );
  const k = shareNames.length;
  const shares = given.shares;
  if (shares !== null) {
    shareNames.forEach((name, j) => columnData.push({ name, data: Float64Array.from({ length: dataset.rowCount }, (_, row) => shares[row * k + j]), type: 'DOUBLE', nullable: false }));
  }
  return parquetWriteBuffer({ columnData, codec: 'SNAPPY', createdBy: 'decision-tree-explorer' });
}

function columnSource(column: Column): ColumnSource {
  if (isNumeric(column)) {
    const values = column.values;
    if (column.type === 'date') return { name: column.name, data: Array.from(values, (v) => (Number.isNaN(v) ? null : new Date(v))), type: 'TIMESTAMP' };
    return { name: column.name, data: Array.from(values, (v) => (Number.isNaN(v) ? null : v)), type: 'DOUBLE' };
  }
  const { codes, categories } = column;
  const n = codes.length;
  if (column.type === 'boolean') return { name: column.name, data: Array.from({ length: n }, (_, i) => (codes[i] < 0 ? null : codes[i] === 1)), type: 'BOOLEAN' };
  return { name: column.name, data: Array.from({ length: n }, (_, i) => (codes[i] < 0 ? null : categories[codes[i]])), type: 'STRING' };
}
