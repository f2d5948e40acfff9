// Choosing ccp_alpha by k-fold cross-validation (Breiman et al.'s recipe, as scikit-learn's
// example does it): candidates are the geometric means of consecutive alphas of the full-data
// pruning path (each stands for one subtree of the sequence) plus the last alpha (the root);
// every fold grows a tree on the other folds, prunes it at each candidate and scores the fold.
// Choosing and scoring on the same folds is optimistic, so `nestedAlphaCv` repeats the choice
// inside each fold (nested CV) for the score the report gives.
import type { Dataset } from '../dataset';
import { throwIfAborted } from '../errors';
import type { TrainParams, TreeModel } from '../model';
import { dedupPath, pruneCostComplexity, pruningSequence, stepsWithin, type PruningSequence } from '../prune/cost-complexity';
import { trainTree } from '../tree/train';
import { predictLeaves } from '../tree/predict';
import { readTruth } from './truth';
import { makeFolds, meanOf, stdOf, type Fold, type FoldSettings } from './cross-validate';
import { predictRows, scoreName, type RowPredictions } from './evaluate';
import type { AlphaCandidate, AlphaSelection } from './types';

export function candidateAlphas(grown: TreeModel): number[] {
  const { ccpAlphas } = dedupPath(pruningSequence(grown).path);
  const out: number[] = [];
  for (let i = 0; i + 1 < ccpAlphas.length; i++) out.push(Math.sqrt(ccpAlphas[i] * ccpAlphas[i + 1]));
  out.push(ccpAlphas[ccpAlphas.length - 1]);
  return out;
}

/**
 * Scores of one fold's tree pruned at each alpha (ascending). Rows are routed once; then the
 * weakest links are cut in order and each cut updates the count of right answers (or the squared
 * error) of its subtree and its ancestors, so a candidate costs O(depth), not a re-prediction.
 */
function foldScores(model: TreeModel, sequence: PruningSequence, test: Dataset, alphas: readonly number[]): number[] {
  const truth = readTruth(model, test);
  const leaves = predictLeaves(model, test);
  const nodes = model.nodes;
  const n = truth.rows.length;
  const parent = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((node) => node.children.forEach((c) => (parent[c] = node.id)));
  const regression = model.task === 'regression';
  // ifLeaf[v]: right answers (or −squared error) of v's rows if v answered them; now[v]: as the tree stands.
  const ifLeaf = new Float64Array(nodes.length);
  const now = new Float64Array(nodes.length);
  if (regression) {
    const count = new Float64Array(nodes.length);
    const sum = new Float64Array(nodes.length);
    const sumSq = new Float64Array(nodes.length);
    for (let i = 0; i < n; i++) {
      const y = truth.values[i];
      for (let v = leaves[truth.rows[i]]; v >= 0; v = parent[v]) {
        count[v]++;
        sum[v] += y;
        sumSq[v] += y * y;
      }
    }
    nodes.forEach((node, v) => {
      const p = node.prediction as number;
      ifLeaf[v] = -(sumSq[v] - 2 * p * sum[v] + count[v] * p * p);
    });
  } else {
    const codeOf = new Map(truth.classes.map((c, i) => [c, i]));
    const predicted = Int32Array.from(nodes, (node) => codeOf.get(String(node.prediction)) ?? -1);
    for (let i = 0; i < n; i++) {
      for (let v = leaves[truth.rows[i]]; v >= 0; v = parent[v]) if (predicted[v] === truth.codes[i]) ifLeaf[v]++;
    }
  }
  let total = 0;
  for (let v = nodes.length - 1; v >= 0; v--) {
    if (nodes[v].children.length === 0) {
      now[v] = ifLeaf[v];
      total += ifLeaf[v];
    }
    if (parent[v] >= 0) now[parent[v]] += now[v];
  }
  const stepNode = new Int32Array(sequence.path.ccpAlphas.length - 1);
  sequence.collapseStep.forEach((step, v) => step >= 0 && (stepNode[step] = v));
  let ssTot = 0;
  if (regression && n > 0) {
    const mean = truth.values.reduce((a, b) => a + b, 0) / n;
    for (let i = 0; i < n; i++) ssTot += (truth.values[i] - mean) ** 2;
  }
  let applied = 0;
  return alphas.map((alpha) => {
    for (const upTo = stepsWithin(sequence, alpha); applied < upTo; applied++) {
      const w = stepNode[applied];
      const delta = ifLeaf[w] - now[w];
      for (let a = w; a >= 0; a = parent[a]) now[a] += delta;
      total += delta;
    }
    if (n === 0) return 0;
    if (!regression) return total / n;
    const ssRes = -total;
    return ssTot > 0 ? 1 - ssRes / ssTot : ssRes === 0 ? 1 : 0;
  });
}

