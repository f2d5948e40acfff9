// Growing a tree by hand (src/engine/edit/by-hand.ts): taking the algorithm's choice at every open
// leaf gives `train`'s tree, node for node; another split at the root, then finishing
// automatically, gives the tree `edit --split` makes (the same steering engine); undo is a replay.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import type { ModelSplit, TrainParams, TreeModel } from '../../../src/engine/model';
import { applyEdit } from '../../../src/engine/edit/apply';
import { algorithmStep, chooseSplit, finishByAlgorithm, makeLeaf, openLeaves, replaySteps, startByHand, type HandState, type HandStep } from '../../../src/engine/edit/by-hand';
import { trainTree } from '../../../src/engine/tree/train';
import { pruneGrown } from '../../../src/engine/validation/prune-grown';

const sample = (name: string): Dataset => parseCsv(readFileSync(`media/samples/${name}`));

/** What makes two trees the same tree: each node's split, rows, class counts (or mean) and children. */
const shape = (m: TreeModel) => m.nodes.map((n) => ({ id: n.id, split: n.split, samples: n.samples, value: n.value, children: n.children, prediction: n.prediction }));

function byAlgorithm(data: Dataset, trained: TreeModel): { state: HandState; steps: HandStep[] } {
  let state = startByHand(data, trained);
  assert.equal(state.model.nodes.length, 1, 'the tree starts as its root');
  const steps: HandStep[] = [];
  for (let open = openLeaves(state); open.length > 0; open = openLeaves(state)) {
    const next = algorithmStep(data, state, open[0]);
    state = next.state;
    steps.push(next.step);
  }
  return { state, steps };
}

const cases: Array<[string, string, TrainParams]> = [
  ['CART, Gini', 'iris.csv', { target: 'species' }],
  ['ID3', 'play_tennis.csv', { target: 'play', algorithm: 'id3' }],
  ['C4.5', 'play_tennis.csv', { target: 'play', algorithm: 'c45' }],
  ['CART regression', 'diabetes.csv', { target: 'disease_progression', maxDepth: 4 }],
];

for (const [name, file, params] of cases) {
  test(`${name}: the algorithm's choice at every open leaf grows train's tree, node for node`, () => {
    const data = sample(file);
    const trained = trainTree(data, params).model;
    const { state, steps } = byAlgorithm(data, trained);
    assert.deepEqual(shape(state.model), shape(trained));
    assert.ok(steps.some((s) => s.kind === 'algorithm'));
    // Undo: the steps but the last, replayed, are the tree one step back.
    const back = replaySteps(data, trained, steps.slice(0, -1));
    assert.ok(back.model.nodes.length <= state.model.nodes.length);
    assert.deepEqual(shape(replaySteps(data, trained, steps).model), shape(trained));
  });
}

test("another column at iris's root, then Finish automatically: the tree edit --split makes", () => {
  const data = sample('iris.csv');
  const trained = trainTree(data, { target: 'species' }).model;
  const split: ModelSplit = { feature: 'sepal_length_cm', kind: 'numeric', threshold: 5.45 };
  const chosen = chooseSplit(data, startByHand(data, trained), 0, split);
  assert.deepEqual(chosen.state.model.nodes[0].split, split);
  assert.deepEqual(
    openLeaves(chosen.state),
    chosen.state.model.nodes[0].children,
    'both children open leaves',
  );
  const finished = finishByAlgorithm(data, chosen.state);
  assert.equal(openLeaves(finished.state).length, 0);
  assert.deepEqual(shape(finished.state.model), shape(applyEdit(data, trained, { op: 'split', node: 0, split })));
});

test('play tennis, ID3: a leaf the student makes stays a leaf; finishing grows only the others', () => {
  const data = sample('play_tennis.csv');
  const trained = trainTree(data, { target: 'play', algorithm: 'id3' }).model;
  let state = algorithmStep(data, startByHand(data, trained), 0).state;
  assert.equal(state.model.nodes[0].split?.feature, 'outlook');
  const open = openLeaves(state);
  assert.equal(open.length, 2, 'sunny and rain are open; overcast is pure');
  state = makeLeaf(state, open[0]).state;
  const first = state.model.nodes[open[0]];
  const branch = state.model.nodes[0].children.indexOf(open[0]);
  state = finishByAlgorithm(data, state).state;
  assert.equal(openLeaves(state).length, 0);
  const root = state.model.nodes[0];
  const kept = state.model.nodes[root.children[branch]];
  assert.equal(kept.children.length, 0, 'the leaf made by hand was not grown');
  assert.deepEqual(kept.value, first.value);
  assert.throws(() => makeLeaf(state, kept.id), /not an open leaf/);
});

/** The algorithm's choice at the first open leaf `k` times, then Finish automatically. */
function nextThenFinish(data: Dataset, trained: TreeModel, k: number): HandState {
  let state = startByHand(data, trained);
  for (let i = 0; i < k && openLeaves(state).length > 0; i++) state = algorithmStep(data, state, openLeaves(state)[0]).state;
  return finishByAlgorithm(data, state).state;
}

// Trees whose pruning cuts subtrees the algorithm grows: C4.5's pessimistic pruning on iris (17 nodes
// grown, 13 kept), CART's cost-complexity on iris (ccp_alpha 0.01: 9 kept) and on a regression.
const pruned: Array<[string, string, TrainParams, number]> = [
  ['C4.5, pessimistic pruning', 'iris.csv', { target: 'species', algorithm: 'c45', prune: 'pessimistic' }, 13],
  ['CART, cost-complexity', 'iris.csv', { target: 'species', prune: 'cost-complexity', ccpAlpha: 0.01 }, 9],
  ['CART regression, cost-complexity', 'diabetes.csv', { target: 'disease_progression', prune: 'cost-complexity', ccpAlpha: 50 }, 39],
];

for (const [name, file, params, size] of pruned) {
  test(`${name}: Next everywhere, and Finish after any number of Next steps, give train's pruned tree node for node, nothing left open`, () => {
    const data = sample(file);
    // As train makes it: grown, then pruned by the settings (validation/prune-grown.ts).
    const grown = trainTree(data, params).model;
    const trained = pruneGrown(grown, data, params, { prune: params.prune, ccpAlpha: params.ccpAlpha, algorithm: params.algorithm, simplify: false }).trained;
    assert.equal(trained.nodes.length, size);
    assert.ok(grown.nodes.length > size, `the pruning cuts something (${grown.nodes.length} nodes grown)`);
    const { state, steps } = byAlgorithm(data, trained);
    assert.deepEqual(shape(state.model), shape(trained));
    assert.ok(steps.some((s) => s.kind === 'leaf'), 'where pruning cuts a subtree, the algorithm makes a leaf');
    for (let k = 0; k <= steps.length; k++) {
      const finished = nextThenFinish(data, trained, k);
      assert.deepEqual(shape(finished.model), shape(trained), `${k} Next steps, then Finish`);
      assert.deepEqual(openLeaves(finished), [], `${k} Next steps, then Finish: every leaf decided`);
    }
  });
}
