// The forest view's host (fake vscode): one panel per CSV under the nonce policy, the report sent
// without its trees when the page says ready, one tree per request (memberModel's nodes), a row's
// votes across the trees (rowVotes, predictForest agree) and its path in the chosen tree, bad
// requests answered with a message, malformed messages logged and ignored; a node's alternatives
// (scored by the worker job's own function); after a reload the view comes back from its saved
// state and asks for its recipe to be trained again, saying what happens meanwhile.
import '../helpers/fake-vscode'; // first: makes `vscode` resolvable for the panel host
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { created, FakePanel, FakeUri, serializers } from '../helpers/fake-vscode';
import { FOREST_PANEL_VIEW_TYPE, ForestPanels } from '../../../src/panel/forest-panel';
import type { TrainedForest } from '../../../src/host/forest-trainer';
import type { ForestParams } from '../../../src/engine/forest/types';
import type { NodeSplit } from '../../../src/engine/node-alternatives';
import type { ForestRecipe, ModelReopen } from '../../../src/shared/forest-protocol';
import type { ImportedModel } from '../../../src/shared/ensemble-transfer';
import { importModelJob } from '../../../src/worker/jobs/import-model';
import { DEFAULT_FOREST_SETTINGS } from '../../../src/shared/forest-settings';
import { MEMBER_JOBS } from '../../../src/worker/jobs/forest-alternatives';
import type { SplitDistribution } from '../../../src/engine/split-distribution';
import type { RunMemberJob } from '../../../src/panel/forest-requests';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainForest } from '../../../src/engine/forest/train';
import { memberModel, predictForest } from '../../../src/engine/forest/predict';
import { decodeModel } from '../../../src/engine/model-columns';
import type { ForestRow, ForestTreeReply, WireForestReport } from '../../../src/shared/forest-protocol';
import { ForestAnswers } from '../../../src/panel/forest-requests';

const csv = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));
const iris = csv('iris.csv');
const params: ForestParams = { target: 'species', ensemble: 'forest', nTrees: 15, seed: 2 };
const forest = trainForest(iris, params);
const recipe: ForestRecipe = { target: 'species', settings: { ...DEFAULT_FOREST_SETTINGS, nTrees: 15, seed: 2 }, file: { size: 4551, mtime: 1 } };
const trained: TrainedForest = { report: forest, dataset: iris, params, recipe };
/** The node jobs run in place by the worker's own functions. */
const runInPlace: RunMemberJob = async (kind, job) => MEMBER_JOBS[kind](job) as Awaited<ReturnType<RunMemberJob>>;
const ext = FakeUri.file('/ext') as unknown as vscode.Uri;
const irisUri = FakeUri.file('/data/iris.csv') as unknown as vscode.Uri;
const tick = () => new Promise((r) => setImmediate(r));
const ask = (requestId: number, kind: string, request: unknown) => ({ type: 'request', requestId, kind, request });

type Posted = { type: string; requestId?: number; reply?: unknown; message?: string; report?: WireForestReport; recipe?: ForestRecipe; retrain?: boolean; fraction?: number | null };

function host() {
  const logged: string[] = [];
  const retrained: Array<{ uri: string; recipe: ForestRecipe }> = [];
  const cancelled: string[] = [];
  const reopened: Array<{ uri: string; reopen: ModelReopen }> = [];
  const panels = new ForestPanels(ext, {
    retrain: (uri, r) => retrained.push({ uri: uri.toString(), recipe: r }),
    cancel: (uri) => cancelled.push(uri.toString()),
    nodeJob: (_uri, kind, job) => runInPlace(kind, job),
    ensembleRow: () => Promise.reject(new Error('no model trained elsewhere in these tests')),
    reopenModel: (uri, reopen) => reopened.push({ uri: uri.toString(), reopen }),
    log: (m) => logged.push(m),
  });
  return { panels, logged, retrained, cancelled, reopened };
}

function open() {
  const { panels, logged, retrained } = host();
  panels.show(irisUri, trained);
  const panel = created[created.length - 1];
  const posted = panel.webview.posted as Posted[];
  return { panels, panel, posted, logged, retrained };
}

