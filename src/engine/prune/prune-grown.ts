// From a grown tree to the tree people see, including "choose ccp_alpha by cross-validation":
// the one recipe shared by the report (webview), `train` and `evaluate`.
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import type { PruneMethod, TrainParams, TreeModel } from '../model';
import { postProcess, resolvePostProcessing, type PostProcessing } from './post-process';
import { selectAlphaByCv } from '../validation/alpha-cv';
import type { AlphaSelection } from '../validation/types';

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
}

export interface PrunedTree {
  model: TreeModel;
  /** Settings as applied (with the alpha CV chose). */
  post: PostProcessing;
  alphaSelection: AlphaSelection | null;
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
  });
  return { ...post, byCv };
}

/** `dataset` is what the tree was grown on; with 'cv' it is split into folds to score each alpha. */
export function pruneGrown(grown: TreeModel, dataset: Dataset, params: TrainParams, opts: PruneOptions, signal?: AbortSignal): PrunedTree {
  const { byCv, ...post } = resolvePruneOptions(opts);
  let alphaSelection: AlphaSelection | null = null;
  if (byCv) {
    alphaSelection = selectAlphaByCv(dataset, params, grown, opts.folds ?? DEFAULT_ALPHA_FOLDS, opts.seed ?? 0, opts.alphaRule ?? 'best', signal);
    post.ccpAlpha = alphaSelection.chosenAlpha;
  }
  return { model: postProcess(grown, post), post, alphaSelection };
}
