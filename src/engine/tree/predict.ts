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

/** Category name per row (null where missing), whatever type the reader gave the column. */
function categoryNames(dataset: Dataset, name: string): (row: number) => string | null {
  const column = dataset.columns[columnIndex(dataset, name)];
  if (isNumeric(column)) return (row) => (Number.isNaN(column.values[row]) ? null : String(column.values[row]));
  return (row) => (column.codes[row] < 0 ? null : column.categories[column.codes[row]]);
}

function makeRouter(model: TreeModel, dataset: Dataset): Router {
  const numeric = new Map<string, Float64Array>();
  const categorical = new Map<string, (row: number) => string | null>();
  for (const f of model.features) {
    if (!model.nodes.some((n) => n.split?.feature === f.name)) continue;
    if (columnIndex(dataset, f.name) < 0) throw new InputError('unknown-column', `column "${f.name}" used by the model is not in the data`);
    if (f.type === 'numeric') numeric.set(f.name, numericValues(model, dataset, f.name));
    else categorical.set(f.name, categoryNames(dataset, f.name));
  }
  // Per categorical node: category name → branch index.
  const branchOf = model.nodes.map((node) => {
    if (node.split?.kind !== 'categorical') return null;
    const m = new Map<string, number>();
    node.split.branches.forEach((names, b) => names.forEach((n) => m.set(n, b)));
    return m;
  });
  return (id, row) => {
    const node = model.nodes[id];
    const split = node.split as NonNullable<ModelNode['split']>;
    const missingChild = node.children[node.missingGoesTo ?? 0];
    if (split.kind === 'numeric') {
      const v = (numeric.get(split.feature) as Float64Array)[row];
      if (Number.isNaN(v)) return missingChild;
      return node.children[v <= split.threshold ? 0 : 1];
    }
    const name = (categorical.get(split.feature) as (row: number) => string | null)(row);
    const b = name === null ? undefined : (branchOf[id] as Map<string, number>).get(name);
    return b === undefined ? missingChild : node.children[b];
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
