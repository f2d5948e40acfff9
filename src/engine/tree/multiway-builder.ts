// ID3 and C4.5 (Quinlan): one branch per category of a categorical attribute (each used at most
// once on a path), a binary threshold for a numeric one. ID3 takes the largest information gain;
// C4.5 the largest gain ratio among attributes whose gain is at least the average gain. Missing
// values are handled as C4.5 does, by fractional instances: the gain is computed on the cases
// whose value is known and scaled by their weight share F; split information counts the unknown
// cases as one more outcome; and a case with an unknown value goes down every branch with its
// weight multiplied by that branch's share of the known weight. (Quinlan's MDL correction of
// numeric gains is not applied; thresholds are midpoints as in CART. A split needs at least two
// branches holding min_samples_leaf cases, Quinlan's MINOBJS.) At prediction a missing value
// follows the branch with the most known weight (the model's missingGoesTo).
import { isOrderedType } from '../dataset';
import { entropy } from '../impurity';
import type { ModelSplit } from '../model';
import { midpoint } from './cart-splitter';
import { type GrowHooks, nodeAdded } from './grow-hooks';
import type { ResolvedParams } from './params';
import { improvesEnough, mightSplit } from './stopping';
import type { FeatureColumn, TrainingSet } from './training-set';
import { TreeStore } from './tree-store';

/** Gains within this of each other count as equal (first attribute in column order wins). */
const GAIN_TOLERANCE = 1e-12;

/** A node's cases: sample ids and their (possibly fractional) weights. */
export interface Cases {
  readonly ids: Int32Array;
  readonly weights: Float64Array;
}

export interface AttributeScore {
  readonly feature: number;
  readonly gain: number;
  readonly splitInfo: number;
  readonly gainRatio: number;
  /** NaN for categorical attributes. */
  readonly threshold: number;
  /** Branch of each category code (−1: absent here); numeric: null. */
  readonly branchOfCode: Int32Array | null;
  /** Known weight per branch. */
  readonly branchWeights: number[];
}

function classWeights(set: TrainingSet, cases: Cases, into: Float64Array): number {
  into.fill(0);
  let w = 0;
  for (let j = 0; j < cases.ids.length; j++) {
    into[set.yClass[cases.ids[j]]] += cases.weights[j];
    w += cases.weights[j];
  }
  return w;
}

/** Σ_b w_b·H(b) over branch class-weight vectors laid out K per branch. */
function weightedEntropy(counts: Float64Array, branchWeights: number[], k: number): number {
  let acc = 0;
  branchWeights.forEach((wb, b) => {
    if (wb > 0) acc += wb * entropy(counts.subarray(b * k, (b + 1) * k), 'bits', wb);
  });
  return acc;
}

function splitInformation(branchWeights: number[], unknown: number, total: number): number {
  let si = 0;
  for (const wb of [...branchWeights, unknown]) if (wb > 0) si -= (wb / total) * Math.log2(wb / total);
  return si;
}

/** The cases of a node whose value of one attribute is known: their positions, weight, class weights and entropy. */
interface KnownCases {
  readonly known: number[];
  readonly wKnown: number;
  readonly counts: Float64Array;
  readonly info: number;
}

function knownCases(set: TrainingSet, feature: FeatureColumn, cases: Cases): KnownCases {
  const known: number[] = [];
  let wKnown = 0;
  const counts = new Float64Array(set.classes.length);
  for (let j = 0; j < cases.ids.length; j++) {
    if (Number.isNaN(feature.x[cases.ids[j]])) continue;
    known.push(j);
    wKnown += cases.weights[j];
    counts[set.yClass[cases.ids[j]]] += cases.weights[j];
  }
  return { known, wKnown, counts, info: entropy(counts, 'bits', wKnown) };
}

/** The score of a partition of the known cases into branches (class weights laid out K per branch), or null when fewer than two branches hold `minLeaf`. */
function scorePartition(f: number, k: number, kc: KnownCases, total: number, minLeaf: number, branchCounts: Float64Array, branchWeights: number[], threshold: number, branchOfCode: Int32Array | null): AttributeScore | null {
  if (branchWeights.filter((wb) => wb >= minLeaf && wb > 0).length < 2) return null;
  const gain = (kc.wKnown / total) * (kc.info - weightedEntropy(branchCounts, branchWeights, k) / kc.wKnown);
  const splitInfo = splitInformation(branchWeights, total - kc.wKnown, total);
  return { feature: f, gain, splitInfo, gainRatio: splitInfo > 0 ? gain / splitInfo : 0, threshold, branchOfCode, branchWeights };
}

