// What happens to a grown tree before anyone sees it: pruning (cost-complexity at an alpha, or
// pessimistic with ε), then simplification. One place, so the report, cross-validation and the
// CLI all produce the same tree from the same settings.
import { InputError } from '../errors';
import type { Algorithm, PruneMethod, TreeModel } from '../model';
import { defaultPrune } from '../tree/params';
import { checkCcpAlpha, pruneCostComplexity } from './cost-complexity';
import { prunePessimistic } from './pessimistic';
import { simplifyTree } from './simplify';

export interface PostProcessing {
  prune: PruneMethod;
  /** Used by 'cost-complexity'. */
  ccpAlpha: number;
  /** Used by 'pessimistic'. */
  pessimisticEpsilon: number;
  simplify: boolean;
}

/**
 * Fills in and checks the pruning settings: a ccp_alpha above 0 implies cost-complexity pruning,
 * else the algorithm's default applies (C4.5 prunes pessimistically, the others not at all);
 * asking for pessimistic pruning and a ccp_alpha at once is a contradiction.
 */
export function resolvePostProcessing(opts: {
  prune?: PruneMethod;
  ccpAlpha?: number;
  pessimisticEpsilon?: number;
  simplify?: boolean;
  algorithm?: Algorithm;
}): PostProcessing {
  const ccpAlpha = opts.ccpAlpha ?? 0;
  checkCcpAlpha(ccpAlpha);
  const prune = opts.prune ?? (ccpAlpha > 0 ? 'cost-complexity' : defaultPrune(opts.algorithm));
  if (prune !== 'none' && prune !== 'cost-complexity' && prune !== 'pessimistic') {
    throw new InputError('bad-option', `prune must be none, cost-complexity or pessimistic, got "${String(prune)}"`);
  }
  if (ccpAlpha > 0 && prune !== 'cost-complexity') {
    throw new InputError('bad-option', `a ccp_alpha of ${ccpAlpha} asks for cost-complexity pruning, but prune is "${prune}"`);
  }
  const pessimisticEpsilon = opts.pessimisticEpsilon ?? 0.5;
  if (!Number.isFinite(pessimisticEpsilon) || pessimisticEpsilon < 0) {
    throw new InputError('bad-option', `the pessimistic-pruning ε must be a finite number ≥ 0, got ${pessimisticEpsilon}`);
  }
  return { prune, ccpAlpha, pessimisticEpsilon, simplify: opts.simplify ?? true };
}

/** The tree as trained: pruned as the settings say, never simplified (metrics and probabilities come from it). */
export function pruneOnly(grown: TreeModel, p: PostProcessing): TreeModel {
  if (p.prune === 'cost-complexity') return pruneCostComplexity(grown, p.ccpAlpha);
  if (p.prune === 'pessimistic') return prunePessimistic(grown, p.pessimisticEpsilon);
  return grown;
}

/** The tree as shown: simplification merges leaves that predict alike, which changes their class shares. */
export function postProcess(grown: TreeModel, p: PostProcessing): TreeModel {
  const model = pruneOnly(grown, p);
  return p.simplify ? simplifyTree(model) : model;
}
