// The worked arithmetic of one node of a trained tree (docs/formulas.md "Worked calculations"): its
// impurity as the formula with its numbers, and for its split and the other columns' best splits
// the partition table, each branch's impurity, the weighted mean and the score by the tree's
// criterion. The scores come from the engine's own scoring (splits/partition-scores.ts for CART,
// tree/multiway-builder.ts scoreSplit for ID3/C4.5), so the shown result is the tree's number; the
// formulas only write out how it is made.
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import { entropy, gini, unitsPerBit, type EntropyUnit } from '../impurity';
import type { ModelSplit, TreeModel } from '../model';
import { bestSplitsAt } from '../node-alternatives';
import type { ReportSettings } from '../report-types';
import { criterionSpec } from '../tree/criteria';
import { classPartitionScores, regressionPartitionScores } from '../splits/partition-scores';
import { midpoint } from '../tree/cart-splitter';
import { scoreSplit } from '../tree/multiway-builder';
import { resolveParams } from '../tree/params';
import { frac, entropyTerms, giniTerms, shown, splitInfoTerms, tex, weightedTerms } from './latex';
import { casesAtNode, type NodeCases } from './node-cases';
import { branchLabel, branchOfValue, partitionCases, variances, type BranchStats, type Partition } from './partition';
import type { BranchRow, CandidateCalculation, ImpurityMeasure, NodeCalculation, Step, ThresholdScore } from './types';

/** At most this many candidate thresholds of a numeric column are scored and listed (evenly thinned; the chosen one kept). */
export const MAX_THRESHOLDS = 60;

export interface CalculationOptions {
  unit?: EntropyUnit;
  /** Columns' best splits listed besides the node's own (default 5). */
  alternatives?: number;
  /** Columns whose best split at the node is worked out whatever its rank (the hover's link to a column's calculation). */
  columns?: readonly string[];
}

/** What every candidate of one node is scored against. */
interface NodeContext {
  readonly node: NodeCases;
  readonly nodeId: number;
  readonly model: TreeModel;
  readonly multiway: boolean;
  readonly measure: ImpurityMeasure;
  readonly unit: EntropyUnit;
  readonly weight: number;
  readonly counts: Float64Array;
  readonly mean: number;
  readonly impurity: number;
  readonly minSamplesLeaf: number;
}

const SYMBOL: Record<ImpurityMeasure, { node: string; weighted: (a: string) => string; score: (a: string) => string }> = {
  entropy: { node: 'H', weighted: (a) => `\\bar{H}_{${a}}(S)`, score: (a) => `gain(${a})` },
  gini: { node: 'Gini', weighted: (a) => `\\overline{Gini}_{${a}}(S)`, score: (a) => `\\Delta Gini(${a})` },
  variance: { node: 'Var', weighted: (a) => `\\overline{Var}_{${a}}(S)`, score: (a) => `\\Delta Var(${a})` },
};

function measureOf(model: TreeModel): ImpurityMeasure {
  return criterionSpec(model.params.criterion).explainMeasure;
}

function classImpurity(measure: ImpurityMeasure, counts: ArrayLike<number>, w: number, unit: EntropyUnit): number {
  return measure === 'gini' ? gini(counts, w) : entropy(counts, unit, w);
}

/** The impurity of a set of cases written out: `H(S_v) = −… = 0.971`. */
function impurityStep(ctx: NodeContext, label: string, set: string, stats: { counts: ArrayLike<number>; weight: number; mean?: number }, value: number): Step {
  const name = `${SYMBOL[ctx.measure].node}(${set})`;
  if (ctx.measure === 'variance') {
    return { label, latex: `${name} = \\frac{1}{${shown(stats.weight)}}\\sum_i (y_i - ${shown(stats.mean ?? NaN)})^2 = ${shown(value)}`, value };
  }
  const counts = Array.from(stats.counts);
  const written = ctx.measure === 'gini' ? giniTerms(counts, stats.weight) : entropyTerms(counts, stats.weight, ctx.unit);
  return { label, latex: `${name} = ${written} = ${shown(value)}`, value };
}

/** `S_{sunny}`, `S_{\le 2.45}`; long category lists by their branch number. */
function subsetName(split: ModelSplit, b: number): string {
  const label = branchLabel(split, b);
  if (split.kind === 'numeric') return `S_{${label.replace('≤', '\\le').replace('>', '>')}}`;
  return label.length <= 24 ? `S_{${tex(label)}}` : `S_{${b + 1}}`;
}

