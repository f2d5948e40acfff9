import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { TreeModel } from '../../../src/engine/model';
import { trainTree } from '../../../src/engine/tree/train';
import { buildReport } from '../../../src/engine/report';
import { diffCounts, diffTrees } from '../../../src/shared/tree-diff';
import { buildModel } from '../helpers/build-model';

const sample = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));

/** Every node by its place: the branch indices from the root ("" is the root). */
function byPlace(model: TreeModel): Map<string, number> {
  const places = new Map<string, number>();
  const visit = (id: number, place: string) => {
    places.set(place, id);
    model.nodes[id].children.forEach((c, k) => visit(c, `${place}/${k}`));
  };
  visit(0, '');
  return places;
}

test('a tree compared with itself: every node the same, each matched with itself', () => {
  const { model } = trainTree(sample('iris.csv'), { target: 'species' });
  const diff = diffTrees(model, model);
  assert.ok(diff.a.every((m) => m === 'same'));
  assert.deepEqual(diff.aToB, model.nodes.map((n) => n.id));
  assert.deepEqual(diffCounts(diff), { changed: 0, onlyA: 0, onlyB: 0 });
});

test('grown vs pruned: the pruned leaves that the grown tree splits differ, the subtrees under them are the grown tree\'s only', () => {
  const data = sample('diabetes.csv');
  const grown = buildReport(data, { params: { target: 'disease_progression', maxDepth: 6 }, simplify: false, permutationRepeats: 0 }).model;
  const pruned = buildReport(data, { params: { target: 'disease_progression', maxDepth: 6, ccpAlpha: 100 }, simplify: false, permutationRepeats: 0 }).model;
  assert.ok(pruned.nodes.length < grown.nodes.length, `${pruned.nodes.length} < ${grown.nodes.length}`);
  const diff = diffTrees(grown, pruned);
  const cut = pruned.nodes.filter((n) => n.split === null && grown.nodes[diff.bToA[n.id]].split !== null);
  assert.ok(cut.length > 0);
  // Pruning only turns splits into leaves: every other node of the pruned tree is the grown one's.
  for (const n of pruned.nodes) assert.equal(diff.b[n.id], cut.includes(n) ? 'changed' : 'same', `pruned node ${n.id}`);
  assert.deepEqual(diffCounts(diff), { changed: cut.length, onlyA: grown.nodes.length - pruned.nodes.length, onlyB: 0 });
});

test('gini vs entropy on bike_or_car: a node differs exactly where the node at its place asks another question', () => {
  const data = sample('bike_or_car.csv');
  const gini = trainTree(data, { target: 'go_by_car', criterion: 'gini' }).model;
  const entropy = trainTree(data, { target: 'go_by_car', criterion: 'entropy' }).model;
  const diff = diffTrees(gini, entropy);
  const other = byPlace(entropy);
  let differing = 0;
  for (const [place, id] of byPlace(gini)) {
    const twin = other.get(place);
    const node = gini.nodes[id];
    if (twin === undefined) {
      assert.equal(diff.a[id], 'only', place);
      continue;
    }
    assert.equal(diff.aToB[id], twin, place);
    const same = JSON.stringify([node.split, node.split ? node.missingGoesTo : node.prediction]) === JSON.stringify([entropy.nodes[twin].split, entropy.nodes[twin].split ? entropy.nodes[twin].missingGoesTo : entropy.nodes[twin].prediction]);
    assert.equal(diff.a[id], same ? 'same' : 'changed', place);
    if (!same) differing++;
  }
  assert.ok(differing > 0, 'the two criteria grow different trees on this file');
});

test('category sets compare as sets; a split with more branches has the extra subtrees to itself', () => {
  const features = [{ name: 'c', type: 'categorical' as const, categories: ['x', 'y', 'z'] }];
  const leaf = { value: [1, 0] };
  const three = buildModel({ value: [2, 1], split: { feature: 'c', kind: 'categorical', branches: [['x'], ['y'], ['z']] }, children: [leaf, leaf, { value: [0, 1] }] }, { classes: ['a', 'b'], features });
  const reordered = buildModel({ value: [2, 1], split: { feature: 'c', kind: 'categorical', branches: [['x'], ['y', 'z']] }, children: [leaf, { value: [0, 2] }] }, { classes: ['a', 'b'], features });
  const sameSets = buildModel({ value: [2, 1], split: { feature: 'c', kind: 'categorical', branches: [['z', 'y'], ['x']] }, children: [leaf, leaf] }, { classes: ['a', 'b'], features });
  const twoSets = buildModel({ value: [2, 1], split: { feature: 'c', kind: 'categorical', branches: [['y', 'z'], ['x']] }, children: [leaf, leaf] }, { classes: ['a', 'b'], features });
  assert.equal(diffTrees(sameSets, twoSets).a[0], 'same');
  const diff = diffTrees(three, reordered);
  assert.deepEqual(diff.a, ['changed', 'same', 'changed', 'only']);
  assert.deepEqual(diff.b, ['changed', 'same', 'changed']);
  assert.deepEqual(diff.bToA, [0, 1, 2]);
});
