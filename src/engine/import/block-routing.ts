// Routing an imported ensemble's trees a block of rows at a time (predict.ts): a thousand trees of
// depth 6 over the same rows. Each numeric tree becomes step tables — per compiled node its two
// children, threshold, the block column it reads and its missing-value flag, a leaf stepping to
// itself — so every row of the block takes exactly `depth` steps, the child chosen without a
// branch (compiled-tree.ts's firstSide), reading the block's values row-major. On bench:import's
// 1,000 trees × 100k rows the routing took 2.2–2.7 CPU s, against 3.8–4.1 level by level over the
// block and about 5.5 with compiled-tree.ts's leafFrom row by row. A tree with a categorical split
// keeps leafFrom. A tree of depth ≤ COMPLETE_DEPTH is laid out complete instead (completeTree):
// children found by arithmetic, no child tables read.
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

/**
 * The compiled leaf of each of the block's rows into `leaves`; `values[r * stride + column]` is row
 * r's value. Four rows walk together, each node index in a register: their steps are independent,
 * so the CPU overlaps them (one row at a time, or each level over all rows through `leaves`, took
 * 1.8× the CPU on bench:import's model).
 */
export function stepLeaves(t: SteppedTree, values: Float64Array, stride: number, leaves: Int32Array): void {
  const { first, second, threshold, column, flags, depth } = t;
  const n = leaves.length;
  let r = 0;
  for (; r + 3 < n; r += 4) {
    const o0 = r * stride;
    const o1 = o0 + stride;
    const o2 = o1 + stride;
    const o3 = o2 + stride;
    let i0 = 0;
    let i1 = 0;
    let i2 = 0;
    let i3 = 0;
    for (let d = 0; d < depth; d++) {
      const b0 = second[i0];
      const b1 = second[i1];
      const b2 = second[i2];
      const b3 = second[i3];
      i0 = b0 + firstSide(values[o0 + column[i0]], threshold[i0], flags[i0]) * (first[i0] - b0);
      i1 = b1 + firstSide(values[o1 + column[i1]], threshold[i1], flags[i1]) * (first[i1] - b1);
      i2 = b2 + firstSide(values[o2 + column[i2]], threshold[i2], flags[i2]) * (first[i2] - b2);
      i3 = b3 + firstSide(values[o3 + column[i3]], threshold[i3], flags[i3]) * (first[i3] - b3);
    }
    leaves[r] = i0;
    leaves[r + 1] = i1;
    leaves[r + 2] = i2;
    leaves[r + 3] = i3;
  }
  for (; r < n; r++) {
    const o = r * stride;
    let i = 0;
    for (let d = 0; d < depth; d++) {
      const b = second[i];
      i = b + firstSide(values[o + column[i]], threshold[i], flags[i]) * (first[i] - b);
    }
    leaves[r] = i;
  }
}

/**
 * Trees up to this depth are laid out complete (completeTree): 2^depth − 1 splits of 12 bytes, 16 KB
 * at depth 10, still in the CPU's cache beside the block; deeper ones keep the child tables.
 */
export const COMPLETE_DEPTH = 10;

/**
 * A tree as a complete binary tree of its depth in heap order: split s's children are 2s + 1 (the
 * first) and 2s + 2, so a step reads only the split's column and threshold. Below a leaf above the
 * bottom level the splits are left as they are made (column 0, threshold 0): whichever way a row
 * goes, every bottom slot under the leaf names it.
 */
export interface CompleteTree {
  depth: number;
  /** Per split: its block column << SLOT_SHIFT | MISSING_FIRST when missing values take the first child. */
  head: Int32Array;
  threshold: Float64Array;
  /** Per bottom slot (2^depth of them): the compiled leaf. */
  leaf: Int32Array;
}

