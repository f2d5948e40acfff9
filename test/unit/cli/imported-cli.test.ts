// Models trained elsewhere from the CLI end to end (docs/cli.md "Models trained elsewhere"):
// predict, evaluate --model, rules --tree and inspect read XGBoost JSON/UBJSON, LightGBM text and
// ONNX tree ensembles, predicting the libraries' own labels; each bad input is a clear message
// naming the file, exit 2, nothing written.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;
const F = 'test/fixtures/imported';
const IRIS = 'test/fixtures/forest/iris.csv';
const CANCER = 'test/fixtures/forest/breast_cancer.csv';
const DIABETES = 'test/fixtures/forest/diabetes.csv';
const out = (name: string): string => path.join(cli.dir, name);

const expected = (name: string) => JSON.parse(readFileSync(path.join(F, name), 'utf8')) as { output?: number[]; label?: string[]; classes?: string[] };

/** Column `name` of a CSV text (no quoted commas in these files). */
function column(csv: string, name: string): string[] {
  const [header, ...rows] = csv.trim().split('\n');
  const at = header.split(',').indexOf(name);
  assert.ok(at >= 0, `${name} in ${header}`);
  return rows.map((r) => r.split(',')[at]);
}

for (const [model, data, reference] of [
  ['xgb-iris-softprob.json', IRIS, 'xgb-iris-softprob.expected.json'],
  ['xgb-iris-softprob.ubj', IRIS, 'xgb-iris-softprob.expected.json'],
  ['lgb-iris-multiclass.txt', IRIS, 'lgb-iris-multiclass.expected.json'],
  ['onnx-iris-tree.onnx', IRIS, 'onnx-iris-tree.expected.json'],
] as const) {
  test(`predict --model ${model}: the library's labels and probabilities, classes named from the target`, () => {
    const file = out(`${model}.csv`);
    const r = run('predict', '--model', path.join(F, model), data, '--out', file);
    assert.equal(r.status, 0, r.stderr);
    const csv = readFileSync(file, 'utf8');
    const ref = expected(reference);
    const predicted = column(csv, 'predicted_target');
    if (ref.label !== undefined) assert.deepEqual(predicted, ref.label);
    else {
      // softprob: rows × 3 probabilities; the label is the largest.
      const p = ref.output as number[];
      const classes = ref.classes as string[];
      assert.deepEqual(predicted, predicted.map((_, r) => classes[[0, 1, 2].reduce((b, k) => (p[r * 3 + k] > p[r * 3 + b] ? k : b), 0)]));
      const setosa = column(csv, 'share_setosa').map(Number);
      setosa.forEach((v, r) => assert.ok(Math.abs(v - p[r * 3]) <= 1e-6, `row ${r}`));
    }
  });
}

test('evaluate --model on an XGBoost regressor and a LightGBM classifier: metrics of their predictions', () => {
  const reg = run('evaluate', '--model', `${F}/xgb-diabetes-squarederror.ubj`, DIABETES, '--json');
  assert.equal(reg.status, 0, reg.stderr);
  const m = JSON.parse(reg.stdout) as { metrics: { r2: number; rows: number } };
  assert.ok(m.metrics.r2 > 0.5 && m.metrics.r2 < 1, String(m.metrics.r2));
  const clf = run('evaluate', '--model', `${F}/lgb-cancer-binary.txt`, CANCER);
  assert.equal(clf.status, 0, clf.stderr);
  assert.match(clf.stdout, /LightGBM v4 gbdt, objective binary sigmoid:1/);
  assert.match(clf.stdout, /accuracy 1\.0000/);
  assert.match(clf.stderr, /0 = benign, 1 = malignant/);
});

test("a model the Dask job saved: predict and evaluate take its target by name (no --target), classes and categories as stored", () => {
  const model = `${F}/dask-label-forest.json`;
  const data = `${F}/dask-data.csv`;
  const predicted = run('predict', '--model', model, data);
  assert.equal(predicted.status, 0, predicted.stderr);
  // Names come from the model: no note naming them from the CSV.
  assert.doesNotMatch(predicted.stderr, /sorted/);
  assert.equal(predicted.stdout.split('\n')[0], 'a,b,colour,label,flag,predicted_label,share_high,share_low,share_mid');
  const xgb = readFileSync(`${F}/dask-label-forest.xgb.csv`, 'utf8');
  for (const c of ['high', 'low', 'mid']) {
    const ours = column(predicted.stdout, `share_${c}`).map(Number);
    const theirs = column(xgb, `share_${c}`).map(Number);
    assert.equal(ours.length, 400);
    assert.ok(ours.every((v, i) => Math.abs(v - theirs[i]) <= 1e-6), c);
  }
  const evaluated = run('evaluate', '--model', model, data);
  assert.equal(evaluated.status, 0, evaluated.stderr);
  assert.match(evaluated.stdout, /trained on a Dask cluster: held-out accuracy 0\.7778 on 90 rows/);
  assert.match(evaluated.stdout, /accuracy 0\.\d{4}/);
  const rules = run('rules', '--model', model, '--tree', '0');
  assert.equal(rules.status, 0, rules.stderr);
  assert.match(rules.stdout, /IF colour = red AND/);
  assert.match(rules.stdout, /THEN label = /);
});

