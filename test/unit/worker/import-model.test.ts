// "Open Tree Model…"'s worker jobs and the forest view's answers for a model trained elsewhere,
// on the XGBoost fixtures (scripts/fixtures/make-imported-models.py) and their references: the
// model bound to the CSV as the CLI binds it, its metrics those of XGBoost's own labels, the trees
// as columns predicting what the file predicts, a row's per-tree contributions adding up to
// XGBoost's margin, its path in the shown tree ending in the leaf XGBoost's pred_leaf names, and
// a non-model file refused naming the file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { InputError } from '../../../src/engine/errors';
import { predictEnsemble } from '../../../src/engine/import/predict';
import type { ClassificationMetrics } from '../../../src/engine/metrics/types';
import { decodeModel } from '../../../src/engine/model-columns';
import { EnsembleAnswers } from '../../../src/panel/ensemble-requests';
import { unpackEnsemble } from '../../../src/shared/ensemble-transfer';
import { nodeLines } from '../../../src/shared/render/tree-labels';
import type { ForestRow, ForestTreeReply } from '../../../src/shared/forest-protocol';
import { defaultTarget, modelFileItems, noCsv } from '../../../src/host/model-file-items';
import { ensembleRowJob, importModelJob } from '../../../src/worker/jobs/import-model';
import { onnxJob } from '../../../src/worker/jobs/export';
import { packModel } from '../../../src/shared/report-transfer';
import { trainTree } from '../../../src/engine/tree/train';
import { predict } from '../../../src/engine/tree/predict';
import { readAnyModelBytes } from '../../../src/engine/import/read';

const DIR = 'test/fixtures/imported';
const cancer: Dataset = parseCsv(readFileSync('test/fixtures/forest/breast_cancer.csv'));
const iris: Dataset = parseCsv(readFileSync('test/fixtures/forest/iris.csv'));
const bytes = (file: string) => new Uint8Array(readFileSync(`${DIR}/${file}`));
interface Reference {
  margin: number[];
  /** XGBoost's probability of the second class. */
  output: number[];
  leaves: number[];
  classes: string[];
  rows: number;
  importance: { weight: Record<string, number>; total_gain: Record<string, number> };
}
const reference = (file: string) => JSON.parse(readFileSync(`${DIR}/${file}`, 'utf8')) as Reference;
/** XGBoost's label: the second class when its probability is above 0.5. */
const labels = (ref: Reference) => ref.output.map((p) => ref.classes[p > 0.5 ? 1 : 0]);

const noProgress = () => undefined;

test('a binary XGBoost model bound to its CSV: class names from the target, accuracy of XGBoost’s own labels, the link said plainly', () => {
  const ref = reference('xgb-cancer-logistic.expected.json');
  const { report, ensemble } = importModelJob({ bytes: bytes('xgb-cancer-logistic.json'), fileName: 'xgb-cancer-logistic.json', data: { dataset: cancer, fileName: 'breast_cancer.csv', target: 'target' } }, noProgress);
  assert.equal(report.library, 'XGBoost');
  assert.deepEqual(report.classes, ref.classes);
  assert.equal(report.classNames, 'target values');
  const trees = report.trees.length;
  // base_score 0.5 is a margin of 0: no base to add.
  assert.equal(report.link, `the sum of ${trees} trees' leaf values, then the logistic function (the probability of class malignant)`);
  // Accuracy as XGBoost's labels score against the CSV's target.
  const target = cancer.columns.find((c) => c.name === 'target');
  assert.ok(target && 'codes' in target);
  const actual = Array.from(target.codes, (c) => target.categories[c]);
  const right = labels(ref).filter((l, i) => l === actual[i]).length;
  const metrics = report.data?.metrics as ClassificationMetrics;
  assert.equal(metrics.accuracy, right / ref.rows);
  assert.equal(report.data?.rows, 569);
  // The trees as columns predict what the file predicts.
  const margins = predictEnsemble(unpackEnsemble(ensemble), cancer).margins;
  ref.margin.forEach((m, i) => assert.ok(Math.abs(margins[i] - m) <= 1e-6 * Math.max(1, Math.abs(m)), `row ${i}: ${margins[i]} vs ${m}`));
  // Importances as XGBoost's get_score counts them (features it never splits on are listed at 0).
  assert.equal(report.importances.length, report.features.length);
  for (const f of report.importances) {
    assert.equal(f.splits, ref.importance.weight[f.feature] ?? 0, f.feature);
    assert.ok(Math.abs(f.gain - (ref.importance.total_gain[f.feature] ?? 0)) <= 1e-6 * Math.max(1, f.gain), f.feature);
  }
});

