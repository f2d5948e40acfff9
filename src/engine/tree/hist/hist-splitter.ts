// Best binary split of one node from its histograms (histogram mode): per feature, the stats of
// each bin, so a numeric feature has at most 254 candidate thresholds (bin upper bounds) whatever
// the node's size. Same candidate rules as the exact CartSplitter: missing values (their own bin)
// tried on the right and on the left, "present left, missing right", min_samples_leaf on both
// sides, the criterion's proxy to rank, and the first strictly better candidate wins ties.
// Categorical: bins ordered by class-1 share (two classes) or mean (regression) — Breiman's
// optimal prefix — or by the node's majority-class share with more classes.
import { giniProxy, type SideProxy } from '../criterion';
import type { BinnedSet } from './bins';

export interface HistSplit {
  feature: number;
  kind: 'numeric' | 'categorical';
  /** Numeric: x ≤ threshold goes left. */
  threshold: number;
  /** 1 for each bin (the missing bin included) whose samples go left. */
  leftOfBin: Uint8Array;
  missingLeft: boolean;
  /** Categorical: the bins with samples in the node (the categories that get a branch). */
  presentBins: readonly number[];
  /** Whether the node had samples with the feature missing. */
  sawMissing: boolean;
}

export class HistSplitter {
  private readonly left: Float64Array;
  private readonly present: Float64Array;
  private readonly missing: Float64Array;
  private readonly sideA: Float64Array;
  private readonly sideB: Float64Array;
  private wPresent = 0;
  private wMissing = 0;
  private bestProxy = -Infinity;
  private tolerance = 0;

  /** Histogram slots hold dim stats then the sample count (stride dim + 1). */
  constructor(
    private readonly binned: BinnedSet,
    private readonly numeric: readonly boolean[],
    private readonly dim: number,
    private readonly regression: boolean,
    private readonly proxy: SideProxy,
    private readonly minSamplesLeaf: number,
  ) {
    this.left = new Float64Array(dim);
    this.present = new Float64Array(dim);
    this.missing = new Float64Array(dim);
    this.sideA = new Float64Array(dim);
    this.sideB = new Float64Array(dim);
  }

  findBest(hist: Float64Array, nodeStats: Float64Array, w: number, tolerance: number): HistSplit | null {
    this.bestProxy = -Infinity;
    this.tolerance = tolerance;
    let best: HistSplit | null = null;
    const stride = this.dim + 1;
    for (let f = 0; f < this.binned.features.length; f++) {
      const nb = this.binned.features[f].binCount;
      const base = this.binned.offsets[f] * stride;
      const m = base + nb * stride;
      for (let k = 0; k < this.dim; k++) {
        this.missing[k] = hist[m + k];
        this.present[k] = nodeStats[k] - hist[m + k];
      }
      this.wMissing = hist[m + this.dim];
      this.wPresent = w - this.wMissing;
      if (this.wPresent <= 0) continue;
      const found = this.numeric[f] ? this.scanNumeric(f, hist, base, nb) : this.scanCategorical(f, hist, base, nb, nodeStats);
      if (found) best = found;
    }
    return best;
  }

  /** As CartSplitter.consider: 0 (no improvement), 1 (best, missing right) or 2 (best, missing left). */
  private consider(wL: number): number {
    const { dim, left, present, missing, sideA, sideB, proxy, minSamplesLeaf } = this;
    const wR = this.wPresent - wL;
    const wM = this.wMissing;
    let result = 0;
    if (wL >= minSamplesLeaf && wR + wM >= minSamplesLeaf) {
      for (let k = 0; k < dim; k++) sideB[k] = present[k] - left[k] + missing[k];
      const p = proxy(left, 0, dim, wL) + proxy(sideB, 0, dim, wR + wM);
      if (p > this.bestProxy + this.tolerance) {
        this.bestProxy = p;
        result = 1;
      }
    }
    if (wM > 0 && wL + wM >= minSamplesLeaf && wR >= minSamplesLeaf) {
      for (let k = 0; k < dim; k++) {
        sideA[k] = left[k] + missing[k];
        sideB[k] = present[k] - left[k];
      }
      const p = proxy(sideA, 0, dim, wL + wM) + proxy(sideB, 0, dim, wR);
      if (p > this.bestProxy + this.tolerance) {
        this.bestProxy = p;
        result = 2;
      }
    }
    return result;
  }

