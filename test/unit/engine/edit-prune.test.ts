// Issue 18: a subtree regrown under a chosen split is pruned as the tree was — cost-complexity at
// its ccp_alpha, or C4.5's pessimistic pruning with its ε — so on a pruned tree a node's own split
// gives the pruned tree back (not the fully regrown subtree), and a new split's children are the
// pruned trees of their rows.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { applyEdit } from '../../../src/engine/edit/apply';
import type { TreeModel } from '../../../src/engine/model';
import { pruneCostComplexity } from '../../../src/engine/prune/cost-complexity';
import { prunePessimistic } from '../../../src/engine/prune/pessimistic';
import { buildReport } from '../../../src/engine/report';
import { parseModel, serializeModel } from '../../../src/engine/tree/model-json';
import { lastInSubtree } from '../../../src/engine/tree/subtree';
import { trainTree } from '../../../src/engine/tree/train';
import { assertOwnSplitsGiveTreeBack } from '../helpers/own-splits';

const read = (file: string) => parseCsv(readFileSync(path.join(process.cwd(), file)));
const penguins = read('test/fixtures/parity/nan_penguins_gini_grown/train.csv');
const diabetes = read('media/samples/diabetes.csv');
const iris = read('media/samples/iris.csv');

function assertPrunedGivenBack(data: Dataset, pruned: TreeModel, grownSize: number): void {
  assert.ok(pruned.nodes.length < grownSize, `pruning cut the tree (${pruned.nodes.length} of ${grownSize} nodes)`);
  assertOwnSplitsGiveTreeBack(data, pruned, 2);
}

test('cost-complexity (CART classification): each node\'s own split gives the pruned tree back', () => {
  const grown = trainTree(penguins, { target: 'species' }).model;
  assertPrunedGivenBack(penguins, pruneCostComplexity(grown, 0.01), grown.nodes.length);
});

test('cost-complexity (regression, whole-tree N): each node\'s own split gives the pruned tree back', () => {
  const grown = trainTree(diabetes, { target: 'disease_progression', minSamplesLeaf: 5 }).model;
  assertPrunedGivenBack(diabetes, pruneCostComplexity(grown, 40), grown.nodes.length);
});

test('C4.5 pessimistic pruning (ε recorded in the model): each node\'s own split gives the pruned tree back', () => {
  const grown = trainTree(penguins, { target: 'species', algorithm: 'c45' }).model;
  for (const epsilon of [0.5, 1]) {
    const pruned = prunePessimistic(grown, epsilon);
    assert.equal(pruned.params.pessimisticEpsilon, epsilon);
    // The ε survives the model file, so the CLI's edit prunes as the panel's.
    assert.equal(parseModel(serializeModel(pruned)).params.pessimisticEpsilon, epsilon);
    assertPrunedGivenBack(penguins, pruned, grown.nodes.length);
  }
});

test('a new split on a pruned tree: each child is the pruned tree of its rows, and the chosen split stays', () => {
  const alpha = 0.02;
  const model = pruneCostComplexity(trainTree(iris, { target: 'species' }).model, alpha);
  const split = { feature: 'sepal_length_cm', kind: 'numeric' as const, threshold: 5.45 };
  const edited = applyEdit(iris, model, { op: 'split', node: 0, split });
  const unpruned = applyEdit(iris, trainTree(iris, { target: 'species' }).model, { op: 'split', node: 0, split });
  assert.deepEqual(edited.nodes[0].split, split);
  assert.ok(edited.nodes.length < unpruned.nodes.length, `${edited.nodes.length} vs ${unpruned.nodes.length} nodes`);
  // Pruning the unpruned edited tree's children alone (at α scaled to each child's rows) gives the edited tree's.
  unpruned.nodes[0].children.forEach((child, i) => {
    const alone: TreeModel = { ...unpruned, nodes: unpruned.nodes.slice(child, lastInSubtree(unpruned, child) + 1).map((n) => ({ ...n, id: n.id - child, children: n.children.map((c) => c - child) })) };
    const expected = pruneCostComplexity(alone, (alpha * 150) / alone.nodes[0].samples).nodes.map((n) => ({ split: n.split, samples: n.samples }));
    const at = edited.nodes[0].children[i];
    const ours = edited.nodes.slice(at, lastInSubtree(edited, at) + 1).map((n) => ({ split: n.split, samples: n.samples }));
    assert.deepEqual(ours, expected, `child ${i}`);
  });
});

test('the report\'s tree pruned at a CV-chosen alpha: its own root split gives it back', () => {
  const report = buildReport(penguins, { params: { target: 'species' }, ccpAlpha: 'cv', simplify: false, permutationRepeats: 0 });
  assert.equal(report.model.params.prune, 'cost-complexity');
  const root = report.model.nodes[0];
  assert.deepEqual(applyEdit(penguins, report.model, { op: 'split', node: 0, split: root.split ?? { feature: '', kind: 'numeric', threshold: 0 } }).nodes, report.model.nodes);
});
