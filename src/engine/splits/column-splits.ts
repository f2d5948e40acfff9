// Every column's best split of the whole data set against a target, scored in every measure and
// ranked by the chosen criterion. The search is the tree's own: CART's splitter restricted to one
// column at a time (binary splits), or ID3/C4.5's attribute scores (one branch per category), so
// the numbers equal those the tree uses at its root. Only the scoring of the chosen partition in
// the other measures, and the curve of scores along the thresholds, are added here.
import { type Dataset, isNumericType } from '../dataset';
import { valueText } from '../feature-text';
import { CartSplitter, type CandidateObserver, type CartSplit, sampleStatsOf, tieTolerance } from '../tree/cart-splitter';
import { criterionSpec, type CriterionSpec } from '../tree/criteria';
import { chooseAttribute, scoreAttributes, splitOfAttribute, type AttributeScore } from '../tree/multiway-builder';
import { resolveParams } from '../tree/params';
import { SortedSamples } from '../tree/sorted-samples';
import { buildTrainingSet, type TrainingSet } from '../tree/training-set';
import { CurveCollector } from './curve';
import { classPartitionScores, regressionPartitionScores, type PartitionScores } from './partition-scores';
import type { ColumnSplit, SplitOptions, SplitsReport } from './types';

const DEFAULT_CURVE_POINTS = 120;
/** Candidates scored per curve point at most (see curveObserver). */
const CANDIDATES_PER_POINT = 4;
/** Scores this close (relative) count as tied; the earlier column ranks first, as in the tree. */
const TIE = 1e-12;

/** The score `criterion` ranks by (criteria.ts). */
function scoreOf(scores: PartitionScores, criterion: CriterionSpec): number {
  return scores[criterion.score] ?? 0;
}

/** The root node: class counts (classification) or [Σy] with the mean and variance (regression). */
interface RootNode {
  readonly stats: Float64Array;
  readonly mean: number;
  readonly impurity: number;
}

function rootNode(set: TrainingSet): RootNode {
  if (set.task === 'classification') {
    const stats = new Float64Array(set.classes.length);
    for (let i = 0; i < set.n; i++) stats[set.yClass[i]] += 1;
    return { stats, mean: NaN, impurity: 0 };
  }
  let sum = 0;
  for (let i = 0; i < set.n; i++) sum += set.yValue[i];
  const mean = sum / set.n;
  let ss = 0;
  for (let i = 0; i < set.n; i++) ss += (set.yValue[i] - mean) ** 2;
  return { stats: Float64Array.of(sum), mean, impurity: ss / set.n };
}

/**
 * The scores of sending each sample to branch `branchOf(i)` (−1: left out). Classification:
 * class counts per branch; regression: counts and sums of targets centred on `mean`.
 */
function scorePartition(set: TrainingSet, branchCount: number, branchOf: (i: number) => number, mean: number): PartitionScores {
  if (set.task === 'classification') {
    const k = set.classes.length;
    const counts = Array.from({ length: branchCount }, () => new Float64Array(k));
    for (let i = 0; i < set.n; i++) {
      const b = branchOf(i);
      if (b >= 0) counts[b][set.yClass[i]] += 1;
    }
    return classPartitionScores(counts);
  }
  const weights = new Array<number>(branchCount).fill(0);
  const sums = new Array<number>(branchCount).fill(0);
  for (let i = 0; i < set.n; i++) {
    const b = branchOf(i);
    if (b < 0) continue;
    weights[b] += 1;
    sums[b] += set.yValue[i] - mean;
  }
  return regressionPartitionScores(weights, sums);
}

