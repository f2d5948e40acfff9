import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TreeModel } from '../../../src/engine/model';
import { branchSlice, firstSlice, SLICE_NODES, subtreeSlice, WHOLE_TREE_MAX_NODES } from '../../../src/shared/tree-slices';
import { addNodes, appendNodes, decodeModel, type DecodedTree } from '../../../src/engine/model-columns';
import { treeToMermaid, type MermaidOptions } from '../../../src/shared/render/mermaid';
import { pathTo, ruleTo } from '../../../src/shared/render/tree-labels';
import { bigTree } from '../helpers/big-tree';
import { packModel } from '../../../src/shared/report-transfer';

/** What the webview draws from what it was sent, and what the whole tree draws, for the same view. */
function drawBoth(partial: DecodedTree, whole: TreeModel, options: MermaidOptions): [string, string] {
  const part = treeToMermaid(partial.model, { ...options, descendants: partial.descendants, valueRange: partial.valueRange });
  return [part.text, treeToMermaid(whole, options).text];
}

for (const task of ['classification', 'regression'] as const) {
  test(`a ${task} tree too big to send whole draws from its slices exactly as from the whole tree`, () => {
    const whole = bigTree(14, task);
    assert.ok(whole.nodes.length > WHOLE_TREE_MAX_NODES);
    const held = packModel(whole);
    const wire = firstSlice(held);
    assert.equal(wire.totalNodes, whole.nodes.length);
    assert.ok(wire.nodes.id.length <= SLICE_NODES && wire.nodes.id.length > 60, `${wire.nodes.id.length} nodes in the first slice`);
    assert.ok(JSON.stringify(wire).length < 200_000, 'what the webview keeps in its state stays small');
    // Each node's children come all together or not at all.
    const sent = new Set(wire.nodes.id);
    for (const id of wire.nodes.id) {
      const children = whole.nodes[id].children.filter((c) => sent.has(c)).length;
      assert.ok(children === 0 || children === whole.nodes[id].children.length, `node ${id}`);
    }
    const tree = decodeModel(structuredClone(wire));
    assert.equal(tree.sent, wire.nodes.id.length);
    assert.equal(tree.descendants[0], whole.nodes.length - 1);

    // The first view, folded as the panel opens it.
    const [first, firstWhole] = drawBoth(tree, whole, {});
    assert.equal(first, firstWhole);
    assert.match(first, /\+\d+ nodes/, 'stubs say how many nodes they hide in the whole tree');

    // A stub deep below the first slice: its subtree is fetched, then it opens as in the whole tree.
    const deep = whole.nodes.find((n) => n.depth === 12 && !sent.has(n.id))!;
    const branch = branchSlice(held, deep.id);
    addNodes(tree, branch);
    const expandedPath = pathTo(whole, deep.id).slice(0, -1);
    assert.deepEqual(pathTo(tree.model, deep.id), pathTo(whole, deep.id));
    assert.deepEqual(ruleTo(tree.model, deep.id), ruleTo(whole, deep.id));
    addNodes(tree, subtreeSlice(held, deep.id));
    const expanded = [...expandedPath, deep.id];
    const [opened, openedWhole] = drawBoth(tree, whole, { expanded });
    assert.equal(opened, openedWhole);
    assert.match(opened, new RegExp(`n${deep.id} -->`), 'the opened node shows its children');

    // The path of a row to a leaf the webview has not been sent: the branch makes it drawable.
    const leaf = whole.nodes.length - 1;
    assert.equal(tree.model.nodes[leaf], undefined);
    addNodes(tree, branchSlice(held, leaf));
    const path = pathTo(whole, leaf);
    const [highlighted, highlightedWhole] = drawBoth(tree, whole, { expanded, path });
    assert.equal(highlighted, highlightedWhole);
  });
}

test('the nodes a webview keeps are each kept once, and decode to the tree it built slice by slice', () => {
  const whole = bigTree(13, 'classification');
  const held = packModel(whole);
  const wire = firstSlice(held);
  const tree = decodeModel(structuredClone(wire));
  const more = [subtreeSlice(held, 8000), branchSlice(held, 9000), subtreeSlice(held, 8000), branchSlice(held, 0)];
  for (const nodes of more) {
    appendNodes(wire.nodes, nodes);
    addNodes(tree, nodes);
  }
  assert.equal(new Set(wire.nodes.id).size, wire.nodes.id.length);
  const again = decodeModel(JSON.parse(JSON.stringify(wire)));
  assert.equal(again.sent, tree.sent);
  assert.deepEqual(again.model.nodes.filter(Boolean), tree.model.nodes.filter(Boolean));
  for (const node of tree.model.nodes) if (node) assert.deepEqual(node, whole.nodes[node.id]);
});
