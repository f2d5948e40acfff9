// Issue 18's first correctness item, for any tree: replacing each decision node's split by its own
// split regrows the subtree under it exactly as the tree has it.
import assert from 'node:assert/strict';
import type { Dataset } from '../../../src/engine/dataset';
import { applyEdit } from '../../../src/engine/edit/apply';
import type { TreeModel } from '../../../src/engine/model';

/** Asserts it of every decision node of `model` (trained on `data`), and that there were at least `least`. */
export function assertOwnSplitsGiveTreeBack(data: Dataset, model: TreeModel, least: number): void {
  let checked = 0;
  for (const node of model.nodes) {
    if (node.split === null) continue;
    assert.deepEqual(applyEdit(data, model, { op: 'split', node: node.id, split: node.split }).nodes, model.nodes, `node ${node.id}`);
    checked++;
  }
  assert.ok(checked >= least, `${checked} decision nodes`);
}
