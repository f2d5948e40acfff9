// A model measured on a dataset: every metric of design.md §3, and the single score (accuracy
// or R²) that cross-validation and permutation importance compare.
import type { Dataset } from '../dataset';
import type { TreeModel } from '../model';
import type { Metrics } from '../metrics/types';
import { classificationMetrics } from '../metrics/classification';
import { regressionMetrics } from '../metrics/regression';
import { predictLeaves } from '../tree/predict';
import { readTruth, type Truth } from './truth';
import type { ScoreName } from './types';

export const scoreName = (model: TreeModel): ScoreName => (model.task === 'classification' ? 'accuracy' : 'r2');

/** Predicted class code (into `truth.classes`) or value for every row of `truth`. */
function predictionsFor(model: TreeModel, leaves: Int32Array, truth: Truth): { codes: Int32Array; values: Float64Array } {
  const n = truth.rows.length;
  if (model.task === 'regression') {
    return { codes: new Int32Array(0), values: Float64Array.from(truth.rows, (r) => model.nodes[leaves[r]].prediction as number) };
  }
  const codeOf = new Map(truth.classes.map((c, i) => [c, i]));
  const codes = new Int32Array(n);
  for (let i = 0; i < n; i++) codes[i] = codeOf.get(String(model.nodes[leaves[truth.rows[i]]].prediction)) ?? -1;
  return { codes, values: new Float64Array(0) };
}

export function evaluateModel(model: TreeModel, dataset: Dataset): Metrics {
  const truth = readTruth(model, dataset);
  const leaves = predictLeaves(model, dataset);
  const { codes, values } = predictionsFor(model, leaves, truth);
  if (model.task === 'regression') return regressionMetrics(truth.values, values);
  // Binary: the score of a row is its leaf's share of the second class.
  let scores: Float64Array | undefined;
  if (truth.classes.length === 2) {
    scores = Float64Array.from(truth.rows, (r) => {
      const counts = model.nodes[leaves[r]].value as number[];
      const total = counts.reduce((a, b) => a + b, 0);
      return total > 0 ? counts[1] / total : 0;
    });
  }
  return classificationMetrics(truth.classes, truth.codes, codes, scores);
}

/** Accuracy (classification) or R² (regression) of `model` on the rows of `truth`. */
export function scoreModel(model: TreeModel, dataset: Dataset, truth: Truth): number {
  const leaves = predictLeaves(model, dataset);
  const { codes, values } = predictionsFor(model, leaves, truth);
  const n = truth.rows.length;
  if (n === 0) return 0;
  if (model.task === 'classification') {
    let correct = 0;
    for (let i = 0; i < n; i++) if (codes[i] === truth.codes[i]) correct++;
    return correct / n;
  }
  return regressionMetrics(truth.values, values).r2;
}
