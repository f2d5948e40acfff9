import '../helpers/fake-vscode'; // first: makes `vscode` resolvable for the panel host
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { created, FakePanel, FakeUri, serializers } from '../helpers/fake-vscode';
import { TREE_PANEL_VIEW_TYPE, TreePanels } from '../../../src/panel/tree-panel';
import type { PanelRequests } from '../../../src/panel/tree-requests';
import { diffTreesJob } from '../../../src/worker/jobs/diff';
import type { HandView, PanelRequest, PanelRequestKind, PanelSettings } from '../../../src/shared/protocol';
import { packReport } from '../../../src/shared/report-transfer';
import { decodeModel, type NodeColumns, type TreeColumns } from '../../../src/engine/model-columns';
import { SLICE_NODES } from '../../../src/shared/tree-slices';
import { bigTree } from '../helpers/big-tree';
import { diffTrees } from '../../../src/shared/tree-diff';

const SETTINGS: PanelSettings = { algorithm: 'cart', criterion: 'auto', maxDepth: 0, minSamplesLeaf: 1, prune: 'none', ccpAlpha: 0, decisionThreshold: null };
const model = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/models/iris-gini-depth3.json'), 'utf8'));
// The panel host reads only the model, the pruning path and the alpha applied of a report, so
// an object with those stands in for one.
const ONE_STEP = { ccpAlphas: [0], impurities: [0], nodeCounts: [1], leafCounts: [1] };
const standIn = (m: unknown) => packReport({ model: m, pruningPath: ONE_STEP, settings: { ccpAlpha: 0 } } as unknown as Parameters<typeof packReport>[0]);
/** A request as the webview's PanelRequester posts it. */
const ask = <K extends PanelRequestKind>(requestId: number, kind: K, request: PanelRequest<K>) => ({ type: 'request', requestId, kind, request });
const REPORT = standIn(model);
// An edited tree's report, and the edits the extension knows behind it.
const EDITED = standIn(model);
const EDIT_STATE = { applied: [{ op: 'snip' as const, node: 2 }], redo: [], restorable: [2] };
// A tree grown by hand, and its view.
const BY_HAND = standIn(model);
const HAND_STEPS: HandView['steps'] = [
  { kind: 'algorithm', edits: [{ op: 'grow', node: 0 }] },
  { kind: 'leaf', edits: [], closes: [[0]] },
];
const HAND_VIEW: HandView = { steps: HAND_STEPS, open: [3, 4], algorithm: {} as HandView['algorithm'] };
const ENTROPY = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/models/iris-entropy-full.json'), 'utf8'));

