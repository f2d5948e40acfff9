// A tree as grown (TreeStore) read as the forest's packed nodes (packed-tree.ts NodeReader): the
// ids, values, predictions and splits toModel would give, in the forest's class and feature
// order, without making a node object each — a regression member has ~10^5 nodes.
import { isOrderedType } from '../dataset';
import { argmax, positions, preorder, splitOf } from '../tree/to-model';
import type { GrownTree } from '../tree/train';
import type { NodeReader, TreeHead } from './packed-tree';

export function grownNodes(head: TreeHead, { store, set }: GrownTree): NodeReader {
  const order = preorder(store);
  const pre = positions(order);
  const dim = store.valueDim;
  const classification = set.task === 'classification';
  // A member's set keeps every training row's classes (sample-weights.ts): the forest's, in its order.
  const classes = head.classes ?? [];
  if (classification && (classes.length !== set.classes.length || classes.some((c, k) => c !== set.classes[k]))) throw new Error('a forest member grown with other classes than its forest');
  const featureAt = set.features.map((f) => head.features.findIndex((h) => h.name === f.name));
  const weighted = set.weight !== null;
  const split = (p: number): number => (store.isLeaf(order[p]) ? -1 : store.feature[order[p]]);
  return {
    count: store.count,
    depth: (p) => store.depth[order[p]],
    samples: (p) => store.samples[order[p]],
    weightedSamples: (p) => (weighted ? store.weight[order[p]] : undefined),
    impurity: (p) => store.impurity[order[p]],
    value: (p, k) => store.value[order[p] * dim + k],
    prediction: (p) => (classification ? argmax(store.value, order[p] * dim, dim) : store.value[order[p] * dim]),
    feature: (p) => {
      const f = split(p);
      return f < 0 ? -1 : featureAt[f];
    },
    threshold: (p) => {
      const f = split(p);
      return f >= 0 && isOrderedType(set.features[f].type) ? store.threshold[order[p]] : 0;
    },
    branches: (p) => {
      const f = split(p);
      if (f < 0 || isOrderedType(set.features[f].type)) return null;
      const made = splitOf(store, set, order[p]);
      return made.kind === 'categorical' ? made.branches : null;
    },
    missingGoesTo: (p) => (store.isLeaf(order[p]) ? -1 : store.missingChild[order[p]]),
    sawMissing: (p) => (store.isLeaf(order[p]) ? undefined : store.sawMissing[order[p]] === 1),
    childCount: (p) => (store.isLeaf(order[p]) ? 0 : store.childCount[order[p]]),
    child: (p, c) => pre[store.firstChild[order[p]] + c],
  };
}