/** The complete layout of a stepped tree no deeper than COMPLETE_DEPTH; null when it is deeper. */
export function completeTree(t: SteppedTree): CompleteTree | null {
  const { depth } = t;
  if (depth > COMPLETE_DEPTH) return null;
  const splits = (1 << depth) - 1;
  const head = new Int32Array(splits);
  const threshold = new Float64Array(splits);
  const leaf = new Int32Array(splits + 1);
  const place = (i: number, slot: number, level: number): void => {
    if (t.first[i] !== i) {
      head[slot] = (t.column[i] << SLOT_SHIFT) | t.flags[i];
      threshold[slot] = t.threshold[i];
      place(t.first[i], 2 * slot + 1, level + 1);
      place(t.second[i], 2 * slot + 2, level + 1);
      return;
    }
    // A leaf: every bottom slot under it names it.
    const below = depth - level;
    const from = ((slot + 1) << below) - 1 - splits;
    leaf.fill(i, from, from + (1 << below));
  };
  place(0, 0, 0);
  return { depth, head, threshold, leaf };
}

/**
 * stepLeaves for a complete tree, each child found as 2s + 2 − firstSide: eight rows walk together
 * (on bench:import's model 5 % less CPU than four, in alternating runs).
 */
export function completeLeaves(t: CompleteTree, values: Float64Array, stride: number, leaves: Int32Array): void {
  const { head, threshold, leaf, depth } = t;
  const bottom = (1 << depth) - 1;
  const n = leaves.length;
  let r = 0;
  for (; r + 7 < n; r += 8) {
    const o0 = r * stride;
    const o1 = o0 + stride;
    const o2 = o1 + stride;
    const o3 = o2 + stride;
    const o4 = o3 + stride;
    const o5 = o4 + stride;
    const o6 = o5 + stride;
    const o7 = o6 + stride;
    let s0 = 0;
    let s1 = 0;
    let s2 = 0;
    let s3 = 0;
    let s4 = 0;
    let s5 = 0;
    let s6 = 0;
    let s7 = 0;
    for (let d = 0; d < depth; d++) {
      const h0 = head[s0];
      const h1 = head[s1];
      const h2 = head[s2];
      const h3 = head[s3];
      const h4 = head[s4];
      const h5 = head[s5];
      const h6 = head[s6];
      const h7 = head[s7];
      s0 = 2 * s0 + 2 - firstSide(values[o0 + (h0 >> SLOT_SHIFT)], threshold[s0], h0);
      s1 = 2 * s1 + 2 - firstSide(values[o1 + (h1 >> SLOT_SHIFT)], threshold[s1], h1);
      s2 = 2 * s2 + 2 - firstSide(values[o2 + (h2 >> SLOT_SHIFT)], threshold[s2], h2);
      s3 = 2 * s3 + 2 - firstSide(values[o3 + (h3 >> SLOT_SHIFT)], threshold[s3], h3);
      s4 = 2 * s4 + 2 - firstSide(values[o4 + (h4 >> SLOT_SHIFT)], threshold[s4], h4);
      s5 = 2 * s5 + 2 - firstSide(values[o5 + (h5 >> SLOT_SHIFT)], threshold[s5], h5);
      s6 = 2 * s6 + 2 - firstSide(values[o6 + (h6 >> SLOT_SHIFT)], threshold[s6], h6);
      s7 = 2 * s7 + 2 - firstSide(values[o7 + (h7 >> SLOT_SHIFT)], threshold[s7], h7);
    }
    leaves[r + 0] = leaf[s0 - bottom];
    leaves[r + 1] = leaf[s1 - bottom];
    leaves[r + 2] = leaf[s2 - bottom];
    leaves[r + 3] = leaf[s3 - bottom];
    leaves[r + 4] = leaf[s4 - bottom];
    leaves[r + 5] = leaf[s5 - bottom];
    leaves[r + 6] = leaf[s6 - bottom];
    leaves[r + 7] = leaf[s7 - bottom];
  }
  for (; r < n; r++) {
    const o = r * stride;
    let s = 0;
    for (let d = 0; d < depth; d++) {
      const h = head[s];
      s = 2 * s + 2 - firstSide(values[o + (h >> SLOT_SHIFT)], threshold[s], h);
    }
    leaves[r] = leaf[s - bottom];
  }
}
