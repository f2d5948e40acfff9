// The worked arithmetic of pruning (docs/formulas.md "Cost-complexity pruning", "Pessimistic
// pruning"): each weakest link of the cost-complexity sequence with R(t), R(T_t), its leaves and α,
// and each pessimistic decision with the subtree's and the leaf's corrected errors. The sequence
// and the decisions are the pruners' own (prune/cost-complexity.ts, prune/pessimistic.ts); the
// formulas write out their numbers.
import { nodeWeight, type TreeModel } from '../model';
import { pruningSequence } from '../prune/cost-complexity';
import { pessimisticDecisions } from '../prune/pessimistic';
import type { ReportSettings } from '../report-types';
import { frac, shown } from './latex';
import type { Step } from './types';

export interface CostComplexityStep {
  /** 1-based: the k-th weakest link cut. */
  step: number;
  nodeId: number;
  /** R(t) = N_t/N · imp(t), R(T_t) = Σ over its leaves at that step, and how many leaves. */
  rNode: number;
  rSubtree: number;
  leaves: number;
  /** The pruner's α of the step (scikit-learn's ccp_alphas[step]). */
  alpha: number;
  /** Nodes and leaves of the whole tree after the cut. */
  nodesAfter: number;
  leavesAfter: number;
  steps: Step[];
}

/** The cost-complexity sequence of `model` (grown), one entry per weakest link cut. */
export function costComplexitySteps(model: TreeModel): CostComplexityStep[] {
  const { path, collapseStep } = pruningSequence(model);
  const nodes = model.nodes;
  const total = nodes.length > 0 ? nodeWeight(nodes[0]) : 0;
  const cutAt = new Int32Array(path.ccpAlphas.length).fill(-1);
  collapseStep.forEach((k, id) => {
    if (k >= 0) cutAt[k] = id;
  });
  const r = (id: number) => (nodeWeight(nodes[id]) / total) * nodes[id].impurity;
  const out: CostComplexityStep[] = [];
  for (let k = 0; k + 1 < path.ccpAlphas.length; k++) {
    const t = cutAt[k];
    // The leaves of T_t when it is cut: original leaves, and nodes cut at an earlier step.
    const leafIds: number[] = [];
    const stack = [...nodes[t].children];
    while (stack.length > 0) {
      const d = stack.pop() as number;
      if (nodes[d].children.length === 0 || (collapseStep[d] >= 0 && collapseStep[d] < k)) leafIds.push(d);
      else stack.push(...nodes[d].children);
    }
    const rNode = r(t);
    const rSubtree = leafIds.reduce((s, id) => s + r(id), 0);
    const alpha = path.ccpAlphas[k + 1];
    const wt = nodeWeight(nodes[t]);
    out.push({
      step: k + 1,
      nodeId: t,
      rNode,
      rSubtree,
      leaves: leafIds.length,
      alpha,
      nodesAfter: path.nodeCounts[k + 1],
      leavesAfter: path.leafCounts[k + 1],
      steps: [
        { label: `cost of node ${t} as a leaf`, latex: `R(t_{${t}}) = \\frac{N_t}{N}\\,i(t) = ${frac(wt, total)} \\cdot ${shown(nodes[t].impurity)} = ${shown(rNode)}`, value: rNode },
        { label: `cost of its subtree (${leafIds.length} leaves)`, latex: `R(T_{t_{${t}}}) = \\sum_{\\ell \\in \\tilde{T}_t} R(\\ell) = ${shown(rSubtree)}`, value: rSubtree },
        { label: 'effective alpha: the smallest of all decision nodes, so the weakest link', latex: `\\alpha(t_{${t}}) = \\frac{R(t) - R(T_t)}{|\\tilde{T}_t| - 1} = \\frac{${shown(rNode)} - ${shown(rSubtree)}}{${leafIds.length} - 1} = ${shown(alpha)}`, value: alpha },
      ],
    });
  }
  return out;
}

export interface PessimisticStep {
  nodeId: number;
  n: number;
  errorsAsLeaf: number;
  subtreeErrors: number;
  subtreeLeaves: number;
  epsilon: number;
  /** (Σ e_leaf + k·ε)/N and (e + ε)/N. */
  subtreeRate: number;
  leafRate: number;
  pruned: boolean;
  steps: Step[];
}

