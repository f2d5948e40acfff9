// Best binary split of one node from its histograms (histogram mode): per feature, the stats of
// each bin, so a numeric feature has at most 254 candidate thresholds (bin upper bounds) whatever
// the node's size. Same candidate rules as the exact CartSplitter: missing values (their own bin)
// tried on the right and on the left (two passes), "present left, missing right" (threshold +∞),
// min_samples_leaf on both sides, the criterion's proxy to rank, and the first strictly better
// candidate wins ties.
// Categorical: bins ordered by class-1 share (two classes) or mean (regression) — Breiman's
// optimal prefix — or by the node's majority-class share with more classes; a category too rare
// in the node shares the missing values' bin and side (rare-categories.ts).
import { giniProxy, type SideProxy } from '../criterion';
import { considerMissingLeft, considerMissingRight, considerMissingSides, MissingSidesState } from '../missing-sides';
import type { SampleStats } from '../cart-splitter';
import type { FeatureDraw } from '../feature-draw';
import { poolsRareCategories } from '../rare-categories';
import type { BinnedSet } from './bins';
import type { SmallNodeOrder } from './small-node-order';

/** A numeric split's (unused) bin lists: one shared empty list, not two allocations per split. */
const NO_BINS: readonly number[] = Object.freeze([]);

/** Nodes with at most this many samples are scanned from their sorted bins, not a full histogram. */
export const SMALL_NODE = 128;

export interface HistSplit {
  feature: number;
  kind: 'numeric' | 'categorical';
  /** Numeric: x ≤ threshold goes left. */
  threshold: number;
  /** Numeric: bins 0..lastLeftBin go left. */
  lastLeftBin: number;
  /** Categorical: the bins that go left. */
  leftBins: readonly number[];
  missingLeft: boolean;
  /** Categorical: the bins with samples in the node, rare ones left out (the categories that get a branch). */
  presentBins: readonly number[];
  /** Whether the node had samples with the feature missing. */
  sawMissing: boolean;
}

export class HistSplitter extends MissingSidesState {
  /** Histogram slot size: dim stats, the weight, and with sample weights the row count after it. */
  private readonly stride: number;
  /** Offset of the row count in a slot: dim without weights (weight = count), dim + 1 with them. */
  private readonly countAt: number;
  /** Bin of each scanned slot, or null when slot j is bin j (a full histogram). */
  private binOf: Int32Array | null = null;
  /** A small node's compact histogram of one feature: its present bins in order, then missing. */
  private readonly compact: Float64Array;
  private readonly compactBin: Int32Array;
  /** A two-sample node's samples in bin order of the one feature it is searched on. */
  private readonly pair = new Int32Array(2);
  /** Random forests: the features searched per node (feature-draw.ts); null: all of them. */
  draw: FeatureDraw | null = null;
  /** With a draw: fills the drawn features' part of the node's histogram before they are read (histogram-splitter.ts). */
  prepareDrawn: ((features: Int32Array, from: number, to: number) => void) | undefined = undefined;

  /** Histogram slots hold dim stats, then the weight (the sample count without weights), then with weights the sample count. */
  constructor(
    private readonly binned: BinnedSet,
    private readonly numeric: readonly boolean[],
    dim: number,
    private readonly regression: boolean,
    proxy: SideProxy,
    minSamplesLeaf: number,
    minCategorySamples: number,
    minWeightLeaf: number,
    private readonly weighted: boolean,
  ) {
    super(dim, proxy, minSamplesLeaf, minCategorySamples, minWeightLeaf);
    this.stride = dim + (weighted ? 2 : 1);
    this.countAt = weighted ? dim + 1 : dim;
    this.compact = new Float64Array((SMALL_NODE + 1) * this.stride);
    this.compactBin = new Int32Array(SMALL_NODE);
  }

