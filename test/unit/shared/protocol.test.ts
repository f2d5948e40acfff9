import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFromWebview, type FromWebview } from '../../../src/shared/protocol';

const GOOD: FromWebview[] = [
  { type: 'ready' },
  { type: 'retrain', settings: {} },
  { type: 'retrain', settings: { algorithm: 'c45', criterion: 'gain_ratio', maxDepth: 3, minSamplesLeaf: 5, prune: 'cost-complexity', ccpAlpha: 0.01 } },
  { type: 'request', requestId: 0, kind: 'alternatives', request: { nodeId: 12 } },
  { type: 'request', requestId: 7, kind: 'rowPath', request: { row: 149 } },
  { type: 'request', requestId: 10, kind: 'nodes', request: { nodeId: 4000, scope: 'subtree', totalNodes: 980_000 } },
  { type: 'request', requestId: 11, kind: 'nodes', request: { nodeId: 0, scope: 'branch', totalNodes: 1 } },
  { type: 'request', requestId: 8, kind: 'rulesPage', request: { offset: 0, limit: 250, sort: { key: 'covered', descending: true } } },
  { type: 'request', requestId: 9, kind: 'rulesPage', request: { offset: 100_000, limit: 1000, sort: { key: 'prediction', descending: false } } },
  { type: 'request', requestId: 12, kind: 'splitDistribution', request: { nodeId: 3 } },
  { type: 'export', what: 'rules' },
  { type: 'ignoreColumn', column: 'petal <b>length</b>' },
  { type: 'saveDrawing', format: 'svg', data: '<svg xmlns="http://www.w3.org/2000/svg"/>' },
  { type: 'saveDrawing', format: 'png', data: 'iVBORw0KGgo=' },
  { type: 'webviewError', message: 'render failed' },
  { type: 'pin', pin: true },
  { type: 'pin', pin: false },
];

test('well-formed messages from the webview pass unchanged', () => {
  for (const m of GOOD) assert.deepEqual(parseFromWebview(structuredClone(m)), { ok: true, message: m });
});

test('malformed messages are rejected with a reason', () => {
  const bad: [unknown, RegExp][] = [
    [null, /not an object/],
    ['ready', /not an object/],
    [[{ type: 'ready' }], /not an object/],
    [{}, /unknown message type undefined/],
    [{ type: 'show' }, /unknown message type "show"/], // a host→webview message does not go the other way
    [{ type: 'toString' }, /unknown message type/],
    [{ type: '__proto__' }, /unknown message type/],
    [{ type: 'ready', extra: 1 }, /ready: unexpected field "extra"/],
    [{ type: 'pin' }, /pin: pin must be a boolean/],
    [{ type: 'pin', pin: 'true' }, /pin: pin must be a boolean/],
    [{ type: 'pin', pin: true, report: {} }, /pin: unexpected field "report"/],
    [{ type: 'retrain' }, /settings must be an object/],
    [{ type: 'retrain', settings: null }, /settings must be an object/],
    [{ type: 'retrain', settings: { maxDepth: -1 } }, /maxDepth/],
    [{ type: 'retrain', settings: { maxDepth: 2.5 } }, /maxDepth/],
    [{ type: 'retrain', settings: { ccpAlpha: Number.NaN } }, /ccpAlpha/],
    [{ type: 'retrain', settings: { criterion: 'chaos' } }, /criterion/],
    [{ type: 'retrain', settings: { algorithm: 'cart', target: 'x' } }, /unknown setting "target"/],
    [{ type: 'retrain', settings: { minSamplesLeaf: '5' } }, /minSamplesLeaf/],
    [{ type: 'requestAlternatives', requestId: 1, nodeId: 0 }, /unknown message type "requestAlternatives"/],
    [{ type: 'request', requestId: 1, kind: 'alternatives', request: {} }, /request: alternatives: nodeId/],
    [{ type: 'request', requestId: 1, kind: 'alternatives' }, /alternatives: request must be an object/],
    [{ type: 'request', requestId: 1, kind: 'alternatives', request: [0] }, /request must be an object/],
    [{ type: 'request', requestId: 1, kind: 'eval', request: {} }, /unknown request kind "eval"/],
    [{ type: 'request', requestId: 1, kind: 'hasOwnProperty', request: {} }, /unknown request kind/],
    [{ type: 'request', kind: 'rowPath', request: { row: 1 } }, /requestId must be/],
    [{ type: 'request', requestId: 1, kind: 'rowPath', request: { row: 1 }, extra: 1 }, /request: unexpected field "extra"/],
    [{ type: 'request', requestId: -1, kind: 'alternatives', request: { nodeId: 0 } }, /requestId/],
    [{ type: 'request', requestId: 1, kind: 'alternatives', request: { nodeId: 1e12 } }, /nodeId/],
    [{ type: 'request', requestId: 1, kind: 'rowPath', request: { row: '3' } }, /row/],
    [{ type: 'request', requestId: 1, kind: 'nodes', request: { nodeId: 2, scope: 'all', totalNodes: 9 } }, /scope must be subtree or branch/],
    [{ type: 'request', requestId: 1, kind: 'nodes', request: { nodeId: -2, scope: 'subtree', totalNodes: 9 } }, /nodeId/],
    [{ type: 'request', requestId: 1, kind: 'nodes', request: { nodeId: 2, scope: 'subtree' } }, /totalNodes/],
    [{ type: 'request', requestId: 1, kind: 'nodes', request: { nodeId: 2, scope: 'subtree', totalNodes: 9, ids: [1] } }, /unexpected field "ids"/],
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 250 } }, /sort must be an object/],
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: -1, limit: 250, sort: { key: 'order', descending: false } } }, /offset/],
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 0, sort: { key: 'order', descending: false } } }, /limit must be an integer from 1 to 1000/],
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 1001, sort: { key: 'order', descending: false } } }, /limit/],
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 250, sort: { key: 'leaf', descending: false } } }, /sort\.key must be one of/],
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 250, sort: { key: 'order', descending: 'yes' } } }, /sort\.descending/],
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 250, sort: { key: 'order', descending: true, by: 1 } } }, /sort: unexpected field "by"/],
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 250, sort: [] } }, /sort must be an object/],
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 250, sort: { key: 'order', descending: true }, all: true } }, /unexpected field "all"/],
    [{ type: 'request', requestId: 1, kind: 'splitDistribution', request: { nodeId: -1 } }, /nodeId/],
    [{ type: 'export', what: 'exe' }, /what must be/],
    [{ type: 'ignoreColumn', column: '' }, /column must be a non-empty string/],
    [{ type: 'ignoreColumn', column: 3 }, /column must be/],
    [{ type: 'saveDrawing', format: 'pdf', data: 'x' }, /format must be svg or png/],
    [{ type: 'saveDrawing', format: 'svg', data: '' }, /data must be a non-empty string/],
    [{ type: 'saveDrawing', format: 'svg', data: 42 }, /data must be a non-empty string/],
    [{ type: 'saveDrawing', format: 'png', data: 'not base64!' }, /base64/],
    [{ type: 'saveDrawing', format: 'svg', data: 'x', path: '/etc/passwd' }, /unexpected field "path"/],
    [{ type: 'webviewError', message: 'x'.repeat(10_001) }, /at most/],
    [{ type: 'webviewError', message: { toString: 1 } }, /message must be a string/],
  ];
  for (const [raw, reason] of bad) {
    const r = parseFromWebview(raw);
    assert.equal(r.ok, false, JSON.stringify(raw));
    if (!r.ok) assert.match(r.error, reason);
  }
});
