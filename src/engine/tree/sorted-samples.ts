// The samples of every node, kept sorted by each feature: one (index, key, stats slot) segment
// of length n per feature, sorted once, then stably partitioned in place at every split, so a node
// owns positions [start, end) of every segment and finds each feature already in order (no
// per-node sort). Categorical codes sort like numbers, which groups each category; missing (NaN)
// sort last. The slot (class code) travels with the sample so that scans read it sequentially
// instead of looking it up at random — the difference between cache hits and misses at 1M rows.
// The value itself does not travel: an Int32 key that orders and equates like it does, and the
// slot is one byte up to 256 classes (9 bytes a position instead of 14 with the float64 value and
// a 16-bit slot: less memory and traffic); the few values a split needs (its threshold's
// neighbours) are read from the feature column.
// With a random forest's feature draw a node reads only maxFeatures of the p features, so only the
// order moves at a split (a third of the bytes) and a node gathers the keys and slots of a feature
// when it is drawn (`isConstant` fills them): p partitions of one array and maxFeatures gathers
// cost less than p partitions of three.
import { MISSING_KEY, type Presorted, sortFeature } from './presort';
import type { Scratch } from './scratch';
import type { TrainingSet } from './training-set';

export { MISSING_KEY } from './presort';

export class SortedSamples {
  readonly n: number;
  /** Sample index per position, feature f at [f·n, (f+1)·n). */
  readonly order: Int32Array;
  /**
   * Per position, aligned with `order`: the category code (categorical features) or the rank of
   * the value among the feature's distinct values (numeric), MISSING_KEY where missing. Within a
   * node's segment keys ascend, and two keys are equal exactly when the values are.
   */
  readonly keys: Int32Array;
  /** Stats slot per position (class code; 0 for regression), aligned with `order`: one byte up to 256 classes. */
  readonly slots: Uint8Array | Uint16Array;
  /** Set by the caller before `partition`: 1 where the sample goes to the left child. */
  readonly goLeft: Uint8Array;
  private readonly spareIndex: Int32Array;
  private readonly spareKey: Int32Array;
  private readonly spareSlot: Uint8Array | Uint16Array;
  /** Feature draws: only `order` is kept partitioned; keys and slots are gathered per node when drawn. */
  readonly gathers: boolean;
  private readonly featureCount: number;
  /** Key of sample i for feature f at i·featureCount + f (gathers only): a node's drawn features share cache lines. */
  private readonly keyOf: Int32Array;
  private readonly slotOf: Int32Array;

  /**
   * `slot`: each sample's stats slot (SampleStats.slot), below 65,536 (classes are capped at 1,000).
   * `presorted`: orders of the set's features (or of the set it was sampled from) sorted before.
   * `gathers`: a feature draw will read few features per node (see above).
   * `scratch`: where the arrays come from, kept for the next tree (a forest's); absent: new ones.
   */
  constructor(set: Pick<TrainingSet, 'features' | 'n' | 'sampledFrom'>, slot: Int32Array, presorted: Presorted | null = null, gathers = false, scratch: Scratch | null = null) {
    const { features, n } = set;
    this.n = n;
    const f = features.length;
    let maxSlot = 0;
    for (let i = 0; i < n; i++) maxSlot = Math.max(maxSlot, slot[i]);
    // Every array is written before it is read, so a scratch buffer's old contents do not matter.
    const ints = (name: string, length: number) => (scratch === null ? new Int32Array(length) : scratch.ints(name, length));
    const small = (name: string, length: number) => (maxSlot < 256 ? (scratch === null ? new Uint8Array(length) : scratch.bytes(name, length)) : scratch === null ? new Uint16Array(length) : scratch.shorts(name, length));
    this.order = ints('order', f * n);
    this.keys = ints('keys', f * n);
    this.slots = small('slots', f * n);
    this.goLeft = scratch === null ? new Uint8Array(n) : scratch.bytes('goLeft', n);
    this.spareIndex = ints('spareIndex', n);
    this.spareKey = ints('spareKey', n);
    this.spareSlot = small('spareSlot', n);
    this.gathers = gathers;
    this.featureCount = f;
    this.slotOf = slot;
    this.keyOf = ints('keyOf', gathers ? f * n : 0);
    const source = set.sampledFrom;
    // Full-set position → this set's sample (−1: not in it), when filtering a presorted parent.
    let local: Int32Array | null = null;
    if (presorted !== null && source !== undefined) {
      local = ints('local', source.features[0].x.length).fill(-1);
      for (let i = 0; i < source.keep.length; i++) local[source.keep[i]] = i;
    }
    // Gathers read keys and slots through keyOf and slotOf, so the segments need only the order.
    const rows = gathers && presorted !== null ? presorted.rowKeys(source?.features ?? features) : null;
    features.forEach((feature, j) => {
      const order = this.order.subarray(j * n, (j + 1) * n);
      const keys = this.keys.subarray(j * n, (j + 1) * n);
      if (presorted === null) sortFeature(feature, order, keys);
      else if (local === null) {
        if (rows === null) {
          const full = presorted.of(feature);
          order.set(full.order);
          keys.set(full.keys);
        } else order.set(presorted.orderOf(feature));
      } else {
        const sourceFeature = (source as NonNullable<typeof source>).features[j];
        const fullOrder = rows === null ? null : presorted.orderOf(sourceFeature);
        const full = fullOrder === null ? presorted.of(sourceFeature) : { order: fullOrder, keys: null };
        let q = 0;
        for (let p = 0; p < full.order.length; p++) {
          const i = local[full.order[p]];
          if (i < 0) continue;
          order[q] = i;
          if (full.keys !== null) keys[q] = full.keys[p];
          q++;
        }
      }
      if (!gathers) for (let p = 0; p < n; p++) this.slots[j * n + p] = slot[order[p]];
      else if (rows === null) for (let p = 0; p < n; p++) this.keyOf[order[p] * f + j] = keys[p];
    });
    // A sample's keys are its full-set row's (a subset keeps the set's ranks): copied row by row.
    if (rows !== null) {
      const keep = source?.keep;
      for (let i = 0; i < n; i++) {
        const from = (keep === undefined ? i : keep[i]) * f;
        for (let j = 0; j < f; j++) this.keyOf[i * f + j] = rows[from + j];
      }
    }
  }

