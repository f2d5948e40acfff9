// Growing a tree by hand in the panel (README "Learn mode"): the host's steps (src/panel/by-hand.ts)
// through the real worker's growByHand and handCandidates jobs. Taking the algorithm's choice at
// every open leaf gives the report the settings train, node for node and score for score; the
// candidates' scores are the criterion's numbers worked here by hand from the node's class counts
// (and the notes' 0.2467 for outlook on play tennis); another split at the root then Finish is the
// edit job's `split` (the CLI's `edit --split`); Undo and Leaf are replays.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { DEFAULT_TRAIN_SETTINGS, reportOptions, type TrainSettings } from '../../../src/shared/train-settings';
import { decodeModel } from '../../../src/engine/model-columns';
import type { ModelNode, TreeModel } from '../../../src/engine/model';
import type { PackedReport } from '../../../src/shared/report-transfer';
import { parseFromWebview, type HandView } from '../../../src/shared/protocol';
import type { TrainedFile } from '../../../src/host/trained-files';
import { HandGrowing } from '../../../src/panel/by-hand';
import { useRealWorker } from '../helpers/real-worker';

const worker = useRealWorker();
const load = worker.load;

const shape = (m: TreeModel) => m.nodes.map((n) => ({ split: n.split, samples: n.samples, value: n.value, children: n.children, prediction: n.prediction }));
const model = (r: PackedReport) => decodeModel(r.model).model;

/** The host's by-hand session on a real worker, and what it last showed the panel. */
async function session(file: string, target: string, settings: TrainSettings) {
  const dataset = await load(file);
  const train = () => worker.bridge.run('report', { dataset, options: reportOptions(settings, target) }).result;
  const trained = await train();
  const uri = { toString: () => `file:///${file}` } as unknown as vscode.Uri;
  const trainedFile: TrainedFile = { uri, dataset, columns: [], target, settings, report: trained };
  const shown: { report: PackedReport; view: HandView | undefined; failure?: string }[] = [];
  const growing = (f: TrainedFile): HandGrowing => {
    const hand: HandGrowing = new HandGrowing({
      file: async () => f,
      run: (job, key) => worker.bridge.run('growByHand', job, { key }).result,
      replaceReport: (_file, report) => (f.report = report),
      show: (_uri, report) => shown.push({ report, view: hand.stateOf(uri, report) }),
      failed: (_uri, message) => shown.push({ report: f.report, view: undefined, failure: message }),
    });
    return hand;
  };
  const hand = growing(trainedFile);
  /** A window reload: a new extension host, whose by-hand sessions are empty, and the file trained again. */
  const reload = async () => {
    const again: TrainedFile = { ...trainedFile, report: await train() };
    return { hand: growing(again), file: again };
  };
  await hand.start(uri);
  const last = () => shown[shown.length - 1];
  const step = async (action: Parameters<HandGrowing['handle']>[1]['action']) => {
    await hand.handle(uri, { type: 'handStep', action });
    assert.equal(last().failure, undefined);
    return last();
  };
  const candidates = async (nodeId: number) => (await worker.bridge.run('handCandidates', { dataset, model: trainedFile.report.model, settings: trainedFile.report.settings, nodeId }).result);
  return { dataset, trained, trainedFile, last, step, candidates, hand, uri, reload, shown };
}

const gini = (counts: readonly number[]) => {
  const n = counts.reduce((a, b) => a + b, 0);
  return 1 - counts.reduce((s, c) => s + (c / n) ** 2, 0);
};
/** The Gini decrease of a node's split, from its own and its children's class counts (docs/formulas.md "Gini"). */
const giniDecrease = (m: TreeModel, node: ModelNode) => {
  const n = node.samples;
  return gini(node.value as number[]) - node.children.reduce((s, c) => s + (m.nodes[c].samples / n) * gini(m.nodes[c].value as number[]), 0);
};

const IRIS: TrainSettings = { ...DEFAULT_TRAIN_SETTINGS, validation: 'holdout', holdOutFraction: 0.3, seed: 7, prune: 'none' };

