// Best-first growth (scikit-learn's BestFirstTreeBuilder, LightGBM's leaf-wise Train loop): a
// node's split is planned when the node is created; the frontier pops the leaf whose split
// improves most, applies it and plans its two children, until max_leaf_nodes leaves exist.
import type { Growth, Plan } from './grow';
import { MaxHeap } from './max-heap';
import type { GrowNode } from './splitter';
import { reached } from './stopping';

export function growBestFirst<N extends GrowNode>(growth: Growth<N>, maxLeafNodes: number): void {
  type Entry = { priority: number; seq: number; plan: Plan<N> | null };
  const frontier = new MaxHeap<Entry>();
  const enqueue = (id: number, node: N): void => {
    const plan = growth.plan(node);
    // Planned: the frontier keeps no per-node state (a histogram each would be its size in memory).
    growth.splitter.release(node);
    frontier.push({ priority: plan ? plan.improvement : 0, seq: id, plan });
  };
  const root = growth.splitter.root();
  enqueue(growth.add(root), root);
  let leaves = 1;
  for (let e = frontier.pop(); e !== undefined; e = frontier.pop()) {
    if (e.plan === null || reached(leaves, maxLeafNodes)) continue;
    leaves++;
    const [l, r] = growth.expand(e.seq, e.plan);
    enqueue(l, e.plan.split.left);
    enqueue(r, e.plan.split.right);
  }
}
