// The decision threshold of a binary classifier (docs/formulas.md "Decision threshold"): a row is
// predicted positive when its score — the share of the positive class in its leaf — is ≥ T, as
// scikit-learn's roc_curve counts. The confusion matrix at any T is read off a ClassificationMetrics'
// ROC curve (its points are the distinct scores), so the CLI, the report and the panel compute
// figures at a threshold from the same data, and a threshold is chosen from the curve of
// out-of-fold scores by one of the rules below.
import { InputError } from '../errors';
import type { ClassificationMetrics } from './types';

/** How a threshold is given: a number, or a rule choosing one from a curve. */
export type ThresholdRule =
  | { kind: 'value'; value: number }
  | { kind: 'youden' }
  | { kind: 'f1' }
  | { kind: 'precision'; min: number }
  | { kind: 'recall'; min: number };

/** The figures of the positive class when predicting positive for score ≥ threshold. Counts are sums of weights with sample weights. */
export interface ThresholdPoint {
  threshold: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  accuracy: number;
  precision: number;
  /** True-positive rate. */
  recall: number;
  specificity: number;
  fpr: number;
  f1: number;
}

const ratio = (num: number, den: number): number => (den > 0 ? num / den : 0);

/** `--threshold` text: a number in [0, 1], `youden`, `f1`, `precision>=P` or `recall>=R`. */
export function parseThresholdRule(text: string): ThresholdRule {
  const t = text.trim().toLowerCase();
  if (t === 'youden') return { kind: 'youden' };
  if (t === 'f1') return { kind: 'f1' };
  const bound = /^(precision|recall)\s*>=\s*(.+)$/.exec(t);
  if (bound) {
    const min = Number(bound[2]);
    if (!(min >= 0 && min <= 1) || bound[2].trim() === '') throw new InputError('bad-option', `--threshold ${text}: the ${bound[1]} bound must be a number from 0 to 1`);
    return { kind: bound[1] as 'precision' | 'recall', min };
  }
  const value = Number(t);
  if (t === '' || !(value >= 0 && value <= 1)) {
    throw new InputError('bad-option', `--threshold must be a number from 0 to 1 (the positive class's share), youden, f1, precision>=P or recall>=R; got "${text}"`);
  }
  return { kind: 'value', value };
}

/** The rule as written on the command line (what a model records as `chosenBy`). */
export function ruleText(rule: ThresholdRule): string {
  switch (rule.kind) {
    case 'value':
      return String(rule.value);
    case 'precision':
    case 'recall':
      return `${rule.kind}>=${rule.min}`;
    default:
      return rule.kind;
  }
}

/** The positive class's total and the negatives' (sums of weights) of a binary metrics. */
function classTotals(m: ClassificationMetrics): { p: number; n: number; pos: number } {
  if (m.positiveClass === null) throw new InputError('bad-option', 'a decision threshold applies to a target with two classes');
  const pos = m.classes.indexOf(m.positiveClass);
  const rowTotal = (r: number) => m.confusion[r].reduce((a, b) => a + b, 0);
  return { p: rowTotal(pos), n: rowTotal(1 - pos), pos };
}

// The ROC curve stores rates; counts are rates × totals, rounded off the last bits the division left.
const count = (rate: number, total: number): number => Math.round(rate * total * 1e9) / 1e9;

function pointOf(threshold: number, tp: number, fp: number, p: number, n: number): ThresholdPoint {
  const fn = p - tp;
  const tn = n - fp;
  return {
    threshold,
    tp,
    fp,
    fn,
    tn,
    accuracy: ratio(tp + tn, p + n),
    precision: ratio(tp, tp + fp),
    recall: ratio(tp, p),
    specificity: ratio(tn, n),
    fpr: ratio(fp, n),
    f1: ratio(2 * tp, 2 * tp + fp + fn),
  };
}

/**
 * The figures at `threshold` from the metrics' ROC curve: the rows with a score ≥ threshold are
 * those up to the curve point of the smallest distinct score ≥ threshold. Null without a curve
 * (one class absent among the true values, or no scores).
 */
export function pointAt(m: ClassificationMetrics, threshold: number): ThresholdPoint | null {
  const roc = m.roc;
  if (!roc) return null;
  const { p, n } = classTotals(m);
  // Thresholds descend after the leading +∞ (null): the last one ≥ threshold.
  let k = 0;
  for (let i = 1; i < roc.thresholds.length; i++) if ((roc.thresholds[i] as number) >= threshold) k = i;
  return pointOf(threshold, count(roc.tpr[k], p), count(roc.fpr[k], n), p, n);
}

/** One point per distinct score (the ROC curve's thresholds, highest first, without +∞). */
export function curvePoints(m: ClassificationMetrics): ThresholdPoint[] {
  const roc = m.roc;
  if (!roc) return [];
  const { p, n } = classTotals(m);
  return roc.thresholds.slice(1).map((t, i) => pointOf(t as number, count(roc.tpr[i + 1], p), count(roc.fpr[i + 1], n), p, n));
}

/**
 * The threshold a rule chooses among the curve's distinct scores: youden — the largest
 * TPR − FPR; f1 — the largest F1; precision>=P — the lowest threshold (the most recall) whose
 * precision is ≥ P; recall>=R — the highest threshold (the fewest positives) whose recall is ≥ R.
 * Ties go to the higher threshold. A number is returned as given.
 */
export function chooseThreshold(rule: ThresholdRule, m: ClassificationMetrics): number {
  if (rule.kind === 'value') return rule.value;
  const points = curvePoints(m);
  if (points.length === 0) throw new InputError('bad-option', `--threshold ${ruleText(rule)} needs scores of both classes to choose from`);
  let best: ThresholdPoint | null = null;
  const better = (x: number, y: number) => x > y + 1e-12;
  for (const q of points) {
    switch (rule.kind) {
      case 'youden':
        if (!best || better(q.recall - q.fpr, best.recall - best.fpr)) best = q;
        break;
      case 'f1':
        if (!best || better(q.f1, best.f1)) best = q;
        break;
      case 'precision':
        // Points run from the highest threshold down: the last one meeting the bound has the most recall.
        if (q.precision >= rule.min) best = q;
        break;
      case 'recall':
        if (!best && q.recall >= rule.min) best = q;
        break;
    }
  }
  if (!best) throw new InputError('bad-option', `--threshold ${ruleText(rule)}: no threshold of the out-of-fold scores reaches it (best ${rule.kind} ${Math.max(...points.map((q) => q[rule.kind as 'precision' | 'recall'])).toFixed(4)})`);
  return best.threshold;
}

/** A threshold's figures beside those at 0.5, and at every distinct score of the curve (evaluate's report). */
export interface ThresholdSection {
  positiveClass: string;
  threshold: number;
  /** The rule that chose it and from what scores; null: given as a number. */
  chosenBy: string | null;
  at: ThresholdPoint;
  atHalf: ThresholdPoint;
  curve: ThresholdPoint[];
}

/** The section for `m`'s rows at `threshold`; null when `m` has no ROC curve (one class absent, or not binary). */
export function thresholdSection(m: ClassificationMetrics, threshold: number, chosenBy: string | null): ThresholdSection | null {
  const at = pointAt(m, threshold);
  const atHalf = pointAt(m, 0.5);
  if (!at || !atHalf || m.positiveClass === null) return null;
  return { positiveClass: m.positiveClass, threshold, chosenBy, at, atHalf, curve: curvePoints(m) };
}
