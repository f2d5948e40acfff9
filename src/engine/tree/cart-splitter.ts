// Best binary split of one node over every feature (scikit-learn's BestSplitter), on samples the
// SortedSamples keep in feature order. Numeric: `x ≤ t` at midpoints between consecutive distinct
// values. Categorical/boolean: a subset of the categories present goes left — the optimal subset
// by Breiman's ordering for two classes and regression, an exhaustive search for more classes up
// to MAX_EXACT_LEVELS levels, beyond that the ordering by the node's majority-class share.
// Missing values: each candidate is tried with them on the right and on the left (scikit-learn
// ≥ 1.3), plus "present values left, missing right" (threshold +∞). Ties: the first strictly
// better candidate wins — features in file order; numeric: thresholds ascending with missing values
// right, then ascending with them left (scikit-learn's two passes); subsets in Gray-code order,
// each missing-right before missing-left. Categories too rare in the node join the missing values
// (rare-categories.ts).
import { isOrderedType } from '../dataset';
import type { FeatureDraw } from './feature-draw';
import { entropyProxy, giniProxy, squaredErrorProxy, type SideProxy } from './criterion';
import { considerMissingLeft, considerMissingRight, considerMissingSides, MissingSidesState } from './missing-sides';
import { poolsRareCategories } from './rare-categories';
import { MISSING_KEY, type SortedSamples } from './sorted-samples';
import type { FeatureColumn, TrainingSet } from './training-set';

/** Exhaustive subset search up to this many categories present in the node (2^(L−1) − 1 subsets). */
export const MAX_EXACT_LEVELS = 10;

export interface CartSplit {
  feature: number;
  kind: 'numeric' | 'categorical';
  threshold: number;
  /** Numeric: the largest sorted-samples key (value rank) that goes left. */
  leftKey: number;
  /** Categorical: the category codes that go left. */
  leftCodes: readonly number[];
  /** Categorical: the codes too rare in the node, sent with the missing values (and not listed in the model). */
  rareCodes: readonly number[];
  missingLeft: boolean;
  /** Whether the node held missing values of the feature (else the caller picks the side). */
  sawMissing: boolean;
}

/** Per-sample contribution to the stats vectors: a class (its weight) or a (weighted) target value at slot 0. */
export interface SampleStats {
  readonly dim: number;
  readonly regression: boolean;
  /** Stats slot of each sample (its class code; 0 for regression). */
  readonly slot: Int32Array;
  /** Amount added at the slot (the sample's weight; for regression its weight × target); null means 1. */
  readonly amount: Float64Array | null;
  /** Each sample's weight; null: all 1 (then weights are row counts, and the hot paths apply). */
  readonly weight: Float64Array | null;
}

/** A numeric split's category lists: one shared empty array, not two new ones per scan (a regression tree has ~10^5 nodes). */
const NO_CODES: readonly number[] = Object.freeze([]);

/** Relative margin by which a later candidate must beat the best one (see CartSplitter.findBest). */
const TIE_TOLERANCE = 1e-12;

/** What each training sample adds to a splitter's stats: its class, or its target value, times its weight. */
export function sampleStatsOf(set: TrainingSet): SampleStats {
  const weight = set.weight;
  if (set.task === 'classification') return { dim: set.classes.length, regression: false, slot: set.yClass, amount: weight, weight };
  const amount = weight === null ? set.yValue : Float64Array.from(set.yValue, (y, i) => weight[i] * y);
  return { dim: 1, regression: true, slot: new Int32Array(set.n), amount, weight };
}

/** The tie margin of a node of weight `w`, scaled to the size of its proxy values (both split searches). */
export function tieTolerance(set: TrainingSet, w: number, impurity: number): number {
  return TIE_TOLERANCE * (set.task === 'classification' ? w * (1 + Math.log(Math.max(w, 1))) : w * impurity);
}

/** Sees one numeric candidate: its threshold and the stats (weight `wLeft`) of the present samples ≤ it. */
export type CandidateObserver = (threshold: number, left: Float64Array, wLeft: number) => void;

/** Largest total weight whose squared sums (Gini's Σc²) stay exact doubles (2^53). */
const MAX_EXACT_TOTAL = 2 ** 26;

/** Whether every weight is an integer and their squared total is still exact. */
function exactIntegerWeights(weight: Float64Array): boolean {
  let total = 0;
  for (let i = 0; i < weight.length; i++) {
    if (!Number.isInteger(weight[i])) return false;
    total += weight[i];
  }
  return total <= MAX_EXACT_TOTAL;
}