function recorder() {
  const calls: [string, ...unknown[]][] = [];
  const requests: PanelRequests = {
    retrain: (uri, settings) => calls.push(['retrain', uri.toString(), settings]),
    alternatives: async (_uri, nodeId) => {
      if (nodeId === 99) throw new Error('no such node');
      return [{ feature: 'f', condition: 'f ≤ 1', score: 0.5, scoreName: 'Gini decrease', childSamples: [1, 2], chosen: true, split: { feature: 'f', kind: 'numeric', threshold: 1 } }];
    },
    splitDistribution: async (_uri, nodeId) => {
      if (nodeId === 99) throw new Error('no such node');
      return null;
    },
    // Through the pinned tree (`tree` given) the row takes another way, as a different tree would send it.
    rowPath: async (_uri, row, tree) => (tree ? { row, path: [0, 1], prediction: 'setosa', actual: 'setosa' } : { row, path: [0, 2], prediction: 'versicolor', actual: 'setosa' }),
    report: async (uri) => {
      calls.push(['report', uri.toString()]);
      return REPORT;
    },
    calculation: async (uri, nodeId) => {
      calls.push(['calculation', uri.toString(), nodeId]);
      if (nodeId === 99) throw new Error('the tree has no node 99');
      return { nodeId } as unknown as Awaited<ReturnType<PanelRequests['calculation']>>;
    },
    pruningCalculation: async (uri) => {
      calls.push(['pruningCalculation', uri.toString()]);
      return { epsilon: 0.5 } as unknown as Awaited<ReturnType<PanelRequests['pruningCalculation']>>;
    },
    ruleCalculation: async (uri, leaf) => {
      calls.push(['ruleCalculation', uri.toString(), leaf]);
      return { leaf } as unknown as Awaited<ReturnType<PanelRequests['ruleCalculation']>>;
    },
    exportCalculation: (uri, nodeId) => calls.push(['exportCalculation', uri.toString(), nodeId]),
    export: (uri, what) => calls.push(['export', uri.toString(), what]),
    ignoreColumn: (uri, column) => calls.push(['ignoreColumn', uri.toString(), column]),
    saveDrawing: (uri, format, data) => calls.push(['saveDrawing', uri.toString(), format, data]),
    previewEdit: async (_uri, edit) => {
      calls.push(['previewEdit', edit]);
      const summary = { trainingScore: 1, cvScore: 0.9, nodes: 9, leaves: 5, depth: 3 };
      return { before: summary, after: { ...summary, nodes: 7 }, folds: 5 };
    },
    edit: (uri, message) => calls.push(['edit', uri.toString(), message]),
    editState: (_uri, report) => (report === EDITED ? EDIT_STATE : undefined),
    handCandidates: async (uri, nodeId) => {
      calls.push(['handCandidates', uri.toString(), nodeId]);
      return { splits: [], algorithm: null };
    },
    handStep: (uri, message) => calls.push(['handStep', uri.toString(), message]),
    syncHand: async (uri, message) => {
      calls.push(['syncHand', uri.toString(), message]);
    },
    handState: (_uri, report) => (report === BY_HAND ? HAND_VIEW : undefined),
    openFormulas: (section) => calls.push(['openFormulas', section]),
    // A reloaded panel's pin made again: trained with its settings (here the entropy tree); 'gini' cannot be.
    pinned: async (uri, pin) => {
      calls.push(['pinned', uri.toString(), pin]);
      if (pin.settings.criterion === 'gini') throw new Error('the file is gone');
      return { report: standIn(ENTROPY), settings: { ...SETTINGS, ...pin.settings } };
    },
    yourSettings: () => ({ algorithm: 'cart', criterion: 'auto', maxDepth: null, minSamplesLeaf: 1, prune: 'none', ccpAlpha: 0, decisionThreshold: null }),
    restored: (uri) => calls.push(['restored', uri.toString()]),
    // The worker's own diff job, run in place: the host passes it the two trees' columns.
    diffTrees: async (uri, a, b) => {
      calls.push(['diffTrees', uri.toString()]);
      return diffTreesJob({ a, b });
    },
    log: (message) => calls.push(['log', message]),
  };
  return { calls, requests };
}

const ext = FakeUri.file('/ext') as unknown as vscode.Uri;
const iris = FakeUri.file('/data/iris.csv') as unknown as vscode.Uri;
const tick = () => new Promise((r) => setImmediate(r));
const types = (p: FakePanel) => p.webview.posted.map((m) => (m as { type: string }).type);

test('one panel per CSV, with scripts from dist/ and media/ only, under the nonce policy', () => {
  const { requests } = recorder();
  const panels = new TreePanels(ext, requests);
  const before = created.length;
  panels.show(iris, REPORT, SETTINGS);
  panels.show(iris, REPORT, SETTINGS);
  assert.equal(created.length, before + 1, 'the second show reuses the panel');
  const panel = created[created.length - 1];
  assert.equal(panel.viewType, TREE_PANEL_VIEW_TYPE);
  assert.equal(panel.title, 'Decision Tree: iris.csv');
  assert.equal(panel.revealed, 1);
  assert.equal(panel.webview.options.enableScripts, true);
  assert.deepEqual(panel.webview.options.localResourceRoots?.map(String), ['file:///ext/dist', 'file:///ext/media']);
  const nonce = /script-src 'nonce-([^']+)'/.exec(panel.webview.html)?.[1];
  assert.ok(nonce && panel.webview.html.includes(`<script nonce="${nonce}" src="https://webview.test/ext/dist/webview.js">`));
  panels.dispose();
  assert.equal(panel.disposed, true);
});

