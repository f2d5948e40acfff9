// Binary ROC and precision–recall curves from scores (leaf class proportions), as scikit-learn
// 1.2 computes them: rows with equal scores are one threshold, so ties move the curve diagonally
// instead of in an order-dependent staircase. Rows with sample weights count by their weight.
import type { PrCurve, RocCurve } from './types';

interface CurveCounts {
  /** Cumulative false and true positives when predicting positive for score ≥ thresholds[i]. */
  fps: number[];
  tps: number[];
  /** Distinct scores, descending. */
  thresholds: number[];
}

function curveCounts(positive: ArrayLike<boolean>, scores: ArrayLike<number>, weight?: ArrayLike<number>): CurveCounts {
  // Rows of weight 0 are left out, as scikit-learn's curves leave them (no threshold of their own).
  const rows = Array.from({ length: scores.length }, (_, i) => i).filter((i) => weight === undefined || weight[i] !== 0);
  const order = rows.sort((a, b) => scores[b] - scores[a]);
  const fps: number[] = [];
  const tps: number[] = [];
  const thresholds: number[] = [];
  let tp = 0;
  let fp = 0;
  for (let k = 0; k < order.length; k++) {
    const row = order[k];
    const w = weight === undefined ? 1 : weight[row];
    if (positive[row]) tp += w;
    else fp += w;
    // Close a threshold only after the last row with this score.
    if (k === order.length - 1 || scores[order[k + 1]] !== scores[row]) {
      fps.push(fp);
      tps.push(tp);
      thresholds.push(scores[row]);
    }
  }
  return { fps, tps, thresholds };
}

function trapezoid(x: readonly number[], y: readonly number[]): number {
  let area = 0;
  for (let i = 1; i < x.length; i++) area += ((x[i] - x[i - 1]) * (y[i] + y[i - 1])) / 2;
  return Math.abs(area);
}

/** ROC curve starting at (0, 0) (threshold +∞, written null); null unless both labels occur. */
export function rocCurve(positiveClass: string, positive: ArrayLike<boolean>, scores: ArrayLike<number>, weight?: ArrayLike<number>): RocCurve | null {
  const { fps, tps, thresholds } = curveCounts(positive, scores, weight);
  const p = tps.length ? tps[tps.length - 1] : 0;
  const n = fps.length ? fps[fps.length - 1] : 0;
  if (p === 0 || n === 0) return null;
  const fpr = [0, ...fps.map((v) => v / n)];
  const tpr = [0, ...tps.map((v) => v / p)];
  return { positiveClass, fpr, tpr, thresholds: [null, ...thresholds], auc: trapezoid(fpr, tpr) };
}

/** Precision–recall curve with thresholds ascending and a final (recall 0, precision 1) point; null without positives. */
export function prCurve(positiveClass: string, positive: ArrayLike<boolean>, scores: ArrayLike<number>, weight?: ArrayLike<number>): PrCurve | null {
  const { fps, tps, thresholds } = curveCounts(positive, scores, weight);
  const p = tps.length ? tps[tps.length - 1] : 0;
  if (p === 0) return null;
  const precision: number[] = [];
  const recall: number[] = [];
  for (let i = tps.length - 1; i >= 0; i--) {
    precision.push(tps[i] / (tps[i] + fps[i]));
    recall.push(tps[i] / p);
  }
  precision.push(1);
  recall.push(0);
  let averagePrecision = 0;
  for (let i = 0; i < recall.length - 1; i++) averagePrecision += (recall[i] - recall[i + 1]) * precision[i];
  return {
    positiveClass,
    precision,
    recall,
    thresholds: thresholds.slice().reverse(),
    auc: trapezoid(recall, precision),
    averagePrecision,
  };
}
