// The real engine worker (src/worker/node-port.ts, bundled here with esbuild) behind the bridge: parsing in
// the worker, errors that keep their line, cancellation mid-parse.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { CancelledError, InputError } from '../../../src/engine/errors';
import type { ExportJob, JobProgress } from '../../../src/shared/worker-messages';
import { exportCode } from '../../../src/engine/export/code';
import { rulesToText } from '../../../src/engine/rules/text';
import { modelFileText } from '../../../src/engine/forest/tree-model-file';
import { treeToMermaidMarkdown } from '../../../src/shared/render/mermaid';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { predict } from '../../../src/engine/tree/predict';
import { columnCells, type Dataset } from '../../../src/engine/dataset';
import { createRng } from '../../../src/engine/random';
import { reportOptions, DEFAULT_TRAIN_SETTINGS } from '../../../src/shared/train-settings';
import { bundleWorker } from '../helpers/worker-bundle';
import { buildReport } from '../../../src/engine/report';
import { extractRules } from '../../../src/engine/rules/extract';
import { packModel, packReport } from '../../../src/shared/report-transfer';
import { decodeModel } from '../../../src/engine/model-columns';
import { nodeAt } from '../../../src/engine/tree-columns';

let bridge: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  bridge = new WorkerBridge(() => nodeEngine(engineFile));
});

const bytesOf = (text: string) => ({ kind: 'bytes' as const, bytes: new TextEncoder().encode(text) });

/** A deterministic CSV of `rows` rows: 6 numeric columns, a category and a class. */
function bigCsv(rows: number): string {
  const lines = ['a,b,c,d,e,f,colour,label'];
  const next = createRng(12345);
  for (let i = 0; i < rows; i++) {
    const v = [next(), next(), next(), next(), next(), next()].map((x) => (x * 100).toFixed(3));
    lines.push(`${v.join(',')},${['red', 'green', 'blue'][i % 3]},${next() < 0.5 ? 'yes' : 'no'}`);
  }
  return lines.join('\n') + '\n';
}

test('the iris sample loads in the worker with a summary per column', async () => {
  const bytes = readFileSync(path.join(process.cwd(), 'media/samples/iris.csv'));
  const { dataset, columns } = await bridge.run('load', { source: { kind: 'bytes', bytes: WorkerBridge.ownBytes(bytes) }, fileName: 'iris.csv' }).result;
  assert.equal(dataset.rowCount, 150);
  assert.equal(columns.length, 5);
  assert.deepEqual(columns[4], { name: 'species', type: 'categorical', distinct: 3, missing: 0 });
  assert.equal(columns[0].type, 'numeric');
  assert.ok(dataset.columns[0].type === 'numeric' && dataset.columns[0].values instanceof Float64Array);
  // Distinct count of a numeric column, checked against a Set over the same values.
  const col = dataset.columns[2];
  assert.ok(col.type === 'numeric');
  assert.equal(columns[2].distinct, new Set(col.values).size);
});

test("a loaded file's columns are on shared memory: a training job reads the host's copy, which stays whole", async () => {
  const bytes = readFileSync(path.join(process.cwd(), 'media/samples/iris.csv'));
  const { dataset } = await bridge.run('load', { source: { kind: 'bytes', bytes: WorkerBridge.ownBytes(bytes) }, fileName: 'iris.csv' }).result;
  const buffers = dataset.columns.map((c) => columnCells(c).buffer);
  assert.ok(buffers.every((b) => b instanceof SharedArrayBuffer), 'every column on a SharedArrayBuffer');
  const before = dataset.columns.map((c) => [...columnCells(c)]);
  const options = reportOptions({ ...DEFAULT_TRAIN_SETTINGS, validation: 'holdout', holdOutFraction: 0 }, 'species');
  const report = await bridge.run('report', { dataset, options }).result;
  // Shared, not moved: the host's dataset is whole after the job, and the worker trained on the same data.
  assert.deepEqual(dataset.columns.map((c) => [...columnCells(c)]), before);
  const local = parseCsv(bytes, {});
  assert.deepEqual(report.model.nodes.id.length, trainTree(local, { target: 'species' }).model.nodes.length);
  // A gzip file loads onto shared memory too.
  const { gzipSync } = await import('node:zlib');
  const zipped = await bridge.run('load', { source: { kind: 'bytes', bytes: new Uint8Array(gzipSync(bytes)) }, fileName: 'iris.csv.gz' }).result;
  assert.ok(zipped.dataset.columns.every((c) => columnCells(c).buffer instanceof SharedArrayBuffer));
  assert.equal(zipped.dataset.rowCount, 150);
});