test('the report goes out only after the webview says ready, and again after it is rebuilt', async () => {
  const { requests } = recorder();
  const panels = new TreePanels(ext, requests);
  panels.show(iris, REPORT, SETTINGS);
  const panel = created[created.length - 1];
  panels.highlightRow(iris, { row: 4, path: [0, 1], prediction: 'setosa', actual: 'setosa' });
  assert.deepEqual(panel.webview.posted, [], 'nothing before ready');
  panel.send({ type: 'ready' });
  await tick();
  assert.deepEqual(types(panel), ['show', 'rowPath']);
  const show = panel.webview.posted[0] as { report: { model: TreeColumns<number[]> }; documentUri: string; fileName: string; settings: unknown };
  assert.deepEqual(decodeModel(show.report.model).model, model, 'the tree goes out as columns the webview decodes');
  assert.equal(show.documentUri, 'file:///data/iris.csv');
  assert.equal(show.fileName, 'iris.csv');
  assert.deepEqual(show.settings, SETTINGS);

  panel.setVisible(false); // hidden: the webview is gone, posts would be lost
  panels.busy(iris, 'Retraining…', null);
  panels.show(iris, REPORT, SETTINGS);
  assert.deepEqual(types(panel), ['show', 'rowPath', 'busy']);
  panel.setVisible(true);
  panel.send({ type: 'ready' });
  await tick();
  assert.deepEqual(types(panel), ['show', 'rowPath', 'busy', 'show'], 'a new show clears the old row highlight');
  panels.dispose();
});

test('messages from the webview are validated, then routed to the extension or answered', async () => {
  const { calls, requests } = recorder();
  const panels = new TreePanels(ext, requests);
  panels.show(iris, REPORT, SETTINGS);
  const panel = created[created.length - 1];
  panel.send({ type: 'ready' });
  panel.send({ type: 'retrain', settings: { maxDepth: 3 } });
  panel.send({ type: 'retrain', settings: { maxDepth: -3 } });
  panel.send({ type: 'export', what: 'rules' });
  panel.send({ type: 'ignoreColumn', column: 'petal_length_cm' });
  panel.send({ type: 'saveDrawing', format: 'svg', data: '<svg/>' });
  panel.send({ type: 'eval', code: 'x' });
  panel.send(ask(1, 'alternatives', { nodeId: 0 }));
  panel.send(ask(2, 'alternatives', { nodeId: 99 }));
  panel.send(ask(3, 'rowPath', { row: 7 }));
  panel.send(ask(4, 'calculation', { nodeId: 2 }));
  panel.send(ask(5, 'calculation', { nodeId: 99 }));
  panel.send(ask(6, 'calculation', { nodeId: -1 }));
  panel.send(ask(7, 'pruningCalculation', {}));
  panel.send(ask(8, 'ruleCalculation', { leaf: 3 }));
  panel.send({ type: 'request', requestId: 9, kind: 'ruleCalculation', request: { leaf: 'all' } });
  panel.send({ type: 'request', requestId: 10, kind: 'pruningCalculation', request: { alpha: 1 } });
  panel.send({ type: 'exportCalculation', nodeId: 2 });
  panel.send({ type: 'exportCalculation', nodeId: null });
  panel.send({ type: 'exportCalculation', nodeId: '2; rm -rf' });
  await tick();
  assert.deepEqual(calls.filter((c) => c[0] !== 'log'), [
    ['retrain', 'file:///data/iris.csv', { maxDepth: 3 }],
    ['export', 'file:///data/iris.csv', 'rules'],
    ['ignoreColumn', 'file:///data/iris.csv', 'petal_length_cm'],
    ['saveDrawing', 'file:///data/iris.csv', 'svg', '<svg/>'],
    ['calculation', 'file:///data/iris.csv', 2],
    ['calculation', 'file:///data/iris.csv', 99],
    ['pruningCalculation', 'file:///data/iris.csv'],
    ['ruleCalculation', 'file:///data/iris.csv', 3],
    ['exportCalculation', 'file:///data/iris.csv', 2],
    ['exportCalculation', 'file:///data/iris.csv', null],
  ]);
  const logged = calls.filter((c) => c[0] === 'log').map((c) => String(c[1]));
  assert.equal(logged.length, 6);
  assert.match(logged[0], /ignored a malformed message: retrain: decisionTree\.maxDepth must be/);
  assert.match(logged[1], /ignored a malformed message: unknown message type "eval"/);
  assert.match(logged[2], /ignored a malformed message: request: calculation: nodeId must be a non-negative integer/);
  assert.match(logged[3], /ignored a malformed message: request: ruleCalculation: leaf must be a non-negative integer/);
  assert.match(logged[4], /ignored a malformed message: request: pruningCalculation: unexpected field "alpha"/);
  assert.match(logged[5], /ignored a malformed message: exportCalculation: nodeId must be a non-negative integer or null/);
  const replies = panel.webview.posted.slice(1) as { type: string; requestId: number }[];
  assert.deepEqual(
    replies.map((m) => [m.type, m.requestId]).sort((a, b) => Number(a[1]) - Number(b[1])),
    [
      ['reply', 1],
      ['requestFailed', 2],
      ['reply', 3],
      ['reply', 4],
      ['requestFailed', 5],
      ['reply', 7],
      ['reply', 8],
    ],
  );
  assert.deepEqual((replies.find((m) => m.requestId === 8) as unknown as { reply: unknown }).reply, { leaf: 3 });
  assert.equal((replies.find((m) => m.requestId === 2) as unknown as { message: string }).message, 'no such node');
  assert.deepEqual((replies.find((m) => m.requestId === 4) as unknown as { reply: unknown }).reply, { nodeId: 2 });
  assert.equal((replies.find((m) => m.requestId === 5) as unknown as { message: string }).message, 'the tree has no node 99');
  panels.dispose();
});

