// The ONNX export end to end (docs/model-format.md "ONNX export"): trees trained on every parity
// fixture, forests (soft and hard voting, regression), and a file of hostile names and categories
// are exported by `rules --format onnx` / `train --out F.onnx`, run in onnxruntime itself (its
// WebAssembly build, no Python), and must give predict's labels, probabilities (≤ 1e-6) and
// values (≤ 1e-6 relative: the operator's output is float32) on every row. Models the operator
// cannot express are refused, exit 2, nothing written; our ONNX reader reads an export back.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import * as ort from 'onnxruntime-web';
import { isNumeric, type Dataset } from '../../../src/engine/dataset';
import { onnxInputColumns } from '../../../src/engine/export/onnx';
import { predictForest } from '../../../src/engine/forest/predict';
import type { ForestModel } from '../../../src/engine/forest/types';
import { readAnyModelBytes } from '../../../src/engine/import/read';
import type { TreeModel } from '../../../src/engine/model';
import { parseTreeFile } from '../../../src/engine/forest/tree-model-file';
import { predict, predictProba } from '../../../src/engine/tree/predict';
import { featureTypes } from '../../../src/cli/data-flags';
import { loadCsvFile } from '../../../src/worker/load-csv';
import { useCli } from '../helpers/cli';

ort.env.wasm.numThreads = 1;
const cli = useCli();
const PARITY = 'test/fixtures/parity';
const out = (name: string): string => path.join(cli.dir, name);

/** The input tensor as docs/model-format.md "ONNX export" describes it, written here from the documentation. */
function inputOf(model: TreeModel | ForestModel, data: Dataset): Float64Array {
  const columns = onnxInputColumns(model);
  const x = new Float64Array(data.rowCount * columns.length).fill(NaN);
  columns.forEach((c, j) => {
    const column = data.columns.find((d) => d.name === c.name);
    assert.ok(column !== undefined, c.name);
    for (let r = 0; r < data.rowCount; r++) {
      if (c.categories === undefined) {
        assert.ok(isNumeric(column));
        x[r * columns.length + j] = column.values[r];
        continue;
      }
      const text = isNumeric(column) ? (Number.isNaN(column.values[r]) ? null : String(column.values[r])) : column.codes[r] < 0 ? null : column.categories[column.codes[r]];
      const code = text === null ? -1 : c.categories.indexOf(text);
      x[r * columns.length + j] = code < 0 ? NaN : code;
    }
  });
  return x;
}

interface Reference {
  labels: Array<string | number>;
  /** Row-major class probabilities, or null (regression). */
  probabilities: Float64Array | null;
}

function reference(model: TreeModel | ForestModel, data: Dataset): Reference {
  if (model.format === 'decision-tree-explorer/forest') {
    const p = predictForest(model, data);
    return { labels: p.predictions, probabilities: p.shares };
  }
  return { labels: predict(model, data), probabilities: model.task === 'classification' ? predictProba(model, data) : null };
}

/** Runs the export in onnxruntime on `csv` and compares every row with predict's answer. */
async function checkParity(modelFile: string, onnxFile: string, csv: string): Promise<number> {
  const loaded = readAnyModelBytes(readFileSync(modelFile));
  assert.ok(loaded.kind === 'tree' || loaded.kind === 'forest');
  const model = loaded.model;
  const data = await loadCsvFile(csv, { presentTypes: featureTypes(model) });
  const ref = reference(model, data);
  const session = await ort.InferenceSession.create(readFileSync(onnxFile));
  const F = onnxInputColumns(model).length;
  const result = await session.run({ features: new ort.Tensor('float64', inputOf(model, data), [data.rowCount, F]) });
  if (model.task === 'regression') {
    const value = result.value.data as Float32Array;
    assert.equal(value.length, data.rowCount);
    ref.labels.forEach((v, r) => assert.ok(Math.abs(value[r] - (v as number)) <= 1e-6 * Math.max(1, Math.abs(v as number)), `${csv} row ${r}: onnx ${value[r]}, predict ${v}`));
    return data.rowCount;
  }
  const labels = result.label.data as string[];
  const p = result.probabilities.data as Float32Array;
  const k = (model.classes ?? []).length;
  assert.deepEqual(result.probabilities.dims, [data.rowCount, k]);
  assert.deepEqual(labels, ref.labels.map(String), csv);
  const expected = ref.probabilities as Float64Array;
  for (let i = 0; i < expected.length; i++) assert.ok(Math.abs(p[i] - expected[i]) <= 1e-6, `${csv} row ${Math.floor(i / k)} class ${i % k}: onnx ${p[i]}, predict ${expected[i]}`);
  return data.rowCount;
}

