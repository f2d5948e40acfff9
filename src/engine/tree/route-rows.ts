// Routes every row of the data through a compiled tree to its leaf. Two ways, chosen by the size
// of the tree (bench/predict.ts measures both): row by row while the node table fits in the CPU's
// caches; for larger trees node by node, partitioning the row indices at each split so each node
// record is read once per block of rows and the columns are read in row order (ascending or
// descending).
import { type CompiledTree, CATEGORICAL, FIRST_IS_LEAF, SLOT_SHIFT, firstSide, isLeaf, leafFrom } from './compiled-tree';

/**
 * Above this many nodes (8 MiB of node records) node by node is chosen. Routing only, 1M rows,
 * median CPU s row by row / node by node: classification trees of 41k nodes (depth 15) 0.18 /
 * 0.23, 99k (depth 20) 0.23 / 0.36, 215k (fully grown, depth 88) 0.41 / 0.62; regression trees
 * of 2k nodes (depth 10) 0.10 / 0.06, 381k (depth 18) 0.39 / 0.26, 583k (depth 19) 0.42 / 0.31,
 * 2M (fully grown) 0.86 / 0.58. Node by node wins on shallow or bushy trees but loses on deep
 * narrow ones, where most nodes hold a few rows; the size alone does not tell them apart below 2^19.
 */
export const NODE_BY_NODE_ABOVE = 1 << 19;

/**
 * Node by node takes the rows this many at a time, so that its row lists (and the columns' pages
 * its rows touch) stay smaller. 2M-node tree, predictLeaves on 1M rows, medians of 5 at load ~7:
 * 2^16 rows 0.92 CPU s, 2^17 0.88, 2^18 0.86, 2^19 0.84, all at once 0.89 (smaller blocks read
 * the top levels' records too many times).
 */
const ROW_BLOCK = 1 << 18;

/**
 * Calls `reach(leaf, row)` once for each row 0..rowCount−1 with the compiled leaf it reaches, in
 * no particular row order: the caller stores what it needs straight away, because on a large tree
 * a second pass over the rows' leaves is another round of cache misses. `nodeByNode` forces one
 * way (tests, bench).
 */
export function routeRows(tree: CompiledTree, rowCount: number, reach: (leaf: number, row: number) => void, nodeByNode = tree.nodeCount > NODE_BY_NODE_ABOVE): void {
  if (nodeByNode) routeNodeByNode(tree, rowCount, reach);
  else for (let row = 0; row < rowCount; row++) reach(leafFrom(tree, 0, row), row);
}

function routeNodeByNode(tree: CompiledTree, rowCount: number, reach: (leaf: number, row: number) => void): void {
  const block = Math.min(ROW_BLOCK, rowCount);
  const a = new Int32Array(block);
  const b = new Int32Array(block);
  for (let first = 0; first < rowCount; first += block) routeBlock(tree, first, Math.min(block, rowCount - first), a, b, reach);
}

/**
 * Node by node for rows first..first+count−1. A node's rows are rows[start:end] of one of the two
 * scratch lists `a` and `b`; its split writes them to the same range of the other list, first
 * child's rows from the front, second child's from the back (so no copying back).
 */
function routeBlock(tree: CompiledTree, first: number, count: number, a: Int32Array, b: Int32Array, reach: (leaf: number, row: number) => void): void {
  const { word, threshold, numeric } = tree;
  for (let p = 0; p < count; p++) a[p] = first + p;
  // Depth-first work list of (node, start, end) triples; start is stored as ~start when the rows are in b.
  let stack = new Int32Array(3 * 64);
  let top = 0;
  const push = (i: number, start: number, end: number): void => {
    if (top + 3 > stack.length) {
      const grown = new Int32Array(stack.length * 2);
      grown.set(stack);
      stack = grown;
    }
    stack[top++] = i;
    stack[top++] = start;
    stack[top++] = end;
  };
  if (count > 0) push(0, 0, count);
  while (top > 0) {
    const end = stack[--top];
    const stored = stack[--top];
    const i = stack[--top];
    const start = stored < 0 ? ~stored : stored;
    const rows = stored < 0 ? b : a;
    if (isLeaf(tree, i)) {
      for (let p = start; p < end; p++) reach(i, rows[p]);
      continue;
    }
    const head = word[4 * i + 3];
    if ((head & CATEGORICAL) !== 0) {
      // Multiway splits are rare in large trees: their rows finish the walk one by one.
      for (let p = start; p < end; p++) reach(leafFrom(tree, i, rows[p]), rows[p]);
      continue;
    }
    const x = numeric[head >> SLOT_SHIFT];
    const t = threshold[2 * i];
    const out = stored < 0 ? a : b;
    // Without a branch: the row is written at both cursors and only its side's cursor moves (a
    // row written at the other one is overwritten later, or is the last and lands where both meet).
    let l = start;
    let r = end - 1;
    for (let p = start; p < end; p++) {
      const row = rows[p];
      const side = firstSide(x[row], t, head);
      out[l] = row;
      out[r] = row;
      l += side;
      r -= 1 - side;
    }
    const inB = out === b;
    // A leaf child takes its rows at once (numeric splits name their leaf children).
    const j = word[4 * i + 2];
    if (j < 0) for (let p = l; p < end; p++) reach(~j, out[p]);
    else if (end > l) push(j, inB ? ~l : l, end);
    if ((head & FIRST_IS_LEAF) !== 0) for (let p = start; p < l; p++) reach(i + 1, out[p]);
    else if (l > start) push(i + 1, inB ? ~start : start, l);
  }
}