test('a big tree goes out a slice at a time: the webview asks for subtrees and branches, and a row path brings its nodes', async () => {
  const big = bigTree(14, 'classification');
  const { requests } = recorder();
  requests.rowPath = async (_uri, row) => ({ row, path: [0, 16384, 32766], prediction: 'no', actual: 'no' });
  const panels = new TreePanels(ext, requests);
  panels.show(iris, standIn(big), SETTINGS);
  const panel = created[created.length - 1];
  panel.send({ type: 'ready' });
  const show = panel.webview.posted[0] as { report: { model: TreeColumns<number[]> } };
  assert.equal(show.report.model.totalNodes, big.nodes.length);
  assert.ok(show.report.model.nodes.id.length <= SLICE_NODES, `${show.report.model.nodes.id.length} nodes sent first`);
  panel.send(ask(1, 'nodes', { nodeId: 9000, scope: 'subtree', totalNodes: big.nodes.length }));
  panel.send(ask(2, 'nodes', { nodeId: 32766, scope: 'branch', totalNodes: big.nodes.length }));
  panel.send(ask(3, 'nodes', { nodeId: 1, scope: 'subtree', totalNodes: 15 }));
  panel.send(ask(4, 'nodes', { nodeId: big.nodes.length, scope: 'subtree', totalNodes: big.nodes.length }));
  panel.send(ask(5, 'rowPath', { row: 2 }));
  await tick();
  await tick();
  const replies = new Map(panel.webview.posted.slice(1).map((m) => [(m as { requestId: number }).requestId, m as { type: string; reply?: NodeColumns<number[]> & { nodes?: NodeColumns<number[]> }; message?: string }]));
  assert.equal(replies.get(1)?.type, 'reply');
  assert.equal(replies.get(1)?.reply?.id[0], 9000, 'a subtree starts at the node asked for');
  assert.ok((replies.get(1)?.reply?.id.length ?? 0) > 1);
  assert.deepEqual(replies.get(2)?.reply?.id.slice(0, 3), [0, 1, 16384], 'a branch starts at the root, each node with its children');
  assert.ok(replies.get(2)?.reply?.id.includes(32766));
  assert.equal(replies.get(3)?.type, 'requestFailed');
  assert.match(replies.get(3)?.message ?? '', /trained again since this panel drew it/);
  assert.equal(replies.get(4)?.type, 'requestFailed');
  assert.match(replies.get(4)?.message ?? '', /has no node 32767/);
  assert.equal(replies.get(5)?.type, 'reply');
  assert.ok([0, 16384, 32766].every((id) => replies.get(5)?.reply?.nodes?.id.includes(id)), 'the row path carries its nodes');
  panels.dispose();
});