export interface AlphaCvSettings extends FoldSettings {
  rule?: 'best' | 'one-se';
}

/** Hooks of a long CV: cancellation, and a call after every tree grown (for progress). */
export interface CvHooks {
  signal?: AbortSignal;
  onFit?: () => void;
}

/** A fold and the tree grown on its training part (kept so nested CV need not grow it again). */
export interface FoldTree {
  fold: Fold;
  model: TreeModel;
}

export interface AlphaCv {
  selection: AlphaSelection;
  foldTrees: FoldTree[];
  warnings: string[];
}

export function selectAlphaByCv(dataset: Dataset, params: TrainParams, grown: TreeModel, cv: AlphaCvSettings, hooks: CvHooks = {}): AlphaCv {
  const rule = cv.rule ?? 'best';
  const alphas = candidateAlphas(grown);
  const { folds, warnings } = makeFolds(dataset, params, cv);
  const perFold: number[][] = [];
  const foldTrees: FoldTree[] = [];
  for (const fold of folds) {
    throwIfAborted(hooks.signal);
    const model = trainTree(fold.train, params, { signal: hooks.signal }).model;
    hooks.onFit?.();
    foldTrees.push({ fold, model });
    perFold.push(foldScores(model, pruningSequence(model), fold.test, alphas));
  }
  const k = cv.k;
  const candidates: AlphaCandidate[] = alphas.map((alpha, j) => {
    const scores = perFold.map((s) => s[j]);
    const stdScore = stdOf(scores);
    return { alpha, meanScore: meanOf(scores), stdScore, stdError: stdScore / Math.sqrt(k) };
  });
  // Highest mean; on a tie the larger alpha (the smaller tree).
  let best = candidates[0];
  for (const c of candidates) if (c.meanScore >= best.meanScore) best = c;
  let chosen = best;
  if (rule === 'one-se') {
    for (const c of candidates) if (c.meanScore >= best.meanScore - best.stdError && c.alpha > chosen.alpha) chosen = c;
  }
  const selection: AlphaSelection = {
    rule,
    folds: k,
    seed: cv.seed,
    stratified: (cv.stratify ?? true) && grown.task === 'classification',
    scoreName: scoreName(grown),
    candidates,
    bestAlpha: best.alpha,
    chosenAlpha: chosen.alpha,
    chosenScore: chosen.meanScore,
    nested: null,
  };
  return { selection, foldTrees, warnings };
}

/** Trees `nestedAlphaCv` grows for k outer folds of k inner folds each (the outer ones come from the selection). */
export const nestedFits = (k: number): number => k * k;

/**
 * Nested CV of "choose alpha by CV": per outer fold, an inner CV (same k, seed and rule) on its
 * training part chooses alpha, the tree already grown on that part is pruned at it and predicts
 * the fold's test part. Returns those predictions and the alpha of each fold.
 */
export function nestedAlphaCv(
  outer: readonly FoldTree[],
  params: TrainParams,
  cv: AlphaCvSettings,
  hooks: CvHooks & { positiveClass?: string } = {},
): { parts: RowPredictions[]; alphas: number[]; warnings: string[] } {
  const parts: RowPredictions[] = [];
  const alphas: number[] = [];
  const warnings = new Set<string>();
  for (const { fold, model } of outer) {
    const inner = selectAlphaByCv(fold.train, params, model, cv, hooks);
    inner.warnings.forEach((w) => warnings.add(`inside the outer folds: ${w}`));
    const alpha = inner.selection.chosenAlpha;
    alphas.push(alpha);
    parts.push(predictRows(pruneCostComplexity(model, alpha), fold.test, hooks.positiveClass));
  }
  return { parts, alphas, warnings: [...warnings] };
}