/** Every pessimistic-pruning decision of `model` (grown), bottom-up. */
export function pessimisticSteps(model: TreeModel, epsilon = 0.5): PessimisticStep[] {
  return pessimisticDecisions(model, epsilon).map((d) => {
    const subtreeRate = (d.subtreeErrors + d.subtreeLeaves * epsilon) / d.n;
    const leafRate = (d.errorsAsLeaf + epsilon) / d.n;
    const verdict = d.pruned ? '\\ge' : '<';
    return {
      nodeId: d.id,
      n: d.n,
      errorsAsLeaf: d.errorsAsLeaf,
      subtreeErrors: d.subtreeErrors,
      subtreeLeaves: d.subtreeLeaves,
      epsilon,
      subtreeRate,
      leafRate,
      pruned: d.pruned,
      steps: [
        { label: `corrected error of the subtree of node ${d.id}`, latex: `E'(T_{t_{${d.id}}}) = \\frac{\\sum e_\\ell + k\\varepsilon}{N} = \\frac{${shown(d.subtreeErrors)} + ${d.subtreeLeaves} \\cdot ${shown(epsilon)}}{${shown(d.n)}} = ${shown(subtreeRate)}`, value: subtreeRate },
        { label: 'corrected error as a leaf', latex: `E(t_{${d.id}}) = \\frac{e + \\varepsilon}{N} = \\frac{${shown(d.errorsAsLeaf)} + ${shown(epsilon)}}{${shown(d.n)}} = ${shown(leafRate)}`, value: leafRate },
        { label: d.pruned ? 'the subtree is no better: it becomes a leaf' : 'the subtree is better: kept', latex: `${shown(subtreeRate)} ${verdict} ${shown(leafRate)} \\Rightarrow \\text{${d.pruned ? 'prune' : 'keep'}}`, value: d.pruned ? 1 : 0 },
      ],
    };
  });
}

/** At most this many steps of each pruning are sent to the panel (the export and the CLI write them all). */
export const MAX_SHOWN_STEPS = 500;

/** Both prunings of a report's tree as grown, worked out (the panel's pruning calculation; `explain --pruning`). */
export interface PruningCalculation {
  costComplexity: CostComplexityStep[];
  /** Weakest links in all (more than `costComplexity` holds when cut to MAX_SHOWN_STEPS). */
  costComplexityTotal: number;
  pessimistic: PessimisticStep[];
  pessimisticTotal: number;
  epsilon: number;
  /** The α the tree shown was pruned at (cost-complexity pruning), else null; null too for an edited tree, whose nodes no α cut. */
  shownAlpha: number | null;
  /** Nodes of the tree worked on: as grown before any pruning, or the edited tree as shown. */
  treeNodes: number;
  /** True: the tree worked on is the user's edited tree (its own weakest links), not the tree its settings grow. */
  edited: boolean;
}

/**
 * The pruning steps of `grown` (the report's tree before pruning, as `explain --pruning` grows it;
 * or an edited tree as it stands, `edited` set: the edits are the user's, and pruning it would cut
 * its own nodes) with the report's ε and α; at most `limit` steps of each.
 */
export function pruningCalculation(grown: TreeModel, settings: Pick<ReportSettings, 'prune' | 'ccpAlpha' | 'pessimisticEpsilon'>, limit = MAX_SHOWN_STEPS): PruningCalculation {
  const edited = grown.edited === true;
  const costComplexity = costComplexitySteps(grown);
  const epsilon = settings.pessimisticEpsilon;
  const pessimistic = pessimisticSteps(grown, epsilon);
  return {
    costComplexity: costComplexity.slice(0, limit),
    costComplexityTotal: costComplexity.length,
    pessimistic: pessimistic.slice(0, limit),
    pessimisticTotal: pessimistic.length,
    epsilon,
    shownAlpha: settings.prune === 'cost-complexity' && !edited ? settings.ccpAlpha : null,
    treeNodes: grown.nodes.length,
    edited,
  };
}
