// Histogram mode's small nodes (at most SMALL_NODE samples) are searched from their samples sorted
// by bin, per feature, instead of from a 255-bin histogram. Sorting once where a small subtree
// starts, then partitioning every feature's order stably with each split (as the exact builder's
// presorted samples), costs O(F·n) per node instead of a sort of each feature at every node.
//
// The order covers one region of the index array at a time, [base, limit): the small node it was
// sorted for. A node inside the region is a descendant whose order its ancestors' partitions have
// kept; any other small node starts a new region (best-first growth may leave and come back).

export class SmallNodeOrder {
  /** Sample ids; feature f's order of position p (base ≤ p < limit) at f·capacity + p − base. */
  readonly order: Int32Array;
  private readonly spare: Int32Array;
  private readonly keys: Int32Array;
  private base = 0;
  private limit = 0;

  constructor(
    private readonly bins: Uint8Array,
    private readonly featureCount: number,
    private readonly capacity: number,
  ) {
    this.order = new Int32Array(featureCount * capacity);
    this.spare = new Int32Array(capacity);
    this.keys = new Int32Array(capacity);
  }

  /** Makes `order` valid for idx[start, end) (at most `capacity` samples, ascending ids). */
  prepare(idx: Int32Array, start: number, end: number): void {
    if (start >= this.base && end <= this.limit) return;
    const { bins, featureCount: F, capacity, order } = this;
    const n = end - start;
    const keys = this.keys.subarray(0, n);
    this.base = start;
    this.limit = end;
    for (let f = 0; f < F; f++) {
      // Bin first, then position (= sample id order): the order in which a histogram sums a bin.
      for (let j = 0; j < n; j++) keys[j] = (bins[idx[start + j] * F + f] << 16) | j;
      sortSmall(keys);
      const o = f * capacity;
      for (let j = 0; j < n; j++) order[o + j] = idx[start + (keys[j] & 0xffff)];
    }
  }

  /** Index in `order` of feature f's entry for position p: offset(f) + p. */
  offset(f: number): number {
    return f * this.capacity - this.base;
  }

  /**
   * After idx[start, end) was split at `pos` by `side` (1 = left) of each sample's bin of
   * feature `split`, the same stable partition of every feature's order.
   */
  partition(start: number, end: number, pos: number, split: number, side: Uint8Array): void {
    const { bins, featureCount: F, order, spare } = this;
    for (let f = 0; f < F; f++) {
      const o = this.offset(f);
      let l = o + start;
      let r = 0;
      for (let p = o + start; p < o + end; p++) {
        const i = order[p];
        const g = side[bins[i * F + split]];
        order[l] = i;
        spare[r] = i;
        l += g;
        r += 1 - g;
      }
      order.set(spare.subarray(0, r), o + pos);
    }
  }
}

/** Ascending sort; insertion sort below a few dozen keys, where the built-in call costs more. */
function sortSmall(keys: Int32Array): void {
  if (keys.length > 24) {
    keys.sort();
    return;
  }
  for (let i = 1; i < keys.length; i++) {
    const k = keys[i];
    let j = i - 1;
    while (j >= 0 && keys[j] > k) {
      keys[j + 1] = keys[j];
      j--;
    }
    keys[j + 1] = k;
  }
}
