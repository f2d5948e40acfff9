// A Dataset restricted to some rows (in the given order): hold-out parts and CV folds are
// ordinary datasets, so training and prediction need no special cases.
import type { Column, Dataset } from '../dataset';

export function subsetDataset(dataset: Dataset, rows: Int32Array): Dataset {
  const columns: Column[] = dataset.columns.map((c) =>
    c.type === 'numeric' ? { ...c, values: Float64Array.from(rows, (r) => c.values[r]) } : { ...c, codes: Int32Array.from(rows, (r) => c.codes[r]) },
  );
  return { ...dataset, columns, rowCount: rows.length };
}