  private split(f: number, kind: HistSplit['kind'], threshold: number, leftBins: readonly number[], missingLeft: boolean, nb: number, presentBins: readonly number[]): HistSplit {
    const leftOfBin = new Uint8Array(nb + 1);
    for (const b of leftBins) leftOfBin[b] = 1;
    leftOfBin[nb] = missingLeft ? 1 : 0;
    return { feature: f, kind, threshold, leftOfBin, missingLeft, presentBins, sawMissing: this.wMissing > 0 };
  }

  private scanNumeric(f: number, hist: Float64Array, base: number, nb: number): HistSplit | null {
    if (this.wMissing === 0 && (this.regression || this.proxy === giniProxy)) return this.scanNumericPresent(f, hist, base, nb);
    const { dim, left } = this;
    const stride = dim + 1;
    const upper = this.binned.features[f].upper;
    left.fill(0);
    let wL = 0;
    let bestBin = -1;
    let bestMissingLeft = false;
    for (let b = 0; b < nb; b++) {
      const s = base + b * stride;
      const c = hist[s + dim];
      if (c === 0) continue;
      for (let k = 0; k < dim; k++) left[k] += hist[s + k];
      wL += c;
      // Every present sample left: a candidate only when missing ones can go right.
      if (wL === this.wPresent && this.wMissing === 0) break;
      const r = this.consider(wL);
      if (r !== 0) {
        bestBin = b;
        bestMissingLeft = r === 2;
      }
      if (wL === this.wPresent) break;
    }
    if (bestBin < 0) return null;
    const bins = Array.from({ length: bestBin + 1 }, (_, b) => b);
    return this.split(f, 'numeric', upper[bestBin], bins, bestMissingLeft, nb, []);
  }

  /**
   * The hot path of scanNumeric when no sample of the node misses the feature, for Gini (Σc²/w per
   * side) and squared error ((Σy)²/w per side): the proxies inline, no missing-side variants.
   */
  private scanNumericPresent(f: number, hist: Float64Array, base: number, nb: number): HistSplit | null {
    const { dim, left, present, minSamplesLeaf, tolerance } = this;
    const stride = dim + 1;
    const w = this.wPresent;
    left.fill(0);
    let wL = 0;
    let bestBin = -1;
    for (let b = 0; b < nb; b++) {
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
        bestBin = b;
      }
    }
    if (bestBin < 0) return null;
    const bins = Array.from({ length: bestBin + 1 }, (_, b) => b);
    return this.split(f, 'numeric', this.binned.features[f].upper[bestBin], bins, false, nb, []);
  }

  private scanCategorical(f: number, hist: Float64Array, base: number, nb: number, nodeStats: Float64Array): HistSplit | null {
    const { dim, left } = this;
    const stride = dim + 1;
    const keySlot = this.regression ? 0 : dim === 2 ? 1 : majority(nodeStats);
    const present: number[] = [];
    const key: number[] = [];
    for (let b = 0; b < nb; b++) {
      const s = base + b * stride;
      const c = hist[s + dim];
      if (c === 0) continue;
      present.push(b);
      key.push(hist[s + keySlot] / c);
    }
    const runs = present.length;
    if (runs + (this.wMissing > 0 ? 1 : 0) < 2) return null;
    const ranked = Array.from({ length: runs }, (_, j) => j).sort((a, b) => key[a] - key[b] || a - b);
    left.fill(0);
    let wL = 0;
    let bestCount = 0;
    let bestMissingLeft = false;
    for (let j = 0; j < runs; j++) {
      const s = base + present[ranked[j]] * stride;
      for (let k = 0; k < dim; k++) left[k] += hist[s + k];
      wL += hist[s + dim];
      if (j === runs - 1 && this.wMissing === 0) break;
      const r = this.consider(wL);
      if (r !== 0) {
        bestCount = j + 1;
        bestMissingLeft = r === 2;
      }
    }
    if (bestCount === 0) return null;
    const bins = ranked.slice(0, bestCount).map((j) => present[j]);
    return this.split(f, 'categorical', NaN, bins, bestMissingLeft, nb, present);
  }
}

function majority(stats: Float64Array): number {
  let k = 0;
  for (let j = 1; j < stats.length; j++) if (stats[j] > stats[k]) k = j;
  return k;
}
