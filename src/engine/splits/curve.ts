// A score curve thinned for a small chart: the candidate thresholds are bucketed by value and
// each bucket keeps its best point, so peaks (the best split above all) survive the thinning.
import type { CurvePoint } from './types';

/** Collects (threshold, score) pairs, in any order. */
export class CurveCollector {
  private thresholds = new Float64Array(256);
  private scores = new Float64Array(256);
  private count = 0;

  add(threshold: number, score: number): void {
    if (this.count === this.thresholds.length) {
      const t = new Float64Array(this.count * 2);
      const s = new Float64Array(this.count * 2);
      t.set(this.thresholds);
      s.set(this.scores);
      this.thresholds = t;
      this.scores = s;
    }
    this.thresholds[this.count] = threshold;
    this.scores[this.count++] = score;
  }

  /** At most `maxPoints` points, ascending by threshold (one per threshold, its best score). */
  thin(maxPoints: number): CurvePoint[] {
    const { thresholds, scores } = this;
    const order = Array.from({ length: this.count }, (_, i) => i).sort((a, b) => thresholds[a] - thresholds[b]);
    const points: CurvePoint[] = [];
    for (const i of order) {
      const last = points[points.length - 1];
      if (last !== undefined && last.threshold === thresholds[i]) last.score = Math.max(last.score, scores[i]);
      else points.push({ threshold: thresholds[i], score: scores[i] });
    }
    if (points.length <= maxPoints) return points;
    const lo = points[0].threshold;
    const span = points[points.length - 1].threshold - lo;
    const best: Array<CurvePoint | undefined> = new Array(maxPoints);
    for (const p of points) {
      const b = span > 0 ? Math.min(maxPoints - 1, Math.floor(((p.threshold - lo) / span) * maxPoints)) : 0;
      const kept = best[b];
      if (kept === undefined || p.score > kept.score) best[b] = p;
    }
    return best.filter((p): p is CurvePoint => p !== undefined);
  }
}