/**
 * The hot paths' candidate rule: in a node's sorted positions [s, e), position `p` ends the left
 * side of a candidate when the next key differs (a threshold falls between two distinct values)
 * and both sides keep minSamplesLeaf rows. Small, so V8 inlines it into each loop.
 */
function endsCandidate(keys: Int32Array, p: number, s: number, e: number, minSamplesLeaf: number): boolean {
  return keys[p + 1] !== keys[p] && p + 1 - s >= minSamplesLeaf && e - p - 1 >= minSamplesLeaf;
}

/** Midpoint of two consecutive distinct values, `lo` when it rounds up to `hi` (as scikit-learn). */
export function midpoint(lo: number, hi: number): number {
  let t = (lo + hi) / 2;
  if (!Number.isFinite(t)) t = lo / 2 + hi / 2;
  return t === hi ? lo : t;
}

export class CartSplitter extends MissingSidesState {
  private observer: CandidateObserver | null = null;
  /** Random forests: the features searched per node (feature-draw.ts); null: all of them. */
  draw: FeatureDraw | null = null;
  /**
   * No weights, or integer ones (a bootstrap's draw counts): every sum is then an exact integer, so
   * the hot paths' running sums give the general path's numbers bit for bit.
   */
  private readonly countWeights: boolean;
  /** The node a feature draw searches, and the draw's two callbacks on it, made once (not two closures per node). */
  private readonly drawNode = { start: 0, end: 0, stats: new Float64Array(0) as Float64Array, weight: 0, best: null as CartSplit | null };
  private readonly drawIsConstant = (f: number): boolean => this.samples.isConstant(f, this.drawNode.start, this.drawNode.end);
  private readonly drawScan = (f: number): void => {
    const node = this.drawNode;
    node.best = this.scanFeature(f, node.start, node.end, node.stats, node.weight) ?? node.best;
  };
  /** c·ln c for every integer count c up to the total weight (entropy hot path), built on first use. */
  private xlogx: Float64Array | null = null;

  constructor(
    private readonly features: readonly FeatureColumn[],
    private readonly samples: SortedSamples,
    private readonly stats: SampleStats,
    proxy: SideProxy,
    minSamplesLeaf: number,
    minCategorySamples: number,
    minWeightLeaf = 0,
    /**
     * When `features` are a sample's (TrainingSet.sampledFrom), values are read from the columns
     * it was drawn from, so a forest member never copies its columns (sample-weights.ts
     * sampleColumn: 10 MB a tree at 100,000 × 20 rows) for the two values a split reads.
     */
    private readonly sampledFrom?: TrainingSet['sampledFrom'],
  ) {
    super(stats.dim, proxy, minSamplesLeaf, minCategorySamples, minWeightLeaf);
    this.countWeights = stats.weight === null || exactIntegerWeights(stats.weight);
  }

  /**
   * Best split of the node [start, end) with stats `nodeStats`, or null when no valid split exists.
   * `tolerance`: how much better (in proxy units) a later candidate must be to replace the best,
   * so that ties that differ only by rounding still go to the first candidate.
   */
  findBest(start: number, end: number, nodeStats: Float64Array, tolerance: number, nodeWeight = end - start): CartSplit | null {
    this.bestProxy = -Infinity;
    this.tolerance = tolerance;
    let best: CartSplit | null = null;
    if (this.draw !== null) {
      const node = this.drawNode;
      node.start = start;
      node.end = end;
      node.stats = nodeStats;
      node.weight = nodeWeight;
      node.best = null;
      this.draw.forEach(this.drawIsConstant, this.drawScan);
      return node.best;
    }
    for (let f = 0; f < this.features.length; f++) {
      const found = this.scanFeature(f, start, end, nodeStats, nodeWeight);
      if (found) best = found;
    }
    return best;
  }

  /**
   * Best split of the node on feature `f` alone (each column's own best split, for split scores).
   * `observer` sees every numeric candidate threshold with the stats of the present samples on
   * its left, so a caller can chart the score along the thresholds this search tries.
   */
  findBestOn(f: number, start: number, end: number, nodeStats: Float64Array, tolerance: number, observer: CandidateObserver | null = null, nodeWeight = end - start): CartSplit | null {
    this.bestProxy = -Infinity;
    this.tolerance = tolerance;
    this.observer = observer;
    try {
      return this.scanFeature(f, start, end, nodeStats, nodeWeight);
    } finally {
      this.observer = null;
    }
  }