test('rules --tree K shows one tree of an ensemble; without it the message says how they add up', () => {
  const one = run('rules', '--model', `${F}/xgb-cancer-logistic.json`, '--tree', '2');
  assert.equal(one.status, 0, one.stderr);
  assert.match(one.stdout, /^1\. IF /);
  const all = run('rules', '--model', `${F}/xgb-cancer-logistic.json`);
  assert.equal(all.status, 2);
  assert.match(all.stderr, /20 trees whose leaf values add up \(the sum of 20 trees' leaf values, then the logistic function/);
});

test('inspect --row: every tree\'s leaf and value, the raw score and the prediction', () => {
  const r = run('inspect', '--model', `${F}/xgb-cancer-logistic.ubj`, CANCER, '--row', '0', '--json');
  assert.equal(r.status, 0, r.stderr);
  const j = JSON.parse(r.stdout) as { trees: number; row: { trees: { value: number }[]; margins: number[]; prediction: string } };
  assert.equal(j.row.trees.length, 20);
  const ref = readFileSync(`${F}/xgb-cancer-logistic.expected.json`, 'utf8');
  const margin = (JSON.parse(ref) as { margin: number[] }).margin[0];
  assert.ok(Math.abs(j.row.margins[0] - margin) <= 1e-6);
  // The margin is the base (0) plus the leaves, summed in float32.
  const sum = j.row.trees.reduce((s, t) => Math.fround(s + t.value), 0);
  assert.ok(Math.abs(sum - margin) <= 1e-6);
  assert.equal(j.row.prediction, 'malignant');
});

/** A copy of a fixture cut to `fraction` of its bytes. */
function truncated(name: string, fraction: number): string {
  const bytes = readFileSync(path.join(F, name));
  const file = out(`cut-${name}`);
  writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return file;
}

for (const [what, model, data, message] of [
  ['truncated XGBoost JSON', () => truncated('xgb-iris-softprob.json', 0.5), IRIS, /cut-xgb-iris-softprob\.json: not a usable XGBoost model: not valid JSON/],
  ['truncated XGBoost UBJSON', () => truncated('xgb-iris-softprob.ubj', 0.5), IRIS, /cut-xgb-iris-softprob\.ubj: not a readable UBJSON file: .*truncated\?/],
  ['truncated LightGBM text', () => truncated('lgb-iris-multiclass.txt', 0.5), IRIS, /cut-lgb-iris-multiclass\.txt: not a usable LightGBM model: no "end of trees" line/],
  ['truncated ONNX', () => truncated('onnx-cancer-forest.onnx', 0.5), CANCER, /cut-onnx-cancer-forest\.onnx: not a readable ONNX file: .*truncated\?/],
  ['an ONNX graph that is not a tree ensemble', () => `${F}/onnx-linear.onnx`, DIABETES, /onnx-linear\.onnx: not a usable ONNX tree model: the graph has no TreeEnsembleClassifier or TreeEnsembleRegressor node \(its operators: LinearRegressor\)/],
  ['an XGBoost gblinear booster', () => `${F}/xgb-gblinear.json`, DIABETES, /xgb-gblinear\.json: not a usable XGBoost model: a gblinear \(linear\) booster has no trees/],
  ['an XGBoost objective not supported', () => `${F}/xgb-gamma.json`, DIABETES, /xgb-gamma\.json: not a usable XGBoost model: objective "reg:gamma" is not supported/],
  ['a LightGBM linear-tree model', () => `${F}/lgb-diabetes-linear.txt`, DIABETES, /lgb-diabetes-linear\.txt: not a usable LightGBM model: line \d+: tree 0 is a linear tree/],
  ['features missing from the CSV', () => `${F}/xgb-iris-softprob.json`, DIABETES, /diabetes\.csv: the model's features "sepal_length_\(cm\)", .* are not a column of the CSV \(model xgb-iris-softprob\.json\)/],
  ['features by position, the wrong count', () => `${F}/onnx-iris-tree.onnx`, DIABETES, /diabetes\.csv: the model reads 4 features by position, the CSV has 11 columns/],
  [
    'a version-3 file of ours',
    () => {
      const file = out('v3.json');
      writeFileSync(file, readFileSync('test/fixtures/models/iris-gini-depth3.json', 'utf8').replace('"version": 1', '"version": 3'));
      return file;
    },
    IRIS,
    /v3\.json: not a usable model file: version 3 is not supported/,
  ],
] as const) {
  test(`bad input, ${what}: exit 2, the file named, nothing written`, () => {
    const target = out(`never-${what.replace(/\W+/g, '-')}.csv`);
    const r = run('predict', '--model', model(), data, '--out', target);
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, message);
    assert.equal(existsSync(target), false);
  });
}
