// The web extension's engine worker (dist/web/worker.js, built by scripts/build.mjs as `npm test`
// runs it) gives the Node worker's answers: the same job code behind a Web Worker's globals
// (helpers/web-worker-shim.ts), with gzip through DecompressionStream and a forest's pool of Web
// Workers started from the bundle's own URL. Both bundles hold no Node built-in.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainForest } from '../../../src/engine/forest/train';
import { trainTree } from '../../../src/engine/tree/train';
import { InputError } from '../../../src/engine/errors';
import type { ForestParams } from '../../../src/engine/forest/types';
import { reportOptions, DEFAULT_TRAIN_SETTINGS } from '../../../src/shared/train-settings';
import { bundleWorker } from '../helpers/worker-bundle';
import { webEngine } from '../helpers/web-worker-shim';

const WEB_WORKER = path.join(process.cwd(), 'dist/web/worker.js');
const WEB_EXTENSION = path.join(process.cwd(), 'dist/web/extension.js');
const irisBytes = () => new Uint8Array(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));

let web: WorkerBridge;
let node: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  web = new WorkerBridge(() => webEngine(WEB_WORKER));
  node = new WorkerBridge(() => nodeEngine(engineFile));
});

test('package.json `browser` names the web bundle, and neither web bundle reaches for Node (require, process, Buffer)', () => {
  const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { browser?: string; main?: string };
  assert.equal(pkg.browser, './dist/web/extension.js');
  const extension = readFileSync(WEB_EXTENSION, 'utf8');
  assert.deepEqual([...new Set(extension.match(/require\("[^"]+"\)/g))], ['require("vscode")'], 'the extension host bundle requires only vscode');
  for (const [name, text] of [['extension', extension], ['worker', readFileSync(WEB_WORKER, 'utf8')]]) {
    assert.doesNotMatch(text, /\bBuffer\.from\(|\bprocess\.(env|cwd|platform|hrtime)|__dirname|require\("node:/, `dist/web/${name}.js`);
  }
});

test('iris trained in the web worker: the report equals the Node worker\'s on the same file', async () => {
  const options = reportOptions({ ...DEFAULT_TRAIN_SETTINGS, maxDepth: 4, validation: 'holdout', holdOutFraction: 0 }, 'species');
  const load = (bridge: WorkerBridge) => bridge.run('load', { source: { kind: 'bytes', bytes: irisBytes() }, fileName: 'iris.csv' }).result;
  const [webLoad, nodeLoad] = [await load(web), await load(node)];
  assert.deepEqual(webLoad.columns, nodeLoad.columns);
  assert.equal(webLoad.dataset.rowCount, 150);
  const webReport = await web.run('report', { dataset: webLoad.dataset, options }).result;
  const nodeReport = await node.run('report', { dataset: nodeLoad.dataset, options }).result;
  assert.deepEqual(webReport, nodeReport);
  // The engine's own tree on the same rows, not an empty answer twice.
  assert.equal(webReport.model.nodes.id.length, trainTree(parseCsv(irisBytes()), { target: 'species', maxDepth: 4 }).model.nodes.length);
});

test('a .csv.gz is inflated by the browser\'s DecompressionStream into the same dataset; corrupt gzip names the problem', async () => {
  const plain = await web.run('load', { source: { kind: 'bytes', bytes: irisBytes() }, fileName: 'iris.csv' }).result;
  const gz = await web.run('load', { source: { kind: 'bytes', bytes: new Uint8Array(gzipSync(irisBytes())) }, fileName: 'iris.csv.gz' }).result;
  assert.deepEqual(gz.columns, plain.columns);
  assert.deepEqual(gz.dataset.columns.map((c) => c.name), plain.dataset.columns.map((c) => c.name));
  const broken = new Uint8Array(gzipSync(irisBytes())).subarray(0, 200);
  await assert.rejects(web.run('load', { source: { kind: 'bytes', bytes: broken }, fileName: 'iris.csv.gz' }).result, (err: unknown) => {
    assert.ok(err instanceof InputError, String(err));
    assert.match(err.message, /gzip data is corrupt or truncated/);
    return true;
  });
});

test('a forest in the web worker, on a pool of 1 and of 2 Web Workers, is trainForest\'s forest', async () => {
  const params: ForestParams = { target: 'species', ensemble: 'forest', nTrees: 8, seed: 3 };
  const expected = trainForest(parseCsv(irisBytes()), params);
  for (const jobs of [1, 2]) {
    const report = await web.run('forest', { dataset: parseCsv(irisBytes()), params, jobs }).result;
    assert.deepEqual(report.trees, expected.trees, `${jobs} worker(s)`);
    assert.equal(report.oob.score, expected.oob.score);
  }
});
