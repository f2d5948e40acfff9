// The predictions CSV: the input's columns plus a final `predicted_<target>` column, one line per
// input row in order. Shared by the CLI's `predict` and the extension's "Predict on Another CSV…".
import { type Dataset, isNumeric } from '../engine/dataset';
import { valueLabel } from '../engine/dates';
import type { TreeModel } from '../engine/model';
import { predict } from '../engine/tree/predict';
import { csvField } from './csv-field';

/** Text of one input cell as the dataset holds it (missing → empty). */
function cellText(dataset: Dataset, column: number, row: number): string {
  const c = dataset.columns[column];
  if (isNumeric(c)) return Number.isNaN(c.values[row]) ? '' : valueLabel(c.type, c.values[row]);
  return c.codes[row] < 0 ? '' : c.categories[c.codes[row]];
}

/** The header line, then one line per row (no line terminators), in the input's delimiter. */
export function* predictionCsvLines(model: TreeModel, dataset: Dataset): Generator<string> {
  const predictions = predict(model, dataset);
  const d = dataset.delimiter;
  const header = [...dataset.columns.map((c) => c.name), `predicted_${model.target}`];
  yield header.map((h) => csvField(h, d)).join(d);
  for (let row = 0; row < dataset.rowCount; row++) {
    const fields = dataset.columns.map((_, j) => csvField(cellText(dataset, j, row), d));
    fields.push(csvField(String(predictions[row]), d));
    yield fields.join(d);
  }
}