test('without a CSV the model opens alone: class indices, said so, no data', () => {
  const { report } = importModelJob({ bytes: bytes('xgb-iris-softprob.json'), fileName: 'xgb-iris-softprob.json' }, noProgress);
  assert.deepEqual(report.classes, ['0', '1', '2']);
  assert.equal(report.data, null);
  assert.match(report.notes.join(' '), /class indices: choose a CSV/);
  assert.match(report.link, /^per class, the sum of its \d+ trees' leaf values.*then the softmax across the classes$/);
  assert.ok(report.trees.every((t) => t.output === t.index % 3), 'multi:softprob: tree k adds to class k mod 3');
});

test('the view’s answers: a tree with its cover and gains, a row’s path ending in XGBoost’s leaf, the trees adding up to its margin', async () => {
  const ref = reference('xgb-cancer-logistic.expected.json');
  const { report, ensemble } = importModelJob({ bytes: bytes('xgb-cancer-logistic.json'), fileName: 'xgb-cancer-logistic.json', data: { dataset: cancer, fileName: 'breast_cancer.csv', target: 'target' } }, noProgress);
  const answers = new EnsembleAnswers({ ensemble, report, dataset: cancer, csvUri: null }, async (job) => ensembleRowJob(job));
  const trees = report.trees.length;
  const index = 2;
  const reply = (await answers.handlers.tree({ index })) as ForestTreeReply;
  const { model } = decodeModel(reply.model);
  assert.equal(model.importedFrom, 'XGBoost');
  const root = model.nodes[0];
  assert.ok(root.split !== null && root.gain !== undefined && root.gain > 0, 'the root split carries its gain');
  const lines = nodeLines(model, root);
  assert.ok(lines.some((l) => /^cover = /.test(l)) && lines.some((l) => /^gain = /.test(l)), lines.join(' | '));
  assert.ok(!lines.some((l) => /squared_error|samples/.test(l)), 'no impurity or row count the file does not store');

  const row = 7;
  const answer = (await answers.handlers.row({ row, index })) as ForestRow;
  const c = answer.contributions;
  assert.ok(c !== undefined);
  assert.equal(c.trees.length, trees);
  assert.ok(Math.abs(c.margins[0] - ref.margin[row]) <= 1e-6 * Math.max(1, Math.abs(ref.margin[row])));
  assert.equal(answer.prediction, labels(ref)[row]);
  assert.equal(c.trees[index].leaf, ref.leaves[row * trees + index], 'the path ends in the leaf XGBoost names');
  assert.equal(answer.path[answer.path.length - 1], c.trees[index].node);
  assert.equal(answer.treePrediction, c.trees[index].value);
  await assert.rejects(async () => answers.handlers.alternatives({ index, nodeId: 0 }), /no training rows here/);
});

test('a model without a CSV: a row is refused saying how to choose one', async () => {
  const { report, ensemble } = importModelJob({ bytes: bytes('xgb-iris-softprob.json'), fileName: 'xgb-iris-softprob.json' }, noProgress);
  const answers = new EnsembleAnswers({ ensemble, report, dataset: null, csvUri: null }, async (job) => ensembleRowJob(job));
  await assert.rejects(async () => answers.handlers.row({ row: 0, index: 0 }), /No CSV chosen for this model: run Open Tree Model… again/);
});

test('bad model files: each refused naming the file and what is wrong', () => {
  const refused = (file: string, content: Uint8Array, pattern: RegExp) =>
    assert.throws(
      () => importModelJob({ bytes: content, fileName: file }, noProgress),
      (err: unknown) => err instanceof InputError && err.message.startsWith(`${file}: `) && pattern.test(err.message),
    );
  refused('notes.txt', new TextEncoder().encode('hello world\nthese are notes\n'), /not a tree model/);
  refused('xgb-cancer-logistic.json', bytes('xgb-cancer-logistic.json').subarray(0, 3000), /truncated or damaged/);
  refused('xgb-gblinear.json', bytes('xgb-gblinear.json'), /gblinear/);
  refused('lgb-diabetes-linear.txt', bytes('lgb-diabetes-linear.txt'), /linear/);
  refused('onnx-linear.onnx', bytes('onnx-linear.onnx'), /tree ensemble|TreeEnsemble/i);
  const ours = new TextEncoder().encode(JSON.stringify(trainTree(iris, { target: 'target' }).model));
  refused('iris.model.json', ours, /a decision tree of this extension, not a model trained elsewhere/);
  // Bound to a CSV that lacks its features: the model file is named.
  assert.throws(
    () => importModelJob({ bytes: bytes('xgb-cancer-logistic.json'), fileName: 'xgb-cancer-logistic.json', data: { dataset: iris, fileName: 'iris.csv' } }, noProgress),
    /^InputError: xgb-cancer-logistic.json: the model's features .* are not a column of the CSV/,
  );
});

test('the CSV pick offers the model alone first; the target offered first is the CLI’s default', () => {
  const items = modelFileItems(['data/iris.csv']);
  assert.equal(items[0].label, noCsv());
  assert.equal(items[1].path, 'data/iris.csv');
  assert.equal(defaultTarget(['a', 'b', 'y'], ['a', 'b'], false), 'y');
  assert.equal(defaultTarget(['a', 'b', 'y', 'z'], ['a', 'b'], false), undefined);
  assert.equal(defaultTarget(['f0', 'f1', 'label'], ['f0', 'f1'], true), 'label');
  // A model that names its target (the Dask job's): that column, though two are not features; absent from the CSV: as before.
  assert.equal(defaultTarget(['a', 'b', 'y', 'z'], ['a', 'b'], false, 'z'), 'z');
  assert.equal(defaultTarget(['a', 'b', 'y'], ['a', 'b'], false, 'label'), 'y');
});

test('Export Model as ONNX’s job writes the engine’s export of a tree, which our reader reads back predicting the same', () => {
  const { model } = trainTree(iris, { target: 'target', maxDepth: 3 });
  const { bytes: onnx } = onnxJob({ kind: 'tree', model: packModel(model) });
  const back = readAnyModelBytes(onnx);
  assert.equal(back.kind, 'ensemble');
  if (back.kind !== 'ensemble') return;
  assert.equal(back.model.trees.length, 1);
  assert.deepEqual(predictEnsemble(back.model, iris).predictions, predict(model, iris));
});

test('an ONNX tree (scikit-learn via skl2onnx): leaves weigh each class, no cover stored; a row adds its class weights as onnxruntime does', async () => {
  const ref = JSON.parse(readFileSync(`${DIR}/onnx-iris-tree.expected.json`, 'utf8')) as { label: string[]; probabilities: number[]; classes: string[] };
  const { report, ensemble } = importModelJob({ bytes: bytes('onnx-iris-tree.onnx'), fileName: 'onnx-iris-tree.onnx', data: { dataset: iris, fileName: 'iris.csv', target: 'target' } }, noProgress);
  assert.equal(report.library, 'ONNX');
  assert.deepEqual(report.classes, ref.classes);
  assert.ok(report.importances.every((f) => f.splits === 0 || Number.isNaN(f.gain)), 'ONNX stores no gains');
  const answers = new EnsembleAnswers({ ensemble, report, dataset: iris, csvUri: null }, async (job) => ensembleRowJob(job));
  const { model } = decodeModel(((await answers.handlers.tree({ index: 0 })) as ForestTreeReply).model);
  const leaf = model.nodes.find((n) => n.split === null);
  assert.ok(leaf !== undefined);
  const lines = nodeLines(model, leaf);
  assert.ok(lines.some((l) => /^weights = \[/.test(l)) && !lines.some((l) => /cover|purity|samples/.test(l)), lines.join(' | '));
  for (const row of [0, 70, 149]) {
    const answer = (await answers.handlers.row({ row, index: 0 })) as ForestRow;
    assert.equal(answer.prediction, ref.label[row]);
    const p = answer.contributions?.probabilities as number[];
    p.forEach((v, k) => assert.ok(Math.abs(v - ref.probabilities[row * 3 + k]) <= 1e-6, `row ${row} class ${k}: ${v}`));
    assert.ok(Array.isArray(answer.contributions?.trees[0].value), 'a leaf adds a weight per class');
  }
});

test('a LightGBM model with categorical splits: its trees’ paths end in LightGBM’s leaves, its contributions add to its raw score', async () => {
  const ref = JSON.parse(readFileSync(`${DIR}/lgb-categories.expected.json`, 'utf8')) as Reference & { treeCount: number };
  const categories = parseCsv(readFileSync(`${DIR}/categories.csv`));
  const { report, ensemble } = importModelJob({ bytes: bytes('lgb-categories.txt'), fileName: 'lgb-categories.txt', data: { dataset: categories, fileName: 'categories.csv', target: 'label' } }, noProgress);
  assert.equal(report.library, 'LightGBM');
  const answers = new EnsembleAnswers({ ensemble, report, dataset: categories, csvUri: null }, async (job) => ensembleRowJob(job));
  for (const row of [0, 123, 399]) {
    for (const index of [0, ref.treeCount - 1]) {
      const answer = (await answers.handlers.row({ row, index })) as ForestRow;
      const c = answer.contributions;
      assert.ok(c !== undefined);
      assert.equal(c.trees[index].leaf, ref.leaves[row * ref.treeCount + index]);
      assert.ok(Math.abs(c.margins[0] - ref.margin[row]) <= 1e-6 * Math.max(1, Math.abs(ref.margin[row])));
    }
  }
});