/** Training flags that grow a tree like the fixture's (expected.json's target, task, parameters, weights). */
function fixtureFlags(dir: string): string[] {
  const e = JSON.parse(readFileSync(path.join(dir, 'expected.json'), 'utf8')) as { target?: string; task?: string; criterion?: string; params?: Record<string, unknown> };
  const header = readFileSync(path.join(dir, 'train.csv'), 'utf8').split('\n')[0].split(',');
  const flags = ['--target', e.target ?? header[header.length - 1]];
  if (e.task === 'classification' || e.task === 'regression') flags.push('--task', e.task);
  const p = e.params ?? {};
  const criterion = (p.criterion as string | undefined) ?? e.criterion;
  if (criterion?.startsWith('entropy (ID3')) flags.push('--algorithm', 'id3');
  else if (criterion === 'gini' || criterion === 'entropy' || criterion === 'squared_error') flags.push('--criterion', criterion);
  if (typeof p.max_depth === 'number') flags.push('--max-depth', String(p.max_depth));
  if (typeof p.min_samples_leaf === 'number' && p.min_samples_leaf > 1) flags.push('--min-samples-leaf', String(p.min_samples_leaf));
  if (typeof p.max_leaf_nodes === 'number') flags.push('--max-leaf-nodes', String(p.max_leaf_nodes));
  if (typeof p.min_impurity_decrease === 'number' && p.min_impurity_decrease > 0) flags.push('--min-impurity-decrease', String(p.min_impurity_decrease));
  if (p.class_weight === 'balanced') flags.push('--class-weight', 'balanced');
  else if (typeof p.class_weight === 'object' && p.class_weight !== null)
    flags.push('--class-weight', Object.entries(p.class_weight).map(([c, w]) => `${c}=${String(w)}`).join(','));
  if (header.includes('sample_weight')) flags.push('--sample-weight', 'sample_weight');
  return flags;
}

const fixtures = readdirSync(PARITY).filter((d) => existsSync(path.join(PARITY, d, 'train.csv')));

test('every parity fixture: the exported tree in onnxruntime gives predict\'s labels, probabilities and values on every test row', async () => {
  assert.ok(fixtures.length >= 30, `${fixtures.length} fixtures`);
  let rows = 0;
  for (const name of fixtures) {
    const dir = path.join(PARITY, name);
    const json = out(`${name}.json`);
    const trained = cli.run('train', path.join(dir, 'train.csv'), ...fixtureFlags(dir), '--out', json);
    assert.equal(trained.status, 0, `${name}: ${trained.stderr}`);
    const onnx = out(`${name}.onnx`);
    const exported = cli.run('rules', '--model', json, '--format', 'onnx', '--out', onnx);
    assert.equal(exported.status, 0, `${name}: ${exported.stderr}`);
    rows += await checkParity(json, onnx, path.join(dir, 'test.csv'));
    rows += await checkParity(json, onnx, path.join(dir, 'train.csv'));
  }
  assert.ok(rows > 5000, `${rows} rows compared`);
});

test('train --out F.onnx writes the same bytes as rules --format onnx on the model train --out F.json writes', () => {
  const dir = path.join(PARITY, 'nan_penguins_gini_max_depth_5');
  const flags = fixtureFlags(dir);
  assert.equal(cli.run('train', path.join(dir, 'train.csv'), ...flags, '--out', out('direct.json')).status, 0);
  const direct = cli.run('train', path.join(dir, 'train.csv'), ...flags, '--out', out('direct.onnx'));
  assert.equal(direct.status, 0, direct.stderr);
  assert.match(direct.stdout, /^wrote .*direct\.onnx/);
  assert.equal(cli.run('rules', '--model', out('direct.json'), '--format', 'onnx', '--out', out('via-rules.onnx')).status, 0);
  assert.deepEqual(readFileSync(out('direct.onnx')), readFileSync(out('via-rules.onnx')));
});

