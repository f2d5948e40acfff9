// The true target of a dataset's rows, in the model's terms: class codes (labels the model never
// saw get codes after its classes) or values. Rows with a missing target are left out.
import { type Dataset, columnIndex, isNumeric } from '../dataset';
import { valueLabel } from '../dates';
import { InputError } from '../errors';
import type { TreeModel } from '../model';

export interface Truth {
  /** Dataset rows that have a target value. */
  rows: Int32Array;
  /** Classification: the model's classes, then any label it never saw. */
  classes: string[];
  /** Classification: class code per entry of `rows`. */
  codes: Int32Array;
  /** Regression: target value per entry of `rows`. */
  values: Float64Array;
}

export function readTruth(model: Pick<TreeModel, 'task' | 'target' | 'classes'>, dataset: Dataset): Truth {
  const index = columnIndex(dataset, model.target);
  if (index < 0) throw new InputError('unknown-column', `target column "${model.target}" is not in the data`);
  const column = dataset.columns[index];
  const kept: number[] = [];
  if (model.task === 'regression') {
    if (!isNumeric(column)) throw new InputError('bad-target', `regression target "${model.target}" must be numeric`);
    const values: number[] = [];
    for (let r = 0; r < dataset.rowCount; r++) {
      if (Number.isNaN(column.values[r])) continue;
      kept.push(r);
      values.push(column.values[r]);
    }
    return { rows: Int32Array.from(kept), classes: [], codes: new Int32Array(0), values: Float64Array.from(values) };
  }
  const classes = [...(model.classes ?? [])];
  const codeOf = new Map(classes.map((c, i) => [c, i]));
  const codes: number[] = [];
  for (let r = 0; r < dataset.rowCount; r++) {
    let label: string;
    if (isNumeric(column)) {
      if (Number.isNaN(column.values[r])) continue;
      label = valueLabel(column.type, column.values[r]);
    } else {
      if (column.codes[r] < 0) continue;
      label = column.categories[column.codes[r]];
    }
    let code = codeOf.get(label);
    if (code === undefined) {
      code = classes.length;
      classes.push(label);
      codeOf.set(label, code);
    }
    kept.push(r);
    codes.push(code);
  }
  return { rows: Int32Array.from(kept), classes, codes: Int32Array.from(codes), values: new Float64Array(0) };
}
