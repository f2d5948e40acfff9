// Applies a model (JSON, docs/model-format.md) to a Dataset whose columns are matched by name: the leaf
// of each row, predictions, class probabilities and the path of one row. Missing values and
// categories never seen at a split follow that node's `missingGoesTo`. The model is compiled once
// per call into flat tables (compiled-tree.ts), then every row is routed (route-rows.ts).
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import type { TreeModel } from '../model';
import { childOf, compileTree, isLeaf, type CompiledTree } from './compiled-tree';
import { routeRows } from './route-rows';

/** Leaf node id reached by every row. */
export function predictLeaves(model: TreeModel, dataset: Dataset): Int32Array {
  return compiledLeaves(compileTree(model, dataset), dataset.rowCount);
}

/** The model's leaf id reached by each of the rows a compiled tree reads. */
export function compiledLeaves(tree: CompiledTree, rowCount: number): Int32Array {
  const { modelId } = tree;
  const leaves = new Int32Array(rowCount);
  routeRows(tree, rowCount, (leaf, row) => (leaves[row] = modelId[leaf]));
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

/**
 * Class probabilities of every row (the leaf's class shares), row-major like scikit-learn's
 * predict_proba: row r's share of class k (in the order of `model.classes`) is at
 * [r · classes + k]. One flat array, because a million small arrays cost more than the routing.
 */
export function predictProba(model: TreeModel, dataset: Dataset): Float64Array {
  if (model.task !== 'classification') throw new InputError('bad-option', 'class probabilities need a classification model');
  const tree = compileTree(model, dataset);
  const k = model.classes?.length ?? 0;
  // Shares computed once per leaf, then copied into each row's slice.
  const shares = new Float64Array(tree.nodeCount * k);
  const done = new Uint8Array(tree.nodeCount);
  const out = new Float64Array(dataset.rowCount * k);
  routeRows(tree, dataset.rowCount, (leaf, row) => {
    if (done[leaf] === 0) {
      const counts = model.nodes[tree.modelId[leaf]].value as number[];
      const total = counts.reduce((a, b) => a + b, 0);
      for (let c = 0; c < k; c++) shares[leaf * k + c] = total > 0 ? counts[c] / total : 0;
      done[leaf] = 1;
    }
    for (let c = 0, from = leaf * k, to = row * k; c < k; c++) out[to + c] = shares[from + c];
  });
  return out;
}

/** Node ids that row `row` passes through, root first, leaf last. */
export function decisionPath(model: TreeModel, dataset: Dataset, row: number): number[] {
  if (!Number.isInteger(row) || row < 0 || row >= dataset.rowCount) throw new RangeError(`row ${row} is not in 0..${dataset.rowCount - 1}`);
  return compiledPath(compileTree(model, dataset), row);
}

/** Model node ids that row `row` of a compiled tree's data passes through, root first. */
export function compiledPath(tree: CompiledTree, row: number): number[] {
  const path = [0];
  let i = 0;
  while (!isLeaf(tree, i)) {
    i = childOf(tree, i, row);
    path.push(tree.modelId[i]);
  }
  return path;
}
