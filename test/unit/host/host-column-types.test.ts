// "Set Column Type…": the per-file choice of column types (file-choices.ts), its QuickPick items,
// and the worker jobs that read the file with it (load, sample, hover).
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { rememberChoices, readChoices, withColumnType, type ChoiceStore } from '../../../src/host/file-choices';
import { columnItems, typeItems } from '../../../src/host/column-type-items';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { bundleWorker } from '../helpers/worker-bundle';

let bridge: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  bridge = new WorkerBridge(() => nodeEngine(engineFile));
});
after(() => bridge.dispose());

function memoryStore(): ChoiceStore {
  const data = new Map<string, unknown>();
  return { get: <T>(key: string) => data.get(key) as T | undefined, update: async (key: string, value: unknown) => void data.set(key, value) };
}

test('a column type is remembered per file beside the target; Automatic forgets it; gone columns are dropped', async () => {
  const store = memoryStore();
  await rememberChoices(store, 'f', { target: 'y' });
  await rememberChoices(store, 'f', { types: withColumnType(readChoices(store, 'f'), ['when', 'size', 'y'], 'size', 'ordinal') });
  await rememberChoices(store, 'f', { types: withColumnType(readChoices(store, 'f'), ['when', 'size', 'y'], 'when', 'date') });
  assert.deepEqual(readChoices(store, 'f'), { target: 'y', types: { size: 'ordinal', when: 'date' } });
  assert.deepEqual(readChoices(store, 'g'), {});
  // The file lost its "when" column; setting size back to automatic leaves nothing.
  assert.deepEqual(withColumnType(readChoices(store, 'f'), ['size', 'y'], 'size', undefined), {});
});

test('the pickers show the detected type, the chosen one and what each type means', () => {
  const items = columnItems(
    [
      { name: 'size', type: 'categorical', distinct: 4, missing: 0 },
      { name: '$(x)', type: 'numeric', distinct: 9, missing: 1 },
    ],
    { size: 'ordinal' },
  );
  assert.deepEqual(items.map((i) => [i.label, i.description, i.column]), [
    ['size', 'ordinal (set; detected categorical)', 'size'],
    ['$\u200b(x)', 'numeric (detected)', '$(x)'],
  ]);
  const types = typeItems('categorical', 'ordinal');
  assert.deepEqual(types.map((t) => t.choice), [undefined, 'numeric', { type: 'numeric', coerce: true }, 'categorical', 'boolean', 'date', 'ordinal']);
  assert.equal(types[0].description, 'detected: categorical');
  assert.match(types[6].description, /· current$/);
  assert.deepEqual(
    columnItems([{ name: 'h', type: 'categorical', distinct: 9, missing: 0 }], { h: { type: 'numeric', coerce: true } }).map((i) => i.description),
    ['numeric:coerce (set; detected categorical)'],
  );
});

test('the worker reads a file with its chosen types: load, and the hover scores', async () => {
  const text = 'size,when,y\nS,2021-01-01,a\nM,2021-01-02,a\nL,2021-01-03,b\nXL,2021-01-04,b\n';
  const types = { size: 'ordinal', when: 'categorical' } as const;
  const loaded = await bridge.run('load', { source: { kind: 'text', text }, fileName: 'f.csv', types }).result;
  assert.deepEqual(loaded.columns.map((c) => c.type), ['ordinal', 'categorical', 'categorical']);
  const plain = await bridge.run('load', { source: { kind: 'text', text }, fileName: 'f.csv' }).result;
  assert.deepEqual(plain.columns.map((c) => c.type), ['categorical', 'date', 'categorical']);
  const hover = await bridge.run('hover', { source: { kind: 'text', text }, fileName: 'f.csv', types, request: { target: 'y', types } }).result;
  const size = hover.splits?.splits.find((s) => s.feature === 'size');
  assert.equal(size?.valueType, 'ordinal');
  assert.equal(size?.kind, 'numeric');
  await assert.rejects(bridge.run('load', { source: { kind: 'text', text }, fileName: 'f.csv', types: { size: 'date' } }).result, /line 2, column 1 \("size"\): "S" is not an ISO 8601 date/);
  // The extension's numeric:coerce and ordinal order reach the worker's reader.
  const chosen = { size: { type: 'ordinal', order: ['S', 'M', 'L', 'XL'] }, when: { type: 'numeric', coerce: true } } as const;
  const read = await bridge.run('load', { source: { kind: 'text', text }, fileName: 'f.csv', types: chosen }).result;
  const [ordered, coerced] = read.dataset.columns;
  assert.ok(ordered.type === 'ordinal' && 'categories' in ordered && coerced.type === 'numeric' && 'values' in coerced);
  assert.deepEqual(ordered.categories, ['S', 'M', 'L', 'XL']);
  assert.ok([...coerced.values].every(Number.isNaN), 'dates are not numbers: read as missing');
  await assert.rejects(bridge.run('load', { source: { kind: 'text', text }, fileName: 'f.csv', types: { size: { type: 'ordinal', order: ['S', 'M'] } } }).result, /not in the order given for it \(S,M\)/);
});
