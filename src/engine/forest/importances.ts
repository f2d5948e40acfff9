// A forest's feature importances (docs/formulas.md "Ensembles"): the mean of the trees' MDI with its
// spread across trees, and OOB permutation importance — per tree, the drop of its score on its own
// OOB rows when one column is shuffled among them, then mean and spread across trees. Each tree is
// read off its packed columns (no node objects: 100 trees' worth of them raised the peak memory).
import type { Dataset } from '../dataset';
import { routedPermutationImportance, sampleRows } from '../importance/permutation';
import { createRng, type Rng } from '../random';
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

/** The rows and shuffle seed each tree's permutation drop is measured with (null: the tree has no OOB row). */
export type PermutationRows = Array<{ rows: Int32Array; seed: number } | null>;

/**
 * Picks each tree's permutation rows from its OOB rows as the trees come, in index order, from one
 * generator seeded by the forest: only those rows are kept, not every tree's OOB rows (15 MB for
 * 100 trees at 100,000 rows).
 */
export class PermutationPicks {
  readonly picked: PermutationRows = [];
  private readonly rng: Rng;
  /** The shuffle's array, written over for each tree (~1.5 MB a tree at 1M rows otherwise left to the GC). */
  private shuffled: Int32Array | undefined;

  constructor(seed: number) {
    this.rng = createRng(seed);
  }

  /** Tree `picked.length`'s OOB dataset rows, ascending (read now, not kept: the caller may write over them). */
  add(oobRows: Int32Array): void {
    if (oobRows.length === 0) {
      this.picked.push(null);
      return;
    }
    let rows: Int32Array;
    if (oobRows.length > OOB_PERMUTATION_ROWS_PER_TREE) {
      if (this.shuffled === undefined || this.shuffled.length < oobRows.length) this.shuffled = new Int32Array(oobRows.length);
      rows = sampleRows(this.rng, oobRows.length, OOB_PERMUTATION_ROWS_PER_TREE, this.shuffled).map((i) => oobRows[i]);
    } else rows = oobRows.slice();
    this.picked.push({ rows, seed: Math.floor(this.rng() * 0x7fffffff) });
  }
}

/** OOB permutation importance, each tree on its picked rows (PermutationPicks). */
export function oobPermutation(model: ForestModel, dataset: Dataset, picked: PermutationRows): SpreadImportance[] {
  const perTree: number[][] = [];
  picked.forEach((p, t) => {
    if (p !== null) perTree.push(routedPermutationImportance(routedMember(model, t), subsetDataset(dataset, p.rows), 1, p.seed).mean);
  });
  return spread(
    model.features.map((f) => f.name),
    perTree,
  );
}