/** The partition's branches as the table shows them (CART: missing cases merged into their side). */
function branchRows(ctx: NodeContext, split: ModelSplit, p: Partition, missingBranch: number | null, f: number): BranchRow[] {
  const merged = p.branches.map((s, b) => (b === missingBranch ? addStats(s, p.missing) : s));
  const means = merged.map((s) => (s.weight > 0 ? s.sum / s.weight : 0));
  const vars =
    ctx.measure === 'variance'
      ? variances(
          ctx.node.set,
          ctx.node.cases,
          (() => {
            const of = branchOfValue(ctx.node.set, split);
            const x = ctx.node.set.features[f].x;
            return (j: number) => {
              const b = of === null ? -1 : of.of(x[ctx.node.cases.ids[j]]);
              return b < 0 ? (missingBranch ?? -1) : b;
            };
          })(),
          means,
          merged.map((s) => s.weight),
        )
      : null;
  return merged.map((s, b) => ({
    label: branchLabel(split, b) + (b === missingBranch && p.missing.weight > 0 ? ' (and missing)' : ''),
    counts: ctx.measure === 'variance' ? null : Array.from(s.counts),
    weight: s.weight,
    mean: ctx.measure === 'variance' ? means[b] : null,
    impurity: vars !== null ? vars[b] : classImpurity(ctx.measure, s.counts, s.weight, ctx.unit),
  }));
}

function addStats(a: BranchStats, b: BranchStats): BranchStats {
  return { counts: a.counts.map((c, k) => c + b.counts[k]), weight: a.weight + b.weight, sum: a.sum + b.sum, centred: a.centred + b.centred, rows: a.rows + b.rows };
}

/** The engine's scores of a CART partition with the missing cases on side `m`. */
function cartScores(ctx: NodeContext, p: Partition, m: number): { score: number; informationGain: number | null; giniDecrease: number | null; splitInfo: number | null; gainRatio: number | null } {
  const merged = p.branches.map((s, b) => (b === m ? addStats(s, p.missing) : s));
  if (ctx.measure === 'variance') {
    const r = regressionPartitionScores(
      merged.map((s) => s.weight),
      merged.map((s) => s.centred),
    );
    return { score: r.varianceReduction ?? 0, informationGain: null, giniDecrease: null, splitInfo: null, gainRatio: null };
  }
  const s = classPartitionScores(merged.map((b) => b.counts));
  const ig = (s.informationGain ?? 0) * unitsPerBit(ctx.unit);
  return { score: ctx.measure === 'gini' ? (s.giniDecrease ?? 0) : ig, informationGain: ig, giniDecrease: s.giniDecrease, splitInfo: (s.splitInfo ?? 0) * unitsPerBit(ctx.unit), gainRatio: s.gainRatio };
}

/** A scored partition: the tree's score, the missing cases' side (CART) and every measure. */
interface Scored {
  p: Partition;
  missingBranch: number | null;
  score: number;
  informationGain: number | null;
  splitInfo: number | null;
  gainRatio: number | null;
  giniDecrease: number | null;
}

/**
 * Scores `split` on the node's cases as the engine does: CART with the missing cases on the side
 * given (the tree's own split) or, for another candidate, on the side the splitter would take (right
 * unless left is strictly better: docs/formulas.md "CART splits, missing values and rare
 * categories"); ID3/C4.5 by the multiway builder's scoreSplit (fractional unknown cases).
 */
