// The whole tree's shape as an icicle (docs/architecture.md "Fitting the tree to its panel"): one
// row per depth, each node a cell as wide as its share of the tree's leaves, so every node has a
// place however many are folded or drawn. The panel's overview draws it. Pure: the webview's big
// trees hold only the nodes sent so far, and a sent node whose children are not is one block
// standing for its whole subtree, as wide as that subtree's leaves would be.
import type { TreeModel } from '../../engine/model';

export interface IcicleCell {
  id: number;
  depth: number;
  /** Left and right edges, as fractions of the tree's width. */
  x0: number;
  x1: number;
  /** True for the block standing for a subtree not sent yet (its root is `id`). */
  unsent: boolean;
}

export interface Icicle {
  cells: IcicleCell[];
  /** Rows: the deepest cell's depth + 1. */
  rows: number;
}

/**
 * Leaves under each sent node: counted where the children were sent, estimated from the subtree's
 * size where not (a binary subtree of n nodes has (n + 1) / 2 leaves).
 */
function leafWeights(model: TreeModel, descendants: ArrayLike<number>): Float64Array {
  const weight = new Float64Array(model.nodes.length);
  // Preorder ids: a node's children come after it, so a backward pass sees them first.
  for (let id = model.nodes.length - 1; id >= 0; id--) {
    const node = model.nodes[id];
    if (!node) continue;
    if (node.children.length === 0) weight[id] = 1;
    else if (node.children.every((c) => model.nodes[c] !== undefined)) weight[id] = node.children.reduce((sum, c) => sum + weight[c], 0);
    else weight[id] = Math.max(1, (descendants[id] + 2) / 2);
  }
  return weight;
}

export function icicleLayout(model: TreeModel, descendants: ArrayLike<number>): Icicle {
  const cells: IcicleCell[] = [];
  if (!model.nodes[0]) return { cells, rows: 0 };
  const weight = leafWeights(model, descendants);
  const total = weight[0];
  let rows = 0;
  const stack: { id: number; x0: number }[] = [{ id: 0, x0: 0 }];
  while (stack.length > 0) {
    const { id, x0 } = stack.pop()!;
    const node = model.nodes[id];
    const x1 = x0 + weight[id] / total;
    cells.push({ id, depth: node.depth, x0, x1, unsent: false });
    rows = Math.max(rows, node.depth + 1);
    if (node.children.length === 0) continue;
    if (!node.children.every((c) => model.nodes[c] !== undefined)) {
      cells.push({ id, depth: node.depth + 1, x0, x1, unsent: true });
      rows = Math.max(rows, node.depth + 2);
      continue;
    }
    let at = x0;
    const children: { id: number; x0: number }[] = [];
    for (const c of node.children) {
      children.push({ id: c, x0: at });
      at += weight[c] / total;
    }
    stack.push(...children.reverse());
  }
  return { cells, rows };
}
