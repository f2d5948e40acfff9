// Cross-validation of a fixed tree structure (the effect of an edit on CV accuracy / R²,
// docs/formulas.md "Edited trees"):
// an edited tree has no training recipe to rerun per fold, so each fold keeps the splits and
// refits only what the leaves predict from the other folds' rows (a node no such row reaches
// predicts as its nearest ancestor that has some), then scores the fold. Comparing two trees on
// the same folds shows which structure generalises better; the score is optimistic, since the
// structure saw every row.
import type { Dataset } from '../dataset';
import type { TreeModel } from '../model';
import { predictLeaves } from '../tree/predict';
import { type FoldSettings, makeFolds, summarizeFolds } from '../validation/cross-validate';
import { predictRows } from '../validation/evaluate';
import type { CrossValidationResult } from '../validation/types';
import { readTruth } from '../validation/truth';
import { majority } from './node-stats';
import { wholePart } from './part';

/** The model with every node's value and prediction refitted on `train`'s rows (by weight when it was trained with weights). */
function refitted(model: TreeModel, train: Dataset): TreeModel {
  const truth = readTruth(model, train);
  const weight = wholePart(train, model).weight;
  const leaves = predictLeaves(model, train);
  const classes = model.classes ?? [];
  const dim = model.task === 'classification' ? classes.length : 2;
  const sums = model.nodes.map(() => new Array<number>(dim).fill(0));
  truth.rows.forEach((row, i) => {
    const s = sums[leaves[row]];
    const w = weight === undefined ? 1 : weight[row];
    if (model.task === 'regression') {
      s[0] += w * truth.values[i];
      s[1] += w;
    } else if (truth.codes[i] < dim) s[truth.codes[i]] += w;
  });
  // Children have larger ids than their parent: summing from the last node up fills every ancestor.
  for (let id = model.nodes.length - 1; id >= 0; id--) for (const c of model.nodes[id].children) sums[c].forEach((v, k) => (sums[id][k] += v));
  const nodes = [...model.nodes];
  const fill = (id: number, inherited: number[]): void => {
    const own = sums[id];
    const value = own.some((v) => v > 0) ? own : inherited;
    nodes[id] =
      model.task === 'regression'
        ? { ...nodes[id], value: value[0] / value[1], prediction: value[0] / value[1] }
        : { ...nodes[id], value, prediction: majority(value, classes) };
    for (const c of model.nodes[id].children) fill(c, value);
  };
  fill(0, sums[0]);
  return { ...model, nodes };
}

/**
 * CV of `model`'s structure, its leaves refitted per fold: fold scores and the pooled out-of-fold
 * metrics, in the shape (and, for the same fold settings, on the folds) of a grown tree's CV.
 */
export function structureCv(dataset: Dataset, model: TreeModel, f: FoldSettings, positiveClass?: string): CrossValidationResult {
  const { folds } = makeFolds(dataset, model.params, f);
  const parts = folds.map((fold) => predictRows(refitted(model, fold.train), fold.test, positiveClass));
  return { ...summarizeFolds(parts, model, f), structure: true };
}
