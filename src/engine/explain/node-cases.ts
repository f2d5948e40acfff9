// The cases a node of a trained tree was grown from, as its learner saw them: CART's training rows
// routed to the node (with the weights training gave them), or ID3/C4.5's cases with Quinlan's
// fractional weights for unknown values (edit/multiway-regrow.ts nodeCases). The calculation
// (node-calculation.ts) partitions these, so its numbers are the tree's own.
import type { Dataset } from '../dataset';
import type { TreeModel } from '../model';
import { nodeCases } from '../edit/multiway-regrow';
import type { ReportSettings } from '../report-types';
import { trainingRows } from '../node-alternatives';
import type { Cases } from '../tree/multiway-builder';
import { predictLeaves } from '../tree/predict';
import { withWeights } from '../tree/sample-weights';
import { lastInSubtree } from '../tree/subtree';
import { buildTrainingSet, type TrainingSet } from '../tree/training-set';

export interface NodeCases {
  set: TrainingSet;
  cases: Cases;
  /** ID3/C4.5: the categorical attributes spent above the node (1), which it may not ask again. */
  used: Uint8Array | null;
}

/** The training set of the rows `model` was trained on and the cases reaching `nodeId`. */
export function casesAtNode(dataset: Dataset, model: TreeModel, settings: ReportSettings, nodeId: number): NodeCases {
  const train = trainingRows(dataset, model, settings);
  if ((model.params.algorithm ?? 'cart') !== 'cart') return nodeCases(train, model, nodeId);
  const set = withWeights(train, buildTrainingSet(train, model.target, model.task, model.params), model.params);
  const leaves = predictLeaves(model, train);
  const last = lastInSubtree(model, nodeId);
  const ids: number[] = [];
  const weights: number[] = [];
  for (let i = 0; i < set.n; i++) {
    const leaf = leaves[set.rows[i]];
    if (leaf < nodeId || leaf > last) continue;
    ids.push(i);
    weights.push(set.weight === null ? 1 : set.weight[i]);
  }
  return { set, cases: { ids: Int32Array.from(ids), weights: Float64Array.from(weights) }, used: null };
}
