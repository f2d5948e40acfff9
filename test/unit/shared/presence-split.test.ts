// A "missing vs present" split (threshold +∞, scikit-learn ≥ 1.3) in every text that shows a
// threshold: export_text prints `<= inf` as scikit-learn does; labels, rules and the splits phrase
// say "is present" / "is missing" instead of `≤ Infinity`. And the threshold survives the JSON
// that carries a tree to the webview and into its saved state.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { trainTree } from '../../../src/engine/tree/train';
import { exportText } from '../../../src/engine/tree/export-text';
import { extractRules } from '../../../src/engine/rules/extract';
import { treeToMermaid } from '../../../src/shared/render/mermaid';
import { branchText, conditionText } from '../../../src/shared/render/tree-labels';
import { splitText } from '../../../src/shared/render/split-text';
import { columnSplits } from '../../../src/engine/splits/column-splits';
import { decodeModel, encodeModel } from '../../../src/engine/model-columns';
import { cat, dataset, num } from '../helpers/tree-data';

// x missing → c; x present: ≤ 3 → a, else b. The root separates missing from present.
const data = dataset(
  num('x', [1, 2, 3, 4, 5, 6, null, null, null, null, null, null, null]),
  cat('y', ['a', 'a', 'a', 'b', 'b', 'b', 'c', 'c', 'c', 'c', 'c', 'c', 'c']),
);
const { model } = trainTree(data, { target: 'y' });

test('the tree of the example separates missing from present at its root (threshold +∞)', () => {
  assert.deepEqual(model.nodes[0].split, { feature: 'x', kind: 'numeric', threshold: Infinity });
  assert.equal(model.nodes[0].missingGoesTo, 1);
});

test('export_text prints <= inf and >  inf as scikit-learn', () => {
  const text = exportText(model);
  assert.match(text, /^\|--- x <= inf\n/);
  assert.match(text, /\n\|--- x > {2}inf \(\+ missing\)\n\| {3}\|--- class: c\n$/);
});

test('node and edge labels, and the Mermaid flowchart, read "is present" / "is missing"', () => {
  const split = model.nodes[0].split!;
  assert.equal(conditionText(split), 'x is present');
  assert.deepEqual([branchText(split, 0), branchText(split, 1)], ['is present', 'is missing']);
  const { text } = treeToMermaid(model);
  assert.ok(!/Infinity|∞/.test(text), text);
  assert.match(text, /n0\["x is present<br\/>/);
  assert.match(text, /n0 -->\|"is present"\| n1\n {2}n0 -->\|"is missing"\| n4\n/);
});

test('rules say "x is missing" and "x is present", and keep no bound at infinity', () => {
  const texts = extractRules(model, 'tree').map((r) => r.text);
  assert.deepEqual(texts, ['IF x ≤ 3.5 THEN y = a', 'IF x > 3.5 THEN y = b', 'IF x is missing THEN y = c']);
  const present = trainTree(dataset(num('x', [1, 1, 1, null, null, null]), cat('y', ['a', 'a', 'a', 'b', 'b', 'b'])), { target: 'y' }).model;
  assert.deepEqual(extractRules(present, 'tree').map((r) => r.text), ['IF x is present THEN y = a', 'IF x is missing THEN y = b']);
});

test('the splits phrase reads "present | missing" and the score curve stays finite', () => {
  const only = dataset(num('x', [1, 1, 2, 2, null, null, null]), cat('y', ['a', 'a', 'a', 'a', 'b', 'b', 'b']));
  const report = columnSplits(only, { target: 'y' });
  const s = report.splits[0];
  assert.equal(s.threshold, Infinity);
  assert.equal(splitText(s), 'present | missing');
  assert.ok((s.curve ?? []).every((p) => Number.isFinite(p.threshold)));
});

test('a tree sent to the webview as JSON keeps its +∞ threshold', () => {
  const back = decodeModel(JSON.parse(JSON.stringify(encodeModel(model)))).model;
  assert.deepEqual(back.nodes[0].split, { feature: 'x', kind: 'numeric', threshold: Infinity });
  assert.deepEqual(back.nodes, model.nodes);
});