test('a forest view per CSV: the page from dist/forest.js under the nonce policy, the report without its trees once ready', async () => {
  const { panels, panel, posted } = open();
  assert.equal(panel.viewType, FOREST_PANEL_VIEW_TYPE);
  assert.equal(panel.title, 'Random Forest: iris.csv');
  assert.match(panel.webview.html, /script-src 'nonce-[^']+'/);
  assert.match(panel.webview.html, /src="https:\/\/webview\.test\/ext\/dist\/forest\.js"/);
  assert.match(panel.webview.html, /href="https:\/\/webview\.test\/ext\/media\/forest\.css"/);
  assert.equal(posted.length, 0, 'nothing before the page says ready');
  panel.send({ type: 'ready' });
  await tick();
  assert.equal(posted.length, 1);
  const shown = posted[0].report!;
  assert.equal(posted[0].type, 'show');
  assert.equal('trees' in shown.model, false, 'the forest never goes whole');
  assert.deepEqual(shown.trees, forest.trees);
  assert.deepEqual(shown.oob, forest.oob);
  // The same CSV again: the same panel, revealed.
  const count = created.length;
  panels.show(irisUri, trained);
  assert.equal(created.length, count);
  assert.equal(panel.revealed, 1);
  panels.dispose();
});

test('a tree at a time: tree k is memberModel(k) as the tree view draws it', async () => {
  const { panel, posted, panels } = open();
  panel.send({ type: 'ready' });
  panel.send(ask(7, 'tree', { index: 4 }));
  await tick();
  const answer = posted.find((m) => m.requestId === 7)!;
  assert.equal(answer.type, 'reply');
  const reply = answer.reply as ForestTreeReply;
  assert.equal(reply.index, 4);
  const drawn = decodeModel(reply.model).model;
  assert.equal(drawn.nodes.length, forest.trees[4].nodes, "the picker's node count");
  assert.deepEqual(drawn.nodes, memberModel(forest.model, 4).nodes);
  panel.send(ask(8, 'tree', { index: 15 }));
  await tick();
  assert.deepEqual(posted.find((m) => m.requestId === 8), { type: 'requestFailed', requestId: 8, message: 'The forest has 15 trees: there is no tree 16.' });
  panels.dispose();
});

test("a row's votes add up to the trees, agree with predictForest, and come with its path in the chosen tree", async () => {
  const { panel, posted, panels } = open();
  panel.send({ type: 'ready' });
  const predicted = predictForest(forest.model, iris).predictions;
  for (const [requestId, row] of [[20, 0], [21, 77], [22, 149]]) {
    panel.send(ask(requestId, 'row', { row, index: 3 }));
    await tick();
    const answer = posted.find((m) => m.requestId === requestId)!.reply as ForestRow;
    assert.equal(answer.row, row);
    assert.equal(answer.votes!.labels.reduce((a, b) => a + b, 0), 15);
    assert.ok(Math.abs(answer.votes!.shares.reduce((a, b) => a + b, 0) - 1) < 1e-9);
    assert.equal(answer.prediction, predicted[row]);
    assert.equal(answer.index, 3);
    const leaf = memberModel(forest.model, 3).nodes[answer.path[answer.path.length - 1]];
    assert.equal(leaf.children.length, 0, 'the path ends at a leaf');
    assert.equal(answer.treePrediction, leaf.prediction);
    assert.ok(answer.path.every((id) => answer.nodes.id.includes(id)), 'the nodes to draw the path come with it');
  }
  panel.send(ask(23, 'row', { row: 150, index: 0 }));
  await tick();
  assert.equal(posted.find((m) => m.requestId === 23)!.message, 'row 151 does not exist: the file has 150 data rows');
  panels.dispose();
});

test('malformed messages are logged and ignored', async () => {
  const { panel, posted, logged, panels } = open();
  panel.send({ type: 'ready' });
  panel.send(ask(1, 'tree', { index: 'all' }));
  panel.send({ type: 'export', what: 'model' });
  await tick();
  assert.equal(posted.length, 1, 'only the show');
  assert.deepEqual(logged, [
    'Forest view (/data/iris.csv): ignored a malformed message: request: tree: index must be a non-negative integer',
    'Forest view (/data/iris.csv): ignored a malformed message: unknown message type "export"',
  ]);
  panels.dispose();
});

