// Issue 18 on trees trained with weights (docs/formulas.md "Sample and class weights"): a chosen
// split regrows each child with the weights the whole tree gave its rows — balanced class weights
// n / (k · n_c) counted over every training row, not the child's — so each child is the engine's
// tree on the child's rows with those weights; a node's own split gives the tree back; growing
// every leaf one level gives the deeper weighted tree; the preview scores rows as the report does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { columnIndex, type Dataset, isNumeric } from '../../../src/engine/dataset';
import { applyEdit } from '../../../src/engine/edit/apply';
import { previewEdit } from '../../../src/engine/edit/preview';
import { structureCv } from '../../../src/engine/edit/structure-cv';
import type { TrainParams, TreeModel } from '../../../src/engine/model';
import { predictLeaves } from '../../../src/engine/tree/predict';
import { lastInSubtree } from '../../../src/engine/tree/subtree';
import { trainTree } from '../../../src/engine/tree/train';
import { evaluateModel } from '../../../src/engine/validation/evaluate';
import { subsetDataset } from '../../../src/engine/validation/subset';
import { assertOwnSplitsGiveTreeBack } from '../helpers/own-splits';
import { readTruth } from '../../../src/engine/validation/truth';

const parity = (name: string): Dataset => parseCsv(readFileSync(path.join(process.cwd(), 'test/fixtures/parity', name, 'train.csv')));

const cases: Array<[string, Dataset, TrainParams]> = [
  ['penguins, balanced class weights × a weight column, depth 5', parity('weights_penguins_gini_balanced_column_max_depth_5'), { target: 'species', classWeight: 'balanced', sampleWeightColumn: 'sample_weight', maxDepth: 5 }],
  ['iris, bootstrap counts (rows of weight 0)', parity('weights_iris_gini_bootstrap_column_grown'), { target: 'species', sampleWeightColumn: 'sample_weight' }],
  ['diabetes regression, weight column, min weight fraction 0.02', parity('weights_diabetes_squared_error_column_leaf_5_wfrac_0.02'), { target: 'disease_progression', sampleWeightColumn: 'sample_weight', minSamplesLeaf: 5, minWeightFractionLeaf: 0.02 }],
];

for (const [name, data, params] of cases) {
  test(`${name}: each node's own split gives the same tree back`, () => {
    assertOwnSplitsGiveTreeBack(data, trainTree(data, params).model, 3);
  });
}

/** Balanced class weights over every training row times the weight column, worked out here apart from the engine. */
function balancedTimesColumn(data: Dataset, target: string, weightColumn: string): Float64Array {
  const y = data.columns[columnIndex(data, target)];
  const w = data.columns[columnIndex(data, weightColumn)];
  assert.ok(!isNumeric(y) && isNumeric(w));
  const counts = new Map<number, number>();
  for (const c of y.codes) counts.set(c, (counts.get(c) ?? 0) + 1);
  return Float64Array.from(y.codes, (c, r) => (data.rowCount / (counts.size * (counts.get(c) ?? 1))) * w.values[r]);
}

test('a chosen split on a class-weighted tree: each child is trainTree on its rows with the whole tree\'s weights', () => {
  const data = parity('weights_penguins_gini_balanced_column_max_depth_5');
  const params: TrainParams = { target: 'species', classWeight: 'balanced', sampleWeightColumn: 'sample_weight', maxDepth: 5 };
  const model = trainTree(data, params).model;
  const node = model.nodes[model.nodes[0].children[0]];
  const split = { feature: 'bill_depth_mm', kind: 'numeric' as const, threshold: 17.5 };
  assert.notDeepEqual(node.split, split);
  const edited = applyEdit(data, model, { op: 'split', node: node.id, split });
  assert.deepEqual(edited.nodes[node.id].split, split);
  const weights = balancedTimesColumn(data, 'species', 'sample_weight');
  const leaves = predictLeaves(edited, data);
  const { classWeight: _, sampleWeightColumn: __, ...rest } = params;
  edited.nodes[node.id].children.forEach((child, i) => {
    const last = lastInSubtree(edited, child);
    const rows = Int32Array.from({ length: data.rowCount }, (_, r) => r).filter((r) => leaves[r] >= child && leaves[r] <= last);
    // The weight column stays out of the features, as in the tree: ignored, its values given as weights.
    const alone = trainTree(subsetDataset(data, rows), { ...rest, ignore: ['sample_weight'], maxDepth: 5 - edited.nodes[child].depth }, {}, Float64Array.from(rows, (r) => weights[r])).model;
    const ours = edited.nodes.slice(child, last + 1);
    assert.equal(ours.length, alone.nodes.length, `child ${i}: node count`);
    ours.forEach((n, k) => {
      const a = alone.nodes[k];
      const where = `child ${i} node ${k}`;
      assert.deepEqual(n.split, a.split, where);
      assert.equal(n.samples, a.samples, where);
      assert.ok(Math.abs((n.weightedSamples ?? NaN) - (a.weightedSamples ?? NaN)) < 1e-9, `${where}: weight`);
      // The child's tree knows only the classes among its rows: compared by label.
      (n.value as number[]).forEach((v, c) => {
        const k = (alone.classes ?? []).indexOf((edited.classes ?? [])[c]);
        assert.ok(Math.abs(v - (k < 0 ? 0 : (a.value as number[])[k])) < 1e-9, `${where}: class ${c}`);
      });
      assert.ok(Math.abs(n.impurity - a.impurity) < 1e-12, `${where}: impurity`);
    });
  });
  // The children's weights add up to their parent's.
  const sum = edited.nodes[node.id].children.reduce((acc, c) => acc + (edited.nodes[c].weightedSamples ?? 0), 0);
  assert.ok(Math.abs(sum - (node.weightedSamples ?? 0)) < 1e-9);
});

