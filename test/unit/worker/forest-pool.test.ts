// A forest trained on the worker-thread pool (src/worker/forest-pool.ts, the real dist/forest-worker.js
// bundle) is the forest trainForest gives on this thread, byte for byte, for 1, 2 and 3 threads,
// its feature orders sorted once for every worker.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { presortForest } from '../../../src/engine/forest/member-caches';
import { planForest } from '../../../src/engine/forest/plan';
import { trainForest } from '../../../src/engine/forest/train';
import type { ForestParams } from '../../../src/engine/forest/types';
import { trainForestOnPool } from '../../../src/worker/forest-pool';
import { sharedInts } from '../../../src/worker/pool/shared-dataset';
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

test('the pool sorts every feature once, on shared memory its workers read; histogram and C4.5 forests need no orders', () => {
  const iris = sample('iris.csv');
  const plan = planForest(iris, { target: 'species', ensemble: 'forest', nTrees: 3, splitter: 'exact' });
  const data = presortForest(iris, plan, sharedInts);
  assert.ok(data !== null);
  assert.deepEqual(data.orders.map(([name]) => name).sort(), plan.features.map((f) => f.name).sort());
  // sqrt(4) = 2 of 4 features a split: the draws gather, so the rows' keys are made too.
  assert.equal(data.rows?.keys.length, 4 * plan.trainingRows);
  const arrays = [...data.orders.flatMap(([, o]) => [o.order, o.keys]), data.rows?.keys];
  assert.ok(arrays.every((a) => a?.buffer instanceof SharedArrayBuffer));
  assert.equal(presortForest(iris, planForest(iris, { target: 'species', ensemble: 'forest', nTrees: 3, splitter: 'hist' }), sharedInts), null);
  assert.equal(presortForest(iris, planForest(iris, { target: 'species', ensemble: 'bagging', algorithm: 'c45', nTrees: 3 }), sharedInts), null);
});
