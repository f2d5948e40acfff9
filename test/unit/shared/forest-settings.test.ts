// decisionTree.forest.* → the forest's engine parameters: defaults, every value checked (a bad one
// named, with the default used), jobs 0 read as null (every core), and the tree settings the
// forest's CART trees take.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_FOREST_SETTINGS, forestParams, forestSettingProblem, readForestSettings } from '../../../src/shared/forest-settings';
import { DEFAULT_TRAIN_SETTINGS } from '../../../src/shared/train-settings';

const reading = (values: Record<string, unknown>) => readForestSettings((key) => values[key]);

test('absent settings are the defaults: 100 trees, task default features, soft voting, bootstrap, every core, seed 0', () => {
  assert.deepEqual(reading({}), { settings: DEFAULT_FOREST_SETTINGS, problems: [] });
  assert.deepEqual(DEFAULT_FOREST_SETTINGS, { nTrees: 100, maxFeatures: 'default', maxSamples: null, voting: 'soft', bootstrap: true, jobs: null, seed: 0 });
});

test('valid values are taken; jobs 0 means every core (null)', () => {
  const { settings, problems } = reading({ 'forest.nTrees': 37, 'forest.maxFeatures': 0.5, 'forest.maxSamples': 100, 'forest.voting': 'hard', 'forest.bootstrap': false, 'forest.jobs': 0, 'forest.seed': 9 });
  assert.deepEqual(problems, []);
  assert.deepEqual(settings, { nTrees: 37, maxFeatures: 0.5, maxSamples: 100, voting: 'hard', bootstrap: false, jobs: null, seed: 9 });
  assert.equal(reading({ 'forest.maxFeatures': 'log2' }).settings.maxFeatures, 'log2');
  assert.equal(reading({ 'forest.maxFeatures': 3 }).settings.maxFeatures, 3);
  assert.equal(reading({ 'forest.jobs': 4 }).settings.jobs, 4);
});

test('invalid values are named and replaced by the default', () => {
  const { settings, problems } = reading({ 'forest.nTrees': 0, 'forest.maxFeatures': 'half', 'forest.maxSamples': 1.5, 'forest.voting': 'majority', 'forest.jobs': -1, 'forest.seed': 'x' });
  assert.deepEqual(settings, DEFAULT_FOREST_SETTINGS);
  assert.deepEqual(problems, [
    'decisionTree.forest.nTrees must be an integer from 1 to 100000 (got 0); using 100',
    'decisionTree.forest.maxFeatures must be one of default, sqrt, third, log2, all, an integer ≥ 1 or a fraction between 0 and 1 (got "half"); using "default"',
    'decisionTree.forest.maxSamples must be null (every row), an integer ≥ 1 or a fraction in (0, 1] (got 1.5); using null',
    'decisionTree.forest.voting must be soft or hard (got "majority"); using "soft"',
    'decisionTree.forest.jobs must be an integer from 0 to 1024, or null (0 and null: every core) (got -1); using null',
    'decisionTree.forest.seed must be an integer from 0 to 2147483647 (got "x"); using 0',
  ]);
  assert.equal(forestSettingProblem('nTrees', Number('ten')), 'must be an integer from 1 to 100000');
});

test('the engine parameters: a CART random forest with the tree settings, the task default features unless asked, hard voting only when asked', () => {
  const tree = { ...DEFAULT_TRAIN_SETTINGS, maxDepth: 6, minSamplesLeaf: 2, criterion: 'entropy' as const, algorithm: 'c45' as const };
  const params = forestParams(tree, { ...DEFAULT_FOREST_SETTINGS, nTrees: 20, seed: 4 }, 'species');
  assert.deepEqual(params, {
    target: 'species',
    ensemble: 'forest',
    algorithm: 'cart',
    criterion: 'entropy',
    maxDepth: 6,
    minSamplesSplit: 2,
    minSamplesLeaf: 2,
    maxLeafNodes: null,
    minImpurityDecrease: 0,
    splitter: 'auto',
    histogramAboveRows: DEFAULT_TRAIN_SETTINGS.histogramAboveRows,
    minCategorySamples: DEFAULT_TRAIN_SETTINGS.minCategorySamples,
    nTrees: 20,
    maxSamples: null,
    bootstrap: true,
    seed: 4,
  });
  const asked = forestParams({ ...DEFAULT_TRAIN_SETTINGS, criterion: 'gain_ratio' }, { ...DEFAULT_FOREST_SETTINGS, maxFeatures: 'all', voting: 'hard' }, 'y');
  assert.equal(asked.maxFeatures, 'all');
  assert.equal(asked.voting, 'hard');
  assert.equal(asked.criterion, undefined, "C4.5's gain ratio is not a CART criterion: the engine's default is used");
});
