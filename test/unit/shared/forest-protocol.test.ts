// The forest view's messages from its page are untrusted: parseFromForestView accepts exactly the
// four message types with exactly their fields, and names the problem with anything else; a
// recipe read back from a reloaded page's saved state is checked the same way.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseForestRecipe, parseFromForestView } from '../../../src/shared/forest-protocol';
import { DEFAULT_FOREST_SETTINGS } from '../../../src/shared/forest-settings';

const ask = (kind: string, request: unknown, requestId: unknown = 1) => ({ type: 'request', requestId, kind, request });

test('well-formed messages pass as they are', () => {
  for (const m of [
    { type: 'ready' },
    { type: 'webviewError', message: 'boom' },
    ask('tree', { index: 0 }),
    ask('nodes', { index: 3, nodeId: 12, scope: 'subtree', totalNodes: 40 }),
    ask('nodes', { index: 3, nodeId: 12, scope: 'branch', totalNodes: 40 }),
    ask('row', { row: 149, index: 49 }),
    ask('alternatives', { index: 2, nodeId: 0 }),
    ask('splitDistribution', { index: 2, nodeId: 0 }),
    { type: 'retrain' },
    { type: 'cancel' },
  ]) {
    assert.deepEqual(parseFromForestView(m), { ok: true, message: m });
  }
});

test('malformed messages are refused with the problem named', () => {
  const cases: [unknown, string][] = [
    [null, 'message is not an object'],
    [[1], 'message is not an object'],
    [{ type: 'retrain', settings: {} }, 'retrain: unexpected field "settings"'],
    [{ type: 'cancel', tree: 1 }, 'cancel: unexpected field "tree"'],
    [{ type: 'ready', extra: 1 }, 'ready: unexpected field "extra"'],
    [{ type: 'webviewError', message: 'x'.repeat(10_001) }, 'webviewError: message must be a string of at most 10000 characters'],
    [ask('tree', { index: -1 }), 'request: tree: index must be a non-negative integer'],
    [ask('tree', { index: 1.5 }), 'request: tree: index must be a non-negative integer'],
    [ask('tree', { index: 1, nodeId: 2 }), 'request: tree: unexpected field "nodeId"'],
    [ask('tree', { index: 0 }, -3), 'request: requestId must be a non-negative integer'],
    [ask('rulesPage', { offset: 0 }), 'request: unknown request kind "rulesPage"'],
    [ask('__proto__', {}), 'request: unknown request kind "__proto__"'],
    [ask('row', [1, 2]), 'request: row: request must be an object'],
    [ask('row', { row: 'all', index: 0 }), 'request: row: row must be a non-negative integer'],
    [ask('row', { row: 0 }), 'request: row: index must be a non-negative integer'],
    [ask('nodes', { index: 0, nodeId: 1, scope: 'everything', totalNodes: 3 }), 'request: nodes: scope must be subtree or branch'],
    [ask('nodes', { index: 0, nodeId: 1, scope: 'subtree' }), 'request: nodes: totalNodes must be a non-negative integer'],
  ];
  for (const [raw, error] of cases) assert.deepEqual(parseFromForestView(raw), { ok: false, error }, JSON.stringify(raw));
});

test('alternatives requests name a tree and a node, nothing else', () => {
  assert.deepEqual(parseFromForestView(ask('alternatives', { index: 2 })), { ok: false, error: 'request: alternatives: nodeId must be a non-negative integer' });
  assert.equal(parseFromForestView(ask('alternatives', { index: -1, nodeId: 0 })).ok, false);
  assert.equal(parseFromForestView({ type: 'retrain', recipe: {} }).ok, false);
});

test('a recipe from a reloaded page\'s saved state: checked, bad settings back to their defaults, unusable ones refused', () => {
  const settings = { ...DEFAULT_FOREST_SETTINGS, nTrees: 30, maxFeatures: 'log2', voting: 'hard' };
  assert.deepEqual(parseForestRecipe({ target: 'species', settings, file: { size: 4551, mtime: 1700000000000 } }), { target: 'species', settings, file: { size: 4551, mtime: 1700000000000 } });
  // A hand-edited or older state: the invalid values are the defaults again, unknown keys dropped.
  assert.deepEqual(parseForestRecipe({ target: 'y', settings: { nTrees: 0, voting: 'loud', jobs: 0, extra: 1 } }), { target: 'y', settings: { ...DEFAULT_FOREST_SETTINGS, jobs: null } });
  assert.deepEqual(parseForestRecipe({ target: 'y', settings: null, file: { size: 'big', mtime: 1 } }), { target: 'y', settings: { ...DEFAULT_FOREST_SETTINGS } });
  for (const bad of [undefined, null, 'species', { settings }, { target: '', settings }, { target: 7, settings }, { target: 'x'.repeat(10_001) }]) {
    assert.equal(parseForestRecipe(bad), undefined, JSON.stringify(bad)?.slice(0, 40));
  }
});