/** Gain, split information and gain ratio of one attribute at a node, or null if it cannot split. */
function scoreAttribute(set: TrainingSet, f: number, cases: Cases, total: number, minLeaf: number): AttributeScore | null {
  const feature: FeatureColumn = set.features[f];
  const k = set.classes.length;
  const kc = knownCases(set, feature, cases);
  const { known, wKnown } = kc;
  if (wKnown <= 0) return null;
  if (!isOrderedType(feature.type)) {
    const levels = feature.categories.length;
    const perCode = new Float64Array(levels * k);
    const wCode = new Float64Array(levels);
    for (const j of known) {
      const c = feature.x[cases.ids[j]];
      perCode[c * k + set.yClass[cases.ids[j]]] += cases.weights[j];
      wCode[c] += cases.weights[j];
    }
    const branchOfCode = new Int32Array(levels).fill(-1);
    const branchWeights: number[] = [];
    const branchCounts = new Float64Array(levels * k);
    for (let c = 0; c < levels; c++) {
      if (wCode[c] <= 0) continue;
      const b = branchWeights.length;
      branchOfCode[c] = b;
      branchWeights.push(wCode[c]);
      branchCounts.set(perCode.subarray(c * k, (c + 1) * k), b * k);
    }
    return scorePartition(f, k, kc, total, minLeaf, branchCounts, branchWeights, NaN, branchOfCode);
  }
  // Numeric: the binary threshold with the largest gain (first on ties), then its gain ratio.
  const x = feature.x;
  known.sort((a, b) => x[cases.ids[a]] - x[cases.ids[b]] || a - b);
  const left = new Float64Array(k);
  let wLeft = 0;
  let best: { threshold: number; remainder: number; wLeft: number; counts: Float64Array } | null = null;
  for (let q = 0; q < known.length - 1; q++) {
    const j = known[q];
    left[set.yClass[cases.ids[j]]] += cases.weights[j];
    wLeft += cases.weights[j];
    const v = x[cases.ids[j]];
    const next = x[cases.ids[known[q + 1]]];
    if (!(next > v) || wLeft < minLeaf || wKnown - wLeft < minLeaf) continue;
    const counts = new Float64Array(2 * k);
    counts.set(left);
    for (let c = 0; c < k; c++) counts[k + c] = kc.counts[c] - left[c];
    const remainder = weightedEntropy(counts, [wLeft, wKnown - wLeft], k);
    if (best === null || remainder < best.remainder - GAIN_TOLERANCE * wKnown) best = { threshold: midpoint(v, next), remainder, wLeft, counts };
  }
  if (best === null) return null;
  return scorePartition(f, k, kc, total, minLeaf, best.counts, [best.wLeft, wKnown - best.wLeft], best.threshold, null);
}

/**
 * A given split of attribute `f` at a node — a numeric threshold, or categories to branches
 * (−1: none, its cases then go down every branch as unknown ones) — scored as the builder scores
 * its own; null when fewer than two branches get known cases. For splits the tree was grown
 * with, or that a user chose (src/engine/edit/).
 */
export function scoreSplit(set: TrainingSet, f: number, cases: Cases, threshold: number, branchOfCode: Int32Array | null, branchCount: number): AttributeScore | null {
  const k = set.classes.length;
  let total = 0;
  for (let j = 0; j < cases.weights.length; j++) total += cases.weights[j];
  return branchOfCode === null ? scoreThreshold(set, f, cases, total, threshold) : scoreBranches(set, f, cases, total, branchOfCode, branchCount, k);
}