for (const [name, csv, flags] of [
  ['soft-voting forest (iris)', 'test/fixtures/forest/iris.csv', ['--target', 'target', '--ensemble', 'forest', '--n-trees', '15', '--seed', '3']],
  ['hard-voting forest with missing values (penguins)', `${PARITY}/nan_penguins_gini_grown/train.csv`, ['--target', 'species', '--ensemble', 'forest', '--n-trees', '9', '--voting', 'hard']],
  ['binary soft-voting forest (breast cancer)', 'test/fixtures/forest/breast_cancer.csv', ['--target', 'target', '--ensemble', 'forest', '--n-trees', '12', '--max-depth', '6']],
  ['regression forest (diabetes)', 'test/fixtures/forest/diabetes.csv', ['--target', 'target', '--ensemble', 'forest', '--n-trees', '10', '--jobs', '1']],
  ['bagged ID3 trees on categories (play tennis)', `${PARITY}/play_tennis/train.csv`, ['--target', 'play', '--ensemble', 'bagging', '--algorithm', 'id3', '--n-trees', '7']],
] as const) {
  test(`${name}: the exported forest in onnxruntime gives predict's labels and mean shares (or mean values) on every row`, async () => {
    const slug = name.replace(/\W+/g, '-');
    const json = out(`${slug}.json`);
    const trained = cli.run('train', csv, ...flags, '--out', json);
    assert.equal(trained.status, 0, trained.stderr);
    const onnx = out(`${slug}.onnx`);
    const exported = cli.run('rules', '--model', json, '--format', 'onnx', '--out', onnx);
    assert.equal(exported.status, 0, exported.stderr);
    assert.ok((await checkParity(json, onnx, csv)) > 10);
  });
}

