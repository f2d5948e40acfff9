// Settings → engine parameters: defaults, each rejected value reported, and the mapping of the
// "null = unlimited" (0 read as null where settings enter) and "auto" conventions onto the engine's TrainParams.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { resolveParams } from '../../../src/engine/tree/params';
import { trainTree } from '../../../src/engine/tree/train';
import { DEFAULT_TRAIN_SETTINGS, readTrainSettings, reportOptions, settingProblem, validOverrides, type TrainSettings } from '../../../src/shared/train-settings';

const from = (values: Partial<Record<keyof TrainSettings, unknown>>) => readTrainSettings((key) => values[key]);

test('no settings: the defaults, without complaints', () => {
  const { settings, problems } = from({});
  assert.deepEqual(settings, DEFAULT_TRAIN_SETTINGS);
  assert.deepEqual(problems, []);
});

test('valid values are taken as they are', () => {
  const { settings, problems } = from({ algorithm: 'c45', criterion: 'gain_ratio', maxDepth: 4, minSamplesLeaf: 5, holdOutFraction: 0, prune: 'pessimistic' });
  assert.deepEqual(problems, []);
  assert.equal(settings.algorithm, 'c45');
  assert.equal(settings.criterion, 'gain_ratio');
  assert.equal(settings.maxDepth, 4);
  assert.equal(settings.minSamplesLeaf, 5);
  assert.equal(settings.holdOutFraction, 0);
  assert.equal(settings.prune, 'pessimistic');
});

test('each invalid value falls back to its default and is named in a problem', () => {
  const { settings, problems } = from({
    algorithm: 'c50',
    maxDepth: -3,
    minSamplesLeaf: 2.5,
    minSamplesSplit: 1,
    maxLeafNodes: 1,
    ccpAlpha: Number.NaN,
    holdOutFraction: 1,
    seed: '7',
  });
  assert.equal(settings.algorithm, 'cart');
  assert.equal(settings.maxDepth, null);
  assert.equal(settings.minSamplesLeaf, 1);
  assert.equal(settings.minSamplesSplit, 2);
  assert.equal(settings.maxLeafNodes, null);
  assert.equal(settings.ccpAlpha, 0);
  assert.equal(settings.holdOutFraction, 0.3);
  assert.equal(settings.seed, 42);
  assert.equal(problems.length, 8);
  assert.ok(problems.some((p) => p.startsWith('decisionTree.maxDepth must be an integer from 1 to 1000, or null (unlimited)') && p.includes('got -3') && p.endsWith('using null')));
  assert.ok(problems.some((p) => p.startsWith('decisionTree.seed') && p.includes('got "7"')));
});

test('validation "holdout" holds out holdOutFraction of the rows (0: none) and runs no CV', () => {
  assert.deepEqual([reportOptions({ ...DEFAULT_TRAIN_SETTINGS, validation: 'holdout' }, 'y')].map((o) => [o.testSize, o.cvFolds]), [[0.3, undefined]]);
  assert.deepEqual([reportOptions({ ...DEFAULT_TRAIN_SETTINGS, validation: 'holdout', holdOutFraction: 0 }, 'y')].map((o) => [o.testSize, o.cvFolds]), [[undefined, undefined]]);
  assert.equal(reportOptions({ ...DEFAULT_TRAIN_SETTINGS, cvFolds: 10 }, 'y').cvFolds, 10);
  const { settings, problems } = readTrainSettings((key) => ({ validation: 'kfold', cvFolds: 1 })[key as string]);
  assert.deepEqual([settings.validation, settings.cvFolds], ['cv', 5]);
  assert.deepEqual(problems, ['decisionTree.validation must be one of cv, holdout, leave-one-out (got "kfold"); using "cv"', 'decisionTree.cvFolds must be an integer from 2 to 100 (got 1); using 5']);
});

test('validation "leave-one-out" asks the engine for leave-one-out, neither folds nor a hold-out', () => {
  const o = reportOptions({ ...DEFAULT_TRAIN_SETTINGS, validation: 'leave-one-out' }, 'y');
  assert.deepEqual([o.leaveOneOut, o.cvFolds, o.testSize, o.cvWhenPossible], [true, undefined, undefined, undefined]);
  assert.equal(readTrainSettings((key) => (key === 'validation' ? 'leave-one-out' : undefined)).settings.validation, 'leave-one-out');
});

test('decisionTree.holdOutRepeats draws the hold-out that many times; 1, or no hold-out, asks for none', () => {
  const draws = (s: Partial<typeof DEFAULT_TRAIN_SETTINGS>) => reportOptions({ ...DEFAULT_TRAIN_SETTINGS, ...s }, 'y').holdoutRepeats;
  assert.equal(draws({ validation: 'holdout', holdOutRepeats: 10 }), 10);
  assert.equal(draws({ validation: 'holdout', holdOutRepeats: 1 }), undefined);
  assert.equal(draws({ validation: 'cv', holdOutRepeats: 10 }), undefined);
  assert.equal(draws({ validation: 'holdout', holdOutFraction: 0, holdOutRepeats: 10 }), undefined);
  const { problems } = readTrainSettings((key) => (key === 'holdOutRepeats' ? 0 : undefined));
  assert.deepEqual(problems, ['decisionTree.holdOutRepeats must be an integer from 1 to 100 (got 0); using 1']);
});

