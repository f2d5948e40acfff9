// Adding up a forest's trees row by row (docs/formulas.md "Ensembles"): per row, the sum of the
// leaves' class shares (soft voting), of one vote for each leaf's class (hard voting), or of the
// leaves' values (regression), and how many trees were added. Prediction, OOB and the votes of a
// row all go through it, so they cannot disagree.
import type { CompiledTree } from '../tree/compiled-tree';
import { isPackedLeaf, nodeCount, packedValue, type PackedTree } from './packed-tree';
import type { ForestHead, ForestModel } from './types';

/** What a leaf with `value` (a node's, as the model JSON has it) adds to a row that reaches it: its class shares (soft), a one-hot vote (hard) or its value. */
export function leafContribution(model: ForestHead, value: number[] | number): number[] {
  if (model.task === 'regression') return [value as number];
  const counts = value as number[];
  if (model.params.voting === 'hard') {
    const best = argmax(counts);
    return counts.map((_, k) => (k === best ? 1 : 0));
  }
  const total = counts.reduce((a, b) => a + b, 0);
  return counts.map((c) => (total > 0 ? c / total : 0));
}

/**
 * leafContribution of each node of one tree: `dim` numbers per node (zeros for split nodes), by
 * compiled node index when `compiled` is given, else by the packed tree's node id. `reuse`: a
 * table to write over when it is large enough (what it returns then).
 */
export function leafTable(model: ForestHead, packed: PackedTree, compiled?: CompiledTree, reuse?: Float64Array): Float64Array {
  const dim = tallyDim(model);
  const count = compiled === undefined ? nodeCount(packed) : compiled.nodeCount;
  const table = reuse !== undefined && reuse.length >= count * dim ? reuse.fill(0, 0, count * dim) : new Float64Array(count * dim);
  for (let i = 0; i < count; i++) {
    const id = compiled === undefined ? i : compiled.modelId[i];
    if (isPackedLeaf(packed, id)) table.set(leafContribution(model, packedValue(packed, model, id)), i * dim);
  }
  return table;
}

/** Numbers a tree adds per row: one per class, or the value. */
export const tallyDim = (model: Pick<ForestModel, 'task' | 'classes'>): number => (model.task === 'regression' ? 1 : (model.classes ?? []).length);

/** Index of the largest entry of values[from, from + dim) (the first one on a tie). */
export function argmax(values: ArrayLike<number>, from = 0, dim = values.length - from): number {
  let best = 0;
  for (let k = 1; k < dim; k++) if (values[from + k] > values[from + best]) best = k;
  return best;
}

export class Tally {
  readonly sum: Float64Array;
  /** Trees added to each row. */
  readonly trees: Int32Array;

  constructor(
    readonly dim: number,
    readonly rows: number,
  ) {
    this.sum = new Float64Array(rows * dim);
    this.trees = new Int32Array(rows);
  }

  add(row: number, table: Float64Array, leaf: number): void {
    const { dim, sum } = this;
    for (let k = 0, to = row * dim, from = leaf * dim; k < dim; k++) sum[to + k] += table[from + k];
    this.trees[row]++;
  }

  /** Classification: the class index with the most (shares or votes); regression: the mean. */
  predicted(row: number, regression: boolean): number {
    if (regression) return this.sum[row] / this.trees[row];
    return argmax(this.sum, row * this.dim, this.dim);
  }

  /** Row-major mean shares (soft) or vote fractions (hard) of every row; 0 for a row no tree was added to. */
  shares(): Float64Array {
    const { dim } = this;
    const out = new Float64Array(this.sum.length);
    for (let r = 0; r < this.rows; r++) {
      const t = this.trees[r];
      if (t > 0) for (let k = 0; k < dim; k++) out[r * dim + k] = this.sum[r * dim + k] / t;
    }
    return out;
  }
}