  /** Best split of a node (weight w, n samples) from its full histogram `hist`. */
  findBest(hist: Float64Array, nodeStats: Float64Array, w: number, tolerance: number, n = w): HistSplit | null {
    this.bestProxy = -Infinity;
    this.tolerance = tolerance;
    this.binOf = null;
    let best: HistSplit | null = null;
    const stride = this.stride;
    if (this.draw !== null) {
      this.draw.forEach(
        (f) => this.singleBin(hist, f),
        (f) => {
          best = this.scanFeature(f, hist, this.binned.offsets[f] * stride, this.binned.features[f].binCount, nodeStats, w, n) ?? best;
        },
        this.prepareDrawn,
      );
      return best;
    }
    for (let f = 0; f < this.binned.features.length; f++) {
      const found = this.scanFeature(f, hist, this.binned.offsets[f] * stride, this.binned.features[f].binCount, nodeStats, w, n);
      if (found) best = found;
    }
    return best;
  }

  /** Whether feature `f`'s histogram has samples (weight: rows of weight 0 are left out) in one bin only, missing values' bin included. */
  private singleBin(hist: Float64Array, f: number): boolean {
    const stride = this.stride;
    const base = this.binned.offsets[f] * stride + this.dim;
    let used = 0;
    for (let b = 0; b <= this.binned.features[f].binCount; b++) if (hist[base + b * stride] > 0 && ++used > 1) return false;
    return true;
  }

  /**
   * Best split of a small node (≤ SMALL_NODE samples idx[start, end)) without a full histogram:
   * per feature its samples in bin order (`sorted`, not needed for two samples) are scanned
   * directly, or give a compact histogram of the bins present, so the cost follows the node's
   * size, not the bin count.
   */
  findBestSmall(idx: Int32Array, sorted: SmallNodeOrder, start: number, end: number, stats: SampleStats, nodeStats: Float64Array, tolerance: number, w = end - start): HistSplit | null {
    this.bestProxy = -Infinity;
    this.tolerance = tolerance;
    const { bins } = this.binned;
    const F = this.binned.features.length;
    const n = end - start;
    // The direct scan counts rows as weights.
    const direct = !this.weighted && this.minWeightLeaf === 0 && (this.regression || this.proxy === giniProxy);
    let best: HistSplit | null = null;
    if (this.draw !== null) {
      // Two samples: ordered per drawn feature (the tie rule below assumes every feature is searched).
      const a = idx[start];
      const b = idx[start + 1];
      const ends = (f: number): [number, number] => (n === 2 ? [a, b] : [sorted.order[sorted.offset(f) + start], sorted.order[sorted.offset(f) + end - 1]]);
      this.draw.forEach(
        (f) => {
          const [i, j] = ends(f);
          return bins[i * F + f] === bins[j * F + f];
        },
        (f) => {
          let src = sorted.order;
          let from = sorted.offset(f) + start;
          if (n === 2) {
            const aFirst = bins[a * F + f] < bins[b * F + f];
            this.pair[0] = aFirst ? a : b;
            this.pair[1] = aFirst ? b : a;
            src = this.pair;
            from = 0;
          }
          best = this.scanSmall(f, src, from, from + n, stats, nodeStats, direct, w) ?? best;
        },
      );
      return best;
    }
    let first = 0;
    let last = F;
    let src = sorted.order;
    if (n === 2) {
      // Two samples (of different targets, or the node would be a leaf): every feature that tells
      // them apart gives the same, best possible split, so the first such feature wins the tie.
      const a = idx[start];
      const b = idx[start + 1];
      while (first < F && bins[a * F + first] === bins[b * F + first]) first++;
      last = Math.min(F, first + 1);
      const aFirst = first === F || bins[a * F + first] < bins[b * F + first];
      this.pair[0] = aFirst ? a : b;
      this.pair[1] = aFirst ? b : a;
      src = this.pair;
    }
    for (let f = first; f < last; f++) {
      const from = n === 2 ? 0 : sorted.offset(f) + start;
      const found = this.scanSmall(f, src, from, from + n, stats, nodeStats, direct, w);
      if (found) best = found;
    }
    return best;
  }