test('the defaults: no limits (null), auto leaves the criterion to the engine', () => {
  const options = reportOptions({ ...DEFAULT_TRAIN_SETTINGS }, 'species');
  const { params } = options;
  assert.equal(params.target, 'species');
  assert.equal(params.maxDepth, null);
  assert.equal(params.maxLeafNodes, null);
  assert.equal('criterion' in params, false);
  assert.equal(params.algorithm, 'cart');
  assert.equal(params.minSamplesLeaf, 1);
  assert.equal(params.minSamplesSplit, 2);
  assert.equal(options.testSize, undefined, 'the tree trains on all rows');
  assert.equal(options.cvFolds, 5, 'and is measured by 5-fold CV');
  assert.equal(options.seed, 42);
  assert.equal(options.prune, undefined, "'auto': the engine's default for the algorithm");
  assert.equal(options.params.prune, undefined);
  assert.equal(options.ccpAlpha, undefined);
});

test('explicit limits, criterion and pruning reach the engine call', () => {
  const settings: TrainSettings = { ...DEFAULT_TRAIN_SETTINGS, criterion: 'entropy', maxDepth: 3, maxLeafNodes: 8, prune: 'cost-complexity', ccpAlpha: 0.01, holdOutFraction: 0 };
  const options = reportOptions(settings, 'y');
  assert.equal(options.params.criterion, 'entropy');
  assert.equal(options.params.maxDepth, 3);
  assert.equal(options.params.maxLeafNodes, 8);
  assert.equal(options.prune, 'cost-complexity');
  assert.equal(options.ccpAlpha, 0.01);
  assert.equal(options.params.ccpAlpha, 0.01);
  assert.equal(options.testSize, undefined);
});

test('ccp alpha is only passed when cost-complexity pruning is chosen', () => {
  const options = reportOptions({ ...DEFAULT_TRAIN_SETTINGS, prune: 'pessimistic', ccpAlpha: 0.5 }, 'y');
  assert.equal(options.prune, 'pessimistic');
  assert.equal(options.ccpAlpha, undefined);
  assert.equal(options.params.ccpAlpha, undefined);
});

test('a typed option value is checked by the same rule as the setting', () => {
  assert.equal(settingProblem('maxDepth', 3), undefined);
  assert.equal(settingProblem('maxDepth', -1), 'must be an integer from 1 to 1000, or null (unlimited)');
  assert.equal(settingProblem('maxDepth', null), undefined);
  assert.equal(settingProblem('holdOutFraction', 0.95), 'must be a number from 0 to 0.9');
});

test('the defaults contributed in package.json are the defaults the code uses', () => {
  const pkg = JSON.parse(readFileSync(path.join(process.cwd(), 'package.json'), 'utf8'));
  const properties = pkg.contributes.configuration.properties;
  for (const [key, value] of Object.entries(DEFAULT_TRAIN_SETTINGS)) {
    assert.deepEqual(properties[`decisionTree.${key}`]?.default, value, key);
  }
});

test('remembered overrides keep only known, valid entries', () => {
  assert.deepEqual(validOverrides({ maxDepth: 3, algorithm: 'id3', minSamplesLeaf: 0, colour: 'red', prune: 'sometimes' }), { maxDepth: 3, algorithm: 'id3' });
  assert.deepEqual(validOverrides(undefined), {});
  assert.deepEqual(validOverrides('maxDepth=3'), {});
});

test('minCategorySamples: default 10 reaches the engine call; 0 is allowed, a negative or fractional value is not', () => {
  assert.equal(reportOptions({ ...DEFAULT_TRAIN_SETTINGS }, 'y').params.minCategorySamples, 10);
  assert.equal(reportOptions(from({ minCategorySamples: 0 }).settings, 'y').params.minCategorySamples, 0);
  const { settings, problems } = from({ minCategorySamples: 2.5 });
  assert.equal(settings.minCategorySamples, 10);
  assert.match(problems[0], /^decisionTree\.minCategorySamples must be an integer ≥ 0 \(got 2\.5\); using 10$/);
});

test('unlimited: a saved 0, null or no value becomes null where the settings enter, and reaches the builder and the model as null', () => {
  const iris = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
  const grown = trainTree(iris, { target: 'species' }).model;
  for (const saved of [{ maxDepth: 0, maxLeafNodes: 0 }, { maxDepth: null, maxLeafNodes: null }, {}]) {
    const { settings, problems } = from(saved);
    assert.deepEqual(problems, [], JSON.stringify(saved));
    assert.equal(settings.maxDepth, null, JSON.stringify(saved));
    assert.equal(settings.maxLeafNodes, null, JSON.stringify(saved));
    const { params } = reportOptions(settings, 'species');
    assert.equal(params.maxDepth, null);
    assert.equal(params.maxLeafNodes, null);
    const resolved = resolveParams({ ...params, splitter: 'exact' }, 'classification');
    assert.equal(resolved.maxDepth, null);
    assert.equal(resolved.maxLeafNodes, null);
    const { model } = trainTree(iris, params);
    assert.equal(model.params.maxDepth, null);
    assert.equal(model.params.maxLeafNodes, null);
    assert.equal(model.nodes.length, grown.nodes.length, 'fully grown');
  }
  // Overrides from the panel or workspace state enter the same way.
  assert.deepEqual(validOverrides({ maxDepth: 0, maxLeafNodes: null }), { maxDepth: null, maxLeafNodes: null });
});
