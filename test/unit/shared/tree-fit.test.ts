// What fits a tree to its panel (docs/architecture.md "Fitting the tree to its panel"): compact
// labels, the icicle the overview draws, and how many levels a stub opens.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { TreeModel } from '../../../src/engine/model';
import { descendantCounts } from '../../../src/engine/model-columns';
import { levelsToOpen } from '../../../src/shared/render/fold';
import { icicleLayout } from '../../../src/shared/render/icicle';
import { BAR_LINE, treeToMermaid } from '../../../src/shared/render/mermaid';

function model(name: string): TreeModel {
  return JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/models', name), 'utf8')) as TreeModel;
}

/** The label lines of node `n<id>` in Mermaid text, entity codes left as they are. */
function labelOf(text: string, id: number): string[] {
  const m = new RegExp(`^ {2}n${id}[[(]"([^"]*)"[\\])]$`, 'm').exec(text);
  assert.ok(m, `n${id} drawn`);
  return m[1].split('<br/>');
}

test('compact labels: a split names its feature (breakable after _), a leaf its prediction, the edges keep the thresholds', () => {
  const m = model('iris-entropy-full.json');
  const full = treeToMermaid(m, { bars: true });
  const compact = treeToMermaid(m, { bars: true, compact: true });
  const root = m.nodes[0];
  assert.deepEqual(labelOf(compact.text, 0), [root.split!.feature.replace(/_(?=.)/g, '_\u200b'), BAR_LINE]);
  const leaf = m.nodes.find((n) => n.children.length === 0)!;
  assert.deepEqual(labelOf(compact.text, leaf.id), [String(leaf.prediction), BAR_LINE]);
  assert.ok(labelOf(full.text, 0).length > 2, 'full labels say more');
  // Same nodes, same folding, same edges with their conditions.
  const edges = (text: string) => text.split('\n').filter((l) => l.includes('-->'));
  assert.deepEqual(edges(compact.text), edges(full.text));
  assert.deepEqual(compact.folded, full.folded);
  // Exports never get compact labels: the option is off unless asked for.
  assert.equal(treeToMermaid(m).text.includes('\u200b' + 'length'), false);
});

test('the icicle gives every node a cell, children side by side under their parent, widths by leaves', () => {
  const m = model('iris-entropy-full.json');
  const icicle = icicleLayout(m, descendantCounts(m));
  assert.equal(icicle.cells.length, m.nodes.length);
  assert.equal(icicle.rows, Math.max(...m.nodes.map((n) => n.depth)) + 1);
  const cell = new Map(icicle.cells.map((c) => [c.id, c]));
  const leaves = m.nodes.filter((n) => n.children.length === 0).length;
  for (const node of m.nodes) {
    const c = cell.get(node.id)!;
    assert.equal(c.depth, node.depth);
    if (node.children.length === 0) assert.ok(Math.abs(c.x1 - c.x0 - 1 / leaves) < 1e-12, `leaf ${node.id} is one leaf wide`);
    else {
      const kids = node.children.map((k) => cell.get(k)!);
      assert.ok(Math.abs(kids[0].x0 - c.x0) < 1e-12 && Math.abs(kids.at(-1)!.x1 - c.x1) < 1e-12, `node ${node.id}'s children span it`);
      for (let k = 1; k < kids.length; k++) assert.ok(Math.abs(kids[k].x0 - kids[k - 1].x1) < 1e-12);
    }
  }
});

test('a subtree not sent is one block as wide as its estimated leaves', () => {
  const m = model('iris-entropy-full.json');
  const descendants = descendantCounts(m);
  const [sent, cut] = m.nodes[0].children;
  // The webview's sparse model: the nodes under `cut` not sent (preorder: its subtree is ids cut … cut + descendants).
  const sparse = { ...m, nodes: m.nodes.map((n) => (n.id > cut && n.id <= cut + descendants[cut] ? undefined : n)) } as unknown as TreeModel;
  const icicle = icicleLayout(sparse, descendants);
  const blocks = icicle.cells.filter((c) => c.unsent);
  assert.deepEqual(blocks.map((b) => [b.id, b.depth]), [[cut, m.nodes[cut].depth + 1]]);
  const leavesUnder = (id: number) => m.nodes.filter((n) => n.id >= id && n.id <= id + descendants[id] && n.children.length === 0).length;
  const estimate = (descendants[cut] + 2) / 2;
  const width = blocks[0].x1 - blocks[0].x0;
  assert.ok(Math.abs(width - estimate / (leavesUnder(sent) + estimate)) < 1e-12, `block ${width} wide`);
});