  /** One feature of a small node, its samples src[from, to) in bin order. `direct`: Gini or regression. */
  private scanSmall(f: number, src: Int32Array, from: number, to: number, stats: SampleStats, nodeStats: Float64Array, direct: boolean, w: number): HistSplit | null {
    const F = this.binned.features.length;
    const n = to - from;
    const missing = this.binned.bins[src[to - 1] * F + f] === this.binned.features[f].binCount;
    return direct && this.numeric[f] && !missing ? this.scanSortedPresent(f, src, from, to, stats, nodeStats, n) : this.scanSorted(f, src, from, to, stats, nodeStats, n, w);
  }

  /** Any feature of a small node: its samples src[from, to), in bin order, summed into a compact histogram and scanned. */
  private scanSorted(f: number, src: Int32Array, from: number, to: number, stats: SampleStats, nodeStats: Float64Array, n: number, w: number): HistSplit | null {
    const { dim, compact, compactBin, stride, countAt } = this;
    const { bins } = this.binned;
    const F = this.binned.features.length;
    const nb = this.binned.features[f].binCount;
    const { slot, amount, weight } = stats;
    this.binOf = compactBin;
    // Slots 0..count−1: present bins ascending; slot count: the missing bin (zero when none).
    let count = 0;
    let prev = -1;
    compact.fill(0, 0, (n + 1) * stride);
    for (let p = from; p < to; p++) {
      const i = src[p];
      const b = bins[i * F + f];
      if (b !== prev) {
        if (b !== nb) compactBin[count++] = b;
        prev = b;
      }
      const s = (b === nb ? count : count - 1) * stride;
      compact[s + slot[i]] += amount === null ? 1 : amount[i];
      compact[s + dim] += weight === null ? 1 : weight[i];
      // With weights the row count has a slot of its own (as in a full histogram).
      if (countAt !== dim) compact[s + countAt] += 1;
    }
    return this.scanFeature(f, compact, 0, count, nodeStats, w, n);
  }

  /**
   * scanNumericPresent over a small node's sorted samples, without the compact histogram: the
   * same sums in the same order (a bin's values added up, then added to the left side), so the
   * same proxies and split.
   */
  private scanSortedPresent(f: number, src: Int32Array, from: number, to: number, stats: SampleStats, nodeStats: Float64Array, w: number): HistSplit | null {
    const { dim, left, minSamplesLeaf, tolerance } = this;
    const { bins } = this.binned;
    const F = this.binned.features.length;
    const { slot, amount } = stats;
    left.fill(0);
    this.wMissing = 0;
    this.nMissing = 0;
    let wL = 0;
    let run = 0;
    let runSum = 0;
    let bin = bins[src[from] * F + f];
    let bestBin = -1;
    for (let p = from; p < to; p++) {
      const i = src[p];
      const b = bins[i * F + f];
      if (b !== bin) {
        // Bins up to `bin` go left: a candidate.
        wL += run;
        if (amount !== null) left[0] += runSum;
        const wR = w - wL;
        if (wL >= minSamplesLeaf && wR >= minSamplesLeaf) {
          let sqL = 0;
          let sqR = 0;
          for (let k = 0; k < dim; k++) {
            const l = left[k];
            const r = nodeStats[k] - l;
            sqL += l * l;
            sqR += r * r;
          }
          const q = sqL / wL + sqR / wR;
          if (q > this.bestProxy + tolerance) {
            this.bestProxy = q;
            bestBin = bin;
          }
        }
        bin = b;
        run = 0;
        runSum = 0;
      }
      run++;
      // Class counts are exact in any order; only a regression sum is kept per bin.
      if (amount === null) left[slot[i]] += 1;
      else runSum += amount[i];
    }
    return bestBin < 0 ? null : this.numericSplit(f, bestBin, false);
  }