test("iris, CART: Next at every open leaf gives the tree and the scores the settings train; the candidates' Gini decreases are the node's own", async () => {
  const s = await session('media/samples/iris.csv', 'species', IRIS);
  const trainedModel = model(s.trained);
  let now = s.last();
  assert.equal(model(now.report).nodes.length, 1, 'the tree starts as its root');
  assert.deepEqual(now.view?.open, [0]);
  assert.equal(now.view?.steps.length, 0);
  assert.deepEqual(now.view?.algorithm.final, s.trained.final, "the algorithm's tree is the report as trained");

  // The root's candidates: the algorithm's choice is the trained root's split, scored as its Gini decrease.
  const atRoot = await s.candidates(0);
  assert.equal(atRoot.splits.length, 4, 'one candidate per column');
  assert.equal(atRoot.algorithm, 0);
  const chosen = atRoot.splits[0];
  assert.deepEqual(chosen.split, trainedModel.nodes[0].split);
  assert.ok(Math.abs(chosen.score - giniDecrease(trainedModel, trainedModel.nodes[0])) < 1e-12, `${chosen.score}`);
  // 105 training rows, 35 of each species: Gini 2/3, and the first split isolates setosa (35 | 70).
  assert.ok(Math.abs(chosen.score - (2 / 3 - (70 / 105) * 0.5)) < 1e-12);
  assert.deepEqual(chosen.childSamples, [35, 70]);
  for (let i = 1; i < atRoot.splits.length; i++) assert.ok(atRoot.splits[i].score <= atRoot.splits[i - 1].score, 'ranked best first');

  let steps = 0;
  while ((now.view?.open.length ?? 0) > 0) {
    now = await s.step({ kind: 'algorithm', node: now.view!.open[0] });
    steps++;
    assert.equal(now.view?.steps.length, steps);
  }
  assert.deepEqual(shape(model(now.report)), shape(trainedModel));
  assert.deepEqual(now.report.final, s.trained.final);
  assert.deepEqual(now.report.metrics.holdout, s.trained.metrics.holdout, 'the same hold-out accuracy as the algorithm');
  assert.deepEqual(now.view?.algorithm.metrics.holdout, s.trained.metrics.holdout);
  assert.ok(now.report.metrics.holdout!.task === 'classification' && now.report.metrics.holdout!.accuracy > 0.9);

  // Undo takes back the last step only.
  const back = await s.step({ kind: 'undo' });
  assert.equal(back.view?.steps.length, steps - 1);
  assert.equal(back.view?.open.length, 1);
  assert.ok(model(back.report).nodes.length < trainedModel.nodes.length);
});

test("iris: another column at the root, then Finish, is the edit job's split of the root; a leaf at the root scores the majority class", async () => {
  const s = await session('media/samples/iris.csv', 'species', IRIS);
  const atRoot = await s.candidates(0);
  const other = atRoot.splits.find((c) => c.feature === 'sepal_length_cm');
  assert.ok(other, 'sepal length is a candidate');
  let now = await s.step({ kind: 'split', node: 0, split: other.split });
  assert.deepEqual(model(now.report).nodes[0].split, other.split);
  assert.deepEqual(now.view?.open, model(now.report).nodes[0].children, 'both children open');
  assert.equal(model(now.report).nodes[0].children.reduce((n, c) => n + model(now.report).nodes[c].samples, 0), 105);
  now = await s.step({ kind: 'finish' });
  assert.deepEqual(now.view?.open, []);
  const byEdit = (await worker.bridge.run('editReport', { dataset: s.dataset, report: s.trained, edits: [{ op: 'split', node: 0, split: other.split }] }).result).report;
  assert.deepEqual(shape(model(now.report)), shape(model(byEdit)));
  assert.deepEqual(now.report.metrics.holdout, byEdit.metrics.holdout);

  // Back to the root alone (undo twice), then a leaf there: nothing open, and the hold-out accuracy is the majority class's share (15 of 45).
  await s.step({ kind: 'undo' });
  now = await s.step({ kind: 'undo' });
  assert.deepEqual(now.view?.open, [0]);
  now = await s.step({ kind: 'leaf', node: 0 });
  assert.deepEqual(now.view?.open, []);
  assert.equal(model(now.report).nodes.length, 1);
  const h = now.report.metrics.holdout!;
  assert.ok(h.task === 'classification' && Math.abs(h.accuracy - 15 / 45) < 1e-12, JSON.stringify(h));
});

test("play tennis, ID3: the root's candidates are the notes' information gains, outlook's 0.2467 the algorithm's choice; Next everywhere is train's tree", async () => {
  const s = await session('media/samples/play_tennis.csv', 'play', { ...DEFAULT_TRAIN_SETTINGS, algorithm: 'id3', validation: 'cv' });
  const atRoot = await s.candidates(0);
  const gains = Object.fromEntries(atRoot.splits.map((c) => [c.feature, Number(c.score.toFixed(4))]));
  // The course notes' (and Quinlan's) gains, in bits.
  assert.deepEqual(gains, { outlook: 0.2467, humidity: 0.1518, windy: 0.0481, temperature: 0.0292 });
  assert.equal(atRoot.splits[atRoot.algorithm!].feature, 'outlook');
  let now = s.last();
  while ((now.view?.open.length ?? 0) > 0) now = await s.step({ kind: 'algorithm', node: now.view!.open[0] });
  assert.deepEqual(shape(model(now.report)), shape(model(s.trained)));
  assert.deepEqual(now.report.final, s.trained.final);
  // Under CV the two trees are scored alike: the CV of each one's structure on the same folds, so the same tree scores the same.
  const yours = now.report.metrics.crossValidation;
  assert.equal(yours?.structure, true);
  assert.deepEqual(now.view?.algorithm.metrics.crossValidation, yours);
  assert.notDeepEqual(s.trained.metrics.crossValidation, yours, "the settings' CV regrows a tree per fold: another figure");
});

