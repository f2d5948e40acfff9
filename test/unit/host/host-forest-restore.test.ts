// The forest's "with Options…" answers are remembered per file by the tree's own mechanism
// (file-choices.ts OptionsMemory): the next training of that file, with or without Options,
// starts from them, each file its own, settings never asked following decisionTree.forest.*.
// And what a view restored after a reload says when its file is gone, lost its target or changed.
import '../helpers/fake-vscode'; // first: the trainers import `vscode`
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rememberAnswers, rememberChoices, rememberedSettings, readChoices, type ChoiceStore } from '../../../src/host/file-choices';
import { FOREST_OPTIONS, restoreProblem } from '../../../src/host/forest-trainer';
import { TREE_OPTIONS } from '../../../src/host/trainer';
import { DEFAULT_FOREST_SETTINGS, type ForestSettings } from '../../../src/shared/forest-settings';
import { DEFAULT_TRAIN_SETTINGS } from '../../../src/shared/train-settings';
import type { ForestRecipe } from '../../../src/shared/forest-protocol';

function memoryStore(): ChoiceStore {
  const data = new Map<string, unknown>();
  return { get: <T>(key: string) => data.get(key) as T | undefined, update: async (key: string, value: unknown) => void data.set(key, value) };
}

test("the forest's last answers for a file are where the next training of that file starts", async () => {
  const store = memoryStore();
  // decisionTree.forest.* as configured: 100 trees, seed 4.
  const configured: ForestSettings = { ...DEFAULT_FOREST_SETTINGS, seed: 4 };
  assert.deepEqual(rememberedSettings(store, 'a', FOREST_OPTIONS, configured), configured, 'nothing remembered yet');
  const picked: ForestSettings = { ...configured, nTrees: 25, maxFeatures: 'log2', voting: 'hard', seed: 99 };
  await rememberAnswers(store, 'a', FOREST_OPTIONS, picked, { target: 'species' });
  // Only what the picker asks is remembered: the seed still follows the setting.
  assert.deepEqual(readChoices(store, 'a'), { target: 'species', forestOptions: { nTrees: 25, maxFeatures: 'log2', voting: 'hard' } });
  assert.deepEqual(rememberedSettings(store, 'a', FOREST_OPTIONS, { ...configured, seed: 5 }), { ...configured, seed: 5, nTrees: 25, maxFeatures: 'log2', voting: 'hard' });
  assert.deepEqual(rememberedSettings(store, 'b', FOREST_OPTIONS, configured), configured, 'another file: its own (none)');
});

test("a tree's options and a forest's are remembered side by side, neither overwriting the other", async () => {
  const store = memoryStore();
  await rememberAnswers(store, 'f', TREE_OPTIONS, { ...DEFAULT_TRAIN_SETTINGS, maxDepth: 3 }, { target: 't' });
  await rememberAnswers(store, 'f', FOREST_OPTIONS, { ...DEFAULT_FOREST_SETTINGS, nTrees: 7 });
  await rememberChoices(store, 'f', { target: 'u' });
  assert.equal(rememberedSettings(store, 'f', TREE_OPTIONS, DEFAULT_TRAIN_SETTINGS).maxDepth, 3);
  assert.equal(rememberedSettings(store, 'f', FOREST_OPTIONS, DEFAULT_FOREST_SETTINGS).nTrees, 7);
  assert.equal(readChoices(store, 'f').target, 'u');
});

test('remembered forest answers from an older version or edited by hand: invalid ones are dropped', async () => {
  const store = memoryStore();
  await rememberChoices(store, 'f', { forestOptions: { nTrees: -3, maxFeatures: 'most', voting: 'soft', jobs: 0 } as unknown as Partial<ForestSettings> });
  assert.deepEqual(rememberedSettings(store, 'f', FOREST_OPTIONS, DEFAULT_FOREST_SETTINGS), { ...DEFAULT_FOREST_SETTINGS, voting: 'soft', jobs: null });
});

test('a restored view: its file gone or without its target cannot be trained again; a changed file is trained again, and says so', () => {
  const recipe: ForestRecipe = { target: 'species', settings: DEFAULT_FOREST_SETTINGS, file: { size: 4551, mtime: 1000 } };
  assert.deepEqual(restoreProblem(recipe, 'iris.csv', undefined), {
    fatal: true,
    message: 'iris.csv is gone (moved, renamed or deleted), so this forest cannot be trained again. Open the file and run "Train Random Forest".',
  });
  assert.deepEqual(restoreProblem(recipe, 'iris.csv', { size: 4551, mtime: 1000 }, ['sepal_length_cm', 'kind']), {
    fatal: true,
    message: 'iris.csv no longer has the column “species” this forest predicted. Run "Train Random Forest" to choose a target.',
  });
  const changed = { fatal: false, message: 'iris.csv changed since this forest was trained: it was trained again on the file as it is now.' };
  assert.deepEqual(restoreProblem(recipe, 'iris.csv', { size: 4600, mtime: 1000 }, ['species']), changed);
  assert.deepEqual(restoreProblem(recipe, 'iris.csv', { size: 4551, mtime: 2000 }), changed);
  assert.equal(restoreProblem(recipe, 'iris.csv', { size: 4551, mtime: 1000 }, ['species']), undefined);
  assert.equal(restoreProblem({ ...recipe, file: undefined }, 'iris.csv', { size: 1, mtime: 1 }, ['species']), undefined, 'unknown before: no claim it changed');
});