  /** Scans one feature whose `count` value slots start at `base`, its missing slot right after. */
  private scanFeature(f: number, hist: Float64Array, base: number, count: number, nodeStats: Float64Array, w: number, n: number): HistSplit | null {
    const m = base + count * this.stride;
    for (let k = 0; k < this.dim; k++) {
      this.missing[k] = hist[m + k];
      this.present[k] = nodeStats[k] - hist[m + k];
    }
    this.wMissing = hist[m + this.dim];
    this.wPresent = w - this.wMissing;
    this.nMissing = hist[m + this.countAt];
    this.nPresent = n - this.nMissing;
    if (this.nPresent <= 0) return null;
    return this.numeric[f] ? this.scanNumeric(f, hist, base, count) : this.scanCategorical(f, hist, base, count, nodeStats);
  }

  private consider(wL: number, nL: number): number {
    return considerMissingSides(this, this.left, wL, nL);
  }

  /**
   * Bins 0..lastLeft go left: x ≤ the upper bound of bin lastLeft. lastLeft −1: every present
   * value left, missing right, at threshold +∞ (scikit-learn ≥ 1.3).
   */
  private numericSplit(f: number, lastLeft: number, missingLeft: boolean): HistSplit {
    const bins = this.binned.features[f];
    const threshold = lastLeft < 0 ? Infinity : bins.upper[lastLeft];
    if (lastLeft < 0) lastLeft = bins.binCount - 1;
    return { feature: f, kind: 'numeric', threshold, lastLeftBin: lastLeft, leftBins: NO_BINS, missingLeft, presentBins: NO_BINS, sawMissing: this.nMissing > 0 };
  }

  private scanNumeric(f: number, hist: Float64Array, base: number, slots: number): HistSplit | null {
    const plain = !this.weighted && this.minWeightLeaf === 0;
    if (plain && this.nMissing === 0 && (this.regression || this.proxy === giniProxy)) return this.scanNumericPresent(f, hist, base, slots);
    const { dim, left, stride, countAt } = this;
    let bestBin = -1;
    let bestMissingLeft = false;
    let bestAllPresent = false;
    // Two passes as scikit-learn's: every threshold with missing values right, then with them left.
    for (let pass = 0; pass < (this.nMissing > 0 ? 2 : 1); pass++) {
      const missingLeft = pass === 1;
      left.fill(0);
      let wL = 0;
      let nL = 0;
      for (let b = 0; b < slots; b++) {
        const s = base + b * stride;
        const c = hist[s + countAt];
        if (c === 0) continue;
        for (let k = 0; k < dim; k++) left[k] += hist[s + k];
        wL += hist[s + dim];
        nL += c;
        const allPresent = nL === this.nPresent;
        // Every present sample left: a candidate only when missing ones can go right.
        if (allPresent && (missingLeft || this.nMissing === 0)) break;
        if (missingLeft ? considerMissingLeft(this, left, wL, nL) : considerMissingRight(this, left, wL, nL)) {
          bestBin = this.binOf === null ? b : this.binOf[b];
          bestMissingLeft = missingLeft;
          bestAllPresent = allPresent;
        }
        if (allPresent) break;
      }
    }
    return bestBin < 0 ? null : this.numericSplit(f, bestAllPresent ? -1 : bestBin, bestMissingLeft);
  }

  /**
   * The hot path of scanNumeric when no sample of the node misses the feature, for Gini (Σc²/w per
   * side) and squared error ((Σy)²/w per side): the proxies inline, no missing-side variants.
   */
  private scanNumericPresent(f: number, hist: Float64Array, base: number, slots: number): HistSplit | null {
    const { dim, left, present, minSamplesLeaf, tolerance } = this;
    const stride = dim + 1;
    const w = this.wPresent;
    left.fill(0);
    let wL = 0;
    let bestBin = -1;
    for (let b = 0; b < slots; b++) {
      const s = base + b * stride;
      const c = hist[s + dim];
      if (c === 0) continue;
      wL += c;
      if (wL === w) break;
      let sqL = 0;
      let sqR = 0;
      for (let k = 0; k < dim; k++) {
        const l = (left[k] += hist[s + k]);
        const r = present[k] - l;
        sqL += l * l;
        sqR += r * r;
      }
      const wR = w - wL;
      if (wL < minSamplesLeaf || wR < minSamplesLeaf) continue;
      const p = sqL / wL + sqR / wR;
      if (p > this.bestProxy + tolerance) {
        this.bestProxy = p;
        bestBin = this.binOf === null ? b : this.binOf[b];
      }
    }
    return bestBin < 0 ? null : this.numericSplit(f, bestBin, false);
  }

