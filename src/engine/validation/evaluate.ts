// A model measured on a dataset: every metric of docs/formulas.md "Validation", and the single
// score (accuracy or R²) that cross-validation and permutation importance compare.
import type { Dataset } from '../dataset';
import type { Task, TreeModel } from '../model';
import type { Metrics } from '../metrics/types';
import { classificationMetrics } from '../metrics/classification';
import { regressionMetrics } from '../metrics/regression';
import { predictLeaves } from '../tree/predict';
import { readTruth, type Truth } from './truth';
import { minorityCode } from './positive-class';
import type { ScoreName } from './types';

export const scoreName = (model: TreeModel): ScoreName => (model.task === 'classification' ? 'accuracy' : 'r2');

/** Truth and prediction for every row that has a target. */
export interface RowPredictions {
  truth: Truth;
  /** Classification: predicted class code into `truth.classes`. */
  codes: Int32Array;
  /** Regression: predicted value. */
  values: Float64Array;
  /** Two classes: the leaf's share of the positive class `truth.classes[positive]` per row (the ROC/PR score); else null. */
  scores: Float64Array | null;
  positive: number;
}

/**
 * `positiveClass` (two classes only): the class whose share scores the ROC/PR curves; by default
 * the less frequent class of these rows (positive-class.ts).
 */
export function predictRows(model: TreeModel, dataset: Dataset, positiveClass?: string): RowPredictions {
  const truth = readTruth(model, dataset);
  const leaves = predictLeaves(model, dataset);
  const leafOf = (i: number) => model.nodes[leaves[truth.rows[i]]];
  const n = truth.rows.length;
  if (model.task === 'regression') {
    return { truth, codes: new Int32Array(0), values: Float64Array.from({ length: n }, (_, i) => leafOf(i).prediction as number), scores: null, positive: -1 };
  }
  const codeOf = new Map(truth.classes.map((c, i) => [c, i]));
  const codes = Int32Array.from({ length: n }, (_, i) => codeOf.get(String(leafOf(i).prediction)) ?? -1);
  let scores: Float64Array | null = null;
  const positive = positiveClass === undefined ? minorityCode(truth.codes) : truth.classes.indexOf(positiveClass);
  // The leaf's counts follow the model's classes; a label only the truth has has no share (0).
  if (truth.classes.length === 2 && positive >= 0) {
    scores = Float64Array.from({ length: n }, (_, i) => {
      const counts = leafOf(i).value as number[];
      const total = counts.reduce((a, b) => a + b, 0);
      return total > 0 ? (counts[positive] ?? 0) / total : 0;
    });
  }
  return { truth, codes, values: new Float64Array(0), scores, positive };
}

export function metricsOf(p: RowPredictions): Metrics {
  if (p.truth.classes.length === 0) return regressionMetrics(p.truth.values, p.values);
  return classificationMetrics(p.truth.classes, p.truth.codes, p.codes, p.scores ?? undefined, p.positive);
}

export function evaluateModel(model: TreeModel, dataset: Dataset, positiveClass?: string): Metrics {
  return metricsOf(predictRows(model, dataset, positiveClass));
}

/** Accuracy (classification) or R² (regression) of predictions. */
export function scoreOf(p: RowPredictions): number {
  const n = p.truth.rows.length;
  if (n === 0) return 0;
  if (p.truth.classes.length === 0) return regressionMetrics(p.truth.values, p.values).r2;
  let correct = 0;
  for (let i = 0; i < n; i++) if (p.codes[i] === p.truth.codes[i]) correct++;
  return correct / n;
}

/**
 * Scores rows straight from the leaves they reach, for callers that score many variants against
 * one `truth` (permutation importance): what each leaf predicts is looked up once, not per call.
 */
export function leafScorer(model: TreeModel, truth: Truth): (leaves: Int32Array) => number {
  const { nodes } = model;
  return predictionScorer(model.task, nodes.length, (id) => (nodes[id].children.length > 0 ? undefined : nodes[id].prediction), truth);
}

/**
 * leafScorer of leaves numbered 0..count−1 whose predictions `prediction(i)` gives (undefined: not
 * a leaf), such as a compiled tree's (permutation importance: no node object read per node).
 */
export function predictionScorer(task: Task, count: number, prediction: (i: number) => string | number | undefined, truth: Truth): (leaves: Int32Array) => number {
  const n = truth.rows.length;
  if (task === 'regression') {
    const value = new Float64Array(count);
    for (let i = 0; i < count; i++) value[i] = (prediction(i) as number | undefined) ?? NaN;
    const predicted = new Float64Array(n);
    return (leaves) => {
      if (n === 0) return 0;
      for (let i = 0; i < n; i++) predicted[i] = value[leaves[truth.rows[i]]];
      return regressionMetrics(truth.values, predicted).r2;
    };
  }
  const codeOf = new Map(truth.classes.map((c, i) => [c, i]));
  const leafCode = new Int32Array(count);
  for (let i = 0; i < count; i++) {
    const p = prediction(i);
    leafCode[i] = p === undefined ? -1 : (codeOf.get(String(p)) ?? -1);
  }
  return (leaves) => {
    if (n === 0) return 0;
    let correct = 0;
    for (let i = 0; i < n; i++) if (leafCode[leaves[truth.rows[i]]] === truth.codes[i]) correct++;
    return correct / n;
  };
}
