// Routing an imported ensemble's trees a block of rows at a time (predict.ts): a thousand trees of
// depth 6 over the same rows. Each numeric tree becomes step tables — per compiled node its two
// children, threshold, the block column it reads and its missing-value flag, a leaf stepping to
// itself — so every row of the block takes exactly `depth` steps, level by level, the child
// chosen without a branch (compiled-tree.ts's firstSide), reading the block's values row-major.
// On bench:import's 1,000 trees × 100k rows this took 0.8× the CPU of routing each row down each
// tree with compiled-tree.ts's leafFrom level by level, 0.6× of leafFrom row by row. A tree with a
// categorical split keeps leafFrom.
import { type CompiledTree, MISSING_FIRST, SLOT_SHIFT, firstSide } from '../tree/compiled-tree';

export interface SteppedTree {
  depth: number;
  first: Int32Array;
  second: Int32Array;
  threshold: Float64Array;
  /** The block column (row-major index within a row) each split reads. */
  column: Int32Array;
  /** MISSING_FIRST where missing values take the first child. */
  flags: Int32Array;
}

/** `columnOfSlot`: the block column of each of the tree's numeric slots; null when the tree has a categorical split. */
export function steppedTree(c: CompiledTree, columnOfSlot: Int32Array): SteppedTree | null {
  if (c.slotNames.categorical.length > 0) return null;
  const n = c.nodeCount;
  const first = new Int32Array(n);
  const second = new Int32Array(n);
  const threshold = new Float64Array(n);
  const column = new Int32Array(n);
  const flags = new Int32Array(n);
  const level = new Int32Array(n);
  let depth = 0;
  // Preorder: a node's children come after it, so its level is known when they are reached.
  for (let i = 0; i < n; i++) {
    const head = c.word[4 * i + 3];
    if (head < 0) {
      first[i] = second[i] = i;
      continue;
    }
    const j = c.word[4 * i + 2];
    first[i] = i + 1;
    second[i] = j ^ (j >> 31); // a leaf child is stored as ~j
    threshold[i] = c.threshold[2 * i];
    column[i] = columnOfSlot[head >> SLOT_SHIFT];
    flags[i] = head & MISSING_FIRST;
    level[first[i]] = level[second[i]] = level[i] + 1;
    depth = Math.max(depth, level[i] + 1);
  }
  return { depth, first, second, threshold, column, flags };
}

/** The compiled leaf of each of the block's rows into `leaves`; `values[r * stride + column]` is row r's value. */
export function stepLeaves(t: SteppedTree, values: Float64Array, stride: number, leaves: Int32Array): void {
  const { first, second, threshold, column, flags } = t;
  const n = leaves.length;
  leaves.fill(0);
  for (let d = 0; d < t.depth; d++) {
    for (let r = 0; r < n; r++) {
      const i = leaves[r];
      const b = second[i];
      leaves[r] = b + firstSide(values[r * stride + column[i]], threshold[i], flags[i]) * (first[i] - b);
    }
  }
}
