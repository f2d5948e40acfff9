// A group of training samples as a model node (class counts or mean, impurity, prediction), and
// nodes of a tree trained on fewer classes restated in the whole tree's class order.
import type { ModelNode } from '../model';
import { argsortFloat64 } from '../tree/argsort';
import { regressionStatsOf } from '../tree/criterion';
import { classImpurity } from '../tree/criteria';
import type { ResolvedParams } from '../tree/params';
import type { TrainingSet } from '../tree/training-set';

export interface GroupStats {
  /** Classification: class counts in `set.classes` order; regression: null. */
  counts: Float64Array | null;
  /** Regression: the mean. */
  mean: number;
  impurity: number;
  samples: number;
  /** Their total weight (`samples` when the set is unweighted). */
  weight: number;
}

/**
 * The samples in the order the exact splitter sums a node's targets (by the first feature, ties by
 * index, missing last), so that a regrown leaf's mean, MSE and weighted counts equal the grown tree's to the bit.
 */
function inSplitterOrder(set: TrainingSet, samples: Int32Array): Int32Array {
  const x = set.features[0].x;
  const order = new Int32Array(samples.length);
  argsortFloat64(Float64Array.from(samples, (i) => x[i]), order);
  return order.map((p) => samples[p]);
}

/** The group's counts (weighted, when the set is: docs/formulas.md "Sample and class weights") or mean, and impurity. */
export function groupStats(set: TrainingSet, params: ResolvedParams, samples: Int32Array): GroupStats {
  const n = samples.length;
  const order = set.weight === null && set.task === 'classification' ? samples : inSplitterOrder(set, samples);
  if (set.task === 'regression') {
    const { mean, mse, weight } = regressionStatsOf(set.yValue, set.weight, order, 0, n);
    return { counts: null, mean, impurity: mse, samples: n, weight };
  }
  const counts = new Float64Array(set.classes.length);
  let weight = 0;
  for (const i of order) {
    const w = set.weight === null ? 1 : set.weight[i];
    counts[set.yClass[i]] += w;
    weight += w;
  }
  return { counts, mean: NaN, impurity: classImpurity(params.criterion, counts, weight), samples: n, weight };
}

/** The majority class, the first in `classes` order on a tie (docs/model-format.md "Nodes"). */
export function majority(counts: readonly number[], classes: readonly string[]): string {
  let best = 0;
  for (let k = 1; k < counts.length; k++) if (counts[k] > counts[best]) best = k;
  return classes[best];
}

/** A leaf holding the group, with id 0. */
export function nodeOfGroup(set: TrainingSet, stats: GroupStats, depth: number): ModelNode {
  const value = stats.counts === null ? stats.mean : Array.from(stats.counts);
  const prediction = Array.isArray(value) ? majority(value, set.classes) : value;
  // Last, as tree/to-model.ts places it: a model written as JSON reads the same.
  const weighted = set.weight === null ? {} : { weightedSamples: stats.weight };
  return { id: 0, depth, samples: stats.samples, impurity: stats.impurity, value, prediction, split: null, missingGoesTo: null, children: [], ...weighted };
}

/** Nodes whose counts follow `from` (a subset of the classes) restated in `to` order; regression nodes as they are. */
export function remapNodes(nodes: readonly ModelNode[], from: readonly string[] | undefined, to: readonly string[]): ModelNode[] {
  if (from === undefined) return [...nodes];
  const slot = from.map((label) => to.indexOf(label));
  return nodes.map((node) => {
    const value = new Array<number>(to.length).fill(0);
    (node.value as number[]).forEach((count, k) => (value[slot[k]] = count));
    return { ...node, value, prediction: majority(value, to) };
  });
}