  /** End of the non-missing run of feature `f` in the node [start, end) (missing values sort last). */
  presentEnd(f: number, start: number, end: number): number {
    const base = f * this.n;
    let e = base + end;
    while (e > base + start && this.keys[e - 1] === MISSING_KEY) e--;
    return e - base;
  }

  /**
   * Whether feature `f` holds one value (or is missing) on every sample of the node [start, end).
   * With gathers the segment's keys and slots are filled here when it is not: the search reads a
   * feature only after asking.
   */
  isConstant(f: number, start: number, end: number): boolean {
    const base = f * this.n;
    if (!this.gathers) return this.keys[base + start] === this.keys[base + end - 1];
    const { order, keys, slots, keyOf, slotOf, featureCount } = this;
    if (keyOf[order[base + start] * featureCount + f] === keyOf[order[base + end - 1] * featureCount + f]) return true;
    for (let p = base + start; p < base + end; p++) {
      const i = order[p];
      keys[p] = keyOf[i * featureCount + f];
      slots[p] = slotOf[i];
    }
    return false;
  }

  /**
   * Stable partition of [start, end) in every feature segment by `goLeft`; returns the first
   * position of the right child.
   */
  partition(start: number, end: number, featureCount: number): number {
    let mid = start;
    for (let f = 0; f < featureCount; f++) {
      const base = f * this.n;
      mid = (this.gathers ? this.partitionOrder(base + start, base + end) : this.partitionAll(base + start, base + end)) - base;
    }
    return mid;
  }

  /** One segment's positions [from, to) with their keys and slots; the first right position. */
  private partitionAll(from: number, to: number): number {
    const { order, keys, slots, goLeft, spareIndex, spareKey, spareSlot } = this;
    let l = from;
    let r = 0;
    // Branch-free: the side of a sample is random in any order but the split feature's, so a
    // branch would be mispredicted half the time. Both slots are written; only one advances
    // (writing at l ≤ p only touches positions already read).
    for (let p = from; p < to; p++) {
      const i = order[p];
      const v = keys[p];
      const k = slots[p];
      const g = goLeft[i];
      order[l] = i;
      keys[l] = v;
      slots[l] = k;
      spareIndex[r] = i;
      spareKey[r] = v;
      spareSlot[r] = k;
      l += g;
      r += 1 - g;
    }
    // A plain loop, not set(subarray(...)): three views per feature per split add up to
    // millions of short-lived objects in a deep tree.
    for (let q = 0; q < r; q++) {
      order[l + q] = spareIndex[q];
      keys[l + q] = spareKey[q];
      slots[l + q] = spareSlot[q];
    }
    return l;
  }

  /** The gathers form: only the samples' order moves. */
  private partitionOrder(from: number, to: number): number {
    const { order, goLeft, spareIndex } = this;
    let l = from;
    let r = 0;
    // A branch here, unlike the three arrays' loop: with one store a side it measured a quarter
    // faster than the branch-free form even on a random side per sample.
    for (let p = from; p < to; p++) {
      const i = order[p];
      if (goLeft[i] !== 0) order[l++] = i;
      else spareIndex[r++] = i;
    }
    for (let q = 0; q < r; q++) order[l + q] = spareIndex[q];
    return l;
  }
}
