// Applies a model (JSON, design.md §6) to a Dataset whose columns are matched by name: the leaf
// of each row, predictions, class probabilities and the path of one row. Missing values and
// categories never seen at a split follow that node's `missingGoesTo`.
import { type Dataset, columnIndex, isNumeric } from '../dataset';
import { InputError } from '../errors';
import type { ModelNode, TreeModel } from '../model';

/** Routes rows through the tree: the child taken at node `id` by `row`. */
type Router = (id: number, row: number) => number;

function numericValues(model: TreeModel, dataset: Dataset, name: string): Float64Array {
  const column = dataset.columns[columnIndex(dataset, name)];
  if (isNumeric(column)) return column.values;
  // A column the reader typed as text: numbers written as text still count, anything else is bad input.
  const asNumber = column.categories.map((c) => Number(c));
  const bad = column.categories.findIndex((c, i) => c.trim() === '' || !Number.isFinite(asNumber[i]));
  if (bad >= 0) throw new InputError('bad-feature', `column "${name}" must be numeric for model "${model.target}", found "${column.categories[bad]}"`);
  return Float64Array.from(column.codes, (c) => (c < 0 ? NaN : asNumber[c]));
}

/** A categorical column as codes per row (−1 missing) and the name of each code, whatever type the reader gave it. */
function categoryCodes(dataset: Dataset, name: string): { codes: Int32Array; names: readonly string[] } {
  const column = dataset.columns[columnIndex(dataset, name)];
  if (!isNumeric(column)) return { codes: column.codes, names: column.categories };
  const index = new Map<string, number>();
  const codes = Int32Array.from(column.values, (v) => {
    if (Number.isNaN(v)) return -1;
    const key = String(v);
    let c = index.get(key);
    if (c === undefined) index.set(key, (c = index.size));
    return c;
  });
  return { codes, names: [...index.keys()] };
}

/**
 * Compiles the model against the dataset's columns once (column arrays per node, category names
 * resolved to the dataset's codes), so routing a row is array reads, not name lookups.
 */
function makeRouter(model: TreeModel, dataset: Dataset): Router {
  const numeric = new Map<string, Float64Array>();
  const categorical = new Map<string, { codes: Int32Array; codeOf: Map<string, number> }>();
  for (const f of model.features) {
    if (!model.nodes.some((n) => n.split?.feature === f.name)) continue;
    if (columnIndex(dataset, f.name) < 0) throw new InputError('unknown-column', `column "${f.name}" used by the model is not in the data`);
    if (f.type === 'numeric') numeric.set(f.name, numericValues(model, dataset, f.name));
    else {
      const { codes, names } = categoryCodes(dataset, f.name);
      categorical.set(f.name, { codes, codeOf: new Map(names.map((n, c) => [n, c])) });
    }
  }
  const count = model.nodes.length;
  const values: Array<Float64Array | null> = new Array(count).fill(null);
  const codes: Array<Int32Array | null> = new Array(count).fill(null);
  const childOfCode: Array<Map<number, number> | null> = new Array(count).fill(null);
  const threshold = new Float64Array(count);
  const left = new Int32Array(count);
  const right = new Int32Array(count);
  const missing = new Int32Array(count);
  model.nodes.forEach((node: ModelNode, id) => {
    const split = node.split;
    if (split === null) return;
    missing[id] = node.children[node.missingGoesTo ?? 0];
    if (split.kind === 'numeric') {
      values[id] = numeric.get(split.feature) as Float64Array;
      threshold[id] = split.threshold;
      left[id] = node.children[0];
      right[id] = node.children[1];
      return;
    }
    const column = categorical.get(split.feature) as { codes: Int32Array; codeOf: Map<string, number> };
    codes[id] = column.codes;
    const m = new Map<number, number>();
    split.branches.forEach((names, b) =>
      names.forEach((n) => {
        const c = column.codeOf.get(n);
        if (c !== undefined) m.set(c, node.children[b]);
      }),
    );
    childOfCode[id] = m;
  });
  return (id, row) => {
    const x = values[id];
    if (x !== null) {
      const v = x[row];
      if (Number.isNaN(v)) return missing[id];
      return v <= threshold[id] ? left[id] : right[id];
    }
    const c = (codes[id] as Int32Array)[row];
    return (c < 0 ? undefined : (childOfCode[id] as Map<number, number>).get(c)) ?? missing[id];
  };
}

/** Leaf node id reached by every row. */
export function predictLeaves(model: TreeModel, dataset: Dataset): Int32Array {
  const route = makeRouter(model, dataset);
  const leaves = new Int32Array(dataset.rowCount);
  for (let row = 0; row < dataset.rowCount; row++) {
    let id = 0;
    while (model.nodes[id].children.length > 0) id = route(id, row);
    leaves[row] = id;
  }
  return leaves;
}

/** Predicted class label or value per row, in row order. */
export function predict(model: TreeModel, dataset: Dataset): Array<string | number> {
  return Array.from(predictLeaves(model, dataset), (id) => model.nodes[id].prediction);
}

/** Class probabilities per row (the leaf's class shares, in the order of `model.classes`). */
export function predictProba(model: TreeModel, dataset: Dataset): number[][] {
  if (model.task !== 'classification') throw new InputError('bad-option', 'class probabilities need a classification model');
  return Array.from(predictLeaves(model, dataset), (id) => {
    const counts = model.nodes[id].value as number[];
    const total = counts.reduce((a, b) => a + b, 0);
    return counts.map((c) => (total > 0 ? c / total : 0));
  });
}

/** Node ids that row `row` passes through, root first, leaf last. */
export function decisionPath(model: TreeModel, dataset: Dataset, row: number): number[] {
  if (!Number.isInteger(row) || row < 0 || row >= dataset.rowCount) throw new RangeError(`row ${row} is not in 0..${dataset.rowCount - 1}`);
  const route = makeRouter(model, dataset);
  const path = [0];
  while (model.nodes[path[path.length - 1]].children.length > 0) path.push(route(path[path.length - 1], row));
  return path;
}
