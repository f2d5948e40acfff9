// A forest's feature importances (docs/formulas.md "Ensembles"): the mean of the trees' MDI with its
// spread across trees, and OOB permutation importance — per tree, the drop of its score on its own
// OOB rows when one column is shuffled among them, then mean and spread across trees. Each tree is
// read off its packed columns (no node objects: 100 trees' worth of them raised the peak memory).
import type { Dataset } from '../dataset';
import { routedPermutationImportance, sampleRows } from '../importance/permutation';
import { createRng } from '../random';
import { subsetDataset } from '../validation/subset';
import { meanOf, stdOf } from '../validation/cross-validate';
import { routedMember } from './predict';
import type { ForestModel, SpreadImportance } from './types';

/**
 * Each tree's permutation drop is measured on at most this many of its OOB rows (a random sample):
 * features × trees re-predictions of every OOB row would cost more than growing the forest on
 * large data, while the mean over 100 trees of 1,000-row scores varies by about 0.002.
 */
export const OOB_PERMUTATION_ROWS_PER_TREE = 1000;

function spread(features: readonly string[], perTree: readonly number[][]): SpreadImportance[] {
  return features
    .map((feature, j) => {
      const values = perTree.map((v) => v[j]);
      return values.length === 0 ? { feature, mean: 0, std: 0 } : { feature, mean: meanOf(values), std: stdOf(values) };
    })
    .sort((a, b) => b.mean - a.mean);
}

/** Mean MDI ± population standard deviation across trees, largest mean first. */
export function mdiSpread(model: ForestModel): SpreadImportance[] {
  const names = model.features.map((f) => f.name);
  return spread(
    names,
    model.trees.map((t) => names.map((n) => t.featureImportances[n] ?? 0)),
  );
}

/** OOB permutation importance; `oobRows[t]`: the dataset rows out of tree t's sample. */
export function oobPermutation(model: ForestModel, dataset: Dataset, oobRows: readonly Int32Array[]): SpreadImportance[] {
  const rng = createRng(model.params.seed);
  const perTree: number[][] = [];
  oobRows.forEach((rows, t) => {
    if (rows.length === 0) return;
    const picked = rows.length > OOB_PERMUTATION_ROWS_PER_TREE ? sampleRows(rng, rows.length, OOB_PERMUTATION_ROWS_PER_TREE).map((i) => rows[i]) : rows;
    const seed = Math.floor(rng() * 0x7fffffff);
    perTree.push(routedPermutationImportance(routedMember(model, t), subsetDataset(dataset, picked), 1, seed).mean);
  });
  return spread(
    model.features.map((f) => f.name),
    perTree,
  );
}