test('a panel restored after reload finds its file from the saved state; a bad state closes it', async () => {
  const { calls, requests } = recorder();
  const panels = new TreePanels(ext, requests);
  const serializer = serializers.get(TREE_PANEL_VIEW_TYPE)!;
  const bad = new FakePanel(TREE_PANEL_VIEW_TYPE, 'Decision Tree: x', {});
  await serializer.deserializeWebviewPanel(bad, { documentUri: 42 });
  assert.equal(bad.disposed, true);
  const good = new FakePanel(TREE_PANEL_VIEW_TYPE, 'Decision Tree: iris.csv', {});
  await serializer.deserializeWebviewPanel(good, { documentUri: 'file:///data/iris.csv', tab: 'rules' });
  assert.equal(good.disposed, false);
  assert.match(good.webview.html, /Content-Security-Policy/);
  assert.ok(panels.has(iris));
  good.send({ type: 'ready' });
  await tick();
  assert.deepEqual(calls, [['restored', 'file:///data/iris.csv']]);
  panels.show(iris, REPORT, SETTINGS); // the extension retrains: the restored panel shows it
  assert.equal(created.includes(good), false);
  assert.deepEqual(types(good), ['show']);
  panels.dispose();
  assert.equal(serializers.has(TREE_PANEL_VIEW_TYPE), false);
});

test('the webview gets the report without its rules and asks for them a sorted page at a time', async () => {
  const { calls, requests } = recorder();
  const panels = new TreePanels(ext, requests);
  panels.show(iris, REPORT, SETTINGS);
  const panel = created[created.length - 1];
  panel.send({ type: 'ready' });
  const shown = panel.webview.posted[0] as { type: string; report: Record<string, unknown> };
  assert.equal(shown.type, 'show');
  assert.deepEqual(Object.keys(shown.report).sort(), ['model', 'pruningPath', 'settings']);
  assert.equal('rules' in shown.report, false);
  panel.send(ask(4, 'rulesPage', { offset: 0, limit: 2, sort: { key: 'covered', descending: false } }));
  panel.send(ask(5, 'rulesPage', { offset: 2, limit: 2, sort: { key: 'covered', descending: false } }));
  panel.send(ask(6, 'rulesPage', { offset: 0, limit: 2, sort: { key: 'prediction', descending: true } }));
  panel.send(ask(7, 'rulesPage', { offset: 0, limit: 5000, sort: { key: 'covered', descending: false } }));
  await tick();
  const pages = panel.webview.posted.slice(1) as { type: string; requestId: number; reply: { total: number; rows: { index: number; rule: { leaf: number } }[] } }[];
  assert.deepEqual(
    pages.map((p) => [p.type, p.requestId, p.reply.total, p.reply.rows.map((r) => [r.index, r.rule.leaf])]),
    [
      // The fixture's leaves in the report's order (coverage): 1 (35 rows), 8 (34), 4 (33), 7 (2), 5 (1).
      ['reply', 4, 5, [[4, 5], [3, 7]]],
      ['reply', 5, 5, [[2, 4], [1, 8]]],
      ['reply', 6, 5, [[1, 8], [4, 5]]],
    ],
  );
  assert.match(String(calls.find((c) => c[0] === 'log')?.[1]), /limit must be/);
  assert.equal(calls.some((c) => c[0] === 'report'), false, 'the panel answers from the report it holds');
  panels.dispose();
});

test('a restored panel without a report in memory gets one from the extension for its rules', async () => {
  const { calls, requests } = recorder();
  const panels = new TreePanels(ext, requests);
  const restored = new FakePanel(TREE_PANEL_VIEW_TYPE, 'Decision Tree: iris.csv', {});
  await serializers.get(TREE_PANEL_VIEW_TYPE)!.deserializeWebviewPanel(restored, { documentUri: 'file:///data/iris.csv' });
  restored.send({ type: 'ready' });
  restored.send(ask(1, 'rulesPage', { offset: 0, limit: 250, sort: { key: 'order', descending: false } }));
  await tick();
  assert.deepEqual(calls, [['restored', 'file:///data/iris.csv'], ['report', 'file:///data/iris.csv']]);
  const page = restored.webview.posted[0] as { type: string; reply: { rows: { index: number }[] } };
  assert.equal(page.type, 'reply');
  assert.deepEqual(page.reply.rows.map((r) => r.index), [0, 1, 2, 3, 4]);
  panels.dispose();
});

