import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Dataset } from '../../../src/engine/dataset';
import { mdiImportances } from '../../../src/engine/tree/mdi';
import { computeImportances } from '../../../src/engine/importance/importances';
import { parityExpected, parityModel, SKLEARN_CASES } from '../helpers/parity-model';
import { buildModel, num } from '../helpers/build-model';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { permutationImportance, sampleRows } from '../../../src/engine/importance/permutation';
import { createRng } from '../../../src/engine/random';
import { predictLeaves } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { leafScorer } from '../../../src/engine/validation/evaluate';
import { subsetDataset } from '../../../src/engine/validation/subset';
import { readTruth } from '../../../src/engine/validation/truth';

for (const name of SKLEARN_CASES) {
  test(`${name}: MDI read from the model equals scikit-learn's feature_importances_`, () => {
    const exp = parityExpected(name);
    for (const [which, want] of [['tree', exp.feature_importances], ['canonical', exp.canonical.feature_importances]] as const) {
      const got = mdiImportances(parityModel(name, which));
      for (const f of exp.features as string[]) assert.ok(Math.abs(got[f] - want[f]) < 1e-9, `${which} ${f}: ${got[f]} != ${want[f]}`);
    }
  });
}

// y = 1 exactly when x > 0.5; z is noise the tree also splits on once, deep down.
const features = [{ name: 'x', type: 'numeric' as const }, { name: 'z', type: 'numeric' as const }, { name: 'unused', type: 'numeric' as const }];
const model = buildModel(
  { value: [50, 50], split: num('x', 0.5), children: [{ value: [50, 0] }, { value: [0, 50], split: num('z', 0.5), children: [{ value: [0, 25] }, { value: [0, 25] }] }] },
  { classes: ['0', '1'], features },
);

function dataset(): Dataset {
  const n = 100;
  const x = Float64Array.from({ length: n }, (_, i) => (i + 0.5) / n);
  const z = Float64Array.from({ length: n }, (_, i) => ((i * 37) % n) / n);
  const y = Int32Array.from(x, (v) => (v > 0.5 ? 1 : 0));
  return {
    columns: [
      { name: 'x', type: 'numeric', values: x },
      { name: 'z', type: 'numeric', values: z },
      { name: 'unused', type: 'numeric', values: z.slice() },
      { name: 'y', type: 'categorical', codes: y, categories: ['0', '1'] },
    ],
    rowCount: n,
    delimiter: ',',
    renamedHeaders: [],
  };
}

test('split counts, mean depth and MDI from the tree', () => {
  const imp = computeImportances(model);
  assert.deepEqual(imp.features.map((f) => [f.feature, f.splitCount, f.meanDepth]), [['x', 1, 0], ['z', 1, 1], ['unused', 0, null]]);
  assert.equal(imp.features[0].mdi, 1, 'z splits a pure node: no impurity decrease');
  assert.equal(imp.permutation, null);
  assert.equal(imp.features[0].permutationMean, null);
});

test('permutation importance: the deciding column drops accuracy, others do not; seeded and reproducible', () => {
  const data = dataset();
  const a = computeImportances(model, { dataset: data, set: 'training', repeats: 5, seed: 3 });
  const b = computeImportances(model, { dataset: data, set: 'training', repeats: 5, seed: 3 });
  const c = computeImportances(model, { dataset: data, set: 'training', repeats: 5, seed: 4 });
  assert.deepEqual(a, b);
  assert.notDeepEqual(a.features[0].permutationMean, c.features[0].permutationMean);
  assert.deepEqual(a.permutation, { set: 'training', rows: 100, setRows: 100, repeats: 5, seed: 3, scoreName: 'accuracy', baselineScore: 1 });
  const byName = new Map(a.features.map((f) => [f.feature, f]));
  const x = byName.get('x');
  assert.ok(x && x.permutationMean !== null && x.permutationStd !== null);
  // Shuffling x sends about half the rows to the wrong side.
  assert.ok(x.permutationMean > 0.3 && x.permutationMean < 0.7, `x drop ${x.permutationMean}`);
  assert.ok(x.permutationStd > 0);
  assert.equal(byName.get('z')?.permutationMean, 0, 'both children of the z split predict 1');
  assert.equal(byName.get('unused')?.permutationMean, 0);
  assert.equal(computeImportances(model, { dataset: data, set: 'holdout', repeats: 0, seed: 1 }).permutation, null);
});

test('permutation importance on more rows than the cap: measured on a seeded random sample of them, which the report says', () => {
  const iris = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
  const { model } = trainTree(iris, { target: 'species', maxDepth: 3 });
  const capped = permutationImportance(model, iris, 3, 7, 60);
  assert.equal(capped.rows, 60);
  assert.deepEqual(permutationImportance(model, iris, 3, 7, 60), capped, 'the same sample and shuffles for the same seed');
  const rows = sampleRows(createRng(7), 150, 60);
  assert.equal(new Set(rows).size, 60);
  assert.ok(rows.every((r, i) => r >= 0 && r < 150 && (i === 0 || r > rows[i - 1])));
  const sample = subsetDataset(iris, rows);
  assert.equal(capped.baselineScore, leafScorer(model, readTruth(model, sample))(predictLeaves(model, sample)));
  assert.equal(permutationImportance(model, iris, 3, 7, 150).rows, 150, 'at or under the cap: every row');
  const report = computeImportances(model, { dataset: iris, set: 'training', repeats: 2, seed: 1 });
  assert.deepEqual([report.permutation?.rows, report.permutation?.setRows], [150, 150]);
});