/** A threshold's score, summed in the order of scoreAttribute's scan so that its weights agree to the bit. */
function scoreThreshold(set: TrainingSet, f: number, cases: Cases, total: number, threshold: number): AttributeScore | null {
  const k = set.classes.length;
  const x = set.features[f].x;
  const kc = knownCases(set, set.features[f], cases);
  const known = [...kc.known].sort((a, b) => x[cases.ids[a]] - x[cases.ids[b]] || a - b);
  const counts = new Float64Array(2 * k);
  let wLeft = 0;
  for (const j of known) {
    if (!(x[cases.ids[j]] <= threshold)) break;
    counts[set.yClass[cases.ids[j]]] += cases.weights[j];
    wLeft += cases.weights[j];
  }
  for (let c = 0; c < k; c++) counts[k + c] = kc.counts[c] - counts[c];
  return scorePartition(f, k, kc, total, 0, counts, [wLeft, kc.wKnown - wLeft], threshold, null);
}

function scoreBranches(set: TrainingSet, f: number, cases: Cases, total: number, branchOfCode: Int32Array, branchCount: number, k: number): AttributeScore | null {
  const x = set.features[f].x;
  const branchWeights = new Array<number>(branchCount).fill(0);
  const branchCounts = new Float64Array(branchCount * k);
  const counts = new Float64Array(k);
  const known: number[] = [];
  let wKnown = 0;
  for (let j = 0; j < cases.ids.length; j++) {
    const v = x[cases.ids[j]];
    const b = Number.isNaN(v) ? -1 : branchOfCode[v];
    if (b < 0) continue;
    const w = cases.weights[j];
    const y = set.yClass[cases.ids[j]];
    known.push(j);
    wKnown += w;
    branchWeights[b] += w;
    branchCounts[b * k + y] += w;
    counts[y] += w;
  }
  if (wKnown <= 0) return null;
  return scorePartition(f, k, { known, wKnown, counts, info: entropy(counts, 'bits', wKnown) }, total, 0, branchCounts, branchWeights, NaN, branchOfCode);
}

/** The attribute's split as the model states it (tree/to-model.ts): its threshold, or its categories per branch. */
export function splitOfAttribute(set: TrainingSet, a: AttributeScore): ModelSplit {
  const feature = set.features[a.feature];
  const codes = a.branchOfCode;
  if (codes === null) return { feature: feature.name, kind: 'numeric', threshold: a.threshold };
  const branches: string[][] = a.branchWeights.map(() => []);
  feature.categories.forEach((name, c) => {
    if (codes[c] >= 0) branches[codes[c]].push(name);
  });
  return { feature: feature.name, kind: 'categorical', branches };
}

/** The branch of a known value: numeric by the threshold, categorical by its code (−1: none). */
const branchOf = (v: number, threshold: number, branchOfCode: Int32Array | null): number => (branchOfCode === null ? (v <= threshold ? 0 : 1) : branchOfCode[v]);

/** Scores of every attribute that can split the cases (used by ID3/C4.5 and to report root gains). */
export function scoreAttributes(set: TrainingSet, cases: Cases, usable: (f: number) => boolean, minLeaf = 1): AttributeScore[] {
  let total = 0;
  for (let j = 0; j < cases.weights.length; j++) total += cases.weights[j];
  const scores: AttributeScore[] = [];
  for (let f = 0; f < set.features.length; f++) {
    if (!usable(f)) continue;
    const s = scoreAttribute(set, f, cases, total, minLeaf);
    if (s !== null) scores.push(s);
  }
  return scores;
}

/** ID3: largest gain; C4.5: largest gain ratio among gains ≥ the average gain. */
export function chooseAttribute(scores: AttributeScore[], algorithm: 'id3' | 'c45'): AttributeScore | null {
  const useful = scores.filter((s) => s.gain > GAIN_TOLERANCE);
  if (useful.length === 0) return null;
  if (algorithm === 'id3') return useful.reduce((a, b) => (b.gain > a.gain + GAIN_TOLERANCE ? b : a));
  const average = scores.reduce((acc, s) => acc + s.gain, 0) / scores.length;
  const eligible = useful.filter((s) => s.gain >= average - GAIN_TOLERANCE);
  return eligible.reduce((a, b) => (b.gainRatio > a.gainRatio + GAIN_TOLERANCE ? b : a));
}