  private scanCategorical(f: number, hist: Float64Array, base: number, slots: number, nodeStats: Float64Array): HistSplit | null {
    const { dim, left, stride, countAt } = this;
    const keySlot = this.regression ? 0 : dim === 2 ? 1 : majority(nodeStats);
    const present: number[] = [];
    const slotAt: number[] = [];
    const key: number[] = [];
    let levels = 0;
    for (let b = 0; b < slots; b++) if (hist[base + b * stride + countAt] > 0) levels++;
    const pools = poolsRareCategories(levels, this.minCategorySamples);
    for (let b = 0; b < slots; b++) {
      const s = base + b * stride;
      const c = hist[s + countAt];
      if (c === 0) continue;
      if (pools && c < this.minCategorySamples) {
        for (let k = 0; k < dim; k++) {
          this.missing[k] += hist[s + k];
          this.present[k] -= hist[s + k];
        }
        this.wMissing += hist[s + dim];
        this.wPresent -= hist[s + dim];
        this.nMissing += c;
        this.nPresent -= c;
        continue;
      }
      present.push(this.binOf === null ? b : this.binOf[b]);
      slotAt.push(s);
      key.push(hist[s + keySlot] / hist[s + dim]);
    }
    const runs = present.length;
    if (runs + (this.nMissing > 0 ? 1 : 0) < 2) return null;
    const ranked = Array.from({ length: runs }, (_, j) => j).sort((a, b) => key[a] - key[b] || a - b);
    left.fill(0);
    let wL = 0;
    let nL = 0;
    let bestCount = 0;
    let bestMissingLeft = false;
    for (let j = 0; j < runs; j++) {
      const s = slotAt[ranked[j]];
      for (let k = 0; k < dim; k++) left[k] += hist[s + k];
      wL += hist[s + dim];
      nL += hist[s + countAt];
      if (j === runs - 1 && this.nMissing === 0) break;
      const r = this.consider(wL, nL);
      if (r !== 0) {
        bestCount = j + 1;
        bestMissingLeft = r === 2;
      }
    }
    if (bestCount === 0) return null;
    const bins = ranked.slice(0, bestCount).map((j) => present[j]);
    return { feature: f, kind: 'categorical', threshold: NaN, lastLeftBin: -1, leftBins: bins, missingLeft: bestMissingLeft, presentBins: present, sawMissing: this.nMissing > 0 };
  }
}

/**
 * Writes into `left` 1 for each bin of the split feature (its missing bin, number binCount,
 * included) whose samples go left, 0 for the others; returns it. A categorical split's bins
 * without a branch (rare in the node) go where the missing bin goes.
 */
export function leftOfBins(split: HistSplit, binCount: number, left: Uint8Array): Uint8Array {
  const missing = split.missingLeft ? 1 : 0;
  if (split.kind === 'numeric') {
    left.fill(0, 0, binCount);
    left.fill(1, 0, split.lastLeftBin + 1);
  } else {
    left.fill(missing, 0, binCount);
    for (const b of split.presentBins) left[b] = 0;
    for (const b of split.leftBins) left[b] = 1;
  }
  left[binCount] = missing;
  return left;
}

function majority(stats: Float64Array): number {
  let k = 0;
  for (let j = 1; j < stats.length; j++) if (stats[j] > stats[k]) k = j;
  return k;
}
