import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportText } from '../../../src/engine/tree/export-text';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num } from '../helpers/tree-data';

test('export_text layout: numeric branches, class leaves, the missing-value branch marked', () => {
  const ds = dataset(num('x', [1, 2, 3, 10, 11, 12]), cat('y', ['a', 'a', 'a', 'b', 'b', 'b']));
  const { model } = trainTree(ds, { target: 'y' });
  // Equal children: missing values follow the right one (scikit-learn: left only when n_left > n_right).
  assert.equal(exportText(model), ['|--- x <= 6.50', '|   |--- class: a', '|--- x >  6.50 (+ missing)', '|   |--- class: b', ''].join('\n'));
  assert.match(exportText(model, 3), /x <= 6\.500/);
});

test('export_text: categorical branches list their categories; regression leaves show the mean', () => {
  const ds = dataset(cat('colour', ['red', 'red', 'blue', 'blue', 'green']), num('y', [1, 1.5, 9, 10, 2]));
  const { model } = trainTree(ds, { target: 'y', task: 'regression', maxDepth: 1 });
  const text = exportText(model);
  assert.match(text, /^\|--- colour in \{red, green\}( \(\+ missing\))?\n\| {3}\|--- value: \[1\.50\]\n\|--- colour in \{blue\}( \(\+ missing\))?\n\| {3}\|--- value: \[9\.50\]\n$/);
});

test('export_text of a single leaf, and names with line breaks kept on one line', () => {
  const ds = dataset(num('x\nbad', [1, 2, 3, 4]), cat('y', ['a', 'b', 'a', 'b']));
  const { model } = trainTree(ds, { target: 'y', maxDepth: 1 });
  for (const line of exportText(model).trimEnd().split('\n')) assert.match(line, /^(\| {3})*\|--- /);
});