/** Splits the cases among the branches; unknown values (and categories in no branch) go to every branch with a fraction. */
export function distribute(set: TrainingSet, cases: Cases, score: AttributeScore): Cases[] {
  const x = set.features[score.feature].x;
  const nb = score.branchWeights.length;
  const wKnown = score.branchWeights.reduce((a, b) => a + b, 0);
  const ids: number[][] = Array.from({ length: nb }, () => []);
  const ws: number[][] = Array.from({ length: nb }, () => []);
  for (let j = 0; j < cases.ids.length; j++) {
    const id = cases.ids[j];
    const v = x[id];
    const w = cases.weights[j];
    const b = Number.isNaN(v) ? -1 : branchOf(v, score.threshold, score.branchOfCode);
    if (b < 0) {
      for (let b = 0; b < nb; b++) {
        ids[b].push(id);
        ws[b].push((w * score.branchWeights[b]) / wKnown);
      }
      continue;
    }
    ids[b].push(id);
    ws[b].push(w);
  }
  return ids.map((list, b) => ({ ids: Int32Array.from(list), weights: Float64Array.from(ws[b]) }));
}

/**
 * Where growth starts when not at the root (src/engine/edit/ regrows one node's subtree): the
 * node's cases as training made them, its depth, the categorical attributes spent above it, and
 * optionally the split it must take (then no stopping rule is asked about it).
 */
export interface MultiwayStart {
  readonly cases: Cases;
  readonly depth: number;
  readonly used: Uint8Array;
  readonly first?: AttributeScore;
}

/** Every training sample with its starting weight (sample weights; C4.5's fractional cases then scale them). */
export function rootCases(set: TrainingSet): Cases {
  return { ids: Int32Array.from({ length: set.n }, (_, i) => i), weights: set.weight === null ? new Float64Array(set.n).fill(1) : set.weight.slice() };
}

export function growMultiway(set: TrainingSet, params: ResolvedParams, algorithm: 'id3' | 'c45', hooks: GrowHooks = {}, start?: MultiwayStart): TreeStore {
  const k = set.classes.length;
  const store = new TreeStore(k);
  const root = start?.cases ?? rootCases(set);
  type NodeStats = { w: number; impurity: number; counts: Float64Array };
  const statsOf = (cases: Cases): NodeStats => {
    const counts = new Float64Array(k);
    const w = classWeights(set, cases, counts);
    return { w, impurity: entropy(counts, 'bits', w), counts };
  };
  const addNode = (stats: NodeStats, depth: number): number => {
    const id = store.addNode(depth, stats.w, stats.w, stats.impurity, stats.counts);
    nodeAdded(hooks, store.count);
    return id;
  };
  type Item = { cases: Cases; depth: number; used: Uint8Array; id: number; stats: NodeStats };
  const rootStats = statsOf(root);
  const rootDepth = start?.depth ?? 0;
  const stack: Item[] = [{ cases: root, depth: rootDepth, used: start?.used ?? new Uint8Array(set.features.length), id: addNode(rootStats, rootDepth), stats: rootStats }];
  for (let item = stack.pop(); item !== undefined; item = stack.pop()) {
    const { cases, depth, used, id, stats } = item;
    const forced = id === 0 ? start?.first : undefined;
    if (forced === undefined && !mightSplit(params, depth, stats.w, stats.impurity)) continue;
    const best = forced ?? chooseAttribute(scoreAttributes(set, cases, (f) => used[f] === 0, params.minSamplesLeaf), algorithm);
    if (best === null) continue;
    const parts = distribute(set, cases, best);
    const childStats = parts.map(statsOf);
    const decrease = stats.w * stats.impurity - childStats.reduce((acc, c) => acc + c.w * c.impurity, 0);
    if (forced === undefined && !improvesEnough(params, decrease / set.weightedN)) continue;
    const children = childStats.map((c) => addNode(c, depth + 1));
    const largest = best.branchWeights.indexOf(Math.max(...best.branchWeights));
    const x = set.features[best.feature].x;
    store.setSplit(id, best.feature, best.threshold, children[0], children.length, largest, cases.ids.some((c) => Number.isNaN(x[c])), decrease);
    best.branchOfCode?.forEach((b, code) => {
      if (b >= 0) store.addCategoryBranch(id, code, b);
    });
    const childUsed = used.slice();
    if (best.branchOfCode !== null) childUsed[best.feature] = 1;
    for (let b = children.length - 1; b >= 0; b--) stack.push({ cases: parts[b], depth: depth + 1, used: childUsed, id: children[b], stats: childStats[b] });
  }
  return store;
}
