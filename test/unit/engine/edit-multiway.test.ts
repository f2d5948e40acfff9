// Issue 18 on ID3/C4.5 trees: a node's split can be replaced by any of its ranked alternatives — a
// branch per category, or (C4.5) a numeric threshold — and the subtree regrows with the model's
// algorithm from the node's cases inside the whole tree (C4.5's fractional cases for missing
// values, categorical attributes used above spent). Its own best alternative gives the same tree;
// a chosen categorical split's children are the trees the algorithm grows on their rows without
// that attribute.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { applyEdit } from '../../../src/engine/edit/apply';
import { InputError } from '../../../src/engine/errors';
import type { TrainParams, TreeModel } from '../../../src/engine/model';
import { bestSplitsAt } from '../../../src/engine/node-alternatives';
import type { ReportSettings } from '../../../src/engine/report-types';
import { predictLeaves } from '../../../src/engine/tree/predict';
import { lastInSubtree } from '../../../src/engine/tree/subtree';
import { trainTree } from '../../../src/engine/tree/train';
import { subsetDataset } from '../../../src/engine/validation/subset';

const read = (file: string) => parseCsv(readFileSync(path.join(process.cwd(), file)));
const tennis = read('media/samples/play_tennis.csv');
const penguins = read('test/fixtures/parity/nan_penguins_gini_grown/train.csv');
const settings = { validation: { kind: 'none' } } as unknown as ReportSettings;

const cases: Array<[string, Dataset, TrainParams]> = [
  ['play tennis, ID3 (a branch per category)', tennis, { target: 'play', algorithm: 'id3' }],
  ['play tennis, C4.5', tennis, { target: 'play', algorithm: 'c45' }],
  ['penguins with missing values, C4.5 (numeric thresholds, fractional cases)', penguins, { target: 'species', algorithm: 'c45' }],
  ['penguins with missing values, ID3, depth 4', penguins, { target: 'species', algorithm: 'id3', maxDepth: 4 }],
];

for (const [name, data, params] of cases) {
  test(`${name}: replacing each node's split by its best alternative gives the same tree back`, () => {
    const model = trainTree(data, params).model;
    let checked = 0;
    for (const node of model.nodes) {
      if (node.split === null) continue;
      const best = bestSplitsAt(data, model, settings, node.id, 5).find((s) => s.chosen);
      assert.ok(best !== undefined, `node ${node.id}: its own split is among the alternatives`);
      const edited = applyEdit(data, model, { op: 'split', node: node.id, split: best.split });
      assert.deepEqual(edited.nodes, model.nodes, `node ${node.id}`);
      checked++;
    }
    assert.ok(checked >= 2, `${checked} decision nodes`);
  });
}

test('ID3: a chosen categorical split; each child is ID3 on its rows with that attribute spent', () => {
  const model = trainTree(tennis, { target: 'play', algorithm: 'id3' }).model;
  assert.equal(model.nodes[0].split?.feature, 'outlook');
  const split = { feature: 'humidity', kind: 'categorical' as const, branches: [['high'], ['normal']] };
  const edited = applyEdit(tennis, model, { op: 'split', node: 0, split });
  assert.deepEqual(edited.nodes[0].split, split);
  const leaves = predictLeaves(edited, tennis);
  edited.nodes[0].children.forEach((child, i) => {
    const last = lastInSubtree(edited, child);
    const rows = Int32Array.from({ length: tennis.rowCount }, (_, r) => r).filter((r) => leaves[r] >= child && leaves[r] <= last);
    const alone = trainTree(subsetDataset(tennis, rows), { target: 'play', algorithm: 'id3', ignore: ['humidity'] }).model;
    const ours = edited.nodes.slice(child, last + 1).map((n) => ({ split: n.split, samples: n.samples, prediction: n.prediction, depth: n.depth - 1 }));
    assert.deepEqual(ours, alone.nodes.map((n) => ({ split: n.split, samples: n.samples, prediction: n.prediction, depth: n.depth })), `child ${i}`);
  });
});

test('C4.5: a chosen threshold regrows the rows missing it in both branches, as C4.5 spreads them', () => {
  const model = trainTree(penguins, { target: 'species', algorithm: 'c45' }).model;
  const split = { feature: 'bill_depth_mm', kind: 'numeric' as const, threshold: 16.5 };
  const edited = applyEdit(penguins, model, { op: 'split', node: 0, split });
  const [left, right] = edited.nodes[0].children.map((c) => edited.nodes[c]);
  // Fractional cases: the children's weights add up to the root's, and neither is a whole number of rows.
  assert.ok(Math.abs(left.samples + right.samples - model.nodes[0].samples) < 1e-9);
  assert.ok(!Number.isInteger(left.samples) && !Number.isInteger(right.samples), `${left.samples}, ${right.samples}`);
  assert.deepEqual(edited.nodes[0].split, split);
});

test('ID3/C4.5 refuse a categorical split that leaves a single branch, and CART still needs two sets', () => {
  const model: TreeModel = trainTree(tennis, { target: 'play', algorithm: 'id3' }).model;
  const outlookChild = model.nodes[0].children.find((c) => model.nodes[c].split !== null) ?? -1;
  // Below the outlook split only one outlook is left: the attribute is spent there.
  const again = { op: 'split' as const, node: outlookChild, split: { feature: 'outlook', kind: 'categorical' as const, branches: [['sunny'], ['overcast'], ['rain']] } };
  assert.throws(() => applyEdit(tennis, model, again), (err: unknown) => err instanceof InputError && /sends every case of node \d+ the same way/.test(err.message));
  const cart = trainTree(tennis, { target: 'play', minCategorySamples: 0 }).model;
  assert.throws(() => applyEdit(tennis, cart, { ...again, node: 0 }), (err: unknown) => err instanceof InputError && /needs two category sets/.test(err.message));
});
