import { test } from 'node:test';
import assert from 'node:assert/strict';
import { INITIAL_STATE, restoreState } from '../../../webview/state';

test('a saved panel state comes back as saved', () => {
  const saved = {
    ...INITIAL_STATE,
    documentUri: 'file:///data/iris.csv',
    tab: 'rules' as const,
    expanded: [2, 5],
    collapsed: [1],
    selected: 5,
    path: [0, 2, 5],
    highlight: { row: 3, prediction: 'setosa', actual: null },
    view: { scale: 0.5, x: 10, y: -4 },
    importance: 'splits' as const,
    rulesSort: { key: 'accuracy' as const, descending: false },
    pin: { settings: { algorithm: 'cart' as const, criterion: 'entropy' as const, maxDepth: 3, minSamplesLeaf: 1, prune: 'none' as const, ccpAlpha: 0 }, edits: [{ op: 'snip' as const, node: 2 }] },
  };
  assert.deepEqual(restoreState(structuredClone(saved)), saved);
});

test('a state saved when the highlight held the row path comes back with the path in its own field', () => {
  const r = restoreState({ ...INITIAL_STATE, path: undefined, selected: 5, highlight: { row: 3, path: [0, 2, 5], prediction: 'setosa', actual: 'versicolor' } });
  assert.deepEqual(r.path, [0, 2, 5]);
  assert.deepEqual(r.highlight, { row: 3, prediction: 'setosa', actual: 'versicolor' });
  assert.equal(restoreState({ highlight: { row: 3, prediction: 'setosa', actual: null } }).highlight, null, 'no path: nothing to highlight');
});

test('a damaged or foreign saved state falls back to defaults field by field', () => {
  assert.deepEqual(restoreState(undefined), INITIAL_STATE);
  assert.deepEqual(restoreState('x'), INITIAL_STATE);
  const r = restoreState({
    documentUri: 42,
    shown: { report: {} },
    tab: '<script>',
    expanded: [1, 'x'],
    collapsed: 'all',
    selected: 1.5,
    highlight: { path: 'nope' },
    view: { scale: 'big' },
    importance: 'magic',
    rulesSort: null,
    pin: { settings: 'gini', edits: [] },
  });
  assert.deepEqual(r, INITIAL_STATE);
});

test('a saved rules sort the host would refuse falls back to the default, extra fields dropped', () => {
  // The sort goes to the host in `requestRulesPage`, whose validator refuses unknown keys and fields.
  for (const rulesSort of [{ key: 'leaf', descending: true }, { key: 'covered', descending: 'yes' }, { key: 'covered' }]) {
    assert.deepEqual(restoreState({ rulesSort }).rulesSort, INITIAL_STATE.rulesSort, JSON.stringify(rulesSort));
  }
  assert.deepEqual(restoreState({ rulesSort: { key: 'prediction', descending: false, extra: 1 } }).rulesSort, { key: 'prediction', descending: false });
});

test('a saved tree is drawn from only in the shape this version sends (node ids with the columns)', () => {
  const columns = { depth: [0], samples: [4], impurity: [0], value: [4], prediction: [0], feature: [-1], threshold: [0], branches: [], missingGoesTo: [-1], childStart: [0, 0], children: [] };
  const shown = (nodes: object) => ({ fileName: 'a.csv', documentUri: 'file:///a.csv', settings: {}, report: { model: { nodes } } });
  assert.equal(restoreState({ shown: shown(columns) }).shown, null, 'an earlier version’s columns, without ids');
  const current = shown({ ...columns, id: [0], descendants: [0] });
  assert.deepEqual(restoreState({ shown: current }).shown, current);
});
