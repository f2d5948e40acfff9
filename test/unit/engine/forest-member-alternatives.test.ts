// The alternatives at a node of a forest's tree are scored on the rows that tree was grown on, each
// as often as drawn: the tree's own split is among them with the tree's threshold, its score is the
// decrease the tree's own weighted node values give, and its rows per branch are the children's
// weights. With every feature tried at every split the tree's split ranks first. The split chart
// counts the same rows as drawn: its totals are the node's weighted class counts (or weight).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { InputError } from '../../../src/engine/errors';
import { inBagCounts } from '../../../src/engine/forest/bootstrap';
import { memberDistributionAt, memberSample, memberSplitsAt } from '../../../src/engine/forest/member-alternatives';
import { planForest } from '../../../src/engine/forest/plan';
import { memberModel } from '../../../src/engine/forest/predict';
import { trainForest } from '../../../src/engine/forest/train';
import type { ForestParams } from '../../../src/engine/forest/types';
import { nodeWeight, type ModelNode, type TreeModel } from '../../../src/engine/model';

const csv = (file: string): Dataset => parseCsv(readFileSync(path.join('test/fixtures/forest', file)));
const iris = csv('iris.csv');
const diabetes = csv('diabetes.csv');

/** Gini of weighted class counts. */
const gini = (counts: number[]) => {
  const n = counts.reduce((a, b) => a + b, 0);
  return 1 - counts.reduce((s, c) => s + (c / n) ** 2, 0);
};

/** The decrease the tree itself records at `node`: the parent's impurity less the children's, weighted by their weights. */
function ownDecrease(model: TreeModel, node: ModelNode): number {
  const children = node.children.map((c) => model.nodes[c]);
  const impurity = (n: ModelNode) => (model.task === 'classification' ? gini(n.value as number[]) : n.impurity);
  return impurity(node) - children.reduce((s, c) => s + (nodeWeight(c) / nodeWeight(node)) * impurity(c), 0);
}

function checkForest(data: Dataset, params: ForestParams, topIsChosen: boolean): number {
  const { model } = trainForest(data, params);
  let checked = 0;
  for (let t = 0; t < model.trees.length; t++) {
    const member = memberModel(model, t);
    for (const node of member.nodes) {
      if (node.split === null || node.split === undefined) continue;
      const alternatives = memberSplitsAt(data, params, member, t, node.id, 100);
      const own = alternatives.find((a) => a.chosen);
      assert.ok(own, `tree ${t} node ${node.id}: its split is among the alternatives`);
      assert.equal(own.split.kind, 'numeric');
      assert.equal(own.split.kind === 'numeric' && own.split.threshold, node.split.kind === 'numeric' && node.split.threshold, `tree ${t} node ${node.id}: the tree's threshold`);
      assert.ok(Math.abs(own.score - ownDecrease(member, node)) < 1e-9 * Math.max(1, Math.abs(own.score)), `tree ${t} node ${node.id}: score ${own.score} vs ${ownDecrease(member, node)}`);
      assert.deepEqual(own.childSamples, node.children.map((c) => nodeWeight(member.nodes[c])), `tree ${t} node ${node.id}: draws per branch`);
      const chart = memberDistributionAt(data, params, member, t, node.id)!;
      const totals = chart.counts.map((bins, k) => bins.reduce((a, b) => a + b, 0) + chart.missing[k]);
      assert.deepEqual(totals, model.task === 'classification' ? node.value : [nodeWeight(node)], `tree ${t} node ${node.id}: the chart's rows are the node's draws`);
      if (topIsChosen) assert.ok(alternatives[0].chosen || alternatives[0].score === own.score, `tree ${t} node ${node.id}: every feature tried, so its split ranks first`);
      checked++;
    }
  }
  return checked;
}

test('iris: each node of each tree lists its own split with its threshold, weighted Gini decrease and draws per branch', () => {
  assert.ok(checkForest(iris, { target: 'target', ensemble: 'forest', nTrees: 4, seed: 5 }, false) > 20);
});

test('every feature at every split (max features all): the tree\'s own split ranks first at every node', () => {
  assert.ok(checkForest(iris, { target: 'target', ensemble: 'forest', nTrees: 3, seed: 1, maxFeatures: 'all' }, true) > 15);
});

test('regression (diabetes): the variance reduction of the tree\'s own split, from its weighted node impurities', () => {
  assert.ok(checkForest(diabetes, { target: 'target', ensemble: 'forest', nTrees: 2, seed: 3, maxDepth: 4 }, false) > 20);
});

test('the sample is each training row as often as the tree drew it; without bootstrap, every row once', () => {
  const params: ForestParams = { target: 'target', ensemble: 'forest', nTrees: 3, seed: 9 };
  const counts = inBagCounts(planForest(iris, params), 2);
  const sample = memberSample(iris, params, 2);
  assert.equal(sample.rowCount, Array.from(counts).reduce((a, b) => a + b, 0));
  const once = memberSample(iris, { ...params, bootstrap: false }, 2);
  assert.equal(once.rowCount, iris.rowCount);
  assert.throws(() => memberSample(iris, params, 3), (e: unknown) => e instanceof InputError && /no tree 4/.test(e.message));
});
