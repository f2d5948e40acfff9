// The samples of every node, kept sorted by each feature: one (index, value) segment of length n
// per feature, sorted once, then stably partitioned in place at every split, so a node owns
// positions [start, end) of every segment and finds each feature already in order (no per-node
// sort). Categorical codes sort like numbers, which groups each category; missing (NaN) sort last.
import { argsortFloat64 } from './argsort';
import type { FeatureColumn } from './training-set';

export class SortedSamples {
  /** Sample index per position, feature f at [f·n, (f+1)·n). */
  readonly order: Int32Array;
  /** Feature value per position, aligned with `order`. */
  readonly values: Float64Array;
  /** Set by the caller before `partition`: 1 where the sample goes to the left child. */
  readonly goLeft: Uint8Array;
  private readonly spareIndex: Int32Array;
  private readonly spareValue: Float64Array;

  constructor(
    features: readonly FeatureColumn[],
    readonly n: number,
  ) {
    const f = features.length;
    this.order = new Int32Array(f * n);
    this.values = new Float64Array(f * n);
    this.goLeft = new Uint8Array(n);
    this.spareIndex = new Int32Array(n);
    this.spareValue = new Float64Array(n);
    features.forEach((feature, j) => {
      const order = this.order.subarray(j * n, (j + 1) * n);
      argsortFloat64(feature.x, order);
      const values = this.values.subarray(j * n, (j + 1) * n);
      for (let p = 0; p < n; p++) values[p] = feature.x[order[p]];
    });
  }

  /** End of the non-missing run of feature `f` in the node [start, end) (missing values sort last). */
  presentEnd(f: number, start: number, end: number): number {
    const base = f * this.n;
    let e = base + end;
    while (e > base + start && Number.isNaN(this.values[e - 1])) e--;
    return e - base;
  }

  /**
   * Stable partition of [start, end) in every feature segment by `goLeft`; returns the first
   * position of the right child.
   */
  partition(start: number, end: number, featureCount: number): number {
    const { order, values, goLeft, spareIndex, spareValue, n } = this;
    let mid = start;
    for (let f = 0; f < featureCount; f++) {
      const base = f * n;
      let l = base + start;
      let r = 0;
      // Branch-free: the side of a sample is random in any order but the split feature's, so a
      // branch would be mispredicted half the time. Both slots are written; only one advances
      // (writing at l ≤ p only touches positions already read).
      for (let p = base + start; p < base + end; p++) {
        const i = order[p];
        const v = values[p];
        const g = goLeft[i];
        order[l] = i;
        values[l] = v;
        spareIndex[r] = i;
        spareValue[r] = v;
        l += g;
        r += 1 - g;
      }
      order.set(spareIndex.subarray(0, r), l);
      values.set(spareValue.subarray(0, r), l);
      mid = l - base;
    }
    return mid;
  }
}
