// A score curve thinned for a small chart: the candidate thresholds are bucketed by value and
// each bucket keeps its best point, so peaks (the best split above all) survive the thinning.
import type { CurvePoint } from './types';

/** Collects (threshold, score) pairs in ascending threshold order, as the splitter visits them. */
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

  /** At most `maxPoints` points, ascending by threshold; every point when there are few enough. */
  thin(maxPoints: number): CurvePoint[] {
    const { thresholds, scores, count } = this;
    if (count === 0) return [];
    if (count <= maxPoints) return Array.from({ length: count }, (_, i) => ({ threshold: thresholds[i], score: scores[i] }));
    const lo = thresholds[0];
    const span = thresholds[count - 1] - lo;
    const best = new Int32Array(maxPoints).fill(-1);
    for (let i = 0; i < count; i++) {
      const b = span > 0 ? Math.min(maxPoints - 1, Math.floor(((thresholds[i] - lo) / span) * maxPoints)) : 0;
      if (best[b] < 0 || scores[i] > scores[best[b]]) best[b] = i;
    }
    const out: CurvePoint[] = [];
    for (const i of best) if (i >= 0) out.push({ threshold: thresholds[i], score: scores[i] });
    return out;
  }
}
