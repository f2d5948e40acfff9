// Subtrees regrown under a chosen split are pruned as the tree was (docs/formulas.md "Edited trees"), by the rule its
// params record: cost-complexity at its ccp_alpha, or pessimistic pruning with its ε. Each child's
// subtree is pruned on its own, as it would be inside the whole tree — both rules decide a node
// from its own subtree alone — while the chosen split itself stays: the user asked for it.
// Cost-complexity measures R(t) = N_t/N · imp(t) against the whole tree's N, so a subtree of
// weight N_c is pruned alone at α · N / N_c (docs/formulas.md "Edited trees").
import { nodeWeight, type ModelNode, type TreeModel } from '../model';
import { pruneCostComplexity } from '../prune/cost-complexity';
import { prunePessimistic } from '../prune/pessimistic';
import { replaceSubtree, subtreeAt } from './graft';

/** Whether the model's params prune a tree once grown (cost-complexity at an α > 0, or pessimistic). */
export function modelPrunes(model: TreeModel): boolean {
  const p = model.params;
  return (p.prune === 'cost-complexity' && (p.ccpAlpha ?? 0) > 0) || p.prune === 'pessimistic';
}

/** The subtree of `model` rooted at `nodes[0]` pruned alone by the model's rule; ids from 0, depths as in `nodes`. */
function prunedAlone(model: TreeModel, nodes: ModelNode[]): ModelNode[] {
  const p = model.params;
  const alone: TreeModel = { ...model, nodes };
  let pruned = alone;
  if (p.prune === 'cost-complexity' && (p.ccpAlpha ?? 0) > 0) pruned = pruneCostComplexity(alone, ((p.ccpAlpha ?? 0) * nodeWeight(model.nodes[0])) / nodeWeight(nodes[0]));
  else if (p.prune === 'pessimistic') pruned = prunePessimistic(alone, p.pessimisticEpsilon);
  // Pruning lays the nodes out afresh from depth 0.
  return pruned === alone ? nodes : pruned.nodes.map((n) => ({ ...n, depth: n.depth + nodes[0].depth }));
}

/**
 * Whether the model's rule, judging the subtree at `at` alone, cuts it back to `at` as a leaf: as
 * the tree's own pruning decides `at` inside the whole tree, since both rules decide a node from its
 * own subtree alone.
 */
export function prunedToLeaf(model: TreeModel, at: number): boolean {
  const sub = subtreeAt(model, at);
  return sub.length > 1 && modelPrunes(model) && prunedAlone(model, sub).length === 1;
}

/** `sub` (a regrown subtree, ids from 0) with each of its root's children's subtrees pruned as `model` was. */
export function pruneBelow(model: TreeModel, sub: ModelNode[]): ModelNode[] {
  let nodes = sub;
  // Last child first: replacing it leaves the ids of the ones before unchanged.
  for (const child of [...sub[0].children].reverse()) {
    const within: TreeModel = { ...model, nodes };
    nodes = replaceSubtree(within, child, prunedAlone(model, subtreeAt(within, child)));
  }
  return nodes;
}
