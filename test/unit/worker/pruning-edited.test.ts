// The pruning calculation of an edited tree (README "Learn mode"): the worker works out the edited
// tree's own weakest links and pessimistic decisions — the tree the user sees, here iris with its
// root's second child split by sepal length (19 nodes) — not the tree its settings grow again
// (17 nodes). Each weakest link's R(t) is checked against N_t/N · Gini(t) worked here from the
// edited tree's own class counts, and its α against (R(t) − R(T_t)) / (leaves − 1).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_TRAIN_SETTINGS, reportOptions } from '../../../src/shared/train-settings';
import { decodeModel } from '../../../src/engine/model-columns';
import { pruningView } from '../../../src/shared/render/pruning-rule-view';
import { useRealWorker } from '../helpers/real-worker';

const worker = useRealWorker();
const load = worker.load;

const gini = (counts: readonly number[]) => {
  const n = counts.reduce((a, b) => a + b, 0);
  return 1 - counts.reduce((s, c) => s + (c / n) ** 2, 0);
};

test("an edited tree's pruning calculation is of the edited tree as shown, with its own weakest links", async () => {
  const dataset = await load('media/samples/iris.csv');
  const trained = await worker.bridge.run('report', { dataset, options: reportOptions({ ...DEFAULT_TRAIN_SETTINGS, prune: 'none' }, 'species') }).result;
  const grown = decodeModel(trained.model).model;
  assert.equal(grown.nodes.length, 17);
  const edit = { op: 'split' as const, node: 2, split: { feature: 'sepal_length_cm', kind: 'numeric' as const, threshold: 6.15 } };
  const edited = (await worker.bridge.run('editReport', { dataset, report: trained, edits: [edit] }).result).report;
  const tree = decodeModel(edited.model).model;
  assert.equal(tree.edited, true);
  assert.equal(tree.nodes.length, 19);

  const ofTrained = await worker.bridge.run('pruningCalculation', { dataset, model: trained.model, settings: trained.settings }).result;
  assert.equal(ofTrained.edited, false);
  assert.equal(ofTrained.treeNodes, 17);

  const p = await worker.bridge.run('pruningCalculation', { dataset, model: edited.model, settings: edited.settings }).result;
  assert.equal(p.edited, true);
  assert.equal(p.treeNodes, 19, 'the edited tree, not the 17 nodes its settings grow');
  assert.equal(p.shownAlpha, null);
  // Every weakest link is a decision node of the edited tree, and the cuts end at its root.
  const decision = new Set(tree.nodes.filter((n) => n.children.length > 0).map((n) => n.id));
  assert.ok(p.costComplexity.every((s) => decision.has(s.nodeId)));
  assert.equal(p.costComplexity[p.costComplexity.length - 1].nodeId, 0);
  assert.equal(p.costComplexity[p.costComplexity.length - 1].nodesAfter, 1);
  assert.notDeepEqual(p.costComplexity.map((s) => s.nodeId), ofTrained.costComplexity.map((s) => s.nodeId));
  const n = tree.nodes[0].samples;
  for (const s of p.costComplexity) {
    const node = tree.nodes[s.nodeId];
    assert.ok(Math.abs(s.rNode - (node.samples / n) * gini(node.value as number[])) < 1e-12, `R(t) of node ${s.nodeId}`);
    assert.ok(Math.abs(s.alpha - (s.rNode - s.rSubtree) / (s.leaves - 1)) < 1e-12, `α of node ${s.nodeId}`);
  }
  // The root split by sepal length (node 2) is the edited tree's: its pessimistic decision is listed.
  assert.ok(p.pessimistic.some((d) => d.nodeId === 2 && d.n === 100));
  const [cc] = pruningView(p);
  assert.match(cc.intro, /On the edited tree as shown \(19 nodes\): its own weakest links, not those of the tree its settings grow\.$/);
  assert.match(pruningView(ofTrained)[0].intro, /On the tree as grown \(17 nodes\)\. The tree shown is not cost-complexity pruned\.$/);
});