function scoreOn(ctx: NodeContext, split: ModelSplit, givenMissing: number | null): Scored | null {
  const { set, cases } = ctx.node;
  const of = branchOfValue(set, split);
  if (of === null) return null;
  const p = partitionCases(set, cases, of.f, of.of, of.count, ctx.mean);
  if (p.branches.filter((b) => b.weight > 0).length < 2 && p.missing.weight === 0) return null;
  if (ctx.multiway) {
    const byCode = split.kind === 'numeric' ? null : Int32Array.from(set.features[of.f].categories, (_, c) => of.of(c));
    const a = scoreSplit(set, of.f, cases, split.kind === 'numeric' ? split.threshold : NaN, byCode, of.count);
    if (a === null) return null;
    const toUnit = unitsPerBit(ctx.unit);
    const known = p.branches.reduce((s, b) => s + b.weight, 0);
    // The Gini decrease of the known cases, scaled by their share as C4.5 scales the gain (splits/column-splits.ts).
    const giniDecrease = (classPartitionScores(p.branches.map((b) => b.counts)).giniDecrease ?? 0) * (known / ctx.weight);
    const score = criterionSpec(ctx.model.params.criterion).score === 'gainRatio' ? a.gainRatio : a.gain * toUnit;
    return { p, missingBranch: null, score, informationGain: a.gain * toUnit, splitInfo: a.splitInfo * toUnit, gainRatio: a.gainRatio, giniDecrease };
  }
  let m = givenMissing ?? 1;
  let scores = cartScores(ctx, p, m);
  if (givenMissing === null && p.missing.weight > 0) {
    const left = cartScores(ctx, p, 0);
    if (left.score > scores.score) {
      m = 0;
      scores = left;
    }
  }
  return { p, missingBranch: m, ...scores };
}

function candidateSteps(ctx: NodeContext, split: ModelSplit, scored: Scored, rows: BranchRow[]): { steps: Step[]; weighted: number } {
  const a = tex(split.feature);
  const sym = SYMBOL[ctx.measure];
  const steps: Step[] = [];
  rows.forEach((r, b) => {
    if (r.weight > 0) steps.push(impurityStep(ctx, `impurity of branch ${r.label}`, subsetName(split, b), { counts: r.counts ?? [], weight: r.weight, mean: r.mean ?? NaN }, r.impurity));
  });
  const weights = rows.map((r) => r.weight);
  const known = weights.reduce((s, w) => s + w, 0);
  const weighted = rows.reduce((s, r) => s + (known > 0 ? (r.weight / known) * r.impurity : 0), 0);
  steps.push({ label: 'weighted mean of the branches', latex: `${sym.weighted(a)} = \\sum_v \\frac{|S_v|}{|S|} ${sym.node}(S_v) = ${weightedTerms(weights, rows.map((r) => r.impurity), known)} = ${shown(weighted)}`, value: weighted });
  const gainValue = ctx.measure === 'entropy' ? (scored.informationGain ?? 0) : scored.score;
  if (ctx.multiway && scored.p.missing.weight > 0) {
    // C4.5: the gain of the known cases, scaled by their share F (docs/formulas.md "ID3 and C4.5").
    const knownCounts = scored.p.branches.reduce((acc, b) => acc.map((c, k) => c + b.counts[k]), new Float64Array(ctx.counts.length));
    const hKnown = entropy(knownCounts, ctx.unit, known);
    steps.push({ label: 'entropy of the cases with a known value', latex: `H(S_{known}) = ${entropyTerms(Array.from(knownCounts), known, ctx.unit)} = ${shown(hKnown)}`, value: hKnown });
    steps.push({ label: 'information gain (known share F)', latex: `${sym.score(a)} = F \\cdot (H(S_{known}) - ${sym.weighted(a)}) = ${frac(known, ctx.weight)} \\cdot (${shown(hKnown)} - ${shown(weighted)}) = ${shown(gainValue)}`, value: gainValue });
  } else {
    steps.push({ label: ctx.measure === 'entropy' ? 'information gain' : ctx.measure === 'gini' ? 'Gini decrease' : 'variance reduction', latex: `${sym.score(a)} = ${sym.node}(S) - ${sym.weighted(a)} = ${shown(ctx.impurity)} - ${shown(weighted)} = ${shown(gainValue)}`, value: gainValue });
  }
  if (criterionSpec(ctx.model.params.criterion).score === 'gainRatio') {
    const outcomes = [...weights, scored.p.missing.weight];
    const si = scored.splitInfo ?? 0;
    steps.push({ label: 'split information', latex: `SplitInfo(${a}) = ${splitInfoTerms(outcomes, ctx.weight, ctx.unit)} = ${shown(si)}`, value: si });
    steps.push({ label: 'gain ratio', latex: `GainRatio(${a}) = \\frac{gain(${a})}{SplitInfo(${a})} = \\frac{${shown(gainValue)}}{${shown(si)}} = ${shown(scored.gainRatio ?? 0)}`, value: scored.gainRatio ?? 0 });
  }
  return { steps, weighted };
}

