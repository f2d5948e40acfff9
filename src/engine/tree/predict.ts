// Applies a model (JSON, design.md §6) to a Dataset whose columns are matched by name: the leaf
// of each row, predictions, class probabilities and the path of one row. Missing values and
// categories never seen at a split follow that node's `missingGoesTo`. The model is compiled once
// per call into flat tables (compiled-tree.ts), then every row is routed (route-rows.ts).
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import type { TreeModel } from '../model';
import { type CompiledTree, childOf, compileTree, isLeaf } from './compiled-tree';
import { routeRows } from './route-rows';

/** The compiled tree and the compiled leaf of every row. */
function routed(model: TreeModel, dataset: Dataset): { tree: CompiledTree; leaves: Int32Array } {
  const tree = compileTree(model, dataset);
  return { tree, leaves: routeRows(tree, dataset.rowCount) };
}

/** Leaf node id reached by every row. */
export function predictLeaves(model: TreeModel, dataset: Dataset): Int32Array {
  const { tree, leaves } = routed(model, dataset);
  for (let row = 0; row < leaves.length; row++) leaves[row] = tree.modelId[leaves[row]];
  return leaves;
}

/** Predicted class label or value per row, in row order. */
export function predict(model: TreeModel, dataset: Dataset): Array<string | number> {
  const { tree, leaves } = routed(model, dataset);
  // A plain loop: Array.from over a typed array with a map function is several times slower.
  const out = new Array<string | number>(leaves.length);
  for (let row = 0; row < leaves.length; row++) out[row] = tree.prediction[leaves[row]];
  return out;
}

/** Class probabilities per row (the leaf's class shares, in the order of `model.classes`). */
export function predictProba(model: TreeModel, dataset: Dataset): number[][] {
  if (model.task !== 'classification') throw new InputError('bad-option', 'class probabilities need a classification model');
  const leaves = predictLeaves(model, dataset);
  // Shares computed once per leaf; every row still gets an array of its own.
  const shares = new Array<number[] | undefined>(model.nodes.length);
  const out = new Array<number[]>(leaves.length);
  for (let row = 0; row < leaves.length; row++) {
    const id = leaves[row];
    let p = shares[id];
    if (p === undefined) {
      const counts = model.nodes[id].value as number[];
      const total = counts.reduce((a, b) => a + b, 0);
      shares[id] = p = counts.map((c) => (total > 0 ? c / total : 0));
    }
    out[row] = p.slice();
  }
  return out;
}

/** Node ids that row `row` passes through, root first, leaf last. */
export function decisionPath(model: TreeModel, dataset: Dataset, row: number): number[] {
  if (!Number.isInteger(row) || row < 0 || row >= dataset.rowCount) throw new RangeError(`row ${row} is not in 0..${dataset.rowCount - 1}`);
  const tree = compileTree(model, dataset);
  const path = [0];
  let i = 0;
  while (!isLeaf(tree, i)) {
    i = childOf(tree, i, row);
    path.push(tree.modelId[i]);
  }
  return path;
}
