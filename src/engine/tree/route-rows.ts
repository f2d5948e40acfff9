// Routes every row of the data through a compiled tree to its leaf. Two ways, chosen by the size
// of the tree (bench/predict.ts measures both): row by row while the node table fits in the CPU's
// caches; for larger trees node by node, partitioning the row indices at each split so each node
// record is read once and each column is read in ascending row order.
import { type CompiledTree, CATEGORICAL, goesFirst, isLeaf, leafFrom } from './compiled-tree';

/**
 * Above this many nodes (8 MiB of node records) node by node is chosen. Best of 5 on 1M rows
 * (CPU s, row by row / node by node): 215k nodes 0.43 / 0.96, 700k nodes 0.66 / 0.60,
 * 2M nodes 0.73 / 0.59.
 */
export const NODE_BY_NODE_ABOVE = 1 << 19;

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
  const { word, threshold, numeric } = tree;
  const rows = new Int32Array(rowCount);
  for (let r = 0; r < rowCount; r++) rows[r] = r;
  const spare = new Int32Array(rowCount);
  // Depth-first work list of (node, rows[start:end]) triples.
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
  if (rowCount > 0) push(0, 0, rowCount);
  while (top > 0) {
    const end = stack[--top];
    const start = stack[--top];
    const i = stack[--top];
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
    const x = numeric[head >> 2];
    const t = threshold[2 * i];
    // Stable partition, branch-free: the row goes to both places, only one cursor advances.
    let l = start;
    let r = 0;
    for (let p = start; p < end; p++) {
      const row = rows[p];
      const first = goesFirst(x[row], t, head) ? 1 : 0;
      rows[l] = row;
      spare[r] = row;
      l += first;
      r += 1 - first;
    }
    for (let q = 0; q < r; q++) rows[l + q] = spare[q];
    if (end > l) push(word[4 * i + 2], l, end);
    if (l > start) push(i + 1, start, l);
  }
}
