// "Find node" in the Tree tab: the nodes a user means by a node id ("12"), a feature name or part of
// it, a condition as drawn ("≤ 2.45"), or a leaf's answer, in id order (the root first). Matching
// ignores case and the zero-width spaces long names wrap at. Only the nodes the panel holds are
// searched (a tree of more than 10,000 nodes arrives a part at a time).
import type { TreeModel } from '../../engine/model';
import { nodeLines } from './tree-labels';

const plain = (s: string) => s.replaceAll('\u200b', '').toLowerCase();

export function findNodes(model: TreeModel, query: string): number[] {
  const q = plain(query.trim());
  if (q === '') return [];
  const id = /^#?(\d+)$/.exec(q);
  const found: number[] = [];
  for (const node of model.nodes) {
    if (!node) continue; // not sent to the page yet
    if (id !== null) {
      if (node.id === Number(id[1])) found.push(node.id);
      continue;
    }
    // The node's first line is its question (a split) or its answer (a leaf), as drawn in full.
    if (plain(nodeLines(model, node)[0]).includes(q)) found.push(node.id);
  }
  return found;
}