  private scanFeature(f: number, start: number, end: number, nodeStats: Float64Array, nodeWeight: number): CartSplit | null {
    const pe = this.samples.presentEnd(f, start, end);
    if (pe === start) return null;
    this.prepareMissing(f, pe, end, nodeStats);
    this.nPresent = pe - start;
    this.nMissing = end - pe;
    this.wMissing = this.stats.weight === null ? this.nMissing : this.rangeWeight(f * this.samples.n + pe, f * this.samples.n + end);
    this.wPresent = this.stats.weight === null ? this.nPresent : nodeWeight - this.wMissing;
    return isOrderedType(this.features[f].type) ? this.scanNumeric(f, start, pe) : this.scanCategorical(f, start, pe, nodeStats);
  }

  private prepareMissing(f: number, pe: number, end: number, nodeStats: Float64Array): void {
    const { missing, present, dim } = this;
    const { amount } = this.stats;
    const { order, slots } = this.samples;
    const base = f * this.samples.n;
    missing.fill(0);
    for (let p = base + pe; p < base + end; p++) missing[slots[p]] += amount === null ? 1 : amount[order[p]];
    for (let k = 0; k < dim; k++) present[k] = nodeStats[k] - missing[k];
  }

  private consider(left: Float64Array, wL: number, nL: number): number {
    return considerMissingSides(this, left, wL, nL);
  }

  /** Total weight of sorted positions [from, to) (their count without weights). */
  private rangeWeight(from: number, to: number): number {
    const weight = this.stats.weight;
    if (weight === null) return to - from;
    const order = this.samples.order;
    let w = 0;
    for (let p = from; p < to; p++) w += weight[order[p]];
    return w;
  }

  private scanNumeric(f: number, start: number, pe: number): CartSplit | null {
    const base = f * this.samples.n;
    const { order, keys, slots } = this.samples;
    const amount = this.stats.amount;
    const s = base + start;
    const e = base + pe;
    if (this.nMissing === 0 && keys[s] === keys[e - 1]) return null;
    // The hot paths report no candidates (an observer takes the general loop), and count rows as weights.
    const weight = this.stats.weight;
    const fast = this.nMissing === 0 && this.observer === null && this.countWeights && this.minWeightLeaf === 0;
    if (fast && !this.stats.regression && this.proxy === giniProxy) return this.scanNumericGini(f, s, e);
    if (fast && !this.stats.regression && this.proxy === entropyProxy) return this.scanNumericEntropy(f, s, e);
    if (fast && amount !== null && this.proxy === squaredErrorProxy) return this.scanNumericSquaredError(f, s, e, amount);
    const left = this.left;
    // The best candidate of this scan as plain numbers; one CartSplit is made at the end.
    let bestAt = -1;
    let bestMissingLeft = false;
    // Two passes as scikit-learn's: every threshold with missing values right, then with them left.
    for (let pass = 0; pass < (this.nMissing > 0 ? 2 : 1); pass++) {
      const missingLeft = pass === 1;
      left.fill(0);
      let weightL = 0;
      for (let p = s; p < e; p++) {
        left[slots[p]] += amount === null ? 1 : amount[order[p]];
        if (weight !== null) weightL += weight[order[p]];
        const next = p + 1;
        // The last present position is the candidate "every present value left, missing right".
        if (next < e ? keys[next] === keys[p] : missingLeft || this.nMissing === 0) continue;
        const nL = next - s;
        const wL = weight === null ? nL : weightL;
        if (missingLeft ? considerMissingLeft(this, left, wL, nL) : considerMissingRight(this, left, wL, nL)) {
          bestAt = p;
          bestMissingLeft = missingLeft;
        }
        if (!missingLeft && next < e && this.observer !== null) this.observer(midpoint(this.featureValue(f, order[p]), this.featureValue(f, order[next])), left, wL);
      }
    }
    return bestAt < 0 ? null : this.numericSplit(f, bestAt, e, bestMissingLeft);
  }

