// The ranked alternative splits at a node of one tree of a forest and its split feature's chart (the
// forest view's node details, read-only). Both read the rows that tree was grown on, each as often
// as its bootstrap drew it: the draw counts are the tree's sample weights (bootstrap.ts), and for every criterion a
// row of integer weight k scores as k copies of it. The tree chose its split among the features
// drawn at random for that node; the draw is not replayed, so a column ranked above the chosen one
// was not among them (docs/architecture.md "Forest view").
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import type { TreeModel } from '../model';
import { cartSplitsOn, rowsReaching, type NodeSplit } from '../node-alternatives';
import { distributionOf, type SplitDistribution } from '../split-distribution';
import { subsetDataset } from '../validation/subset';
import { inBagCounts } from './bootstrap';
import { planForest } from './plan';
import type { ForestParams } from './types';

/** The rows tree `index` was grown on, a row repeated as often as drawn (every training row once without bootstrap). */
export function memberSample(dataset: Dataset, params: ForestParams, index: number): Dataset {
  const plan = planForest(dataset, params);
  if (!Number.isInteger(index) || index < 0 || index >= plan.params.nTrees) throw new InputError('bad-option', `the forest has no tree ${index + 1}`);
  const counts = inBagCounts(plan, index);
  let drawn = 0;
  for (let i = 0; i < plan.trainingRows; i++) drawn += counts[i];
  const rows = new Int32Array(drawn);
  let at = 0;
  for (let i = 0; i < plan.trainingRows; i++) rows.fill(plan.rows[i], at, (at += counts[i]));
  return subsetDataset(dataset, rows);
}

/**
 * The `count` best splits, one per column, at `nodeId` of tree `index` (`member`, memberModel's),
 * for a forest trained on `dataset` with `params` (as asked: the plan is made again from them).
 */
export function memberSplitsAt(dataset: Dataset, params: ForestParams, member: TreeModel, index: number, nodeId: number, count = 5): NodeSplit[] {
  return cartSplitsOn(rowsReaching(memberSample(dataset, params, index), member, nodeId), member, nodeId, count);
}

/** The split feature's distribution at `nodeId` of tree `index` among the rows it drew, counted as drawn (the node's weighted counts). */
export function memberDistributionAt(dataset: Dataset, params: ForestParams, member: TreeModel, index: number, nodeId: number): SplitDistribution | null {
  return distributionOf(rowsReaching(memberSample(dataset, params, index), member, nodeId), member, nodeId);
}
