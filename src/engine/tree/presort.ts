// Feature orders sorted once for many trees. A forest's members grow on bootstrap subsets of the
// same training rows; sorting every feature for every member cost about a tenth of a forest's time.
// A Presorted holds the full training set's order per feature, and each member's SortedSamples
// keeps the positions of its own samples (linear), which is the order sorting the subset would
// give: the subset keeps the samples' relative order, and ties are broken by it in both.
import { isOrderedType } from '../dataset';
import { argsortFloat64 } from './argsort';
import type { FeatureColumn } from './training-set';

/** Key of a missing value: above every rank and category code, so missing values sort last. */
export const MISSING_KEY = 0x7fffffff;

/**
 * One feature's samples in ascending order, and per position its key (sorted-samples.ts `keys`);
 * null once the keys went into a row table (Presorted.rowKeys): gathers read only that.
 */
export interface FeatureOrder {
  readonly order: Int32Array;
  readonly keys: Int32Array | null;
}

/** Sorts `feature` into `order` and writes the keys: the value's rank (numeric) or its category code, MISSING_KEY where missing. */
export function sortFeature(feature: FeatureColumn, order: Int32Array, keys: Int32Array): void {
  const x = feature.x;
  argsortFloat64(x, order);
  const numeric = isOrderedType(feature.type);
  let rank = -1;
  let previous = NaN;
  for (let p = 0; p < order.length; p++) {
    const v = x[order[p]];
    // −0 and +0 are equal, so they share a rank (and the argsort keeps them together).
    if (v !== previous) rank++;
    previous = v;
    keys[p] = Number.isNaN(v) ? MISSING_KEY : numeric ? rank : v;
  }
}

/** A Presorted's arrays as plain data (posted to a forest's pool workers: on shared memory, not copied). */
export interface PresortedData {
  orders: Array<[name: string, order: FeatureOrder]>;
  rows: { names: string; keys: Int32Array } | null;
}

/** New Int32Arrays of a length: plain ones, or views on memory the caller shares. */
export type IntsOf = (length: number) => Int32Array;

const plainInts: IntsOf = (length) => new Int32Array(length);

/**
 * The orders of one training set's features, each sorted on first use. It serves the trees grown
 * on that set's rows or on subsets of them (TrainingSet.sampledFrom), and only those.
 */
export class Presorted {
  private readonly byName = new Map<string, FeatureOrder>();
  private rows: { names: string; keys: Int32Array } | null = null;

  constructor(
    private readonly ints: IntsOf = plainInts,
    data?: PresortedData,
  ) {
    if (data === undefined) return;
    for (const [name, order] of data.orders) this.byName.set(name, order);
    this.rows = data.rows;
  }

  /** The feature's order and keys, sorted on first use (or again, if only its order was kept). */
  of(feature: FeatureColumn): FeatureOrder & { readonly keys: Int32Array } {
    const found = this.byName.get(feature.name);
    if (found !== undefined && found.order.length === feature.x.length && found.keys !== null) return found as FeatureOrder & { readonly keys: Int32Array };
    const n = feature.x.length;
    const sorted = { order: this.ints(n), keys: this.ints(n) };
    sortFeature(feature, sorted.order, sorted.keys);
    this.byName.set(feature.name, sorted);
    return sorted;
  }

  /** The feature's order alone, sorted on first use. */
  orderOf(feature: FeatureColumn): Int32Array {
    const found = this.byName.get(feature.name);
    return found !== undefined && found.order.length === feature.x.length ? found.order : this.of(feature).order;
  }

  /**
   * Every sample's keys of `features` in one row, sample r's at [r · features, (r + 1) · features):
   * made once. The per-feature keys are not kept beside it (a forest that gathers reads only these;
   * 8 MB at 100,000 × 20 rows): a feature not yet sorted is sorted with keys in a temporary array.
   */
  rowKeys(features: readonly FeatureColumn[]): Int32Array {
    const names = features.map((f) => f.name).join('\u0000');
    const n = features.length === 0 ? 0 : features[0].x.length;
    if (this.rows === null || this.rows.names !== names || this.rows.keys.length !== n * features.length) {
      const keys = this.ints(n * features.length);
      let temporary: Int32Array | null = null;
      features.forEach((feature, j) => {
        let found = this.byName.get(feature.name);
        if (found === undefined || found.order.length !== n || found.keys === null) {
          temporary ??= new Int32Array(n);
          found = { order: found?.order.length === n ? found.order : this.ints(n), keys: temporary };
          sortFeature(feature, found.order, temporary);
        }
        const { order, keys: sortedKeys } = found as FeatureOrder & { readonly keys: Int32Array };
        for (let p = 0; p < n; p++) keys[order[p] * features.length + j] = sortedKeys[p];
        this.byName.set(feature.name, { order, keys: null });
      });
      this.rows = { names, keys };
    }
    return this.rows.keys;
  }

  data(): PresortedData {
    return { orders: [...this.byName], rows: this.rows };
  }
}