/** Every midpoint between consecutive present values of the split's column, each scored (thinned to MAX_THRESHOLDS). */
function thresholdScores(ctx: NodeContext, split: ModelSplit & { kind: 'numeric' }, missingBranch: number | null): { list: ThresholdScore[]; count: number } {
  const { set, cases } = ctx.node;
  const f = set.features.findIndex((c) => c.name === split.feature);
  const x = set.features[f].x;
  const values = [...new Set(Array.from(cases.ids, (i) => x[i]).filter((v) => !Number.isNaN(v)))].sort((a, b) => a - b);
  const all: number[] = [];
  for (let q = 0; q + 1 < values.length; q++) all.push(midpoint(values[q], values[q + 1]));
  const stride = Math.max(1, Math.ceil(all.length / MAX_THRESHOLDS));
  const picked = all.filter((t, q) => q % stride === 0 || t === split.threshold);
  const list: ThresholdScore[] = [];
  for (const t of picked) {
    const s = scoreOn(ctx, { ...split, threshold: t }, ctx.multiway ? null : missingBranch);
    if (s === null) continue;
    // CART: a threshold leaving a side with fewer than min_samples_leaf rows is no candidate.
    const m = s.missingBranch;
    const rows = s.p.branches.map((b, i) => b.rows + (i === m ? s.p.missing.rows : 0));
    if (!ctx.multiway && rows.some((r) => r < ctx.minSamplesLeaf)) continue;
    list.push({ threshold: t, score: s.score, chosen: t === split.threshold });
  }
  return { list, count: all.length };
}

function calculateCandidate(ctx: NodeContext, split: ModelSplit, chosen: boolean, condition: string): Omit<CandidateCalculation, 'rank'> | null {
  // The tree's own split sends missing values where the model says; another candidate, where the splitter would.
  const given = chosen && !ctx.multiway ? (ctx.model.nodes[ctx.nodeId].missingGoesTo ?? null) : null;
  const scored = scoreOn(ctx, split, given);
  if (scored === null) return null;
  const f = ctx.node.set.features.findIndex((c) => c.name === split.feature);
  const rows = branchRows(ctx, split, scored.p, scored.missingBranch, f);
  const { steps, weighted } = candidateSteps(ctx, split, scored, rows);
  const thresholds = split.kind === 'numeric' && Number.isFinite(split.threshold) ? thresholdScores(ctx, split, scored.missingBranch) : null;
  return {
    feature: split.feature,
    condition,
    split,
    chosen,
    branches: rows,
    missingWeight: scored.p.missing.weight,
    missingBranch: scored.missingBranch,
    weightedImpurity: weighted,
    score: scored.score,
    informationGain: scored.informationGain,
    splitInfo: scored.splitInfo,
    gainRatio: scored.gainRatio,
    giniDecrease: scored.giniDecrease,
    steps,
    thresholds: thresholds?.list ?? null,
    thresholdCount: thresholds?.count ?? 0,
  };
}

/** The node ids from the root down to `nodeId` (the nodes a path's calculation works out: `explain --path`). */
export function pathNodes(model: TreeModel, nodeId: number): number[] {
  if (!Number.isInteger(nodeId) || model.nodes[nodeId] === undefined) throw new InputError('bad-option', `the tree has no node ${nodeId}`);
  const parent = new Int32Array(model.nodes.length).fill(-1);
  for (const n of model.nodes) for (const c of n.children) parent[c] = n.id;
  const ids = [nodeId];
  while (parent[ids[0]] >= 0) ids.unshift(parent[ids[0]]);
  return ids;
}

/** The conditions from the root down to `nodeId`. */
function pathTo(model: TreeModel, nodeId: number): string[] {
  const ids = pathNodes(model, nodeId);
  return ids.slice(1).map((id, k) => {
    const up = model.nodes[ids[k]];
    const split = up.split as ModelSplit;
    const b = up.children.indexOf(id);
    return `${split.feature} ${split.kind === 'categorical' ? '∈ {' + branchLabel(split, b) + '}' : branchLabel(split, b)}`;
  });
}