test('missing values are counted, a forced tab delimiter is used, unsaved text loads', async () => {
  const { columns } = await bridge.run('load', { source: { kind: 'text', text: 'x\ty\n1\ta\n\tb\n3\t\n3\ta\n' }, fileName: 'u.tsv', delimiter: '\t' }).result;
  assert.deepEqual(columns, [
    { name: 'x', type: 'numeric', distinct: 2, missing: 1 },
    { name: 'y', type: 'categorical', distinct: 2, missing: 1 },
  ]);
});

test('a ragged row fails as an InputError naming the line', async () => {
  await assert.rejects(bridge.run('load', { source: bytesOf('a,b,c\n1,2,3\n4,5\n'), fileName: 'r.csv' }).result, (err: unknown) => {
    assert.ok(err instanceof InputError, String(err));
    assert.equal(err.line, 3);
    assert.match(err.message, /line 3/);
    return true;
  });
});

test('parse progress is reported and a big parse can be cancelled midway', async () => {
  const text = bigCsv(400_000);
  const seen: JobProgress[] = [];
  const full = await bridge.run('load', { source: bytesOf(text), fileName: 'big.csv' }, { onProgress: (p) => seen.push(p) }).result;
  assert.equal(full.dataset.rowCount, 400_000);
  const fractions = seen.map((p) => (p.phase === 'parse' ? p.fraction : -1));
  assert.ok(fractions.length >= 5, `only ${fractions.length} progress reports`);
  assert.ok(fractions.every((f, i) => f >= 0 && f <= 1 && (i === 0 || f >= fractions[i - 1])));
  assert.equal(fractions[fractions.length - 1], 1);

  let handle!: ReturnType<typeof bridge.run<'load'>>;
  const midway = new Promise<void>((resolve) => {
    handle = bridge.run('load', { source: bytesOf(text), fileName: 'big.csv' }, { onProgress: () => resolve() });
  });
  await Promise.race([midway, handle.result.then(() => assert.fail('the parse ended before reporting progress'))]);
  handle.cancel();
  await assert.rejects(handle.result, CancelledError);
});

test('predict in the worker: the input columns plus the prediction column, row for row', async () => {
  const irisText = readFileSync(path.join(process.cwd(), 'media/samples/iris.csv'), 'utf8');
  const iris = parseCsv(irisText);
  const { model } = trainTree(iris, { target: 'species', maxDepth: 2 });
  const { bytes, rows } = await bridge.run('predict', { source: { kind: 'text', text: irisText }, fileName: 'iris.csv', model: packModel(model) }).result;
  const csv = new TextDecoder().decode(bytes);
  assert.equal(rows, 150);
  const lines = csv.trimEnd().split('\n');
  assert.equal(lines.length, 151);
  assert.equal(lines[0], 'sepal_length_cm,sepal_width_cm,petal_length_cm,petal_width_cm,species,predicted_species');
  const expected = predict(model, iris);
  assert.deepEqual(lines.slice(1).map((l) => l.slice(l.lastIndexOf(',') + 1)), expected);
  // A depth-2 tree on iris is wrong on a few rows, right on most: the column is the model's, not a copy of the target.
  const wrong = lines.slice(1).filter((l) => { const f = l.split(','); return f[4] !== f[5]; }).length;
  assert.ok(wrong > 0 && wrong < 15, `${wrong} wrong`);
});

test('predict with a model whose feature is missing from the CSV fails as bad input', async () => {
  const iris = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
  const { model } = trainTree(iris, { target: 'species', maxDepth: 2 });
  await assert.rejects(bridge.run('predict', { source: { kind: 'text', text: 'a,b\n1,2\n' }, fileName: 'other.csv', model: packModel(model) }).result, InputError);
});

test('profile in the worker: every column profiled, the other column scored against the target', async () => {
  const view = await bridge.run('profile', { source: { kind: 'text', text: 'x,y\n1,a\n2,b\n2,\n' }, fileName: 'p.csv', request: {} }).result;
  assert.equal(view.profile.rowCount, 3);
  assert.deepEqual(view.profile.columns.map((c) => [c.name, c.type, c.count, c.missing, c.distinct]), [['x', 'numeric', 3, 0, 2], ['y', 'categorical', 2, 1, 2]]);
  assert.equal(view.target, 'y');
  assert.deepEqual(view.splits?.splits.map((s) => s.feature), ['x']);
});

/** A noisy 3-class problem on `rows` rows and 8 numeric features: a fully grown tree is large. */
function noisyDataset(rows: number): Dataset {
  const next = createRng(99);
  const features = Array.from({ length: 8 }, (_, j) => ({ name: `f${j}`, type: 'numeric' as const, values: new Float64Array(rows) }));
  const codes = new Int32Array(rows);
  for (let r = 0; r < rows; r++) {
    for (const f of features) f.values[r] = next();
    const signal = features[0].values[r] + features[1].values[r] * features[2].values[r];
    codes[r] = next() < 0.3 ? Math.floor(next() * 3) : signal < 0.5 ? 0 : signal < 1 ? 1 : 2;
  }
  return { columns: [...features, { name: 'label', type: 'categorical', codes, categories: ['a', 'b', 'c'] }], rowCount: rows, delimiter: ',', renamedHeaders: [] };
}