test('"Export Tree Drawing" asks the CSV\'s panel for its drawing, and the split chart request is answered or refused', async () => {
  const { requests } = recorder();
  const panels = new TreePanels(ext, requests);
  assert.equal(panels.exportDrawing(iris, 'png'), false, 'no panel for the CSV yet');
  panels.show(iris, REPORT, SETTINGS);
  const panel = created[created.length - 1];
  panel.send({ type: 'ready' });
  await tick();
  assert.equal(panels.exportDrawing(iris, 'png'), true);
  assert.deepEqual(panel.webview.posted.at(-1), { type: 'exportDrawing', format: 'png' });
  panel.send({ type: 'request', requestId: 5, kind: 'splitDistribution', request: { nodeId: 0 } });
  panel.send({ type: 'request', requestId: 6, kind: 'splitDistribution', request: { nodeId: 99 } });
  await tick();
  const replies = panel.webview.posted.filter((m) => (m as { requestId?: number }).requestId !== undefined);
  assert.deepEqual(replies, [
    { type: 'reply', requestId: 5, reply: null },
    { type: 'requestFailed', requestId: 6, message: 'no such node' },
  ]);
  panels.dispose();
});

test('Pin keeps the tree shown: each later show is followed by the comparison, a row path comes through both trees, Unpin ends it', async () => {
  const { requests } = recorder();
  const panels = new TreePanels(ext, requests);
  panels.show(iris, REPORT, SETTINGS);
  const panel = created[created.length - 1];
  panel.send({ type: 'ready' });
  panel.send({ type: 'pin', pin: true });
  await tick();
  type Compare = { type: 'compare'; comparison: { pinned: { report: { model: TreeColumns<number[]> }; settings: PanelSettings }; diff: ReturnType<typeof diffTrees> } | null };
  const first = panel.webview.posted[1] as Compare;
  assert.equal(first.type, 'compare');
  assert.deepEqual(first.comparison?.diff.a, model.nodes.map(() => 'same'), 'the pinned tree against itself');

  const entropy = ENTROPY;
  const other = { ...SETTINGS, criterion: 'entropy' as const, maxDepth: null };
  panels.show(iris, standIn(entropy), other);
  await tick();
  assert.deepEqual(types(panel), ['show', 'compare', 'show', 'compare']);
  const second = panel.webview.posted[3] as Compare;
  assert.deepEqual(decodeModel(second.comparison!.pinned.report.model).model, model, 'the pinned tree goes as any report');
  assert.deepEqual(second.comparison!.pinned.settings, SETTINGS);
  assert.deepEqual(second.comparison!.diff, diffTrees(model, entropy));
  assert.ok(second.comparison!.diff.b.includes('only'), 'the fully grown tree has subtrees the depth-3 one has not');

  panel.send(ask(1, 'rowPath', { row: 7 }));
  await tick();
  const reply = panel.webview.posted[4] as { reply: { path: number[]; prediction: string; pinned: { path: number[]; prediction: string; nodes: NodeColumns<number[]> } } };
  assert.deepEqual([reply.reply.path, reply.reply.prediction], [[0, 2], 'versicolor']);
  assert.deepEqual([reply.reply.pinned.path, reply.reply.pinned.prediction], [[0, 1], 'setosa']);
  assert.deepEqual(reply.reply.pinned.nodes.id.slice(0, 2), [0, 1], 'with the pinned tree\'s nodes on its path');

  panel.send({ type: 'pin', pin: false });
  await tick();
  assert.deepEqual(panel.webview.posted[5], { type: 'compare', comparison: null });
  panels.show(iris, REPORT, SETTINGS);
  panel.send(ask(2, 'rowPath', { row: 7 }));
  await tick();
  assert.deepEqual(types(panel).slice(6), ['show', 'reply'], 'nothing pinned: no comparison');
  assert.equal('pinned' in (panel.webview.posted[7] as { reply: object }).reply, false);
  panels.dispose();
});

