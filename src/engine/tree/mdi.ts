// Mean decrease in impurity (MDI), read from a model (docs/formulas.md "Feature importances"): for
// every decision node, N_t/N · (imp(t) − Σ_c N_c/N_t · imp(c)) (N: weights when trained with them), summed per feature and normalised
// to sum 1 — scikit-learn's `feature_importances_`, extended to multiway splits.
import { nodeWeight, type TreeModel } from '../model';

/** Unnormalised weighted impurity decrease per feature, in the order of `model.features`. */
export function impurityDecreases(model: TreeModel): number[] {
  const index = new Map(model.features.map((f, i) => [f.name, i]));
  const sums = new Array<number>(model.features.length).fill(0);
  const total = model.nodes[0] === undefined ? 0 : nodeWeight(model.nodes[0]);
  if (total <= 0) return sums;
  for (const node of model.nodes) {
    if (!node.split) continue;
    let decrease = nodeWeight(node) * node.impurity;
    for (const c of node.children) decrease -= nodeWeight(model.nodes[c]) * model.nodes[c].impurity;
    const f = index.get(node.split.feature);
    if (f !== undefined) sums[f] += decrease / total;
  }
  return sums;
}

/** Normalised MDI keyed by feature name; all zeros when the tree has no split. */
export function mdiImportances(model: TreeModel): Record<string, number> {
  const sums = impurityDecreases(model);
  const total = sums.reduce((a, b) => a + b, 0);
  const out: Record<string, number> = {};
  model.features.forEach((f, i) => {
    out[f.name] = total > 0 ? sums[i] / total : 0;
  });
  return out;
}