/** A CART split as the model states it, and its scores (missing values on their chosen side). */
function describeCart(set: TrainingSet, split: CartSplit, mean: number): Pick<ColumnSplit, 'kind' | 'threshold' | 'branches'> & { scores: PartitionScores } {
  const x = set.features[split.feature].x;
  const missingBranch = split.missingLeft ? 0 : 1;
  if (split.kind === 'numeric') {
    const t = split.threshold;
    const scores = scorePartition(set, 2, (i) => (Number.isNaN(x[i]) ? missingBranch : x[i] <= t ? 0 : 1), mean);
    return { kind: 'numeric', threshold: t, scores };
  }
  const categories = set.features[split.feature].categories;
  // 1 left, 0 right, RARE with the missing values and unlisted, as in the model.
  const RARE = 2;
  const left = new Uint8Array(categories.length);
  for (const c of split.leftCodes) left[c] = 1;
  for (const c of split.rareCodes) left[c] = RARE;
  const seen = new Uint8Array(categories.length);
  for (let i = 0; i < set.n; i++) if (!Number.isNaN(x[i])) seen[x[i]] = 1;
  const branches: string[][] = [[], []];
  categories.forEach((name, c) => {
    if (seen[c] === 1 && left[c] !== RARE) branches[left[c] === 1 ? 0 : 1].push(name);
  });
  const scores = scorePartition(set, 2, (i) => (Number.isNaN(x[i]) || left[x[i]] === RARE ? missingBranch : left[x[i]] === 1 ? 0 : 1), mean);
  return { kind: 'categorical', branches, scores };
}

/** An ID3/C4.5 attribute as the model states it; gain and gain ratio are the learner's own. */
function describeMultiway(set: TrainingSet, a: AttributeScore): Pick<ColumnSplit, 'kind' | 'threshold' | 'branches'> & { scores: PartitionScores } {
  const x = set.features[a.feature].x;
  const codes = a.branchOfCode;
  const branchOf = codes === null ? (i: number) => (Number.isNaN(x[i]) ? -1 : x[i] <= a.threshold ? 0 : 1) : (i: number) => (Number.isNaN(x[i]) ? -1 : codes[x[i]]);
  // Gini decrease on the cases with a known value, scaled by their share as C4.5 scales the gain.
  const known = a.branchWeights.reduce((s, w) => s + w, 0);
  const giniDecrease = (scorePartition(set, a.branchWeights.length, branchOf, NaN).giniDecrease ?? 0) * (known / set.n);
  const scores: PartitionScores = { informationGain: a.gain, splitInfo: a.splitInfo, gainRatio: a.gainRatio, giniDecrease, varianceReduction: null };
  const split = splitOfAttribute(set, a);
  return split.kind === 'numeric' ? { kind: 'numeric', threshold: split.threshold, scores } : { kind: 'categorical', branches: split.branches, scores };
}

/**
 * Observer that scores candidate thresholds of feature `f` on its present values: every one for
 * a small column, every `stride`-th for a large one (a chart of ~100 points needs no more; the
 * chosen split's own point is added afterwards, so the peak is exact).
 */
function curveObserver(set: TrainingSet, f: number, root: RootNode, criterion: CriterionSpec, curve: CurveCollector, stride: number): CandidateObserver {
  const x = set.features[f].x;
  const present = root.stats.slice();
  let wPresent = set.n;
  for (let i = 0; i < set.n; i++) {
    if (!Number.isNaN(x[i])) continue;
    wPresent--;
    present[set.task === 'classification' ? set.yClass[i] : 0] -= set.task === 'classification' ? 1 : set.yValue[i];
  }
  if (set.task === 'regression') {
    const mean = present[0] / wPresent;
    let seen = 0;
    return (threshold, left, wLeft) => {
      if (seen++ % stride !== 0) return;
      const c = left[0] - wLeft * mean;
      curve.add(threshold, scoreOf(regressionPartitionScores([wLeft, wPresent - wLeft], [c, -c]), criterion));
    };
  }
  const right = new Float64Array(present.length);
  const parent = new Float64Array(present.length);
  let seen = 0;
  return (threshold, left) => {
    if (seen++ % stride !== 0) return;
    for (let k = 0; k < right.length; k++) right[k] = present[k] - left[k];
    curve.add(threshold, scoreOf(classPartitionScores([left, right], parent), criterion));
  };
}

function countMissing(x: Float64Array): number {
  let m = 0;
  for (let i = 0; i < x.length; i++) if (Number.isNaN(x[i])) m++;
  return m;
}

