// Permutation importance: how much the score (accuracy or R²) drops when one column's values are
// shuffled among the evaluated rows, breaking its link with the target. Unlike MDI it is measured
// on data (preferably held out) and is not inflated for columns with many distinct values.
import { type Column, type Dataset, isNumeric } from '../dataset';
import type { ModelNode, TreeModel } from '../model';
import { createRng, shuffleInPlace, type Rng } from '../random';
import { readTruth } from '../validation/truth';
import { predictionScorer } from '../validation/evaluate';
import { compileNodes, withColumn, type CompiledTree } from '../tree/compiled-tree';
import { routeRows } from '../tree/route-rows';
import { subsetDataset } from '../validation/subset';

/**
 * Above this many rows the score is measured on a random sample of them (scikit-learn's
 * `max_samples`): each of repeats × features shuffles predicts every row again, a minute and more
 * for a fully grown tree on a few hundred thousand held-out rows; an accuracy measured on 100,000
 * rows varies from sample to sample by a standard deviation of at most 0.0016 (√(¼ / 100,000)).
 */
export const PERMUTATION_MAX_ROWS = 100_000;

export interface PermutationResult {
  baselineScore: number;
  /** Rows the score was measured on. */
  rows: number;
  /** Per feature in model order: mean and (population) standard deviation of the drop. */
  mean: number[];
  std: number[];
}

function permutedColumn(column: Column, rows: Int32Array, rng: Rng): Column {
  const order = Int32Array.from(rows);
  shuffleInPlace(rng, order);
  if (isNumeric(column)) {
    const values = Float64Array.from(column.values);
    rows.forEach((r, i) => (values[r] = column.values[order[i]]));
    return { ...column, values };
  }
  const codes = Int32Array.from(column.codes);
  rows.forEach((r, i) => (codes[r] = column.codes[order[i]]));
  return { ...column, codes };
}

/**
 * A tree as permutation importance reads it: the model but its nodes, and what routing reads of
 * each of its `count` nodes (a forest's packed tree gives them without a node object per node
 * kept: src/engine/forest/importances.ts).
 */
export interface RoutedTree {
  model: Omit<TreeModel, 'nodes'>;
  count: number;
  node: (id: number) => Pick<ModelNode, 'split' | 'children' | 'prediction' | 'missingGoesTo'>;
}

export function permutationImportance(model: TreeModel, all: Dataset, repeats: number, seed: number, maxRows = PERMUTATION_MAX_ROWS): PermutationResult {
  return routedPermutationImportance({ model, count: model.nodes.length, node: (id) => model.nodes[id] }, all, repeats, seed, maxRows);
}

export function routedPermutationImportance(routed: RoutedTree, all: Dataset, repeats: number, seed: number, maxRows = PERMUTATION_MAX_ROWS): PermutationResult {
  const { model, count, node } = routed;
  const rng = createRng(seed);
  const dataset = all.rowCount > maxRows ? subsetDataset(all, sampleRows(rng, all.rowCount, maxRows)) : all;
  const truth = readTruth(model, dataset);
  // Compiled once: each shuffle swaps one column of it (a big tree's compile is most of a predict).
  // Its leaves are scored by compiled index and its features read off its column slots, so no
  // node is read again after the compile (a forest's tree gives a fresh object per node read).
  const tree = compileNodes(model, count, node, dataset);
  const score = predictionScorer(model.task, tree.nodeCount, (i) => tree.prediction[i], truth);
  const leaves = new Int32Array(dataset.rowCount);
  const baselineScore = score(reachedLeaves(tree, leaves));
  const used = new Set([...tree.slotNames.numeric, ...tree.slotNames.categorical]);
  const mean: number[] = [];
  const std: number[] = [];
  for (const feature of model.features) {
    const index = dataset.columns.findIndex((c) => c.name === feature.name);
    // A column the tree never tests cannot change a prediction: its drop is exactly 0.
    if (!used.has(feature.name) || index < 0) {
      mean.push(0);
      std.push(0);
      continue;
    }
    const drops: number[] = [];
    for (let k = 0; k < repeats; k++) {
      const columns = [...dataset.columns];
      columns[index] = permutedColumn(dataset.columns[index], truth.rows, rng);
      drops.push(baselineScore - score(reachedLeaves(withColumn(tree, model, { ...dataset, columns }, feature.name), leaves)));
    }
    const m = drops.reduce((a, b) => a + b, 0) / repeats;
    mean.push(m);
    std.push(Math.sqrt(drops.reduce((a, d) => a + (d - m) ** 2, 0) / repeats));
  }
  return { baselineScore, rows: dataset.rowCount, mean, std };
}

/** The compiled leaf each row reaches, into `leaves` (one per row). */
function reachedLeaves(tree: CompiledTree, leaves: Int32Array): Int32Array {
  routeRows(tree, leaves.length, (leaf, row) => (leaves[row] = leaf));
  return leaves;
}

/** `k` of the row indices 0..n−1 drawn without replacement, ascending. */
export function sampleRows(rng: Rng, n: number, k: number, reuse?: Int32Array): Int32Array {
  const all = reuse !== undefined && reuse.length >= n ? reuse.subarray(0, n) : new Int32Array(n);
  for (let i = 0; i < n; i++) all[i] = i;
  shuffleInPlace(rng, all);
  return all.subarray(0, k).sort();
}
