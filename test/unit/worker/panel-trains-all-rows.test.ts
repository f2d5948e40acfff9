// The panel's tree is the tree `train` gives with the same settings (all rows, issue 16 item 3),
// and its metrics are the cross-validation `evaluate --cv K` gives with the same seed: both
// checked through the panel's own path — settings → reportOptions → the worker's `load` and
// `report` jobs, the tree decoded from its columns — against the CLI run in a child process.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { DEFAULT_TRAIN_SETTINGS, readTrainSettings, reportOptions, type TrainSettings } from '../../../src/shared/train-settings';
import type { TreeReport } from '../../../src/engine/report-types';
import { decodeModel } from '../../../src/engine/model-columns';
import type { TreeModel } from '../../../src/engine/model';
import { bundleWorker } from '../helpers/worker-bundle';
import { useCli } from '../helpers/cli';

const cli = useCli();
let bridge: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  bridge = new WorkerBridge(() => nodeEngine(engineFile));
});

async function panelReport(file: string, target: string, settings: TrainSettings): Promise<Omit<TreeReport, 'rules' | 'pruningPath'>> {
  const bytes = WorkerBridge.ownBytes(readFileSync(path.join(process.cwd(), file)));
  const { dataset } = await bridge.run('load', { source: { kind: 'bytes', bytes }, fileName: path.basename(file) }).result;
  const packed = await bridge.run('report', { dataset, options: reportOptions(settings, target) }).result;
  return { ...packed, model: decodeModel(packed.model).model };
}

/** The CLI flags of the settings the cases change (the rest are the defaults of both). */
function flags(s: TrainSettings): string[] {
  return [...(s.criterion === 'auto' ? [] : ['--criterion', s.criterion]), ...(s.maxDepth !== null ? ['--max-depth', String(s.maxDepth)] : []), '--min-samples-leaf', String(s.minSamplesLeaf)];
}

const CASES: { file: string; target: string; settings: Partial<TrainSettings> }[] = [
  { file: 'media/samples/iris.csv', target: 'species', settings: {} },
  { file: 'media/samples/iris.csv', target: 'species', settings: { criterion: 'entropy', maxDepth: 3 } },
  { file: 'media/samples/play_tennis.csv', target: 'play', settings: {} },
  { file: 'media/samples/bike_or_car.csv', target: 'go_by_car', settings: {} },
  { file: 'media/samples/diabetes.csv', target: 'disease_progression', settings: { maxDepth: 3 } },
  { file: 'test/fixtures/parity/nan_penguins_gini_max_depth_5/train.csv', target: 'species', settings: { maxDepth: 5 } },
  { file: 'test/fixtures/parity/iris_gini_min_samples_leaf_5/train.csv', target: 'species', settings: { minSamplesLeaf: 5 } },
];

const rootOf = (m: Pick<TreeModel, 'nodes'>) => m.nodes[0].split;

test('the default settings (no setting given) measure by 5-fold CV and train the tree on all rows', () => {
  const { settings } = readTrainSettings(() => undefined);
  assert.equal(settings.validation, 'cv');
  const options = reportOptions(settings, 'y');
  assert.equal(options.cvFolds, 5);
  assert.equal(options.testSize, undefined);
});

for (const c of CASES) {
  const settings = { ...DEFAULT_TRAIN_SETTINGS, ...c.settings };
  test(`panel tree = train's tree, panel CV = evaluate --cv 5: ${path.basename(path.dirname(c.file))}/${path.basename(c.file)} ${JSON.stringify(c.settings)}`, async () => {
    const report = await panelReport(c.file, c.target, settings);
    // By default the panel draws `train`'s tree as it is (decisionTree.mergeLeaves off).
    const train = (...more: string[]) => {
      const r = cli.run('train', c.file, '--target', c.target, ...flags(settings), ...more);
      assert.equal(r.status, 0, r.stderr);
      return JSON.parse(r.stdout) as TreeModel;
    };
    const model = train();
    assert.equal(report.model.nodes.length, model.nodes.length, 'same node count');
    assert.deepEqual(rootOf(report.model), rootOf(model), 'same root split');
    assert.deepEqual(report.model.nodes, model.nodes, 'the same nodes');
    // decisionTree.mergeLeaves: the tree `train --simplify` gives.
    const merged = await panelReport(c.file, c.target, { ...settings, mergeLeaves: true });
    assert.equal(merged.model.nodes.length, train('--simplify').nodes.length, 'mergeLeaves = train --simplify');
    assert.equal(report.model.nodes[0].samples, model.nodes[0].samples, 'the root holds every row with a target');
    assert.equal(report.metrics.holdout, null);

    const evaluated = cli.run('evaluate', c.file, '--target', c.target, ...flags(settings), '--cv', '5', '--seed', String(settings.seed), '--json');
    assert.equal(evaluated.status, 0, evaluated.stderr);
    const expected = JSON.parse(evaluated.stdout) as TreeReport;
    assert.deepEqual(report.settings.validation, expected.settings.validation);
    assert.deepEqual(report.metrics.crossValidation, expected.metrics.crossValidation);
  });
}

