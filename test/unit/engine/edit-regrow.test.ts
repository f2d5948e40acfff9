// Issue 18: a subtree regrown under a chosen split equals the trees grown on each side's rows
// alone — scikit-learn's (test/fixtures/edit/make_forced_split.py) — and the rest of the tree is
// unchanged.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { applyEdit } from '../../../src/engine/edit/apply';
import type { ModelNode, TreeModel } from '../../../src/engine/model';
import { trainTree } from '../../../src/engine/tree/train';
import { lastInSubtree } from '../../../src/engine/tree/subtree';
import type { ParityNode } from '../helpers/parity-json';

type RefNode = Pick<ParityNode, 'feature' | 'threshold' | 'samples' | 'impurity' | 'value'> & { depth: number };
interface Case {
  name: string;
  csv: string;
  target: string;
  node: { feature: string; op: '>'; threshold: number; depth: number } | null;
  split: { feature: string; threshold: number };
  params: { criterion: 'gini' | 'entropy' | 'squared_error'; max_depth?: number; min_samples_leaf?: number };
  children: Array<{ classes: string[] | null; nodes: RefNode[] }>;
}

const fixture = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/edit/forced_split.json'), 'utf8')) as { cases: Case[] };
const sample = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));

/** The node whose rows the case names: the root, or the right child of a root split on the condition. */
function nodeOf(model: TreeModel, c: Case): ModelNode {
  if (c.node === null) return model.nodes[0];
  const root = model.nodes[0];
  assert.deepEqual(root.split, { feature: c.node.feature, kind: 'numeric', threshold: c.node.threshold });
  return model.nodes[root.children[1]];
}

function assertSameTree(model: TreeModel, at: number, ref: { classes: string[] | null; nodes: RefNode[] }, label: string): void {
  const ours = model.nodes.slice(at, lastInSubtree(model, at) + 1);
  assert.equal(ours.length, ref.nodes.length, `${label}: node count`);
  ours.forEach((n, i) => {
    const r = ref.nodes[i];
    const where = `${label} node ${i}`;
    assert.equal(n.split?.feature ?? null, r.feature, where);
    if (n.split?.kind === 'numeric' && r.threshold !== null) assert.ok(Math.abs(n.split.threshold - r.threshold) <= 1e-4 * Math.abs(r.threshold), `${where}: threshold ${n.split.threshold} vs ${r.threshold}`);
    assert.equal(n.samples, r.samples, where);
    assert.equal(n.depth - model.nodes[at].depth, r.depth, where);
    assert.ok(Math.abs(n.impurity - r.impurity) <= 1e-6 * Math.max(1, r.impurity), `${where}: impurity`);
    if (ref.classes === null) assert.ok(Math.abs((n.value as number) - (r.value as number)) <= 1e-9 * Math.abs(r.value as number), `${where}: mean`);
    else assert.deepEqual(ref.classes.map((label) => (n.value as number[])[(model.classes ?? []).indexOf(label)]), r.value, `${where}: counts`);
  });
}

for (const c of fixture.cases) {
  test(`${c.name}: each child of the chosen split is scikit-learn's tree on its rows`, () => {
    const dataset = sample(c.csv);
    const { model } = trainTree(dataset, { target: c.target, criterion: c.params.criterion, maxDepth: c.params.max_depth, minSamplesLeaf: c.params.min_samples_leaf });
    const node = nodeOf(model, c);
    const split = { feature: c.split.feature, kind: 'numeric' as const, threshold: c.split.threshold };
    const edited = applyEdit(dataset, model, { op: 'split', node: node.id, split });
    const at = edited.nodes[node.id];
    assert.deepEqual(at.split, split);
    assert.equal(at.samples, node.samples);
    at.children.forEach((child, i) => assertSameTree(edited, child, c.children[i], `${c.name} child ${i}`));
    // Nodes before the edited one are the tree's own.
    assert.deepEqual(edited.nodes.slice(0, node.id), model.nodes.slice(0, node.id));
    const importances = Object.values(edited.featureImportances);
    assert.ok(Math.abs(importances.reduce((a, b) => a + b, 0) - 1) < 1e-12);
  });
}
