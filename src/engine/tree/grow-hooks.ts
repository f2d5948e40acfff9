// How a caller follows and cancels a growing tree; every builder reports each node it adds here.
import { throwIfAborted } from '../errors';
import type { FeatureDrawSpec } from './feature-draw';
import type { SharedBins } from './hist/shared-bins';
import type { Presorted } from './presort';
import type { Scratch } from './scratch';
import type { TrainingSet } from './training-set';

export interface GrowHooks {
  signal?: AbortSignal;
  onProgress?: (nodesGrown: number) => void;
  /** CART only: search a fresh random subset of features at each split (feature-draw.ts); absent: every feature. */
  featureDraw?: FeatureDrawSpec;
  /** Exact CART only: feature orders sorted once for the training set every tree is drawn from (a forest's); absent: each tree sorts its own. */
  presorted?: Presorted;
  /** Histogram CART only: bins made once for the training set every tree is drawn from (a forest's). */
  sharedBins?: SharedBins;
  /** Working arrays kept for the next tree grown on this thread (a forest's members, one at a time): the sample's weights, the exact splitter's sorted samples, the histogram splitter's sample order and bins. */
  scratch?: Scratch;
  /**
   * The set buildTrainingSet gives for the dataset and parameters grown on, made once by a caller
   * that grows many trees on them (a forest's members): a fresh one a tree left ~8 bytes a row of
   * garbage per tree.
   */
  trainingSet?: TrainingSet;
}

/** Progress is posted every this many nodes; the signal is read at every node (those near the root take long each). */
const PROGRESS_EVERY = 256;

/** Called after a node is added, with the count of nodes so far: throws when cancelled. */
export function nodeAdded(hooks: GrowHooks, nodes: number): void {
  throwIfAborted(hooks.signal);
  if (nodes % PROGRESS_EVERY === 0) hooks.onProgress?.(nodes);
}
