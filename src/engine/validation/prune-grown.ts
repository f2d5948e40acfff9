// From a grown tree to the tree people see, including "choose ccp_alpha by cross-validation":
// the one recipe shared by the report (webview), `train` and `evaluate`.
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import type { Algorithm, DecisionThreshold, PruneMethod, TrainParams, TreeModel } from '../model';
import { withDecisionThreshold } from '../tree/decision-threshold';
import { pruneOnly, resolvePostProcessing, type PostProcessing } from '../prune/post-process';
import { simplifyTree } from '../prune/simplify';
import { selectAlphaByCv, type CvHooks, type FoldTree } from './alpha-cv';
import type { AlphaSelection } from './types';

/** Folds used to choose alpha when none are given. */
export const DEFAULT_ALPHA_FOLDS = 5;

export interface PruneOptions {
  prune?: PruneMethod;
  /** A number ≥ 0, or 'cv'. */
  ccpAlpha?: number | 'cv';
  pessimisticEpsilon?: number;
  simplify?: boolean;
  alphaRule?: 'best' | 'one-se';
  /** Folds for `ccpAlpha: 'cv'`. */
  folds?: number;
  seed?: number;
  /** Stratify those folds by class (default true). */
  stratify?: boolean;
  /** The algorithm's default pruning applies when `prune` is not given (C4.5: pessimistic). */
  algorithm?: Algorithm;
}

export interface PrunedTree {
  /** The tree as shown: pruned, then simplified when asked. */
  model: TreeModel;
  /** The tree as trained and pruned, never simplified: every metric and probability comes from it. */
  trained: TreeModel;
  /** Settings as applied (with the alpha CV chose). */
  post: PostProcessing;
  alphaSelection: AlphaSelection | null;
  /** With 'cv': the folds and the trees grown on their training parts (for nested CV). */
  foldTrees: FoldTree[];
  warnings: string[];
}

/** Checks the options up front (before any training), so bad input fails fast. */
export function resolvePruneOptions(opts: PruneOptions): PostProcessing & { byCv: boolean } {
  const byCv = opts.ccpAlpha === 'cv';
  if (byCv && opts.prune !== undefined && opts.prune !== 'cost-complexity') {
    throw new InputError('bad-option', `choosing ccp_alpha by cross-validation needs cost-complexity pruning, not "${opts.prune}"`);
  }
  const post = resolvePostProcessing({
    prune: byCv ? 'cost-complexity' : opts.prune,
    ccpAlpha: byCv ? 0 : (opts.ccpAlpha as number | undefined),
    pessimisticEpsilon: opts.pessimisticEpsilon,
    simplify: opts.simplify,
    algorithm: opts.algorithm,
  });
  return { ...post, byCv };
}

/** `dataset` is what the tree was grown on; with 'cv' it is split into folds to score each alpha. */
export function pruneGrown(grown: TreeModel, dataset: Dataset, params: TrainParams, opts: PruneOptions, hooks: CvHooks = {}): PrunedTree {
  const { byCv, ...post } = resolvePruneOptions(opts);
  let alphaSelection: AlphaSelection | null = null;
  let foldTrees: FoldTree[] = [];
  let warnings: string[] = [];
  if (byCv) {
    const cv = { k: opts.folds ?? DEFAULT_ALPHA_FOLDS, seed: opts.seed ?? 0, rule: opts.alphaRule, stratify: opts.stratify };
    ({ selection: alphaSelection, foldTrees, warnings } = selectAlphaByCv(dataset, params, grown, cv, hooks));
    post.ccpAlpha = alphaSelection.chosenAlpha;
  }
  const trained = pruneOnly(grown, post);
  const note = fullyGrownNote(trained, params, post.prune);
  if (note !== null) warnings = [...warnings, note];
  return { model: post.simplify ? simplifyTree(trained) : trained, trained, post, alphaSelection, foldTrees, warnings };
}

/**
 * The pruned tree with a decision threshold (docs/model-format.md "Decision threshold"): the
 * tree as trained has its leaves relabelled at it, so the metrics measured on it are the
 * figures at the threshold, and the tree shown is simplified after, leaves merging by their
 * decision at it (a merged leaf's share lies between theirs, so it keeps the decision).
 */
export function atDecisionThreshold(pruned: PrunedTree, t: DecisionThreshold): PrunedTree {
  const trained = withDecisionThreshold(pruned.trained, t);
  return { ...pruned, trained, model: pruned.post.simplify ? simplifyTree(trained) : trained };
}

/** Leaves from which an unpruned, unlimited tree gets the note below. */
export const MANY_LEAVES = 1000;

/**
 * A tree grown until its leaves are pure, with no depth or leaf limit and no pruning, that has
 * thousands of leaves mostly memorises its rows: on columns of many mostly-singleton categories
 * (free text, names) it trailed scikit-learn's one-hot pipeline by 2.6–3.7 points on real files
 * (docs/formulas.md "Cost-complexity pruning"). The note points at the pruning that chooses its own strength.
 */
function fullyGrownNote(tree: TreeModel, params: TrainParams, prune: PruneMethod): string | null {
  if (prune !== 'none' || (params.maxDepth ?? null) !== null || (params.maxLeafNodes ?? null) !== null) return null;
  let leaves = 0;
  for (const n of tree.nodes) if (n.children.length === 0) leaves++;
  if (leaves < MANY_LEAVES) return null;
  return `the tree grew ${leaves} leaves with no depth limit or pruning: it may fit noise; --ccp-alpha cv prunes it by cross-validation (or set --max-depth)`;
}