export function columnSplits(dataset: Dataset, options: SplitOptions): SplitsReport {
  const set = buildTrainingSet(dataset, options.target, options.task ?? 'auto', options);
  // No algorithm asked: CART, or the first that grows with the asked criterion (C4.5 for gain_ratio).
  const asked = options.criterion === undefined ? null : criterionSpec(options.criterion);
  const algorithm = options.algorithm ?? (asked === null || asked.algorithms.includes('cart') ? 'cart' : asked.algorithms[0]);
  const params = resolveParams(
    { target: options.target, algorithm, criterion: options.criterion, minSamplesLeaf: options.minSamplesLeaf, minCategorySamples: options.minCategorySamples },
    set.task,
  );
  const criterion = criterionSpec(params.criterion);
  const root = rootNode(set);
  const stats = sampleStatsOf(set);
  const samples = new SortedSamples(set, stats.slot);
  const splitter = new CartSplitter(set.features, samples, stats, criterion.proxy, params.minSamplesLeaf, params.minCategorySamples);
  const tolerance = tieTolerance(set, set.n, root.impurity);
  const attributes = algorithm === 'cart' ? null : scoreAttributes(set, { ids: Int32Array.from({ length: set.n }, (_, i) => i), weights: new Float64Array(set.n).fill(1) }, () => true, params.minSamplesLeaf);
  const curvePoints = options.curvePoints ?? DEFAULT_CURVE_POINTS;
  const stride = Math.max(1, Math.floor(set.n / (curvePoints * CANDIDATES_PER_POINT)));

  const found: Array<ColumnSplit & { index: number }> = [];
  const unsplittable: string[] = [];
  set.features.forEach((feature, f) => {
    const curve = curvePoints > 0 && isNumericType(feature.type) ? new CurveCollector() : null;
    const observer = curve === null ? null : curveObserver(set, f, root, criterion, curve, stride);
    // CART: the column's own best split. ID3/C4.5: the same search only traces the curve.
    const split = splitter.findBestOn(f, 0, set.n, root.stats, tolerance, observer);
    const attribute = attributes?.find((a) => a.feature === f);
    const described = attributes === null ? (split === null ? null : describeCart(set, split, root.mean)) : attribute === undefined ? null : describeMultiway(set, attribute);
    if (described === null) {
      unsplittable.push(feature.name);
      return;
    }
    const { scores, ...shape } = described;
    // The chart's x axis holds present values only: a "missing vs present" split (+∞) is not on it.
    if (curve !== null && stride > 1 && shape.threshold !== undefined && Number.isFinite(shape.threshold)) curve.add(shape.threshold, scoreOf(scores, criterion));
    found.push({
      index: f,
      feature: feature.name,
      ...shape,
      informationGain: scores.informationGain,
      gainRatio: scores.gainRatio,
      giniDecrease: scores.giniDecrease,
      varianceReduction: scores.varianceReduction,
      score: scoreOf(scores, criterion),
      rank: 0,
      missing: countMissing(feature.x),
      ...(shape.threshold !== undefined && (feature.type === 'date' || feature.type === 'ordinal') ? { valueType: feature.type, thresholdText: valueText(feature, shape.threshold) } : {}),
      ...(curve === null ? {} : { curve: curve.thin(curvePoints) }),
    });
  });
  found.sort((a, b) => (Math.abs(a.score - b.score) <= TIE * Math.max(1, Math.abs(a.score)) ? a.index - b.index : b.score - a.score));
  const splits: ColumnSplit[] = found.map(({ index: _index, ...s }, r) => ({ ...s, rank: r + 1 }));

  let rootQuestion: SplitsReport['root'] = null;
  const measure = criterion.measure;
  if (attributes === null) {
    const best = splitter.findBest(0, set.n, root.stats, tolerance);
    if (best !== null) {
      const name = set.features[best.feature].name;
      rootQuestion = { feature: name, reason: `it has the largest ${measure} of all ${splits.length} columns that can split` };
    }
  } else {
    const best = chooseAttribute(attributes, algorithm === 'c45' ? 'c45' : 'id3');
    if (best !== null) {
      const name = set.features[best.feature].name;
      const average = attributes.reduce((s, a) => s + a.gain, 0) / attributes.length;
      rootQuestion = {
        feature: name,
        reason:
          algorithm === 'c45'
            ? `it has the largest gain ratio among the columns whose information gain is at least the average (${average.toFixed(4)})`
            : `it has the largest information gain of all ${splits.length} columns that can split`,
      };
    }
  }
  return { target: set.target, task: set.task, algorithm, criterion: criterion.name, rows: set.n, splits, unsplittable, leftOut: [...set.leftOut], root: rootQuestion };
}