  /**
   * The hot path of scanNumeric for Gini without missing values: Σ count² of each side updated in
   * O(1) per sample (exact integer arithmetic, weights being counts), so each candidate costs two
   * divisions.
   */
  private scanNumericGini(f: number, s: number, e: number): CartSplit | null {
    const { order, keys, slots } = this.samples;
    const weight = this.stats.weight;
    const { left, sideB: right, present, minSamplesLeaf, tolerance } = this;
    left.fill(0);
    right.set(present);
    let sqL = 0;
    let sqR = 0;
    for (let k = 0; k < present.length; k++) sqR += present[k] * present[k];
    const w = this.wPresent;
    let wL = 0;
    // The best candidate of this scan; one CartSplit is made at the end.
    let bestAt = -1;
    for (let p = s; p < e - 1; p++) {
      const k = slots[p];
      const c = weight === null ? 1 : weight[order[p]];
      sqL += c * (2 * left[k] + c);
      left[k] += c;
      sqR -= c * (2 * right[k] - c);
      right[k] -= c;
      wL += c;
      if (!endsCandidate(keys, p, s, e, minSamplesLeaf)) continue;
      const proxy = sqL / wL + sqR / (w - wL);
      if (proxy > this.bestProxy + tolerance) {
        this.bestProxy = proxy;
        bestAt = p;
      }
    }
    return bestAt < 0 ? null : this.numericSplit(f, bestAt, e, false);
  }

  /**
   * The hot path of scanNumeric for entropy without missing values: counts move in O(1) and each
   * candidate reads c·ln c from a table instead of taking 2K + 2 logarithms. The sums run in the
   * same order as entropyProxy, so the values (and thus ties) are bit-identical to the general path.
   */
  private scanNumericEntropy(f: number, s: number, e: number): CartSplit | null {
    const { order, keys, slots } = this.samples;
    const weight = this.stats.weight;
    const { left, sideB: right, present, minSamplesLeaf, tolerance, dim } = this;
    const w = this.wPresent;
    // Indexed by weighted counts: up to the node's weight (the sample count without weights).
    if (this.xlogx === null || this.xlogx.length <= w) {
      const size = Math.max(this.samples.n, w) + 1;
      const table = new Float64Array(size);
      for (let c = 1; c < size; c++) table[c] = c * Math.log(c);
      this.xlogx = table;
    }
    const t = this.xlogx;
    left.fill(0);
    right.set(present);
    let wL = 0;
    // The best candidate of this scan; one CartSplit is made at the end.
    let bestAt = -1;
    for (let p = s; p < e - 1; p++) {
      const k = slots[p];
      const c = weight === null ? 1 : weight[order[p]];
      left[k] += c;
      right[k] -= c;
      wL += c;
      if (!endsCandidate(keys, p, s, e, minSamplesLeaf)) continue;
      let accL = 0;
      let accR = 0;
      for (let j = 0; j < dim; j++) {
        accL += t[left[j]];
        accR += t[right[j]];
      }
      const proxy = accL - t[wL] + (accR - t[w - wL]);
      if (proxy > this.bestProxy + tolerance) {
        this.bestProxy = proxy;
        bestAt = p;
      }
    }
    return bestAt < 0 ? null : this.numericSplit(f, bestAt, e, false);
  }

  /** The hot path of scanNumeric for squared error without missing values (`y`: each sample's weight × target). */
  private scanNumericSquaredError(f: number, s: number, e: number, y: Float64Array): CartSplit | null {
    const { order, keys } = this.samples;
    const weight = this.stats.weight;
    const { minSamplesLeaf, tolerance } = this;
    const total = this.present[0];
    const w = this.wPresent;
    let sumL = 0;
    let wL = 0;
    // The best candidate of this scan; one CartSplit is made at the end.
    let bestAt = -1;
    for (let p = s; p < e - 1; p++) {
      sumL += y[order[p]];
      wL += weight === null ? 1 : weight[order[p]];
      if (!endsCandidate(keys, p, s, e, minSamplesLeaf)) continue;
      const sumR = total - sumL;
      const proxy = (sumL * sumL) / wL + (sumR * sumR) / (w - wL);
      if (proxy > this.bestProxy + tolerance) {
        this.bestProxy = proxy;
        bestAt = p;
      }
    }
    return bestAt < 0 ? null : this.numericSplit(f, bestAt, e, false);
  }

