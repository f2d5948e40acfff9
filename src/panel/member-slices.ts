// The forest view's `tree` and `nodes` answers, one piece for a forest of ours (forest-requests.ts)
// and a model trained elsewhere (ensemble-requests.ts): both hold each tree as columns
// (TreeColumns, docs/architecture.md "The shapes of a tree and of a report") and send the page the
// tree panel's slices of it (src/shared/tree-slices.ts).
import type { TreeColumns } from '../engine/model-columns';
import type { ForestRequestTypes } from '../shared/forest-protocol';
import type { Handlers } from '../shared/panel-requests';
import { branchSlice, firstSlice, subtreeSlice } from '../shared/tree-slices';
import { t } from '../host/l10n';

/** Item `index` of `trees`, or an error that says how many trees the `holder` has. */
export function treeAt<T>(trees: readonly T[], index: number, holder: 'forest' | 'model'): T {
  if (index >= trees.length) {
    const n = trees.length;
    throw new Error(holder === 'forest' ? t`The forest has ${n} trees: there is no tree ${index + 1}.` : t`The model has ${n} trees: there is no tree ${index + 1}.`);
  }
  return trees[index];
}

/** The answers that send tree `index` (`treeOf`'s) to the page: its first slice, then more of its nodes. */
export function memberSlices(treeOf: (index: number) => TreeColumns): Pick<Handlers<ForestRequestTypes>, 'tree' | 'nodes'> {
  return {
    tree: ({ index }) => ({ index, model: firstSlice(treeOf(index)) }),
    nodes: ({ index, nodeId, scope, totalNodes }) => {
      const model = treeOf(index);
      if (model.totalNodes !== totalNodes || nodeId >= model.totalNodes) throw new Error(t`Tree ${index + 1} has no node ${nodeId}.`);
      return scope === 'subtree' ? subtreeSlice(model, nodeId) : branchSlice(model, nodeId);
    },
  };
}
