// Out-of-bag evaluation (docs/formulas.md "Ensembles"): every training row is predicted by the
// trees whose bootstrap sample left it out — the forest's honest score without a hold-out part —
// plus, per tree, its own score on its OOB rows and the OOB error of the first k trees (the curve).
import { classificationMetrics } from '../metrics/classification';
import { regressionMetrics } from '../metrics/regression';
import type { Metrics } from '../metrics/types';
import type { Tally } from './tally';
import type { OutOfBag } from './types';

/** The truth of the training samples: class index (classification) or value (regression). */
export interface SampleTruth {
  classes: readonly string[];
  codes: Int32Array;
  values: Float64Array;
}

/** At most this many points on the OOB-error-vs-trees curve (every tree up to it, then evenly spaced). */
export const CURVE_POINTS = 200;

/** The tree counts k at which the curve is measured, ascending, always ending at nTrees. */
export function curveTrees(nTrees: number): number[] {
  if (nTrees <= CURVE_POINTS) return Array.from({ length: nTrees }, (_, i) => i + 1);
  const out = new Set<number>();
  for (let i = 1; i <= CURVE_POINTS; i++) out.add(Math.round((i * nTrees) / CURVE_POINTS));
  return [...out];
}

const isRegression = (truth: SampleTruth): boolean => truth.classes.length === 0;

/** OOB error of the trees tallied so far: 1 − accuracy, or the MSE, over samples with any OOB tree; NaN when none has. */
export function oobError(tally: Tally, truth: SampleTruth): number {
  const regression = isRegression(truth);
  let rows = 0;
  let loss = 0;
  for (let i = 0; i < tally.rows; i++) {
    if (tally.trees[i] === 0) continue;
    rows++;
    if (regression) loss += (tally.predicted(i, true) - truth.values[i]) ** 2;
    else if (tally.predicted(i, false) !== truth.codes[i]) loss++;
  }
  return rows === 0 ? NaN : loss / rows;
}

/**
 * The metrics report on the OOB predictions of every sample that has one (null when none has);
 * `positive`: the code of the binary target's positive class (ForestAssembly resolves it).
 * Typed arrays, not number lists: at 1M rows the lists took ~30 MB at the forest's end.
 */
export function oobMetrics(tally: Tally, truth: SampleTruth, positive: number): Metrics | null {
  let count = 0;
  for (let i = 0; i < tally.rows; i++) if (tally.trees[i] > 0) count++;
  if (count === 0) return null;
  const scored = new Int32Array(count);
  for (let i = 0, q = 0; i < tally.rows; i++) if (tally.trees[i] > 0) scored[q++] = i;
  if (isRegression(truth)) {
    return regressionMetrics(
      Float64Array.from(scored, (i) => truth.values[i]),
      Float64Array.from(scored, (i) => tally.predicted(i, true)),
    );
  }
  const yTrue = Int32Array.from(scored, (i) => truth.codes[i]);
  const yPred = Int32Array.from(scored, (i) => tally.predicted(i, false));
  // Two classes: the OOB share (or vote fraction) of the positive class scores ROC and PR.
  const binary = truth.classes.length === 2;
  const scores = binary ? Float64Array.from(scored, (i) => tally.sum[i * 2 + positive] / tally.trees[i]) : undefined;
  return classificationMetrics(truth.classes, yTrue, yPred, scores, positive);
}

export function outOfBag(tally: Tally, truth: SampleTruth, positive: number, bootstrap: boolean, curve: { trees: number[]; error: number[] }): OutOfBag {
  const scoreName = isRegression(truth) ? 'r2' : 'accuracy';
  const metrics = bootstrap ? oobMetrics(tally, truth, positive) : null;
  let rows = 0;
  for (let i = 0; i < tally.rows; i++) if (tally.trees[i] > 0) rows++;
  const score = metrics === null ? null : metrics.task === 'regression' ? metrics.r2 : metrics.accuracy;
  return { rows: bootstrap ? rows : 0, score, scoreName, metrics, curve: bootstrap && metrics !== null ? curve : null };
}