test('the report job trains and explains in the worker; the host gets the tree as columns and reads the rules off it, equal to a report made in one place', async () => {
  const iris = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
  const steps: string[] = [];
  const options = reportOptions({ ...DEFAULT_TRAIN_SETTINGS, maxDepth: 3, validation: 'holdout' }, 'species');
  const report = await bridge.run('report', { dataset: iris, options }, { onProgress: (p) => p.phase === 'report' && steps.push(p.step) }).result;
  assert.equal('rules' in report, false, 'no rules cross the thread boundary');
  assert.ok(report.model.nodes.depth instanceof Float64Array, 'the tree crosses as typed columns');
  const { rules, ...whole } = buildReport(iris, options);
  assert.deepEqual(report, packReport(whole), 'the report made in one place, but its rules');
  const tree = decodeModel(report.model).model;
  assert.deepEqual(tree, whole.model);
  assert.deepEqual(extractRules(tree), rules, 'which follow from the tree');
  assert.ok(report.final.depth <= 3);
  assert.ok(report.metrics.holdout, 'hold-out metrics with the default 0.3 fraction');
  assert.equal(report.metrics.crossValidation, null);
  assert.equal(report.trainingRows, 105);
  assert.ok(steps.includes('train') && steps.includes('importances'), steps.join());
});

test('alternative splits at the root: at most five, the tree\'s own split among them', async () => {
  const iris = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
  const report = await bridge.run('report', { dataset: iris, options: reportOptions({ ...DEFAULT_TRAIN_SETTINGS, validation: 'holdout', holdOutFraction: 0 }, 'species') }).result;
  const splits = await bridge.run('alternatives', { dataset: iris, model: report.model, settings: report.settings, nodeId: 0 }).result;
  assert.ok(splits.length > 0 && splits.length <= 5);
  assert.ok(splits.some((s) => s.chosen && s.feature === nodeAt(report.model, 0).split?.feature));
  assert.ok(splits.every((s, i) => i === 0 || s.score <= splits[i - 1].score), 'best first');
});

test('the host event loop keeps running while the worker trains a big tree (nodes grown reported), and Cancel stops it midway', async () => {
  const dataset = noisyDataset(30_000);
  const options = reportOptions({ ...DEFAULT_TRAIN_SETTINGS, validation: 'holdout', holdOutFraction: 0 }, 'label');
  const ticks: number[] = [];
  const timer = setInterval(() => ticks.push(Date.now()), 10);
  const started = Date.now();
  const grown: number[] = [];
  const report = await bridge.run('report', { dataset, options }, { onProgress: (p) => p.phase === 'train' && grown.push(p.nodesGrown) }).result;
  const elapsed = Date.now() - started;
  clearInterval(timer);
  assert.ok(report.grown.nodes > 2048, `${report.grown.nodes} nodes`);
  // Nodes grown are reported while the tree grows, never more than it ends with.
  assert.ok(grown.length >= 1 && grown.every((n, i) => n <= report.grown.nodes && (i === 0 || n > grown[i - 1])), grown.join());
  let maxGap = 0;
  for (let i = 1; i < ticks.length; i++) maxGap = Math.max(maxGap, ticks[i] - ticks[i - 1]);
  // Training on this thread would leave no tick until it ended. Bounds are generous for a busy box.
  assert.ok(ticks.length >= 10, `only ${ticks.length} timer ticks in ${elapsed} ms`);
  assert.ok(maxGap < elapsed / 2, `the event loop stalled for ${maxGap} ms of ${elapsed} ms`);

  let handle!: ReturnType<typeof bridge.run<'report'>>;
  const growing = new Promise<void>((resolve) => {
    handle = bridge.run('report', { dataset, options }, { onProgress: (p) => p.phase === 'train' && resolve() });
  });
  // A job that ends (or fails) before growing fails the test instead of leaving it waiting.
  await Promise.race([growing, handle.result.then(() => assert.fail('the training ended before reporting nodes grown'))]);
  handle.cancel();
  await assert.rejects(handle.result, CancelledError);
});

test('exports are written in the worker from the tree\'s columns, the same text as written from the model', async () => {
  const iris = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
  const { model } = trainTree(iris, { target: 'species', maxDepth: 3 });
  const packed = packModel(model);
  const text = async (format: ExportJob['format']) => (await bridge.run('export', { model: packed, format }).result).content;
  assert.equal(await text('model'), modelFileText(model));
  assert.equal(await text('mermaid'), treeToMermaidMarkdown(model));
  assert.equal(await text('text'), rulesToText(extractRules(model), model.classes));
  for (const format of ['python', 'js', 'sql'] as const) assert.equal(await text(format), exportCode(model, format));
});
