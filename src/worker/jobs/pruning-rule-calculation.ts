// The worker's side of learn mode for pruning and rules (docs/formulas.md "Cost-complexity pruning",
// "Pessimistic pruning", "Rules and FOIL gain"): both prunings of the shown tree's settings worked
// out on the tree as grown (as `explain --pruning` does) or on an edited tree as it stands, and one rule's coverage, accuracy and
// FOIL gains, for the panel's calculation drawer.
import { pruningCalculation, type PruningCalculation } from '../../engine/explain/pruning-calculation';
import { ruleCalculationOf, type RuleCalculation } from '../../engine/explain/rule-calculation';
import { decodeModel } from '../../engine/model-columns';
import { trainingRows } from '../../engine/node-alternatives';
import { trainTree } from '../../engine/tree/train';
import type { PruningCalculationJob, RuleCalculationJob } from '../../shared/worker-messages';

export function pruningCalculationJob(job: PruningCalculationJob): PruningCalculation {
  const { model } = decodeModel(job.model);
  // An edited tree (steered, or grown by hand) is worked on as it stands: regrown from its settings
  // it would be another tree. Else the tree before pruning: grown again on the rows the shown one
  // was trained on, with its parameters.
  const tree = model.edited ? model : trainTree(trainingRows(job.dataset, model, job.settings), model.params).model;
  return pruningCalculation(tree, job.settings);
}

export function ruleCalculationJob(job: RuleCalculationJob): RuleCalculation {
  return ruleCalculationOf(decodeModel(job.model).model, job.leaf);
}
