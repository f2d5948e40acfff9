// Classification metrics from true and predicted class codes (docs/formulas.md "Validation"):
// confusion matrix, accuracy, one-vs-rest rates per class, macro and support-weighted means, binary
// ROC/PR. With sample weights every count is a sum of weights, as scikit-learn's sample_weight.
import type { AveragedMetrics, ClassificationMetrics, ClassMetrics } from './types';
import { prCurve, rocCurve } from './curves';

const ratio = (num: number, den: number): number => (den > 0 ? num / den : 0);

function classMetrics(name: string, confusion: number[][], c: number, total: number): ClassMetrics {
  let predicted = 0;
  let actual = 0;
  for (let k = 0; k < confusion.length; k++) {
    predicted += confusion[k][c];
    actual += confusion[c][k];
  }
  const tp = confusion[c][c];
  const fp = predicted - tp;
  const fn = actual - tp;
  const tn = total - tp - fp - fn;
  const precision = ratio(tp, tp + fp);
  const recall = ratio(tp, tp + fn);
  return {
    class: name,
    support: actual,
    precision,
    recall,
    specificity: ratio(tn, tn + fp),
    fpr: ratio(fp, fp + tn),
    fdr: ratio(fp, tp + fp),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
  };
}

const AVERAGED: (keyof AveragedMetrics)[] = ['precision', 'recall', 'specificity', 'fpr', 'fdr', 'f1'];

function average(perClass: readonly ClassMetrics[], weight: (m: ClassMetrics) => number): AveragedMetrics {
  const out = { precision: 0, recall: 0, specificity: 0, fpr: 0, fdr: 0, f1: 0 };
  let total = 0;
  for (const m of perClass) total += weight(m);
  for (const m of perClass) for (const key of AVERAGED) out[key] += ratio(weight(m) * m[key], total);
  return out;
}

/**
 * `yTrue`/`yPred` are codes into `classes` (no missing values: drop those rows first).
 * `positive` (two classes): the code of the positive class, by default 1. `positiveScores`: each
 * row's predicted probability of it (the leaf's class proportion); ROC and PR curves need it and
 * both classes among the true values. `sampleWeight`: each row's weight (absent: 1); `rows` stays the row count.
 */
export function classificationMetrics(
  classes: readonly string[],
  yTrue: ArrayLike<number>,
  yPred: ArrayLike<number>,
  positiveScores?: ArrayLike<number>,
  positive = 1,
  sampleWeight?: ArrayLike<number>,
): ClassificationMetrics {
  const k = classes.length;
  const rows = yTrue.length;
  const confusion = Array.from({ length: k }, () => new Array<number>(k).fill(0));
  let correct = 0;
  let total = 0;
  for (let i = 0; i < rows; i++) {
    const w = sampleWeight === undefined ? 1 : sampleWeight[i];
    confusion[yTrue[i]][yPred[i]] += w;
    total += w;
    if (yTrue[i] === yPred[i]) correct += w;
  }
  const perClass = classes.map((name, c) => classMetrics(name, confusion, c, total));
  const accuracy = ratio(correct, total);
  let roc = null;
  let pr = null;
  if (k === 2 && positiveScores) {
    const isPositive = Array.from({ length: rows }, (_, i) => yTrue[i] === positive);
    roc = rocCurve(classes[positive], isPositive, positiveScores, sampleWeight);
    pr = prCurve(classes[positive], isPositive, positiveScores, sampleWeight);
  }
  return {
    task: 'classification',
    rows,
    classes: [...classes],
    confusion,
    accuracy,
    errorRate: rows > 0 ? 1 - accuracy : 0,
    perClass,
    macro: average(perClass, () => 1),
    weighted: average(perClass, (m) => m.support),
    positiveClass: k === 2 ? classes[positive] : null,
    roc,
    pr,
  };
}
