// What the Metrics tab's decision threshold does, without the page (docs/formulas.md "Decision
// threshold"): the threshold moves over the curve's distinct scores — the thresholds of `evaluate
// --threshold`'s table — by pointer (the point nearest it on the ROC or PR chart) or by arrow key
// (the next score), and the figures at it are the engine's `pointAt` on the metrics the worker
// sent, so the panel computes nothing the CLI does not print.
import { chooseThreshold, curvePoints, pointAt, type ThresholdPoint } from '../src/engine/metrics/threshold';
import type { ClassificationMetrics } from '../src/engine/metrics/types';

/** Which chart a position is on: ROC (x FPR, y TPR) or precision–recall (x recall, y precision). */
export type ThresholdChart = 'roc' | 'pr';

/** A chart's position of a threshold's point, both in [0, 1]. */
export function chartPosition(chart: ThresholdChart, p: ThresholdPoint): { x: number; y: number } {
  return chart === 'roc' ? { x: p.fpr, y: p.recall } : { x: p.recall, y: p.precision };
}

/** One set of rows' threshold: the metrics it reads, their curve's points (highest threshold first), and where it stands. */
export class ThresholdPicker {
  readonly points: ThresholdPoint[];

  constructor(
    readonly metrics: ClassificationMetrics,
    public threshold: number,
  ) {
    this.points = curvePoints(metrics);
  }

  /** The confusion counts and figures at the threshold; null without a curve. */
  figures(): ThresholdPoint | null {
    return pointAt(this.metrics, this.threshold);
  }

  /**
   * The threshold of the curve point nearest (`x`, `y`) on `chart` (unit coordinates), ties to the
   * higher threshold; the chart's steps join points of one threshold, so a point is a threshold.
   */
  nearest(chart: ThresholdChart, x: number, y: number): number {
    let best = this.points[0];
    let bestD = Infinity;
    for (const p of this.points) {
      const at = chartPosition(chart, p);
      const d = (at.x - x) ** 2 + (at.y - y) ** 2;
      if (d < bestD - 1e-15) [best, bestD] = [p, d];
    }
    return best.threshold;
  }

  /** The index of the point whose figures are those at the threshold: the lowest curve threshold ≥ it; -1 above them all. */
  index(): number {
    let k = -1;
    for (let i = 0; i < this.points.length; i++) if (this.points[i].threshold >= this.threshold) k = i;
    return k;
  }

  /**
   * The next distinct score: `+1` lowers the threshold a step (more rows positive: along the
   * ROC curve to the right), `-1` raises it; at either end it stays.
   */
  step(direction: 1 | -1): number {
    const k = Math.min(this.points.length - 1, Math.max(0, this.index() + direction));
    return this.points[k].threshold;
  }

  /** The threshold a rule of `evaluate --threshold` chooses on these rows. */
  preset(rule: 'youden' | 'f1'): number {
    return chooseThreshold({ kind: rule }, this.metrics);
  }
}