  /**
   * The split between sorted positions `at` and `at + 1` of feature `f`: at the midpoint of their
   * values, or, when `at` is the last present position `e − 1` (missing values alone go right), at
   * +∞ as scikit-learn ≥ 1.3 (every present value, however large, goes left). Only here are values
   * read, from the column: two reads per scan.
   */
  private numericSplit(f: number, at: number, e: number, missingLeft: boolean): CartSplit {
    const { order, keys } = this.samples;
    const threshold = at + 1 < e ? midpoint(this.featureValue(f, order[at]), this.featureValue(f, order[at + 1])) : Infinity;
    return { feature: f, kind: 'numeric', threshold, leftKey: keys[at], leftCodes: NO_CODES, rareCodes: NO_CODES, missingLeft, sawMissing: this.nMissing > 0 };
  }

  /** Feature `f`'s value of sample `i`. */
  private featureValue(f: number, i: number): number {
    const source = this.sampledFrom;
    return source === undefined ? this.features[f].x[i] : source.features[f].x[source.keep[i]];
  }

  /** Adds the stats of positions [from, to) of the sorted samples to `into`. */
  private addRange(into: Float64Array, from: number, to: number): void {
    const { order, slots } = this.samples;
    const amount = this.stats.amount;
    for (let p = from; p < to; p++) into[slots[p]] += amount === null ? 1 : amount[order[p]];
  }

  /**
   * Categorical scan. Samples of a node are sorted by code, so each category present is one run
   * of positions [runStart, runEnd); nothing here is sized by the number of levels of the column
   * (an identifier-like column costs in proportion to the node, not to its dictionary).
   */
  private scanCategorical(f: number, start: number, pe: number, nodeStats: Float64Array): CartSplit | null {
    const { dim, left } = this;
    const base = f * this.samples.n;
    const { order, keys, slots } = this.samples;
    const { amount, regression } = this.stats;
    // The runs live in the splitter's scratch, not in arrays and closures per scan: a regression
    // tree scans its categorical features at ~10^5 nodes (BENCHMARKS.md "Forests on real-looking files").
    const scratch = this.runScratch(pe - start);
    const { runStart, runEnd, codes } = scratch;
    let runs = 0;
    // A categorical feature's key is its category code.
    for (let p = base + start; p < base + pe; p++) {
      if (p === base + start || keys[p] !== keys[p - 1]) {
        if (p > base + start) runEnd[runs - 1] = p;
        runStart[runs] = p;
        codes[runs++] = keys[p];
      }
    }
    runEnd[runs - 1] = base + pe;
    let rareCodes: readonly number[] = NO_CODES;
    if (poolsRareCategories(runs, this.minCategorySamples)) {
      // Rare runs move to the missing side; the others keep their order.
      const rare: number[] = [];
      let kept = 0;
      for (let r = 0; r < runs; r++) {
        const count = runEnd[r] - runStart[r];
        if (count >= this.minCategorySamples) {
          runStart[kept] = runStart[r];
          runEnd[kept] = runEnd[r];
          codes[kept++] = codes[r];
          continue;
        }
        rare.push(codes[r]);
        this.addRange(this.missing, runStart[r], runEnd[r]);
        const w = this.rangeWeight(runStart[r], runEnd[r]);
        this.wPresent -= w;
        this.wMissing += w;
        this.nPresent -= count;
        this.nMissing += count;
      }
      runs = kept;
      if (rare.length > 0) rareCodes = rare;
      for (let k = 0; k < dim; k++) this.present[k] = nodeStats[k] - this.missing[k];
    }
    const withMissing = this.nMissing > 0;
    if (runs + (withMissing ? 1 : 0) < 2) return null;
    // The best candidate so far: a Gray-code mask or a prefix length of `ranked` (−1: none); its
    // codes are listed only once the scan is over.
    let bestAt = -1;
    let bestMissingLeft = false;
    let exhaustive = false;
    const regressionOrBinary = regression || dim === 2;
    if (!regressionOrBinary && runs <= MAX_EXACT_LEVELS) {
      exhaustive = true;
      // Every bipartition once (the last category present stays on the right), in Gray-code
      // order: each subset differs from the previous one by one category, so the left stats move
      // by one vector instead of being summed afresh. Counts are integers: no drift.
      const table = new Float64Array(runs * dim);
      for (let r = 0; r < runs; r++) this.addRange(table.subarray(r * dim, (r + 1) * dim), runStart[r], runEnd[r]);
      const last = runs - 1;
      left.fill(0);
      let wL = 0;
      let nL = 0;
      let previous = 0;
      for (let i = 1; i < 1 << last; i++) {
        const mask = i ^ (i >> 1);
        const r = 31 - Math.clz32(mask ^ previous);
        const sign = mask & (1 << r) ? 1 : -1;
        for (let k = 0; k < dim; k++) left[k] += sign * table[r * dim + k];
        wL += sign * this.rangeWeight(runStart[r], runEnd[r]);
        nL += sign * (runEnd[r] - runStart[r]);
        previous = mask;
        const side = this.consider(left, wL, nL);
        if (side !== 0) {
          bestAt = mask;
          bestMissingLeft = side === 2;
        }
      }
      if (withMissing) {
        left.set(this.present);
        const side = this.consider(left, this.wPresent, this.nPresent);
        if (side !== 0) {
          bestAt = (1 << runs) - 1;
          bestMissingLeft = side === 2;
        }
      }
    } else {
      // Breiman: order by class-1 share (two classes) or mean (regression); the optimal subset is
      // a prefix. More classes: order by the share of the node's majority class (heuristic).
      const keySlot = regression ? 0 : dim === 2 ? 1 : majority(nodeStats);
      const { key, ranked } = scratch;
      for (let r = 0; r < runs; r++) {
        let acc = 0;
        for (let p = runStart[r]; p < runEnd[r]; p++) {
          if (slots[p] === keySlot) acc += amount === null ? 1 : amount[order[p]];
        }
        key[r] = acc / this.rangeWeight(runStart[r], runEnd[r]);
        ranked[r] = r;
      }
      rankRuns(ranked, key, runs);
      left.fill(0);
      let wL = 0;
      let nL = 0;
      for (let j = 0; j < runs; j++) {
        const r = ranked[j];
        this.addRange(left, runStart[r], runEnd[r]);
        wL += this.rangeWeight(runStart[r], runEnd[r]);
        nL += runEnd[r] - runStart[r];
        if (j === runs - 1 && !withMissing) break;
        const side = this.consider(left, wL, nL);
        if (side !== 0) {
          bestAt = j;
          bestMissingLeft = side === 2;
        }
      }
    }
    if (bestAt < 0) return null;
    const leftCodes: number[] = [];
    if (exhaustive) {
      // Every present category when the candidate was "all present values on one side".
      for (let q = 0; q < runs; q++) if (q < runs - 1 ? (bestAt & (1 << q)) !== 0 : bestAt >= 1 << (runs - 1)) leftCodes.push(codes[q]);
    } else {
      for (let j = 0; j <= bestAt; j++) leftCodes.push(codes[scratch.ranked[j]]);
    }
    return { feature: f, kind: 'categorical', threshold: NaN, leftKey: MISSING_KEY, leftCodes, rareCodes, missingLeft: bestMissingLeft, sawMissing: withMissing };
  }

