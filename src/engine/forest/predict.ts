// STAND-IN until the forest engine (branch wave2-forest) lands: memberModel and rowVotes with the
// contract's signatures (/work/contracts.md "Forest engine"), so the panel's forest mode can be
// built and tested; predictForest is the engine's.
import type { Dataset } from '../dataset';
import { MODEL_FORMAT, MODEL_VERSION, type TreeModel } from '../model';
import { decisionPath } from '../tree/predict';
import type { ForestModel, RowVotes } from './types';

export function memberModel(model: ForestModel, index: number): TreeModel {
  const tree = model.trees[index];
  if (tree === undefined) throw new RangeError(`the forest has no tree ${index}`);
  const { nodes, featureImportances } = tree;
  const params = { ...model.params, algorithm: model.params.algorithm ?? 'cart', criterion: model.params.criterion ?? (model.task === 'regression' ? 'squared_error' : 'gini') };
  return { format: MODEL_FORMAT, version: MODEL_VERSION, task: model.task, target: model.target, classes: model.classes, features: model.features, params, nodes, featureImportances };
}

export function rowVotes(model: ForestModel, dataset: Dataset, row: number): RowVotes {
  const classes = model.classes ?? [];
  const labels = new Array<number>(classes.length).fill(0);
  const shares = new Array<number>(classes.length).fill(0);
  for (let k = 0; k < model.trees.length; k++) {
    const path = decisionPath(memberModel(model, k), dataset, row);
    const leaf = model.trees[k].nodes[path[path.length - 1]];
    const counts = leaf.value as number[];
    const total = counts.reduce((a, b) => a + b, 0);
    labels[classes.indexOf(String(leaf.prediction))]++;
    for (let c = 0; c < classes.length; c++) shares[c] += total > 0 ? counts[c] / total / model.trees.length : 0;
  }
  const votes = model.params.voting === 'hard' ? labels : shares;
  return { classes, labels, shares, prediction: classes[votes.indexOf(Math.max(...votes))] };
}
