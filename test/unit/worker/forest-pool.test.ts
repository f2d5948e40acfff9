// A forest trained on the worker-thread pool (src/worker/forest-pool.ts, the real dist/forest-worker.js
// bundle) is the forest trainForest gives on this thread, byte for byte, for 1, 2 and 3 threads,
// its feature orders sorted (or its bins made) once for every worker.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { forestCaches } from '../../../src/engine/forest/member-caches';
import { planForest } from '../../../src/engine/forest/plan';
import { trainForest } from '../../../src/engine/forest/train';
import type { ForestParams } from '../../../src/engine/forest/types';
import { trainForestOnPool } from '../../../src/worker/forest-pool';
import { shareDataset, sharedBytes, sharedInts } from '../../../src/worker/pool/shared-dataset';
import { bundleWorker } from '../helpers/worker-bundle';

let workerFile: string;
before(async () => {
  workerFile = await bundleWorker('src/worker/forest-worker.ts');
});

const sample = (name: string): Dataset => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));

const cases: { name: string; file: string; params: ForestParams }[] = [
  { name: 'a random forest on iris', file: 'iris.csv', params: { target: 'species', ensemble: 'forest', nTrees: 7, seed: 11 } },
  { name: 'bagged C4.5 trees on play_tennis', file: 'play_tennis.csv', params: { target: 'play', ensemble: 'bagging', algorithm: 'c45', nTrees: 5, seed: 2 } },
  { name: 'a regression forest on diabetes', file: 'diabetes.csv', params: { target: 'disease_progression', task: 'regression', ensemble: 'forest', nTrees: 5, maxDepth: 4, seed: 5 } },
  { name: 'a histogram forest on diabetes', file: 'diabetes.csv', params: { target: 'disease_progression', task: 'regression', ensemble: 'forest', splitter: 'hist', nTrees: 4, seed: 3 } },
  // 1 of 10 features a split: the draws gather, from the rows' keys alone.
  { name: 'a forest drawing one feature a split on diabetes', file: 'diabetes.csv', params: { target: 'disease_progression', task: 'regression', ensemble: 'forest', maxFeatures: 1, nTrees: 4, maxDepth: 6, seed: 8 } },
];

for (const { name, file, params } of cases) {
  test(`${name}: the pool's forest JSON equals trainForest's for 1, 2 and 3 threads`, async () => {
    const dataset = sample(file);
    const expected = JSON.stringify(trainForest(dataset, params));
    for (const jobs of [1, 2, 3]) {
      const done: number[] = [];
      const report = await trainForestOnPool(dataset, params, { jobs, workerFile, onProgress: (trees, of) => done.push(trees * 1000 + of) });
      assert.equal(JSON.stringify(report), expected, `jobs ${jobs}`);
      const n = report.model.params.nTrees;
      assert.deepEqual(done, Array.from({ length: n }, (_, i) => (i + 1) * 1000 + n), 'progress counts trees');
    }
  });
}

test('oobPermutation false (train --out without --format): the same forest and report, only its OOB permutation importance null', async () => {
  const dataset = sample('diabetes.csv');
  const params: ForestParams = { target: 'disease_progression', task: 'regression', ensemble: 'forest', nTrees: 5, maxDepth: 5, seed: 4 };
  const full = await trainForestOnPool(dataset, params, { jobs: 1, workerFile });
  const modelOnly = await trainForestOnPool(dataset, params, { jobs: 1, workerFile, oobPermutation: false });
  assert.ok((full.importances.oobPermutation?.length ?? 0) > 0);
  assert.equal(modelOnly.importances.oobPermutation, null);
  assert.equal(JSON.stringify({ ...modelOnly, importances: { ...modelOnly.importances, oobPermutation: full.importances.oobPermutation } }), JSON.stringify(full));
});

test('the pool sorts every feature once (or bins it), on shared memory its workers read; C4.5 forests need neither', () => {
  const iris = sample('iris.csv');
  const made = (params: ForestParams) => forestCaches(iris, planForest(iris, params), sharedInts, sharedBytes);
  const plan = planForest(iris, { target: 'species', ensemble: 'forest', nTrees: 3, splitter: 'exact' });
  const { presorted: data, bins } = made({ target: 'species', ensemble: 'forest', nTrees: 3, splitter: 'exact' });
  assert.ok(data !== null);
  assert.equal(bins, null);
  assert.deepEqual(data.orders.map(([name]) => name).sort(), plan.features.map((f) => f.name).sort());
  // sqrt(4) = 2 of 4 features a split: the draws gather, so the rows' keys are made, and only those.
  assert.equal(data.rows?.keys.length, 4 * plan.trainingRows);
  assert.ok(data.orders.every(([, o]) => o.keys === null));
  const arrays = [...data.orders.map(([, o]) => o.order), data.rows?.keys];
  assert.ok(arrays.every((a) => a?.buffer instanceof SharedArrayBuffer));
  // Every feature a split: no gathers, so each feature's keys are kept with its order.
  const all = made({ target: 'species', ensemble: 'forest', nTrees: 3, splitter: 'exact', maxFeatures: 4 }).presorted;
  assert.equal(all?.rows, null);
  assert.ok(all?.orders.every(([, o]) => o.keys?.buffer instanceof SharedArrayBuffer && o.keys.length === plan.trainingRows));
  const hist = made({ target: 'species', ensemble: 'forest', nTrees: 3, splitter: 'hist' });
  assert.equal(hist.presorted, null);
  assert.equal(hist.bins?.bins.length, 4 * plan.trainingRows);
  assert.ok(hist.bins?.bins.buffer instanceof SharedArrayBuffer);
  assert.deepEqual(made({ target: 'species', ensemble: 'bagging', algorithm: 'c45', nTrees: 3 }), { presorted: null, bins: null });
});

test('a dataset already on shared memory is shared as it is, not copied again', () => {
  const iris = shareDataset(sample('iris.csv'));
  const again = shareDataset(iris);
  again.columns.forEach((column, c) => assert.equal(column, iris.columns[c]));
});
