// Choosing ccp_alpha by k-fold cross-validation (Breiman et al.'s recipe, as scikit-learn's
// example does it): candidates are the geometric means of consecutive alphas of the full-data
// pruning path (each stands for one subtree of the sequence) plus the last alpha (the root);
// every fold grows a tree on the other folds, prunes it at each candidate and scores the fold.
import type { Dataset } from '../dataset';
import { throwIfAborted } from '../errors';
import type { TrainParams, TreeModel } from '../model';
import { dedupPath, pruningSequence, stepsWithin, type PruningSequence } from '../prune/cost-complexity';
import { trainTree } from '../tree/train';
import { predictLeaves } from '../tree/predict';
import { readTruth } from './truth';
import { makeFolds, meanOf, stdOf } from './cross-validate';
import { scoreName } from './evaluate';
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

export function selectAlphaByCv(
  dataset: Dataset,
  params: TrainParams,
  grown: TreeModel,
  k: number,
  seed: number,
  rule: 'best' | 'one-se' = 'best',
  signal?: AbortSignal,
): AlphaSelection {
  const alphas = candidateAlphas(grown);
  const { folds } = makeFolds(dataset, params, k, seed);
  const perFold: number[][] = [];
  for (const fold of folds) {
    throwIfAborted(signal);
    const model = trainTree(fold.train, params, { signal }).model;
    perFold.push(foldScores(model, pruningSequence(model), fold.test, alphas));
  }
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
  return { rule, folds: k, seed, scoreName: scoreName(grown), candidates, bestAlpha: best.alpha, chosenAlpha: chosen.alpha };
}