test('a regression forest: no votes, the prediction is the mean of the trees', () => {
  const diabetes = csv('diabetes.csv');
  const target = diabetes.columns[diabetes.columns.length - 1].name;
  const regression = trainForest(diabetes, { target, ensemble: 'forest', nTrees: 6, seed: 1 });
  const forestOf: TrainedForest = { report: regression, dataset: diabetes, params: { target, ensemble: 'forest', nTrees: 6, seed: 1 }, recipe: { target, settings: DEFAULT_FOREST_SETTINGS } };
  const answer = new ForestAnswers(forestOf, runInPlace).handlers.row({ row: 10, index: 0 }) as ForestRow;
  assert.equal(answer.votes, null);
  assert.ok(Math.abs(Number(answer.prediction) - Number(predictForest(regression.model, diabetes).predictions[10])) < 1e-9);
});

test("a node's alternatives: tree k's own split among them, at its threshold; its split chart; a node the tree lacks is refused", async () => {
  const { panel, posted, panels } = open();
  panel.send({ type: 'ready' });
  assert.deepEqual(posted[0].recipe, recipe, 'the page keeps the recipe for a reload');
  const member = memberModel(forest.model, 6);
  for (const node of member.nodes.filter((n) => n.split)) {
    panel.send(ask(100 + node.id, 'alternatives', { index: 6, nodeId: node.id }));
    await tick();
    const splits = posted.find((m) => m.requestId === 100 + node.id)!.reply as NodeSplit[];
    const own = splits.find((a) => a.chosen);
    assert.ok(own, `node ${node.id}: its own split is listed`);
    assert.deepEqual(own.split, node.split);
  }
  // The split chart counts the rows the tree drew as drawn: per class, the node's own weighted counts.
  const root = member.nodes[0];
  panel.send(ask(98, 'splitDistribution', { index: 6, nodeId: 0 }));
  await tick();
  const chart = posted.find((m) => m.requestId === 98)!.reply as SplitDistribution;
  assert.equal(chart.feature, root.split!.feature);
  assert.deepEqual(chart.counts.map((bins, k) => bins.reduce((a, b) => a + b, 0) + chart.missing[k]), root.value);
  panel.send(ask(99, 'alternatives', { index: 6, nodeId: member.nodes.length }));
  await tick();
  assert.deepEqual(posted.find((m) => m.requestId === 99), { type: 'requestFailed', requestId: 99, message: `Tree 7 has no node ${member.nodes.length}.` });
  panels.dispose();
});

test('after a reload: the view comes back from its saved state, its recipe is trained again, progress and failures are shown, its Cancel stops the training, "Train again" retrains', async () => {
  const { panels, retrained, cancelled, logged } = host();
  const serializer = serializers.get(FOREST_PANEL_VIEW_TYPE)!;
  const panel = new FakePanel(FOREST_PANEL_VIEW_TYPE, 'Random Forest: iris.csv', {});
  const posted = panel.webview.posted as Posted[];
  await serializer.deserializeWebviewPanel(panel, { documentUri: irisUri.toString(), recipe, tab: 'trees', tree: 3, row: 7 });
  assert.equal(panel.disposed, false);
  assert.match(panel.webview.html, /dist\/forest\.js/);
  assert.deepEqual(retrained, [{ uri: irisUri.toString(), recipe }], 'trained again from the saved recipe');
  // The training reports before the page is ready: it hears the latest status once it is.
  panels.busy(irisUri, 'Training the forest: Tree 3 of 15…', 0.2, true);
  panels.busy(irisUri, 'Training the forest: Tree 9 of 15…', 0.6, true);
  assert.equal(posted.length, 0);
  panel.send({ type: 'ready' });
  await tick();
  assert.deepEqual([...posted], [{ type: 'busy', message: 'Training the forest: Tree 9 of 15…', fraction: 0.6, cancellable: true }]);
  panel.send({ type: 'cancel' });
  await tick();
  assert.deepEqual(cancelled, [irisUri.toString()], "the view's Cancel stops its file's training");
  panel.send(ask(1, 'tree', { index: 0 }));
  await tick();
  assert.equal(posted[1].type, 'requestFailed', 'no forest yet');
  panels.failed(irisUri, 'Training cancelled.', true);
  assert.deepEqual(posted[2], { type: 'failed', message: 'Training cancelled.', retrain: true });
  panel.send({ type: 'retrain' });
  assert.equal(retrained.length, 2);
  panels.show(irisUri, trained);
  assert.equal(posted[3].type, 'show');
  assert.deepEqual(posted[3].report!.trees, forest.trees);
  assert.equal(created.includes(panel), false, 'the restored panel is used, none created');
  // A second restored view of the same file, or a state without a usable recipe or file, is closed.
  for (const state of [{ documentUri: irisUri.toString(), recipe }, { documentUri: 'file:///data/wine.csv' }, { documentUri: 'not a uri', recipe }, { recipe }, null]) {
    const extra = new FakePanel(FOREST_PANEL_VIEW_TYPE, 'Random Forest', {});
    await serializer.deserializeWebviewPanel(extra, state);
    assert.equal(extra.disposed, true, JSON.stringify(state));
  }
  assert.equal(retrained.length, 2);
  assert.deepEqual(logged, []);
  panels.dispose();
});

