// Histogram mode's small nodes (at most SMALL_NODE samples) are searched from their samples sorted
// by bin, per feature, instead of from a 255-bin histogram. Sorting once (counting sort) where a
// small subtree starts, then partitioning every feature's order stably with each split (as the
// exact splitter's presorted samples), costs O(F·n) per node, not a sort per feature and node.
//
// The order covers one region of the index array at a time, [base, limit): the small node it was
// sorted for. A node inside the region is a descendant whose order its ancestors' partitions have
// kept; any other small node starts a new region (best-first growth may leave and come back).
import { partitionBySide } from './partition-by-side';

export class SmallNodeOrder {
  /** Sample ids; feature f's order of position p (base ≤ p < limit) at f·capacity + p − base. */
  readonly order: Int32Array;
  private readonly spare: Int32Array;
  /** Counting sort scratch: samples per bin (bins are bytes), then where each bin starts. */
  private readonly counts = new Int32Array(257);
  private base = 0;
  private limit = 0;

  constructor(
    private readonly bins: Uint8Array,
    private readonly featureCount: number,
    private readonly capacity: number,
  ) {
    this.order = new Int32Array(featureCount * capacity);
    this.spare = new Int32Array(capacity);
  }

  /** Makes `order` valid for idx[start, end) (at most `capacity` samples, ascending ids). */
  prepare(idx: Int32Array, start: number, end: number): void {
    if (start >= this.base && end <= this.limit) return;
    const { bins, featureCount: F, capacity, order, counts } = this;
    this.base = start;
    this.limit = end;
    for (let f = 0; f < F; f++) {
      // Counting sort by bin, stable: within a bin, sample id order (the order a histogram sums in).
      counts.fill(0);
      for (let p = start; p < end; p++) counts[bins[idx[p] * F + f] + 1]++;
      for (let b = 1; b < counts.length; b++) counts[b] += counts[b - 1];
      const o = f * capacity;
      for (let p = start; p < end; p++) {
        const i = idx[p];
        order[o + counts[bins[i * F + f]]++] = i;
      }
    }
  }

  /** Index in `order` of feature f's entry for position p: offset(f) + p. */
  offset(f: number): number {
    return f * this.capacity - this.base;
  }

  /**
   * After idx[start, end) was split by `side` (1 = left) of each sample's bin of feature
   * `split`, the same stable partition of every feature's order.
   */
  partition(start: number, end: number, split: number, side: Uint8Array): void {
    const { bins, featureCount: F, order, spare } = this;
    for (let f = 0; f < F; f++) {
      const o = this.offset(f);
      partitionBySide(order, o + start, o + end, bins, F, split, side, spare);
    }
  }
}
