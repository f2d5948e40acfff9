// Grows a CART tree (binary splits) in scikit-learn's shape: Criterion (criterion.ts) → Splitter
// (splitter.ts: exact-splitter.ts or hist/histogram-splitter.ts) → Builder: depth-first
// (depth-first.ts), or best-first (best-first.ts) when maxLeafNodes is set, both over the node
// steps of grow.ts and the stopping rules of stopping.ts → TreeStore (tree-store.ts).
import { growBestFirst } from './best-first';
import { growDepthFirst } from './depth-first';
import { ExactSplitter } from './exact-splitter';
import { featureDrawFor } from './feature-draw';
import { Growth } from './grow';
import type { GrowHooks } from './grow-hooks';
import { SMALL_NODE } from './hist/hist-splitter';
import { HistogramSplitter } from './hist/histogram-splitter';
import type { ResolvedParams } from './params';
import type { GrowNode, Splitter } from './splitter';
import type { TrainingSet } from './training-set';
import type { TreeStore } from './tree-store';

/** The splitter `params.splitter` names. */
function splitterFor(set: TrainingSet, params: ResolvedParams, hooks: GrowHooks): Splitter<GrowNode> {
  const draw = featureDrawFor(set.features.length, hooks.featureDraw);
  return params.splitter === 'hist' ? new HistogramSplitter(set, params, SMALL_NODE, draw, hooks.sharedBins ?? null, hooks.scratch ?? null) : new ExactSplitter(set, params, draw, hooks.presorted ?? null, hooks.scratch ?? null);
}

export function growCart(set: TrainingSet, params: ResolvedParams, hooks: GrowHooks = {}, splitter = splitterFor(set, params, hooks)): TreeStore {
  const growth = new Growth(splitter, set, params, hooks);
  if (params.maxLeafNodes === null) growDepthFirst(growth);
  else growBestFirst(growth, params.maxLeafNodes);
  return growth.store;
}