/** The node's statistics: class weights, or the mean and variance, and its impurity in the measure. */
function nodeContext(node: NodeCases, nodeId: number, model: TreeModel, unit: EntropyUnit): NodeContext {
  const { set, cases } = node;
  const measure = measureOf(model);
  const k = set.task === 'classification' ? set.classes.length : 0;
  const counts = new Float64Array(k);
  let weight = 0;
  let sum = 0;
  for (let j = 0; j < cases.ids.length; j++) {
    const w = cases.weights[j];
    weight += w;
    if (k > 0) counts[set.yClass[cases.ids[j]]] += w;
    else sum += w * set.yValue[cases.ids[j]];
  }
  const mean = k > 0 ? NaN : sum / weight;
  const impurity = k > 0 ? classImpurity(measure, counts, weight, unit) : variances(set, cases, () => 0, [mean], [weight])[0];
  const resolved = resolveParams(model.params, set.task, set.weightedN);
  return { node, nodeId, model, multiway: resolved.algorithm !== 'cart', measure, unit, weight, counts, mean, impurity, minSamplesLeaf: resolved.minSamplesLeaf };
}

/**
 * The calculation of node `nodeId` of `model`, trained on `dataset` (the whole file) with
 * `settings`. Throws InputError for a node the tree does not have or a node no training row reaches.
 */
export function calculateNode(dataset: Dataset, model: TreeModel, settings: ReportSettings, nodeId: number, options: CalculationOptions = {}): NodeCalculation {
  const at = model.nodes[nodeId];
  if (!Number.isInteger(nodeId) || at === undefined) throw new InputError('bad-option', `the tree has no node ${nodeId}`);
  const unit = options.unit ?? 'bits';
  const node = casesAtNode(dataset, model, settings, nodeId);
  if (node.cases.ids.length === 0) throw new InputError('stale-model', `no training row reaches node ${nodeId}; the file may have changed since training: retrain`);
  const ctx = nodeContext(node, nodeId, model, unit);
  const found: Array<Omit<CandidateCalculation, 'rank'>> = [];
  if (at.split !== null) {
    const own = calculateCandidate(ctx, at.split, true, conditionText(at.split));
    if (own !== null) found.push(own);
  }
  // A pure node (one class, or one target value) has no split to score: the panel shows its leaves' calculation too.
  const pure = ctx.impurity <= 0 || (model.task === 'classification' && ctx.counts.filter((c) => c > 0).length < 2);
  const k = options.alternatives ?? 5;
  const wanted = options.columns ?? [];
  const ranked = node.cases.ids.length < 2 || pure ? [] : bestSplitsAt(dataset, model, settings, nodeId, wanted.length > 0 ? Number.MAX_SAFE_INTEGER : k);
  const others = ranked.filter((s, i) => i < k || wanted.includes(s.feature));
  for (const s of others) {
    if (s.feature === at.split?.feature) continue;
    const c = calculateCandidate(ctx, s.split, false, s.condition);
    if (c !== null) found.push(c);
  }
  const order = [...found].sort((a, b) => b.score - a.score);
  const candidates = found.map((c) => ({ ...c, rank: order.indexOf(c) + 1 }));
  return {
    nodeId,
    depth: at.depth,
    path: pathTo(model, nodeId),
    task: model.task,
    criterion: model.params.criterion,
    measure: ctx.measure,
    unit,
    scoreName: criterionSpec(model.params.criterion).measure,
    classes: [...node.set.classes],
    counts: model.task === 'classification' ? Array.from(ctx.counts) : null,
    weight: ctx.weight,
    mean: model.task === 'regression' ? ctx.mean : null,
    impurity: ctx.impurity,
    impuritySteps: [
      ...(ctx.measure === 'variance' ? [{ label: 'mean of the node', latex: `\\bar{y} = \\frac{1}{${shown(ctx.weight)}}\\sum_i y_i = ${shown(ctx.mean)}`, value: ctx.mean }] : []),
      impurityStep(ctx, 'impurity of the node', 'S', { counts: ctx.counts, weight: ctx.weight, mean: ctx.mean }, ctx.impurity),
    ],
    candidates,
  };
}

/** The nodes a whole-tree calculation works out: every decision node (the root of a one-leaf tree). */
export function explainedNodes(model: TreeModel): number[] {
  const decision = model.nodes.filter((n) => n.split !== null).map((n) => n.id);
  return decision.length > 0 ? decision : [0];
}

/** `petal_width ≤ 0.8`, `outlook (3 branches)`: the split as the node details word it. */
function conditionText(split: ModelSplit): string {
  if (split.kind === 'numeric') return `${split.feature} ${branchLabel(split, 0)}`;
  return split.branches.length === 2 ? `${split.feature} ∈ {${split.branches[0].join(', ')}}` : `${split.feature} (${split.branches.length} branches)`;
}
