// The extension's side of Parquet (README "Parquet input"), through the real engine worker: the
// host hands a .parquet file's bytes to the same load job as a CSV's, and the worker builds the
// same Dataset, so the panel trains the same tree; "Predict on Another CSV…" on a Parquet file
// writes the CSV made from its table; a corrupt file fails naming it.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { InputError } from '../../../src/engine/errors';
import { columnCells } from '../../../src/engine/dataset';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { predict } from '../../../src/engine/tree/predict';
import { packModel } from '../../../src/shared/report-transfer';
import type { CsvSource } from '../../../src/shared/worker-messages';
import { bundleWorker } from '../helpers/worker-bundle';

let bridge: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  bridge = new WorkerBridge(() => nodeEngine(engineFile));
});

const file = (name: string): CsvSource => ({ kind: 'bytes', bytes: new Uint8Array(readFileSync(name)) });

test('a Parquet file loads in the worker into the Dataset its CSV gives, with progress up to 1', async () => {
  const fractions: number[] = [];
  const pq = await bridge.run('load', { source: file('test/fixtures/parquet/iris.parquet'), fileName: 'iris.parquet' }, { onProgress: (p) => fractions.push('fraction' in p ? p.fraction : -1) }).result;
  const csv = await bridge.run('load', { source: file('media/samples/iris.csv'), fileName: 'iris.csv' }).result;
  assert.deepEqual(pq.columns, csv.columns);
  assert.equal(pq.dataset.rowCount, 150);
  pq.dataset.columns.forEach((c, k) => {
    const d = csv.dataset.columns[k];
    assert.deepEqual([c.name, c.type], [d.name, d.type]);
    assert.deepEqual(Array.from(columnCells(c)), Array.from(columnCells(d)), c.name);
  });
  assert.equal(fractions.at(-1), 1);
  // The column types chosen for the file apply as to a CSV.
  const typed = await bridge.run('load', { source: file('test/fixtures/parquet/mixed.parquet'), fileName: 'mixed.parquet', types: { count: 'categorical' } }).result;
  assert.equal(typed.dataset.columns[0].type, 'categorical');
});

test('predict on a Parquet file in the worker: the CSV of its table plus the predictions', async () => {
  const dataset = parseCsv(readFileSync('media/samples/iris.csv'));
  const { model } = trainTree(dataset, { target: 'species', maxDepth: 2 });
  const { bytes, rows } = await bridge.run('predict', { source: file('test/fixtures/parquet/iris.parquet'), fileName: 'iris.parquet', model: packModel(model) }).result;
  assert.equal(rows, 150);
  const out = parseCsv(bytes);
  assert.deepEqual(out.columns.map((c) => c.name), [...dataset.columns.map((c) => c.name), 'predicted_species']);
  const predicted = out.columns[5];
  assert.ok(predicted.type === 'categorical');
  assert.deepEqual(Array.from(predicted.codes, (c) => predicted.categories[c]), predict(model, dataset));
});

test('a corrupt Parquet file fails in the worker naming the file', async () => {
  await assert.rejects(bridge.run('load', { source: file('test/fixtures/parquet/corrupt.parquet'), fileName: 'corrupt.parquet' }).result, (err: unknown) => {
    assert.ok(err instanceof InputError);
    assert.match(err.message, /^corrupt\.parquet: not a readable Parquet file, or cut short/);
    return true;
  });
});