test("a model trained elsewhere's view names the CSV and target it was run on for its page to keep; after a reload the files are read again, never the model from the state", async () => {
  const { panels, reopened, retrained } = host();
  const modelUri = FakeUri.file('/models/xgb.json') as unknown as vscode.Uri;
  const bytes = new Uint8Array(readFileSync('test/fixtures/imported/xgb-iris-softprob.json'));
  const flowers = parseCsv(readFileSync('test/fixtures/forest/iris.csv'));
  const model: ImportedModel = { ...importModelJob({ bytes, fileName: 'xgb.json', data: { dataset: flowers, fileName: 'iris.csv', target: 'target' } }, () => undefined), dataset: flowers, csvUri: irisUri.toString() };
  panels.showModel(modelUri, model, irisUri);
  const panel = created[created.length - 1];
  assert.equal(panel.title, 'Tree Model: xgb.json');
  panel.send({ type: 'ready' });
  await tick();
  const shown = panel.webview.posted[0] as { type: string; documentUri: string; reopen: ModelReopen };
  assert.equal(shown.type, 'showModel');
  assert.equal(shown.documentUri, modelUri.toString());
  assert.deepEqual(shown.reopen, { csvUri: irisUri.toString(), target: 'target' });
  // Predict on Another CSV reads the model of the view in focus.
  assert.equal(panels.activeModel(), undefined, 'not in focus');
  panel.active = true;
  assert.equal(panels.activeModel()?.model, model);
  assert.equal(panels.activeForest(), undefined, 'not a forest of ours');

  // After a reload: what the page kept brings it back, "opening again" until the host shows it.
  const serializer = serializers.get(FOREST_PANEL_VIEW_TYPE)!;
  const restoredUri = 'file:///models/other.json';
  const restored = new FakePanel(FOREST_PANEL_VIEW_TYPE, 'Tree Model: other.json', {});
  await serializer.deserializeWebviewPanel(restored, { documentUri: restoredUri, recipe: null, model: { csvUri: null, target: null }, tab: 'trees', tree: 2 });
  assert.equal(restored.disposed, false);
  assert.deepEqual(reopened, [{ uri: restoredUri, reopen: { csvUri: null, target: null } }]);
  assert.deepEqual(retrained, [], 'nothing trained');
  restored.send({ type: 'ready' });
  await tick();
  assert.deepEqual(restored.webview.posted, [{ type: 'busy', message: 'Opening other.json again…', fraction: null, cancellable: false }]);
  // The model file is gone: the view says so.
  panels.failed(FakeUri.parse(restoredUri) as unknown as vscode.Uri, 'other.json is gone (moved, renamed or deleted), so this view cannot show it again.', false);
  assert.deepEqual(restored.webview.posted[1], { type: 'failed', message: 'other.json is gone (moved, renamed or deleted), so this view cannot show it again.', retrain: false });
  // A model state that is not one (a malformed CSV URI or target), or neither a recipe nor a model: closed.
  for (const state of [{ documentUri: 'file:///models/a.json', model: { csvUri: 7, target: null } }, { documentUri: 'file:///models/b.json', model: { csvUri: null, target: '' } }, { documentUri: 'file:///models/c.json', model: null }]) {
    const extra = new FakePanel(FOREST_PANEL_VIEW_TYPE, 'Tree Model', {});
    await serializer.deserializeWebviewPanel(extra, state);
    assert.equal(extra.disposed, true, JSON.stringify(state));
  }
  assert.equal(reopened.length, 1);
  panels.dispose();
});