  private runs: { runStart: Int32Array; runEnd: Int32Array; codes: Int32Array; key: Float64Array; ranked: Int32Array } | null = null;

  /** Run buffers for at most `size` runs, grown (doubled) as nodes need. */
  private runScratch(size: number): NonNullable<CartSplitter['runs']> {
    if (this.runs === null || this.runs.codes.length < size) {
      const n = Math.max(size, 2 * (this.runs?.codes.length ?? 16));
      this.runs = { runStart: new Int32Array(n), runEnd: new Int32Array(n), codes: new Int32Array(n), key: new Float64Array(n), ranked: new Int32Array(n) };
    }
    return this.runs;
  }
}

/** `ranked[0..n)` ordered by `key`, ties by run index (as a stable sort of 0..n−1): insertion sort for the usual few runs. */
function rankRuns(ranked: Int32Array, key: Float64Array, n: number): void {
  if (n > 32) {
    const sorted = Array.from(ranked.subarray(0, n)).sort((a, b) => key[a] - key[b] || a - b);
    ranked.set(sorted);
    return;
  }
  for (let i = 1; i < n; i++) {
    const r = ranked[i];
    const k = key[r];
    let j = i - 1;
    // The comparator of the large case (key difference, then index), so NaN keys order alike.
    while (j >= 0 && (key[ranked[j]] - k || ranked[j] - r) > 0) {
      ranked[j + 1] = ranked[j];
      j--;
    }
    ranked[j + 1] = r;
  }
}

function majority(stats: Float64Array): number {
  let k = 0;
  for (let j = 1; j < stats.length; j++) if (stats[j] > stats[k]) k = j;
  return k;
}
