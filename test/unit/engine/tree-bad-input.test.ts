// Issue 3 item 7: each bad input is a clear InputError (exit 2 in the CLI), never a crash or hang.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InputError } from '../../../src/engine/errors';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num } from '../helpers/tree-data';

function rejects(fn: () => unknown, code: string, message: RegExp): void {
  assert.throws(fn, (err: unknown) => err instanceof InputError && err.code === code && message.test(err.message));
}

test('unknown target column names the column and lists the real ones', () => {
  rejects(() => trainTree(dataset(num('x', [1, 2]), cat('y', ['a', 'b'])), { target: 'z' }), 'unknown-column', /unknown target column "z".*x, y/);
  rejects(() => trainTree(dataset(num('x', [1, 2]), cat('y', ['a', 'b'])), { target: 'y', ignore: ['w'] }), 'unknown-column', /"w"/);
});

test('a target with one class', () => {
  rejects(() => trainTree(dataset(num('x', [1, 2, 3]), cat('y', ['a', 'a', 'a'])), { target: 'y' }), 'bad-target', /single class/);
});

test('all features constant or missing', () => {
  rejects(() => trainTree(dataset(num('x', [1, 1, 1]), cat('c', [null, null, null]), cat('y', ['a', 'b', 'a'])), { target: 'y' }), 'bad-feature', /constant or missing/);
  rejects(() => trainTree(dataset(cat('y', ['a', 'b'])), { target: 'y' }), 'bad-feature', /no feature columns/);
});

test('more than 1,000 classes suggests regression', () => {
  const n = 1500;
  const labels = Array.from({ length: n }, (_, i) => `id${i}`);
  rejects(() => trainTree(dataset(num('x', labels.map((_, i) => i)), cat('y', labels)), { target: 'y' }), 'bad-target', /more than 1000 classes.*regression/);
  rejects(() => trainTree(dataset(num('x', labels.map((_, i) => i)), num('y', labels.map((_, i) => i))), { target: 'y', task: 'classification' }), 'bad-target', /regression/);
});

test('a non-numeric regression target', () => {
  rejects(() => trainTree(dataset(num('x', [1, 2]), cat('y', ['a', 'b'])), { target: 'y', task: 'regression' }), 'bad-target', /numeric target/);
});

test('every target missing leaves no training data', () => {
  rejects(() => trainTree(dataset(num('x', [1, 2]), num('y', [null, null])), { target: 'y' }), 'bad-target', /missing on every row/);
  rejects(() => trainTree(dataset(num('x', []), num('y', [])), { target: 'y' }), 'bad-target', /no rows/);
});

test('bad parameter combinations', () => {
  const ds = dataset(num('x', [1, 2, 3, 4]), cat('y', ['a', 'b', 'a', 'b']));
  rejects(() => trainTree(ds, { target: 'y', criterion: 'squared_error' }), 'bad-option', /squared_error/);
  rejects(() => trainTree(ds, { target: 'y', algorithm: 'id3', criterion: 'gini' }), 'bad-option', /gini/);
  rejects(() => trainTree(ds, { target: 'y', maxDepth: 0 }), 'bad-option', /max depth/);
  rejects(() => trainTree(ds, { target: 'y', minSamplesSplit: 1 }), 'bad-option', /min samples split/);
  rejects(() => trainTree(ds, { target: 'y', algorithm: 'c45', maxLeafNodes: 4 }), 'bad-option', /cart only/);
  rejects(() => trainTree(dataset(num('x', [1, 2, 3]), num('y', [1.5, 2.5, 3.5])), { target: 'y', task: 'regression', algorithm: 'id3' }), 'bad-option', /classification trees only/);
});