test('after a reload the webview sends its pin back: the host makes the tree again, compares, and drops a pin it cannot make', async () => {
  const { calls, requests } = recorder();
  const panels = new TreePanels(ext, requests);
  panels.show(iris, REPORT, SETTINGS);
  const panel = created[created.length - 1];
  panel.send({ type: 'ready' });
  const pin = { settings: { ...SETTINGS, criterion: 'entropy' as const }, edits: [{ op: 'snip' as const, node: 1 }] };
  panel.send({ type: 'restorePin', pin });
  await tick();
  assert.deepEqual(calls.find((c) => c[0] === 'pinned'), ['pinned', iris.toString(), pin]);
  type Compare = { type: 'compare'; comparison: { pinned: { report: { model: TreeColumns<number[]> }; settings: PanelSettings }; diff: ReturnType<typeof diffTrees> } | null };
  const compare = panel.webview.posted[1] as Compare;
  assert.equal(compare.type, 'compare');
  assert.deepEqual(decodeModel(compare.comparison!.pinned.report.model).model, ENTROPY);
  assert.deepEqual(compare.comparison!.diff, diffTrees(ENTROPY, model));
  // A row path goes through the pinned tree too, as with a pin made in this session.
  panel.send(ask(1, 'rowPath', { row: 7 }));
  await tick();
  assert.deepEqual((panel.webview.posted[2] as { reply: { pinned: { path: number[] } } }).reply.pinned.path, [0, 1]);

  panel.send({ type: 'restorePin', pin: { settings: { ...SETTINGS, criterion: 'gini' }, edits: [] } });
  await tick();
  assert.deepEqual(panel.webview.posted[3], { type: 'compare', comparison: null });
  assert.match(String(calls.find((c) => c[0] === 'log')?.[1]), /the pinned tree could not be made again: the file is gone/);
  panels.dispose();
});

test('a panel opened on an edited tree without its edits given (the hover\'s "show path", Show Tree Panel) has its edit bar', () => {
  const { requests } = recorder();
  const panels = new TreePanels(ext, requests);
  const csv = FakeUri.file('/data/edited.csv') as unknown as vscode.Uri;
  panels.show(csv, EDITED, SETTINGS);
  const panel = created[created.length - 1];
  panel.send({ type: 'ready' });
  assert.deepEqual((panel.webview.posted[0] as { edits?: unknown }).edits, EDIT_STATE);
  // A tree as trained: no edit bar.
  panels.show(csv, REPORT, SETTINGS);
  assert.equal('edits' in (panel.webview.posted[1] as object), false);
  panels.dispose();
});

