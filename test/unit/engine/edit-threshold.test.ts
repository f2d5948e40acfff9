// Steering a tree that has a decision threshold (docs/model-format.md "Decision threshold"): every
// node of the edited tree predicts the decision at the threshold — a regrown subtree's new leaves
// are labelled by their share of the positive class, not by their largest class — so the edited
// model file is still readable and predict answers at the threshold; snip and restore give the
// labels back; a tree without a threshold still predicts each leaf's largest class.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../../src/engine/csv/read';
import { applyEdit, replayEdits } from '../../../src/engine/edit/apply';
import type { ModelNode, TreeEdit, TreeModel } from '../../../src/engine/model';
import { parseModel, serializeModel } from '../../../src/engine/tree/model-json';
import { predict } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { withDecisionThreshold } from '../../../src/engine/tree/decision-threshold';

const data = parseCsv(readFileSync('test/fixtures/metrics/rare-positive.csv'));
const T = 0.1;
const grown = trainTree(data, { target: 'status', maxDepth: 3 }).model;
const thresholded = withDecisionThreshold(grown, { positiveClass: 'bad', value: T });
const bad = (grown.classes as string[]).indexOf('bad');

/** Worked out from the node's own class counts: "bad" where its share of the node is ≥ T. */
const atThreshold = (n: ModelNode): string => ((n.value as number[])[bad] / (n.value as number[]).reduce((a, b) => a + b, 0) >= T ? 'bad' : 'good');
const largest = (n: ModelNode): string => {
  const v = n.value as number[];
  return (grown.classes as string[])[v[1] > v[0] ? 1 : 0];
};
/** Leaves whose largest class is "good" but whose share of "bad" reaches T: the threshold's own answers. */
const relabelled = (m: TreeModel) => m.nodes.filter((n) => n.children.length === 0 && largest(n) === 'good' && atThreshold(n) === 'bad');

function assertAtThreshold(m: TreeModel, what: string): void {
  assert.deepEqual(m.decisionThreshold, { positiveClass: 'bad', value: T }, `${what}: the threshold is kept`);
  for (const n of m.nodes) assert.equal(n.prediction, atThreshold(n), `${what}: node ${n.id} ${JSON.stringify(n.value)}`);
  // The file check refuses a leaf off the threshold: the edited model reads back, and predicts as its leaves say.
  const back = parseModel(serializeModel(m));
  const shares = predict(back, data);
  const leafShare = predict(withDecisionThreshold(back, null), data);
  assert.ok(shares.some((p, i) => p !== leafShare[i]), `${what}: the threshold changes some row's answer`);
}

test('a split chosen on a thresholded tree: the regrown leaves predict "bad" where their share of it is ≥ T', () => {
  const edit: TreeEdit = { op: 'split', node: 0, split: { feature: 'income', kind: 'numeric', threshold: 30 } };
  const edited = applyEdit(data, thresholded, edit);
  assert.ok(edited.nodes.length > thresholded.nodes.length, `${edited.nodes.length} nodes`);
  assertAtThreshold(edited, 'split');
  // The threshold relabels regrown leaves here: some leaf mostly "good" predicts "bad".
  assert.ok(relabelled(edited).some((n) => !thresholded.nodes.some((m) => JSON.stringify(m.value) === JSON.stringify(n.value))), 'a new leaf relabelled by the threshold');
  // Without a threshold the same edit labels every node by its largest class.
  const plain = applyEdit(data, grown, edit);
  assert.equal(plain.decisionThreshold, undefined);
  for (const n of plain.nodes) assert.equal(n.prediction, largest(n), `plain node ${n.id}`);
});

test('grow, snip and restore on a thresholded tree keep every node at the threshold; undo (a replay) too', () => {
  const leaf = thresholded.nodes.find((n) => n.children.length === 0 && n.impurity > 0 && n.samples >= 20) as ModelNode;
  // An inner node mostly "good" whose share of "bad" reaches T: snipped, it is a leaf the threshold calls "bad".
  const inner = thresholded.nodes.find((n) => n.id !== 0 && n.children.length > 0 && largest(n) === 'good' && atThreshold(n) === 'bad') as ModelNode;
  assert.ok(inner, 'such a node');
  const edits: TreeEdit[] = [
    { op: 'grow', node: leaf.id },
    { op: 'snip', node: inner.id },
  ];
  const grownMore = applyEdit(data, thresholded, edits[0]);
  assertAtThreshold(grownMore, 'grow');
  const snipped = replayEdits(data, thresholded, edits);
  assertAtThreshold(snipped, 'grow then snip');
  assert.equal(snipped.nodes.find((n) => n.snipped !== undefined)?.prediction, 'bad', 'the snipped node predicts at the threshold');
  const restored = applyEdit(data, snipped, { op: 'restore', node: inner.id });
  assertAtThreshold(restored, 'restore');
  assert.deepEqual(restored.nodes.map((n) => n.prediction), grownMore.nodes.map((n) => n.prediction), 'restore gives the labels back');
});
