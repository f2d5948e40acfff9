// Every weighted scikit-learn case in test/fixtures/parity (make_weight_fixtures.py, scikit-learn
// 1.2.1): CART with the case's class_weight, sample_weight column and min_weight_fraction_leaf must
// give the canonical tree node for node (parity-compare.ts), its importances, its predictions and
// its weighted cost-complexity path;
// the same weights given to trainTree as an array give the same tree, and the histogram splitter
// (every feature has ≤ 255 distinct values, so a bin per value) gives the same partitions: its
// thresholds are bin bounds, so it must predict every training row as the exact tree does.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { columnIndex, type Dataset, type NumericColumn } from '../../../src/engine/dataset';
import type { TrainParams } from '../../../src/engine/model';
import { predict } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { costComplexityPath } from '../../../src/engine/prune/cost-complexity';
import { assertPathClose, type CanonicalExpected, close, compareTree, predictionDiffs } from '../helpers/parity-compare';

const ROOT = path.join(process.cwd(), 'test/fixtures/parity');

interface Expected extends CanonicalExpected {
  kind: string;
  engine_params: TrainParams;
  pruning: { ccp_alphas: number[]; impurities: number[] };
}

const cases = readdirSync(ROOT).filter((c) => {
  const file = path.join(ROOT, c, 'expected.json');
  return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as Expected).kind === 'sklearn-weighted';
});

function load(name: string): { exp: Expected; train: Dataset; testSet: Dataset } {
  return {
    exp: JSON.parse(readFileSync(path.join(ROOT, name, 'expected.json'), 'utf8')) as Expected,
    train: parseCsv(readFileSync(path.join(ROOT, name, 'train.csv'))),
    testSet: parseCsv(readFileSync(path.join(ROOT, name, 'test.csv'))),
  };
}

test('the parity fixtures hold weighted scikit-learn cases: class weights (balanced, a dict), weight columns, regression', () => {
  assert.ok(cases.length >= 9, `found ${cases.length} cases`);
  const params = cases.map((c) => load(c).exp.engine_params);
  assert.ok(params.some((p) => p.classWeight === 'balanced'));
  assert.ok(params.some((p) => typeof p.classWeight === 'object'));
  assert.ok(params.some((p) => p.sampleWeightColumn !== undefined && p.task === 'regression'));
  assert.ok(params.some((p) => p.minWeightFractionLeaf !== undefined));
});

for (const name of cases) {
  test(`weighted parity: ${name} gives the canonical tree (exact splitter) and its partitions (hist)`, () => {
    const { exp, train, testSet } = load(name);
    const { model } = trainTree(train, exp.engine_params);
    assert.equal(model.nodes.length, exp.canonical.nodes.length, 'node count');
    assert.deepEqual(compareTree(model, exp), []);
    for (const [feature, want] of Object.entries(exp.canonical.feature_importances)) {
      assert.ok(close(model.featureImportances[feature], want, 1e-6), `importance of ${feature}: ${model.featureImportances[feature]} != ${want}`);
    }
    assert.deepEqual(predictionDiffs(predict(model, testSet), exp), []);
    assertPathClose(costComplexityPath(model), exp.pruning, `${name} pruning path`);
    const hist = trainTree(train, { ...exp.engine_params, splitter: 'hist' }).model;
    assert.deepEqual(compareTree(hist, exp, false), []);
    // Leaf means are summed in another order: equal to rounding.
    const exact = predict(model, train);
    predict(hist, train).forEach((p, r) => assert.ok(typeof p === 'number' ? close(p, exact[r] as number, 0, 1e-12) : p === exact[r], `row ${r}: hist ${p}, exact ${exact[r]}`));
  });
}

test('weights given as an array equal the same weights as a column (the forest’s bootstrap counts)', () => {
  for (const name of cases) {
    const { exp, train } = load(name);
    const column = exp.engine_params.sampleWeightColumn;
    if (column === undefined) continue;
    const weights = (train.columns[columnIndex(train, column)] as NumericColumn).values;
    const viaColumn = trainTree(train, exp.engine_params).model;
    const viaArray = trainTree(train, { ...exp.engine_params, sampleWeightColumn: undefined, ignore: [column] }, {}, weights).model;
    assert.deepEqual(viaArray.nodes, viaColumn.nodes, name);
  }
});