test('a step on a tree since retrained is refused with a message, and changes nothing', async () => {
  const s = await session('media/samples/iris.csv', 'species', IRIS);
  // A retrain replaced the file's report: the by-hand session no longer owns the tree shown.
  s.trainedFile.report = s.trained;
  await s.hand.handle(s.uri, { type: 'handStep', action: { kind: 'algorithm', node: 0 } });
  assert.match(s.last().failure ?? '', /^The step was not taken: this tree is no longer the one grown by hand/);
  assert.equal(s.trainedFile.report, s.trained);
  assert.equal(s.hand.stateOf(s.uri, s.trained), undefined);
});

test('the steps survive a window reload: sent back from the saved state, replayed on the file trained again, the same tree, steps and scores; Undo goes on from there', async () => {
  const s = await session('media/samples/iris.csv', 'species', { ...DEFAULT_TRAIN_SETTINGS, prune: 'none' });
  await s.step({ kind: 'algorithm', node: 0 });
  const open = s.last().view!.open[0];
  const own = (await s.candidates(open)).splits.find((c) => c.feature === 'sepal_length_cm');
  assert.ok(own);
  await s.step({ kind: 'split', node: open, split: own.split });
  await s.step({ kind: 'finish' });
  const before = await s.step({ kind: 'undo' });
  assert.equal(before.view?.steps.length, 2);
  assert.ok(before.view!.open.length > 0);

  // The webview's saved state is JSON; what it sends back passes the panel's message check unchanged.
  const saved: unknown = JSON.parse(JSON.stringify({ type: 'syncHand', steps: before.view!.steps }));
  const parsed = parseFromWebview(saved);
  assert.ok(parsed.ok && parsed.message.type === 'syncHand', JSON.stringify(parsed));

  const reloaded = await s.reload();
  assert.equal(reloaded.hand.stateOf(s.uri, reloaded.file.report), undefined, 'the new host knows nothing of the steps');
  await reloaded.hand.resume(s.uri, parsed.message);
  const after = s.last();
  assert.equal(after.failure, undefined);
  assert.deepEqual(shape(model(after.report)), shape(model(before.report)));
  assert.equal(model(after.report).nodes.length, model(before.report).nodes.length);
  assert.deepEqual(after.view?.steps, before.view?.steps);
  assert.deepEqual(after.view?.open, before.view?.open);
  assert.deepEqual(after.report.metrics.crossValidation, before.report.metrics.crossValidation);
  assert.deepEqual(after.view?.algorithm, before.view?.algorithm);

  // The panel rebuilt when shown again sends the same steps: the host, still growing that tree, does nothing.
  const count = s.shown.length;
  await reloaded.hand.resume(s.uri, parsed.message);
  assert.equal(s.shown.length, count);

  await reloaded.hand.handle(s.uri, { type: 'handStep', action: { kind: 'undo' } });
  assert.equal(s.last().failure, undefined);
  assert.equal(s.last().view?.steps.length, 1);
  assert.deepEqual(s.last().view?.steps, before.view!.steps.slice(0, 1));
});

test('steps that no longer fit the tree trained again are refused with a message', async () => {
  const s = await session('media/samples/iris.csv', 'species', IRIS);
  const reloaded = await s.reload();
  await reloaded.hand.resume(s.uri, { type: 'syncHand', steps: [{ kind: 'split', edits: [{ op: 'split', node: 5, split: { feature: 'sepal_length_cm', kind: 'numeric', threshold: 5 } }] }] });
  assert.match(s.last().failure ?? '', /^The tree grown by hand could not be made again: the tree has no node 5/);
});

test("C4.5 with pessimistic pruning: Finish at the root, and Next at every open leaf, give train's pruned tree node for node", async () => {
  const s = await session('media/samples/iris.csv', 'species', { ...DEFAULT_TRAIN_SETTINGS, algorithm: 'c45', prune: 'pessimistic' });
  const trainedModel = model(s.trained);
  // Iris's C4.5 tree grows 17 nodes; its pessimistic pruning keeps 13.
  assert.equal(trainedModel.nodes.length, 13);
  let now = await s.step({ kind: 'finish' });
  assert.deepEqual(shape(model(now.report)), shape(trainedModel));
  assert.deepEqual(now.view?.open, [], 'the leaves pruning made are decided too');
  assert.deepEqual(now.report.metrics.crossValidation, now.view?.algorithm.metrics.crossValidation, 'the same tree, the same structure CV');
  await s.step({ kind: 'undo' });
  now = s.last();
  while ((now.view?.open.length ?? 0) > 0) now = await s.step({ kind: 'algorithm', node: now.view!.open[0] });
  assert.deepEqual(shape(model(now.report)), shape(trainedModel));
});