/** Names and categories that break naive quoting: quotes, commas, newlines, unicode, formula prefixes, look-alike numbers. */
function hostileCsv(): string {
  const names = ['"a,b"', '"say ""hi"""', 'Ünïcødé 名前', '"=cmd|\' /C calc\'!A0"', 'when', 'target'];
  const colours = ['"red, dark"', '"blue ""navy"""', 'grün', '=1+1', ' spaced ', '007', 'NaN-ish', '"line\nbreak"'];
  const lines = [names.join(',')];
  let seed = 7;
  const rand = (): number => ((seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648);
  for (let i = 0; i < 400; i++) {
    const c = Math.floor(rand() * colours.length);
    const x = rand() * 10;
    const flag = rand() < 0.5 ? 'yes' : 'no';
    const day = `2024-0${1 + Math.floor(rand() * 9)}-1${Math.floor(rand() * 9)}`;
    const missing = rand() < 0.1;
    const y = (c % 3 === 0) !== x > 6 ? 'hot "one"' : c % 2 === 0 ? 'cold, very' : 'mild';
    lines.push([missing ? '' : x.toFixed(3), colours[c], missing ? '' : colours[(c + 3) % colours.length], flag, day, `"${y.replace(/"/g, '""')}"`].join(','));
  }
  return `${lines.join('\n')}\n`;
}

test('hostile names and categories: a CART tree and an ID3 tree splitting on categories route in onnxruntime as predict does', async () => {
  const csv = out('hostile.csv');
  writeFileSync(csv, hostileCsv());
  for (const [slug, flags] of [
    ['hostile-cart', ['--min-category-samples', '0']],
    ['hostile-id3', ['--algorithm', 'id3', '--max-depth', '4']],
    ['hostile-forest', ['--ensemble', 'forest', '--n-trees', '5', '--min-category-samples', '0']],
  ] as const) {
    const json = out(`${slug}.json`);
    const trained = cli.run('train', csv, '--target', 'target', ...flags, '--out', json);
    assert.equal(trained.status, 0, trained.stderr);
    const text = readFileSync(json, 'utf8');
    assert.match(text, /"branches"/, `${slug} splits on a category`);
    const onnx = out(`${slug}.onnx`);
    const exported = cli.run('rules', '--model', json, '--format', 'onnx', '--out', onnx);
    assert.equal(exported.status, 0, exported.stderr);
    assert.equal(await checkParity(json, onnx, csv), 400);
  }
});

test('the documented input: one column per feature in model order, categories by code, NaN for missing or unseen values', async () => {
  const json = out('tennis.json');
  assert.equal(cli.run('train', `${PARITY}/play_tennis/train.csv`, '--target', 'play', '--algorithm', 'id3', '--out', json).status, 0);
  assert.equal(cli.run('rules', '--model', json, '--format', 'onnx', '--out', out('tennis.onnx')).status, 0);
  const model = parseTreeFile(readFileSync(json, 'utf8'));
  const columns = onnxInputColumns(model);
  assert.deepEqual(columns.map((c) => c.name), ['outlook', 'temperature', 'humidity', 'windy']);
  // Written by hand from the documentation: outlook overcast → yes whatever the rest; an unseen outlook follows the root's missing branch.
  const code = (name: string, value: string): number => (columns.find((c) => c.name === name)?.categories ?? []).indexOf(value);
  const session = await ort.InferenceSession.create(readFileSync(out('tennis.onnx')));
  const rows = [
    [code('outlook', 'overcast'), code('temperature', 'hot'), code('humidity', 'high'), code('windy', 'false')],
    [code('outlook', 'sunny'), code('temperature', 'mild'), code('humidity', 'high'), code('windy', 'false')],
    [NaN, NaN, NaN, NaN],
  ];
  rows.slice(0, 2).flat().forEach((c) => assert.ok(c >= 0));
  const r = await session.run({ features: new ort.Tensor('float64', Float64Array.from(rows.flat()), [3, 4]) });
  const labels = r.label.data as string[];
  assert.deepEqual(labels.slice(0, 2), ['P', 'N']);
  // The all-missing row takes every split's missing branch, as predict sends it.
  const root = model.nodes[0];
  let node = root;
  while (node.children.length > 0) node = model.nodes[node.children[node.missingGoesTo ?? 0]];
  assert.equal(labels[2], String(node.prediction));
});

test('our ONNX reader reads an export back: predict --model on the .onnx file gives the tree\'s own predictions', () => {
  const dir = path.join(PARITY, 'nan_diabetes_squared_error_max_depth_4');
  const json = out('back.json');
  assert.equal(cli.run('train', path.join(dir, 'train.csv'), ...fixtureFlags(dir), '--out', json).status, 0);
  assert.equal(cli.run('rules', '--model', json, '--format', 'onnx', '--out', out('back.onnx')).status, 0);
  const ours = cli.run('predict', '--model', json, path.join(dir, 'test.csv'));
  const back = cli.run('predict', '--model', out('back.onnx'), path.join(dir, 'test.csv'));
  assert.equal(back.status, 0, back.stderr);
  // The export names its features, so no positional note, and the values are the tree's exactly (double input, double sums).
  assert.doesNotMatch(back.stderr, /by position/);
  assert.equal(back.stdout, ours.stdout);
  const inspect = cli.run('inspect', '--model', out('back.onnx'));
  assert.match(inspect.stdout, /TreeEnsembleRegressor \(made by Decision Tree Explorer\)/);
});

test('models the operator cannot express, and bad requests: exit 2 with a clear message, nothing written', () => {
  const json = out('iris-tree.json');
  assert.equal(cli.run('train', 'test/fixtures/forest/iris.csv', '--target', 'target', '--max-depth', '2', '--out', json).status, 0);
  // A leaf whose stored prediction its class counts do not give (a hand-edited model): onnxruntime would answer otherwise.
  const model = parseTreeFile(readFileSync(json, 'utf8'));
  const leaf = model.nodes.find((n) => n.children.length === 0 && n.prediction === 'setosa') as TreeModel['nodes'][number];
  leaf.prediction = 'virginica';
  writeFileSync(out('odd.json'), JSON.stringify(model));
  for (const [args, message] of [
    [['rules', '--model', out('odd.json'), '--format', 'onnx', '--out', out('odd.onnx')], /cannot export as ONNX: leaf \d+ predicts "virginica"/],
    [['rules', '--model', out('odd.json'), '--format', 'onnx', '--tree', '0', '--out', out('odd.onnx')], /--tree K picks a tree of a forest model/],
    [['rules', '--model', 'test/fixtures/imported/onnx-iris-tree.onnx', '--format', 'onnx', '--out', out('odd.onnx')], /trained elsewhere is not exported as ONNX/],
    [['rules', '--model', json, '--format', 'onnx'], /--format onnx writes a binary file: give it with --out/],
  ] as const) {
    const r = cli.run(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stdout}${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(existsSync(out('odd.onnx')), false, args.join(' '));
  }
});
