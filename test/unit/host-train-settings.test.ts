// Settings → engine parameters: defaults, each rejected value reported, and the mapping of the
// "0 = unlimited" and "auto" conventions onto the engine's TrainParams.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_TRAIN_SETTINGS, readTrainSettings, trainRequest, type TrainSettings } from '../../src/host/train-settings';

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
  assert.equal(settings.maxDepth, 0);
  assert.equal(settings.minSamplesLeaf, 1);
  assert.equal(settings.minSamplesSplit, 2);
  assert.equal(settings.maxLeafNodes, 0);
  assert.equal(settings.ccpAlpha, 0);
  assert.equal(settings.holdOutFraction, 0.3);
  assert.equal(settings.seed, 42);
  assert.equal(problems.length, 8);
  assert.ok(problems.some((p) => p.startsWith('decisionTree.maxDepth must be an integer from 0') && p.includes('got -3')));
  assert.ok(problems.some((p) => p.startsWith('decisionTree.seed') && p.includes('got "7"')));
});

test('0 means unlimited, auto leaves the criterion to the engine', () => {
  const { params, holdOut } = trainRequest({ ...DEFAULT_TRAIN_SETTINGS }, 'species');
  assert.equal(params.target, 'species');
  assert.equal(params.maxDepth, null);
  assert.equal(params.maxLeafNodes, null);
  assert.equal('criterion' in params, false);
  assert.equal(params.algorithm, 'cart');
  assert.equal(params.minSamplesLeaf, 1);
  assert.equal(params.minSamplesSplit, 2);
  assert.deepEqual(holdOut, { fraction: 0.3, seed: 42 });
});

test('explicit limits, criterion and pruning reach the parameters', () => {
  const settings: TrainSettings = { ...DEFAULT_TRAIN_SETTINGS, criterion: 'entropy', maxDepth: 3, maxLeafNodes: 8, prune: 'cost-complexity', ccpAlpha: 0.01, holdOutFraction: 0 };
  const { params, holdOut } = trainRequest(settings, 'y');
  assert.equal(params.criterion, 'entropy');
  assert.equal(params.maxDepth, 3);
  assert.equal(params.maxLeafNodes, 8);
  assert.equal(params.prune, 'cost-complexity');
  assert.equal(params.ccpAlpha, 0.01);
  assert.equal(holdOut, null);
});

test('ccp alpha is only passed when cost-complexity pruning is chosen', () => {
  const { params } = trainRequest({ ...DEFAULT_TRAIN_SETTINGS, prune: 'pessimistic', ccpAlpha: 0.5 }, 'y');
  assert.equal(params.prune, 'pessimistic');
  assert.equal(params.ccpAlpha, undefined);
});
