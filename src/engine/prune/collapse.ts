// Rebuild a model with some decision nodes turned into leaves: the one structural edit that
// cost-complexity and pessimistic pruning share. Node ids are re-numbered in preorder and the
// importances recomputed, so the result is a valid model in its own right.
import { withoutSplitFacts, type ModelNode, type TreeModel } from '../model';
import { mdiImportances } from '../tree/mdi';
import { rebuildPreorder } from './preorder';

/** `collapse[id]` = 1: node `id` becomes a leaf (its own value and prediction), its subtree dropped. */
export function collapseNodes(model: TreeModel, collapse: Uint8Array, params: Partial<TreeModel['params']> = {}): TreeModel {
  if (model.nodes.length === 0) return { ...model, params: { ...model.params, ...params } };
  const nodes = rebuildPreorder(
    0,
    (id) => (collapse[id] === 1 ? [] : model.nodes[id].children),
    (id): ModelNode => {
      const src = model.nodes[id];
      const leaf = collapse[id] === 1 || src.children.length === 0;
      return {
        ...(leaf ? withoutSplitFacts(src) : src),
        value: Array.isArray(src.value) ? [...src.value] : src.value,
        split: leaf ? null : src.split,
        missingGoesTo: leaf ? null : src.missingGoesTo,
      };
    },
  );
  const result: TreeModel = { ...model, params: { ...model.params, ...params }, nodes };
  result.featureImportances = mdiImportances(result);
  return result;
}