test('a stub opens as many levels as fit side by side, at least its children, never past nodes not sent', () => {
  const m = model('iris-entropy-full.json');
  assert.deepEqual(levelsToOpen(m, 0, 1), [0], 'one level even when its children are wider than asked');
  const wide = levelsToOpen(m, 0, 100);
  assert.deepEqual(new Set(wide), new Set(m.nodes.filter((n) => n.children.length > 0).map((n) => n.id)), 'room for everything: every split opens');
  const two = levelsToOpen(m, 0, 4);
  const levelWidth = (depth: number) => m.nodes.filter((n) => n.depth === depth).length;
  const deepest = Math.max(...two.map((id) => m.nodes[id].depth));
  assert.ok(levelWidth(deepest + 1) <= 4, 'the deepest level opened fits');
  assert.ok(levelWidth(deepest + 2) > 4 || two.length === wide.length, 'the next one would not');
  const sparse = { ...m, nodes: m.nodes.map((n) => (n.depth >= 2 ? undefined : n)) } as unknown as TreeModel;
  assert.deepEqual(levelsToOpen(sparse, 0, 100), [0], 'children not sent stop the opening');
});

test('a left-to-right drawing: the same nodes and edges grown the other way; exports stay top-down', () => {
  const m = model('iris-entropy-full.json');
  const down = treeToMermaid(m, { bars: true, compact: true });
  const across = treeToMermaid(m, { bars: true, compact: true, direction: 'LR' });
  assert.equal(down.text.split('\n')[0], 'flowchart TD');
  assert.equal(across.text.split('\n')[0], 'flowchart LR');
  assert.deepEqual(across.text.split('\n').slice(1), down.text.split('\n').slice(1));
  assert.equal(treeToMermaid(m).text.split('\n')[0], 'flowchart TD');
});

test('the fold to fit: nodes below the depth cap fold into stubs even in a tree small enough to open whole, unless the user opened them', () => {
  const m = model('iris-entropy-full.json');
  assert.ok(m.nodes.length <= 60 && Math.max(...m.nodes.map((n) => n.depth)) > 3, 'iris opens whole by default, deeper than 3');
  const whole = treeToMermaid(m, { compact: true });
  assert.equal(whole.shownNodes, m.nodes.length);
  const capped = treeToMermaid(m, { compact: true, depthCap: 2 });
  const upTo2 = m.nodes.filter((n) => n.depth <= 2);
  assert.equal(capped.shownNodes, upTo2.length);
  assert.deepEqual(capped.folded.sort((a, b) => a - b), upTo2.filter((n) => n.depth === 2 && n.children.length > 0).map((n) => n.id));
  // A compact stub gives the count alone, the full one says "nodes"; the count is of the whole subtree.
  const id = capped.folded[0];
  const below = descendantCounts(m)[id];
  assert.match(capped.text, new RegExp(`^ {2}f${id}\\(\\["\\+${below}"\\]\\)$`, 'm'));
  assert.match(treeToMermaid(m, { depthCap: 2 }).text, new RegExp(`^ {2}f${id}\\(\\["\\+${below} nodes"\\]\\)$`, 'm'));
  // The user's opening wins over the cap.
  const opened = treeToMermaid(m, { compact: true, depthCap: 2, expanded: [id] });
  assert.equal(opened.folded.includes(id), false);
});

test('a focused subtree: the drawing starts at its node and counts depths from it', () => {
  const m = model('iris-entropy-full.json');
  const top = m.nodes[0].children.find((c) => m.nodes[c].children.length > 0)!;
  const inside = new Set<number>();
  const walk = (id: number): void => {
    inside.add(id);
    m.nodes[id].children.forEach(walk);
  };
  walk(top);
  const focused = treeToMermaid(m, { compact: true, root: top });
  assert.equal(focused.shownNodes, inside.size, 'the whole subtree, no node outside it');
  assert.equal(/^ {2}n0\[/m.test(focused.text), false, 'the root is not drawn');
  // One level below the focused node: its children, folded where they have their own.
  const oneLevel = treeToMermaid(m, { compact: true, root: top, depthCap: 1 });
  assert.equal(oneLevel.shownNodes, 1 + m.nodes[top].children.length);
  assert.deepEqual(oneLevel.folded.sort((a, b) => a - b), m.nodes[top].children.filter((c) => m.nodes[c].children.length > 0));
});
