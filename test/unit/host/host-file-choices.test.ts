// Per-file memory of the target and options, and the target QuickPick items.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { defaultTarget, readChoices, rememberChoices, type ChoiceStore } from '../../../src/host/file-choices';
import { targetItems } from '../../../src/host/target-items';

function memoryStore(): ChoiceStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return {
    data,
    get: <T>(key: string) => data.get(key) as T | undefined,
    update: async (key: string, value: unknown) => {
      data.set(key, value);
    },
  };
}

test('without a remembered choice the default target is the last column', () => {
  assert.equal(defaultTarget(readChoices(memoryStore(), 'file:///a.csv'), ['x', 'y', 'label']), 'label');
  assert.equal(defaultTarget({}, []), undefined);
});

test('the remembered target is per file and wins while the column exists', async () => {
  const store = memoryStore();
  await rememberChoices(store, 'file:///a.csv', { target: 'x' });
  assert.equal(defaultTarget(readChoices(store, 'file:///a.csv'), ['x', 'y', 'label']), 'x');
  assert.equal(defaultTarget(readChoices(store, 'file:///b.csv'), ['x', 'y', 'label']), 'label');
  // The column was renamed in the file since: back to the last column.
  assert.equal(defaultTarget(readChoices(store, 'file:///a.csv'), ['x2', 'y', 'label']), 'label');
});

test('remembering options keeps the remembered target', async () => {
  const store = memoryStore();
  await rememberChoices(store, 'f', { target: 't' });
  await rememberChoices(store, 'f', { options: { maxDepth: 3 } });
  assert.deepEqual(readChoices(store, 'f'), { target: 't', options: { maxDepth: 3 } });
});

test('a corrupt stored value reads as no choice', () => {
  const store = memoryStore();
  store.data.set('decisionTree.choices:f', 'garbage');
  assert.deepEqual(readChoices(store, 'f'), {});
});

test('target items show type and distinct count, default first', () => {
  const items = targetItems(
    [
      { name: 'age', type: 'numeric', distinct: 1234, missing: 0 },
      { name: 'city', type: 'categorical', distinct: 12, missing: 3 },
      { name: 'churn', type: 'boolean', distinct: 2, missing: 0 },
    ],
    'city',
  );
  assert.deepEqual(
    items.map((i) => [i.column, i.description]),
    [
      ['city', 'categorical · 12 distinct · 3 missing · default'],
      ['age', 'numeric · 1,234 distinct'],
      ['churn', 'boolean · 2 distinct'],
    ],
  );
});

test('a column name that looks like an icon stays literal in the label', () => {
  const [item] = targetItems([{ name: '$(zap) x', type: 'numeric', distinct: 1, missing: 0 }], undefined);
  assert.notEqual(item.label, '$(zap) x');
  assert.equal(item.label.replace(/\u200b/g, ''), '$(zap) x');
  assert.equal(item.column, '$(zap) x');
});