test('a tree grown by hand goes out with its view; its steps are validated, then routed to the extension, and the candidates answered', async () => {
  const { calls, requests } = recorder();
  const panels = new TreePanels(ext, requests);
  const csv = FakeUri.file('/data/by-hand.csv') as unknown as vscode.Uri;
  panels.show(csv, BY_HAND, SETTINGS);
  const panel = created[created.length - 1];
  panel.send({ type: 'ready' });
  assert.deepEqual((panel.webview.posted[0] as { byHand?: unknown }).byHand, HAND_VIEW);
  const split = { feature: 'petal_length_cm', kind: 'numeric', threshold: 2.45 };
  panel.send({ type: 'handStep', action: { kind: 'split', node: 3, split } });
  panel.send({ type: 'handStep', action: { kind: 'finish' } });
  panel.send({ type: 'handStep', action: { kind: 'start' } });
  panel.send({ type: 'handStep', action: { kind: 'leaf', node: -1 } });
  panel.send({ type: 'handStep', action: { kind: 'undo', node: 3 } });
  // After a reload: the saved steps go back to be replayed; a malformed list is not passed on.
  panel.send({ type: 'syncHand', steps: HAND_STEPS });
  panel.send({ type: 'handStep', action: { kind: 'resume' } });
  panel.send({ type: 'syncHand', steps: [{ kind: 'algorithm', edits: [{ op: 'grow', node: -2 }] }] });
  panel.send({ type: 'syncHand', steps: [{ kind: 'leaf', edits: [], closes: [[0, 'x']] }] });
  panel.send({ type: 'syncHand', steps: [{ kind: 'start', edits: [] }] });
  panel.send(ask(1, 'handCandidates', { nodeId: 4 }));
  panel.send({ type: 'openFormulas', section: 'Cost-complexity pruning' });
  panel.send({ type: 'openFormulas', section: '../../etc/passwd' });
  await tick();
  assert.deepEqual(calls.filter((c) => c[0] !== 'log'), [
    ['handStep', 'file:///data/by-hand.csv', { type: 'handStep', action: { kind: 'split', node: 3, split } }],
    ['handStep', 'file:///data/by-hand.csv', { type: 'handStep', action: { kind: 'finish' } }],
    ['syncHand', 'file:///data/by-hand.csv', { type: 'syncHand', steps: HAND_STEPS }],
    ['handCandidates', 'file:///data/by-hand.csv', 4],
    ['openFormulas', 'Cost-complexity pruning'],
  ]);
  const logged = calls.filter((c) => c[0] === 'log').map((c) => String(c[1]));
  assert.match(logged[0], /ignored a malformed message: handStep: action\.kind must be one of undo, finish, algorithm, leaf, split/);
  assert.match(logged[1], /handStep: action\.node must be a non-negative integer/);
  assert.match(logged[2], /handStep: action: unexpected field "node"/);
  assert.match(logged[3], /handStep: action\.kind must be one of/);
  assert.match(logged[4], /syncHand: steps: step\.edits: edit\.node must be a non-negative integer/);
  assert.match(logged[5], /syncHand: steps: step\.closes must be a list of node places/);
  assert.match(logged[6], /syncHand: steps: step\.kind must be one of algorithm, split, leaf, finish/);
  assert.match(logged[7], /openFormulas: section must be one of Worked calculations, /);
  // The tree as trained again: no by-hand view.
  panels.show(csv, REPORT, SETTINGS);
  assert.equal('byHand' in (panel.webview.posted[panel.webview.posted.length - 1] as object), false);
  panels.dispose();
});

test("after a reload, the tree trained again is held back while the page's steps grown by hand are replayed: the student's tree comes back without the algorithm's flashing up", async () => {
  const { calls, requests } = recorder();
  let finish: () => void = () => undefined;
  requests.syncHand = (uri, message) => {
    calls.push(['syncHand', uri.toString(), message]);
    return new Promise<void>((resolve) => (finish = resolve));
  };
  const panels = new TreePanels(ext, requests);
  const csv = FakeUri.file('/data/by-hand.csv') as unknown as vscode.Uri;
  panels.show(csv, BY_HAND, SETTINGS);
  const panel = created[created.length - 1];
  panel.send({ type: 'ready' });
  const shows = () => panel.webview.posted.filter((m) => (m as { type: string }).type === 'show') as { report: unknown; byHand?: unknown }[];
  assert.equal(shows().length, 1);
  panel.send({ type: 'syncHand', steps: HAND_STEPS });
  await tick();
  // The file trained again (its tree as trained): held back.
  panels.show(csv, REPORT, SETTINGS);
  assert.equal(shows().length, 1);
  // The steps replayed: the tree grown by hand is shown.
  panels.show(csv, BY_HAND, SETTINGS);
  assert.equal(shows().length, 2);
  assert.deepEqual(shows()[1].byHand, HAND_VIEW);
  finish();
  await tick();
  assert.equal(shows().length, 2, 'nothing held back is left to show');

  // A replay that fails: the tree held back is shown first, then the message, which stays.
  panel.send({ type: 'syncHand', steps: HAND_STEPS });
  await tick();
  panels.show(csv, REPORT, SETTINGS);
  assert.equal(shows().length, 2);
  panels.failed(csv, 'The tree grown by hand could not be made again: the tree has no node 5');
  const last = panel.webview.posted.slice(-2) as { type: string; byHand?: unknown }[];
  assert.deepEqual(last.map((m) => m.type), ['show', 'failed']);
  assert.equal('byHand' in last[0], false);
  finish();
  await tick();
  assert.equal(shows().length, 3);

  // A page rebuilt while the host still grows its tree: the replay shows nothing, and the next tree is not held back.
  panel.send({ type: 'syncHand', steps: HAND_STEPS });
  await tick();
  finish();
  await tick();
  panels.show(csv, REPORT, SETTINGS);
  assert.equal(shows().length, 4);
  panels.dispose();
});
