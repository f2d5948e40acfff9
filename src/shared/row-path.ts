// The path of one data row through the shown tree, with its prediction and true value: what the
// panel highlights for "path of a row". Cheap (one root-to-leaf walk), so it runs on the host.
import { columnIndex, isNumeric, type Dataset } from '../engine/dataset';
import { valueLabel } from '../engine/dates';
import { InputError } from '../engine/errors';
import { recordAtOrBefore } from '../engine/locate/record-lines';
import type { TreeColumns } from '../engine/model-columns';
import { predictionOf, routeAt } from '../engine/tree-columns';
import { compileNodes, type CompiledTree } from '../engine/tree/compiled-tree';
import { compiledPath } from '../engine/tree/predict';
import type { RowPath } from './protocol';

export type RowPathResult = Omit<RowPath, 'nodes'>;

/**
 * Compiled once per tree and data: the row under the cursor follows every cursor move, and
 * compiling a fully grown tree takes 0.2 s a million nodes. Trees and datasets are never changed
 * once made, so a compiled tree stays valid while both exist.
 */
const compiled = new WeakMap<TreeColumns, WeakMap<Dataset, CompiledTree>>();

function compiledFor(model: TreeColumns, dataset: Dataset): CompiledTree {
  let byData = compiled.get(model);
  if (!byData) compiled.set(model, (byData = new WeakMap()));
  let tree = byData.get(dataset);
  if (!tree) byData.set(dataset, (tree = compileNodes(model, model.totalNodes, (id) => routeAt(model, id), dataset)));
  return tree;
}

/** `row` is 0-based among the data rows (the header excluded). */
export function rowPath(model: TreeColumns, dataset: Dataset, row: number): RowPathResult {
  if (!Number.isInteger(row) || row < 0 || row >= dataset.rowCount) {
    throw new InputError('bad-option', `row ${row + 1} does not exist: the file has ${dataset.rowCount.toLocaleString('en-US')} data rows`);
  }
  const path = compiledPath(compiledFor(model, dataset), row);
  const prediction = predictionOf(model, path[path.length - 1]);
  const at = columnIndex(dataset, model.target);
  let actual: string | number | null = null;
  if (at >= 0) {
    const column = dataset.columns[at];
    if (isNumeric(column)) actual = Number.isNaN(column.values[row]) ? null : column.type === 'date' ? valueLabel(column.type, column.values[row]) : column.values[row];
    else actual = column.codes[row] < 0 ? null : column.categories[column.codes[row]];
  }
  return { row, path, prediction, actual };
}

/**
 * The data row on an editor line (0-based line), or undefined on the header. With the start line
 * of every record (recordStartLines: header = record 0) a quoted field spanning lines maps to its
 * own row; without it (not read yet), one record per line is assumed.
 */
export function rowOfLine(line: number, recordStarts: Int32Array | null): number | undefined {
  const record = recordStarts === null ? line : recordAtOrBefore(recordStarts, line);
  return record >= 1 ? record - 1 : undefined;
}
