// Choosing ccp_alpha by k-fold cross-validation (Breiman et al.'s recipe, as scikit-learn's
// example does it): candidates are the geometric means of consecutive alphas of the full-data
// pruning path (each stands for one subtree of the sequence) plus the last alpha (the root);
// every fold grows a tree on the other folds, prunes it at each candidate and scores the fold.
import type { Dataset } from '../dataset';
import { throwIfAborted } from '../errors';
import type { TrainParams, TreeModel } from '../model';
import { collapsedAt, dedupPath, pruningSequence, type PruningSequence } from '../prune/cost-complexity';
import { trainTree } from '../tree/train';
import { predictLeaves } from '../tree/predict';
import { readTruth } from './truth';
import { makeFolds, meanOf, stdOf } from './cross-validate';
import { scoreOf, scoreName } from './evaluate';
import type { AlphaCandidate, AlphaSelection } from './types';

export function candidateAlphas(grown: TreeModel): number[] {
  const { ccpAlphas } = dedupPath(pruningSequence(grown).path);
  const out: number[] = [];
  for (let i = 0; i + 1 < ccpAlphas.length; i++) out.push(Math.sqrt(ccpAlphas[i] * ccpAlphas[i + 1]));
  out.push(ccpAlphas[ccpAlphas.length - 1]);
  return out;
}

/** Scores of one fold's tree pruned at each alpha, predicting each row once and re-reading the leaf owner per alpha. */
function foldScores(model: TreeModel, sequence: PruningSequence, test: Dataset, alphas: readonly number[]): number[] {
  const truth = readTruth(model, test);
  const leaves = predictLeaves(model, test);
  const parent = new Int32Array(model.nodes.length).fill(-1);
  model.nodes.forEach((n) => n.children.forEach((c) => (parent[c] = n.id)));
  const codeOf = new Map(truth.classes.map((c, i) => [c, i]));
  return alphas.map((alpha) => {
    const collapsed = collapsedAt(sequence, alpha);
    // owner[v]: the node that answers for v's rows after pruning (the top-most collapsed ancestor, else v).
    const owner = new Int32Array(model.nodes.length);
    for (let v = 0; v < owner.length; v++) {
      const p = parent[v];
      owner[v] = p >= 0 && (owner[p] !== p || collapsed[p]) ? owner[p] : v;
    }
    const n = truth.rows.length;
    const prediction = (i: number) => model.nodes[owner[leaves[truth.rows[i]]]].prediction;
    if (model.task === 'regression') {
      return scoreOf({ truth, codes: new Int32Array(0), values: Float64Array.from({ length: n }, (_, i) => prediction(i) as number), scores: null });
    }
    const codes = Int32Array.from({ length: n }, (_, i) => codeOf.get(String(prediction(i))) ?? -1);
    return scoreOf({ truth, codes, values: new Float64Array(0), scores: null });
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