test('growing every leaf of a weighted depth-2 tree one level gives the weighted depth-3 tree', () => {
  const data = parity('weights_penguins_gini_balanced_column_max_depth_5');
  const params: TrainParams = { target: 'species', classWeight: 'balanced', sampleWeightColumn: 'sample_weight' };
  let model = trainTree(data, { ...params, maxDepth: 2 }).model;
  const deeper = trainTree(data, { ...params, maxDepth: 3 }).model;
  for (let id = 0; id < model.nodes.length; id++) {
    const n = model.nodes[id];
    if (n.children.length === 0 && n.depth === 2 && n.impurity > 1e-12) model = applyEdit(data, model, { op: 'grow', node: id });
  }
  assert.deepEqual(model.nodes, deeper.nodes);
});

test('the preview of an edit on a weighted tree scores the rows as the report scores the trained tree', () => {
  const data = parity('weights_penguins_gini_balanced_column_max_depth_5');
  const model = trainTree(data, { target: 'species', classWeight: 'balanced', sampleWeightColumn: 'sample_weight', maxDepth: 5 }).model;
  const { before, after, model: snipped } = previewEdit(data, model, { op: 'split', node: 0, split: { feature: 'bill_length_mm', kind: 'numeric', threshold: 42.5 } });
  assert.equal(before.trainingScore, (evaluateModel(model, data) as { accuracy: number }).accuracy);
  assert.equal(after.trainingScore, (evaluateModel(snipped, data) as { accuracy: number }).accuracy);
  assert.notEqual(after.nodes, before.nodes);
});

test('rows of weight 0 stay out of a regrown subtree: the edited root keeps the tree\'s rows and weight', () => {
  const data = parity('weights_iris_gini_bootstrap_column_grown');
  const model: TreeModel = trainTree(data, { target: 'species', sampleWeightColumn: 'sample_weight' }).model;
  const edited = applyEdit(data, model, { op: 'split', node: 0, split: { feature: 'sepal_length_cm', kind: 'numeric', threshold: 5.5 } });
  assert.ok(model.nodes[0].samples < data.rowCount, 'some rows weigh 0');
  const [l, r] = edited.nodes[0].children.map((c) => edited.nodes[c]);
  assert.equal(l.samples + r.samples, model.nodes[0].samples);
  assert.equal((l.weightedSamples ?? 0) + (r.weightedSamples ?? 0), model.nodes[0].weightedSamples);
});

test('the CV of an edited weighted structure refits its leaves by weight, as the trained tree predicts', () => {
  const data = parity('weights_penguins_gini_balanced_column_max_depth_5');
  // Chinstrap weighs most: a one-leaf tree predicts it, though Adelie has the most rows.
  const model = trainTree(data, { target: 'species', classWeight: { Chinstrap: 10 }, maxDepth: 3 }).model;
  const leaf = applyEdit(data, model, { op: 'snip', node: 0 });
  assert.equal(leaf.nodes[0].prediction, 'Chinstrap');
  const folds = { k: 5, seed: 0 };
  const truth = readTruth(model, data);
  const share = truth.codes.filter((c) => truth.classes[c] === 'Chinstrap').length / truth.rows.length;
  const cv = structureCv(data, leaf, folds);
  // Every fold's refitted leaf predicts Chinstrap: each fold scores its Chinstrap share (stratified folds: about the whole file's).
  assert.ok(cv.scores.every((s) => Math.abs(s - share) < 0.02), `${cv.scores.join(', ')} vs ${share}`);
});
