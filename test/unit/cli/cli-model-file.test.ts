// Model files as the CLI writes and reads them (docs/model-format.md "Reading and writing"): a
// forest on a diamonds look-alike (54k rows, categorical columns, regression) written as version
// 2, plain and gzip, predicts what the forest in memory predicts; the version-1 fixtures still
// give the predictions recorded when they were written; a newer version is refused, exit 2. A
// single tree's file (version 2: nodes as columns), plain, gzip and as "Export Model" writes it,
// reads back in every command, predicts what the tree in memory predicts and is smaller than
// scikit-learn's pickle of the same tree; version-1 tree files still load.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { lookalike } from '../../../bench/lib/lookalike-csv';
import { parseCsv } from '../../../src/engine/csv/read';
import { predictForest } from '../../../src/engine/forest/predict';
import { trainForest } from '../../../src/engine/forest/train';
import { predict } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { parseTreeFile } from '../../../src/engine/forest/tree-model-file';
import { packModel } from '../../../src/shared/report-transfer';
import { exportJob } from '../../../src/worker/jobs/export';
import { useCli } from '../helpers/cli';

const cli = useCli();
const fixtures = path.join(process.cwd(), 'test/fixtures');

/** The last field of each data line of `predict`'s CSV (no quoted fields in these files). */
const lastFields = (csv: string): string[] => csv.trimEnd().split('\n').slice(1).map((line) => line.slice(line.lastIndexOf(',') + 1));

test('a diamonds look-alike forest written plain and gzip (train --out) predicts what the forest in memory predicts', () => {
  const { csv, target } = lookalike('diamonds');
  const data = path.join(cli.dir, 'diamonds.csv');
  writeFileSync(data, csv);
  const params = { target, ensemble: 'forest' as const, nTrees: 3, seed: 2 };
  const expected = predictForest(trainForest(parseCsv(csv), params).model, parseCsv(csv)).predictions.map(String);
  const sizes: number[] = [];
  for (const name of ['diamonds.json', 'diamonds.json.gz']) {
    const out = path.join(cli.dir, name);
    const trained = cli.run('train', data, '--target', target, '--ensemble', 'forest', '--n-trees', '3', '--seed', '2', '--out', out);
    assert.equal(trained.status, 0, trained.stderr);
    sizes.push(statSync(out).size);
    const predictions = path.join(cli.dir, 'predictions.csv');
    const predicted = cli.run('predict', '--model', out, data, '--out', predictions);
    assert.equal(predicted.status, 0, predicted.stderr);
    assert.deepEqual(lastFields(readFileSync(predictions, 'utf8')), expected, name);
  }
  const text = gunzipSync(readFileSync(path.join(cli.dir, 'diamonds.json.gz'))).toString('utf8');
  assert.equal(text, readFileSync(path.join(cli.dir, 'diamonds.json'), 'utf8'), 'the .gz file holds the same text');
  assert.match(text, /^\{"format":"decision-tree-explorer\/forest","version":2,/);
  assert.ok(sizes[1] < sizes[0] / 2, `gzip ${sizes[1]} of ${sizes[0]} bytes`);
});

test('version-1 forest files still load: predict gives the predictions recorded when they were written', () => {
  const cases = [
    ['penguins', 'nan_penguins_gini_max_depth_5'],
    ['tennis-id3', 'play_tennis'],
    ['diabetes', 'nan_diabetes_squared_error_grown_leaf_5'],
  ];
  for (const [model, data] of cases) {
    const r = cli.run('predict', '--model', path.join(fixtures, 'models', `forest-v1-${model}.json`), path.join(fixtures, 'parity', data, 'test.csv'));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, readFileSync(path.join(fixtures, 'models', `forest-v1-${model}.predictions.csv`), 'utf8'), model);
  }
});

test('a version-3 model file, and a damaged gzip one, are refused naming the file, exit 2', () => {
  const v1 = readFileSync(path.join(fixtures, 'models/forest-v1-diabetes.json'), 'utf8');
  const future = path.join(cli.dir, 'future.json');
  writeFileSync(future, v1.replace('"version": 1', '"version": 3'));
  const test = path.join(fixtures, 'parity/nan_diabetes_squared_error_grown_leaf_5/test.csv');
  const r = cli.run('predict', '--model', future, test);
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^error: future\.json: not a usable model file: version 3 is not supported \(this build reads forest model versions 1 to 2\): the file was made by a newer Decision Tree Explorer, update it to read it\n$/);
  const damaged = path.join(cli.dir, 'damaged.json.gz');
  writeFileSync(damaged, readFileSync(path.join(fixtures, 'models/forest-v1-diabetes.json')).subarray(0, 10));
  const d = cli.run('rules', '--model', damaged, '--tree', '0');
  assert.equal(d.status, 2);
  assert.match(d.stderr, /^error: damaged\.json\.gz: not a usable model file: invalid JSON/);
});

