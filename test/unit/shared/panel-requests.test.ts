// The webview's requests of the host (src/shared/panel-requests.ts): each reply settles its own
// request, a failure rejects it, an answer nobody waits for is dropped, and on the host's side
// every request passes the protocol's validator before a handler sees it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseFromWebview, type RequestMessage, type ToWebview } from '../../../src/shared/protocol';
import { answerRequest, PanelRequester, type RequestHandlers } from '../../../src/shared/panel-requests';

const NODES = { id: [3], depth: [1], samples: [5], impurity: [0], value: [1], prediction: [0], feature: [-1], threshold: [0], branches: [], missingGoesTo: [-1], descendants: [0], childStart: [0, 0], children: [] };

function requester() {
  const posted: RequestMessage[] = [];
  return { posted, host: new PanelRequester((m) => posted.push(structuredClone(m))) };
}

test('each reply settles the request it answers, whatever the order the replies come in', async () => {
  const { posted, host } = requester();
  const rules = host.request('rulesPage', { offset: 0, limit: 10, sort: { key: 'order', descending: false } });
  const alternatives = host.request('alternatives', { nodeId: 4 });
  assert.deepEqual(posted, [
    { type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 10, sort: { key: 'order', descending: false } } },
    { type: 'request', requestId: 2, kind: 'alternatives', request: { nodeId: 4 } },
  ]);
  assert.equal(host.receive({ type: 'reply', requestId: 2, reply: [] }), true);
  assert.equal(host.receive({ type: 'reply', requestId: 1, reply: { offset: 0, total: 0, rows: [] } }), true);
  assert.deepEqual(await alternatives, []);
  assert.deepEqual(await rules, { offset: 0, total: 0, rows: [] });
});

test('a request the host could not serve rejects with the host\'s message', async () => {
  const { host } = requester();
  const nodes = host.request('nodes', { nodeId: 9, scope: 'subtree', totalNodes: 15 });
  host.receive({ type: 'requestFailed', requestId: 1, message: 'The tree has no node 9.' });
  await assert.rejects(nodes, { message: 'The tree has no node 9.' });
});

test('an answer to no request waiting is dropped; other messages are left to the caller', async () => {
  const { host } = requester();
  const row = host.request('rowPath', { row: 2 });
  const path = { row: 2, path: [0, 3], nodes: NODES, prediction: 'a', actual: null };
  // Never asked, then answered twice: only the first answer counts.
  assert.equal(host.receive({ type: 'reply', requestId: 7, reply: [] }), true);
  assert.equal(host.receive({ type: 'requestFailed', requestId: 8, message: 'late' }), true);
  host.receive({ type: 'reply', requestId: 1, reply: path });
  host.receive({ type: 'requestFailed', requestId: 1, message: 'stale' });
  assert.deepEqual(await row, path);
  assert.equal(host.receive({ type: 'busy', message: 'Retraining…', fraction: null }), false);
  assert.equal(host.receive({ type: 'rowPath', ...path }), false, 'a path the host highlights on its own is no reply');
});

/** The host's side as the panel host runs it: validate, then answer. */
async function serve(raw: unknown, handlers: RequestHandlers): Promise<ToWebview[] | string> {
  const parsed = parseFromWebview(structuredClone(raw));
  if (!parsed.ok) return parsed.error;
  assert.equal(parsed.message.type, 'request');
  const out: ToWebview[] = [];
  await answerRequest(parsed.message as RequestMessage, handlers, (m) => out.push(m));
  return out;
}

const HANDLERS: RequestHandlers = {
  alternatives: async ({ nodeId }) => {
    if (nodeId > 10) throw new Error(`no node ${nodeId}`);
    return [{ feature: 'f', condition: 'f ≤ 1', score: 0.5, scoreName: 'Gini decrease', childSamples: [1, 2], chosen: true, split: { feature: 'f', kind: 'numeric', threshold: 1 } }];
  },
  splitDistribution: () => null,
  rowPath: ({ row }) => ({ row, path: [0], nodes: NODES, prediction: 1, actual: 1 }),
  nodes: () => NODES,
  rulesPage: ({ offset }) => ({ offset, total: 3, rows: [] }),
  previewEdit: () => {
    throw new Error('not asked here');
  },
  calculation: () => {
    throw new Error('not asked here');
  },
  pruningCalculation: () => {
    throw new Error('not asked here');
  },
  ruleCalculation: () => {
    throw new Error('not asked here');
  },
  handCandidates: () => {
    throw new Error('not asked here');
  },
};

test('a round trip: the webview asks, the host validates and answers, the webview gets a typed reply or the failure', async () => {
  const { posted, host } = requester();
  const good = host.request('alternatives', { nodeId: 1 });
  const bad = host.request('alternatives', { nodeId: 99 });
  const page = host.request('rulesPage', { offset: 2, limit: 5, sort: { key: 'covered', descending: true } });
  for (const m of posted) for (const reply of (await serve(m, HANDLERS)) as ToWebview[]) host.receive(structuredClone(reply));
  assert.equal((await good)[0].feature, 'f');
  await assert.rejects(bad, { message: 'no node 99' });
  assert.deepEqual(await page, { offset: 2, total: 3, rows: [] });
});

test('a malformed request from the webview never reaches a handler', async () => {
  const touched: string[] = [];
  const spy = Object.fromEntries(Object.entries(HANDLERS).map(([k, h]) => [k, (r: never) => (touched.push(k), (h as (r: never) => unknown)(r))])) as RequestHandlers;
  const refused: [unknown, RegExp][] = [
    [{ type: 'request', requestId: 1, kind: 'rulesPage', request: { offset: 0, limit: 5000, sort: { key: 'order', descending: false } } }, /rulesPage: limit must be/],
    [{ type: 'request', requestId: 1, kind: 'nodes', request: { nodeId: 1, scope: 'subtree', totalNodes: 9, then: 'x' } }, /nodes: unexpected field "then"/],
    [{ type: 'request', requestId: 1, kind: 'constructor', request: {} }, /unknown request kind "constructor"/],
    [{ type: 'request', requestId: 1.5, kind: 'rowPath', request: { row: 1 } }, /requestId must be/],
  ];
  for (const [raw, reason] of refused) assert.match(String(await serve(raw, spy)), reason);
  assert.deepEqual(touched, []);
});