test('validation "holdout" keeps the tree of the training part: 105 of iris\' 150 rows, the hold-out metrics of evaluate --test-size 0.3', async () => {
  const settings: TrainSettings = { ...DEFAULT_TRAIN_SETTINGS, validation: 'holdout', holdOutFraction: 0.3 };
  const report = await panelReport('media/samples/iris.csv', 'species', settings);
  assert.equal(report.trainingRows, 105);
  assert.equal(report.metrics.crossValidation, null);
  const evaluated = cli.run('evaluate', 'media/samples/iris.csv', '--target', 'species', '--test-size', '0.3', '--seed', '42', '--json');
  const expected = JSON.parse(evaluated.stdout) as TreeReport;
  assert.deepEqual(report.metrics.holdout, expected.metrics.holdout);
  assert.equal(report.model.nodes.length, expected.model.nodes.length);
});

test('validation "leave-one-out": the tree on all rows, the metrics those of evaluate --cv loo', async () => {
  const settings: TrainSettings = { ...DEFAULT_TRAIN_SETTINGS, validation: 'leave-one-out', maxDepth: 3 };
  const report = await panelReport('media/samples/play_tennis.csv', 'play', settings);
  assert.equal(report.trainingRows, 14);
  assert.deepEqual(report.settings.validation, { kind: 'cv', folds: 14, seed: 42, stratified: false, leaveOneOut: true });
  const evaluated = cli.run('evaluate', 'media/samples/play_tennis.csv', '--target', 'play', '--max-depth', '3', '--cv', 'loo', '--seed', '42', '--json');
  assert.equal(evaluated.status, 0, evaluated.stderr);
  assert.deepEqual(report.metrics.crossValidation, (JSON.parse(evaluated.stdout) as TreeReport).metrics.crossValidation);
  assert.equal(report.metrics.crossValidation?.pooled.rows, 14);
});

test('validation "holdout" with holdOutRepeats 10: the repeated hold-out of evaluate --test-size 0.3 --repeats 10', async () => {
  const settings: TrainSettings = { ...DEFAULT_TRAIN_SETTINGS, validation: 'holdout', holdOutFraction: 0.3, holdOutRepeats: 10, maxDepth: 3 };
  const report = await panelReport('media/samples/iris.csv', 'species', settings);
  const evaluated = cli.run('evaluate', 'media/samples/iris.csv', '--target', 'species', '--max-depth', '3', '--test-size', '0.3', '--repeats', '10', '--seed', '42', '--json');
  assert.equal(evaluated.status, 0, evaluated.stderr);
  const expected = JSON.parse(evaluated.stdout) as TreeReport;
  assert.deepEqual(report.metrics.repeatedHoldout, expected.metrics.repeatedHoldout);
  assert.deepEqual(report.settings.validation, { kind: 'holdout', testSize: 0.3, seed: 42, stratified: true, repeats: 10 });
  assert.equal(report.metrics.repeatedHoldout?.scores.length, 10);
});

test('the cross-validation reports each fold done as progress', async () => {
  const bytes = WorkerBridge.ownBytes(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
  const { dataset } = await bridge.run('load', { source: { kind: 'bytes', bytes }, fileName: 'iris.csv' }).result;
  const fractions: number[] = [];
  await bridge.run('report', { dataset, options: reportOptions(DEFAULT_TRAIN_SETTINGS, 'species') }, { onProgress: (p) => p.phase === 'report' && p.step === 'cross-validate' && fractions.push(p.fraction) }).result;
  assert.deepEqual(fractions.map((f) => Number(f.toFixed(2))), [0.85, 0.88, 0.91, 0.94, 0.97, 1]);
});

test('a file too small for 5 folds still gets its tree on all rows; the report says why there is no CV (evaluate --cv 5 refuses it)', async () => {
  const text = 'x,y\n1,a\n2,a\n3,b\n4,b\n';
  const { dataset } = await bridge.run('load', { source: { kind: 'text', text }, fileName: 'tiny.csv' }).result;
  const report = await bridge.run('report', { dataset, options: reportOptions(DEFAULT_TRAIN_SETTINGS, 'y') }).result;
  assert.equal(report.trainingRows, 4);
  assert.deepEqual(report.settings.validation, { kind: 'none' });
  assert.equal(report.metrics.crossValidation, null);
  assert.ok(report.warnings.includes("no cross-validation: 5 folds need at least 5 rows with a target; there are 4; the metrics are the training rows'"), report.warnings.join('\n'));
  // Enough rows but no class with 5 of them: stratified folds cannot be drawn either.
  const classes = 'x,y\n' + Array.from({ length: 8 }, (_, i) => `${i},${'abcd'[i % 4]}`).join('\n') + '\n';
  const { dataset: four } = await bridge.run('load', { source: { kind: 'text', text: classes }, fileName: 'classes.csv' }).result;
  const r2 = await bridge.run('report', { dataset: four, options: reportOptions(DEFAULT_TRAIN_SETTINGS, 'y') }).result;
  assert.match(r2.warnings[0], /^no cross-validation: 5 stratified folds need at least 5 rows of some class; the largest class has 2/);
  const tiny = path.join(cli.dir, 'tiny.csv');
  writeFileSync(tiny, text);
  const refused = cli.run('evaluate', tiny, '--target', 'y', '--cv', '5');
  assert.equal(refused.status, 2);
  assert.match(refused.stderr, /5 folds need at least 5 rows with a target; there are 4/);
});
