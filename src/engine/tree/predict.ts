// Applies a model (JSON, design.md §6) to a Dataset whose columns are matched by name: the leaf
// of each row, predictions, class probabilities and the path of one row. Missing values and
// categories never seen at a split follow that node's `missingGoesTo`. The model is compiled once
// per call into flat tables (compiled-tree.ts), then every row is routed (route-rows.ts).
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import type { TreeModel } from '../model';
import { childOf, compileTree, isLeaf } from './compiled-tree';
import { routeRows } from './route-rows';

/** Leaf node id reached by every row. */
export function predictLeaves(model: TreeModel, dataset: Dataset): Int32Array {
  const tree = compileTree(model, dataset);
  const { modelId } = tree;
  const leaves = new Int32Array(dataset.rowCount);
  routeRows(tree, dataset.rowCount, (leaf, row) => (leaves[row] = modelId[leaf]));
  return leaves;
}

/** Predicted class label or value per row, in row order. */
export function predict(model: TreeModel, dataset: Dataset): Array<string | number> {
  const tree = compileTree(model, dataset);
  const { prediction } = tree;
  const out = new Array<string | number>(dataset.rowCount);
  routeRows(tree, dataset.rowCount, (leaf, row) => (out[row] = prediction[leaf]));
  return out;
}

/** Class probabilities per row (the leaf's class shares, in the order of `model.classes`). */
export function predictProba(model: TreeModel, dataset: Dataset): number[][] {
  if (model.task !== 'classification') throw new InputError('bad-option', 'class probabilities need a classification model');
  const tree = compileTree(model, dataset);
  // Shares computed once per leaf; every row still gets an array of its own.
  const shares = new Array<number[] | undefined>(tree.nodeCount);
  const out = new Array<number[]>(dataset.rowCount);
  routeRows(tree, dataset.rowCount, (leaf, row) => {
    let p = shares[leaf];
    if (p === undefined) {
      const counts = model.nodes[tree.modelId[leaf]].value as number[];
      const total = counts.reduce((a, b) => a + b, 0);
      shares[leaf] = p = counts.map((c) => (total > 0 ? c / total : 0));
    }
    out[row] = p.slice();
  });
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
