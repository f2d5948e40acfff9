// Pessimistic error pruning (C4.5 course notes; docs/formulas.md "Pessimistic pruning"), bottom-up:
// a decision node t with N rows becomes a leaf when its subtree's corrected error is no better than
// the leaf's:
//   E'_p = (Σ leaf errors + k·ε)/N  ≥  E_p = (errors as a leaf + ε)/N   (k = leaves of the subtree).
// Children are decided first, so a subtree is judged with its own subtrees already pruned.
import { InputError } from '../errors';
import { nodeWeight, type TreeModel } from '../model';
import { collapseNodes } from './collapse';

/** Training rows (their weight, when trained with weights) at node `id` that its prediction gets wrong. */
function leafErrors(model: TreeModel, id: number): number {
  const node = model.nodes[id];
  const counts = node.value as number[];
  const c = (model.classes ?? []).indexOf(String(node.prediction));
  return nodeWeight(node) - (c >= 0 ? counts[c] : Math.max(...counts));
}

/** One decision node's pessimistic-pruning test, children already decided. */
export interface PessimisticDecision {
  id: number;
  /** Rows (weight) at the node. */
  n: number;
  /** Training rows the node would get wrong as a leaf. */
  errorsAsLeaf: number;
  /** Σ errors and the number of leaves of its (already pruned) subtree. */
  subtreeErrors: number;
  subtreeLeaves: number;
  /** Σ e_leaf + k·ε ≥ e + ε: the node becomes a leaf. */
  pruned: boolean;
}

/** The decision of every decision node, bottom-up (children before parents), as pruning takes them. */
export function pessimisticDecisions(model: TreeModel, epsilon = 0.5): PessimisticDecision[] {
  if (model.task !== 'classification') {
    throw new InputError('bad-option', 'pessimistic pruning counts misclassified rows, so it needs a classification tree');
  }
  if (!Number.isFinite(epsilon) || epsilon < 0) {
    throw new InputError('bad-option', `the pessimistic-pruning ε must be a finite number ≥ 0, got ${epsilon}`);
  }
  const n = model.nodes.length;
  const subtreeErrors = new Float64Array(n);
  const subtreeLeaves = new Float64Array(n);
  const decisions: PessimisticDecision[] = [];
  // Reverse preorder visits every child before its parent.
  for (let id = n - 1; id >= 0; id--) {
    const node = model.nodes[id];
    const asLeaf = leafErrors(model, id);
    if (node.children.length === 0) {
      subtreeErrors[id] = asLeaf;
      subtreeLeaves[id] = 1;
      continue;
    }
    let errors = 0;
    let leaves = 0;
    for (const c of node.children) {
      errors += subtreeErrors[c];
      leaves += subtreeLeaves[c];
    }
    const pruned = errors + leaves * epsilon >= asLeaf + epsilon;
    decisions.push({ id, n: nodeWeight(node), errorsAsLeaf: asLeaf, subtreeErrors: errors, subtreeLeaves: leaves, pruned });
    subtreeErrors[id] = pruned ? asLeaf : errors;
    subtreeLeaves[id] = pruned ? 1 : leaves;
  }
  return decisions;
}

export function prunePessimistic(model: TreeModel, epsilon = 0.5): TreeModel {
  const collapsed = new Uint8Array(model.nodes.length);
  for (const d of pessimisticDecisions(model, epsilon)) if (d.pruned) collapsed[d.id] = 1;
  return collapseNodes(model, collapsed, { prune: 'pessimistic', pessimisticEpsilon: epsilon });
}