test('a single tree written plain and gzip (train --out) and by Export Model loads back in predict, evaluate --model and rules alike', () => {
  // A fifth of the look-alike: the rules of a depth-12 tree on all of it outgrow a child's output buffer.
  const { target, csv: whole } = lookalike('diamonds');
  const csv = whole.split('\n').slice(0, 10_001).join('\n') + '\n';
  const data = path.join(cli.dir, 'diamonds-tree.csv');
  writeFileSync(data, csv);
  const plain = path.join(cli.dir, 'tree.json');
  const gz = path.join(cli.dir, 'tree.json.gz');
  for (const out of [plain, gz]) {
    const trained = cli.run('train', data, '--target', target, '--max-depth', '12', '--out', out);
    assert.equal(trained.status, 0, trained.stderr);
    assert.match(trained.stdout, /^wrote .*: \d+ nodes, regression, target "price"\n$/);
  }
  const text = gunzipSync(readFileSync(gz)).toString('utf8');
  assert.equal(text, readFileSync(plain, 'utf8'), 'the .gz file holds the same text');
  assert.match(text, /^\{"format":"decision-tree-explorer\/model","version":2,.*"nodes":\{"samples":\[/);
  assert.ok(statSync(gz).size < statSync(plain).size / 3, `gzip ${statSync(gz).size} of ${statSync(plain).size} bytes`);
  // "Export Model (JSON)": the worker's export job writes the file the extension saves.
  const exported = path.join(cli.dir, 'tree.model.json');
  writeFileSync(exported, exportJob({ model: packModel(parseTreeFile(text)), format: 'model' }).content);
  assert.equal(readFileSync(exported, 'utf8'), text, 'Export Model writes what train --out writes');
  const outputs = [plain, gz, exported].map((model) => {
    const predictions = path.join(cli.dir, 'tree-predictions.csv');
    const predicted = cli.run('predict', '--model', model, data, '--out', predictions);
    const evaluated = cli.run('evaluate', '--model', model, data);
    const rules = cli.run('rules', '--model', model, '--format', 'python');
    for (const r of [predicted, evaluated, rules]) assert.equal(r.status, 0, r.stderr);
    return [readFileSync(predictions, 'utf8'), evaluated.stdout.replace(/tree\.(model\.)?json(\.gz)?/g, 'M'), rules.stdout];
  });
  assert.deepEqual(outputs[1], outputs[0], '.gz as plain');
  assert.deepEqual(outputs[2], outputs[0], 'Export Model as train --out');
  assert.match(outputs[0][1], /R² 0\.9\d+/);
  assert.equal(outputs[0][0].trimEnd().split('\n').length, csv.trimEnd().split('\n').length, 'a prediction per row');
});

test('a fully grown tree on the whole diamonds look-alike: its file predicts what the tree in memory predicts on every row, at under 45 bytes a node', () => {
  // joblib's pickle of scikit-learn's tree of this file is 6.68 MB for 104,343 nodes, 64 bytes a
  // node (BENCHMARKS.md "A single tree's model file"); version 1 wrote ~170.
  const { csv, target } = lookalike('diamonds');
  const data = path.join(cli.dir, 'diamonds-full.csv');
  writeFileSync(data, csv);
  const tree = trainTree(parseCsv(csv), { target }).model;
  const expected = predict(tree, parseCsv(csv)).map(String);
  const out = path.join(cli.dir, 'full-tree.json');
  const trained = cli.run('train', data, '--target', target, '--out', out);
  assert.equal(trained.status, 0, trained.stderr);
  assert.match(trained.stdout, new RegExp(`: ${tree.nodes.length} nodes,`));
  const predictions = path.join(cli.dir, 'full-predictions.csv');
  const predicted = cli.run('predict', '--model', out, data, '--out', predictions);
  assert.equal(predicted.status, 0, predicted.stderr);
  assert.deepEqual(lastFields(readFileSync(predictions, 'utf8')), expected);
  const perNode = statSync(out).size / tree.nodes.length;
  assert.ok(perNode < 45, `${perNode.toFixed(1)} bytes a node`);
});

test('version-1 tree files still load: predict gives the predictions recorded when they were written (an edited tree, ID3, regression)', () => {
  const cases = [
    ['penguins-edited', 'nan_penguins_gini_max_depth_5'],
    ['tennis-id3', 'play_tennis'],
    ['diabetes', 'nan_diabetes_squared_error_grown_leaf_5'],
  ];
  for (const [model, data] of cases) {
    const file = path.join(fixtures, 'models', `tree-v1-${model}.json`);
    assert.match(readFileSync(file, 'utf8'), /^\{"format":"decision-tree-explorer\/model","version":1,/);
    const r = cli.run('predict', '--model', file, path.join(fixtures, 'parity', data, 'test.csv'));
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, readFileSync(path.join(fixtures, 'models', `tree-v1-${model}.predictions.csv`), 'utf8'), model);
  }
});
