// A forest tree on its way to the page (docs/architecture.md "The shapes of a tree and of a
// report"): grown and packed in the worker's pool, moved to the host as packed columns, made there
// into the one columnar form (memberColumns) without node objects, sliced for the page and sent
// as JSON, decoded by the page. What the page draws is the engine's tree: checked through the real
// worker against the forest trained in this thread, for categorical, "missing vs present",
// multiway, weighted and regression trees; and the columns equal, one by one, those of the model
// JSON's nodes encoded (the road the tree took before).
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { WorkerBridge } from '../../../src/host/worker-bridge';
import { nodeEngine } from '../../../src/host/node-platform';
import { memberColumns } from '../../../src/engine/forest/member-columns';
import { memberModel } from '../../../src/engine/forest/predict';
import { trainForest } from '../../../src/engine/forest/train';
import type { ForestParams } from '../../../src/engine/forest/types';
import { decodeModel, encodeModel, type TreeColumns } from '../../../src/engine/model-columns';
import { ForestAnswers } from '../../../src/panel/forest-requests';
import type { ForestTreeReply } from '../../../src/shared/forest-protocol';
import { DEFAULT_FOREST_SETTINGS } from '../../../src/shared/forest-settings';
import { MEMBER_JOBS } from '../../../src/worker/jobs/forest-alternatives';
import { mixedData } from '../helpers/mixed-data';
import { bundleWorker } from '../helpers/worker-bundle';

let bridge: WorkerBridge;
before(async () => {
  const engineFile = await bundleWorker();
  bridge = new WorkerBridge(() => nodeEngine(engineFile));
});

const data = mixedData();

const forests: Array<[string, ForestParams]> = [
  ['random forest, categorical and +Infinity splits', { target: 'y', ignore: ['v', 'w'], ensemble: 'forest', nTrees: 6, seed: 3 }],
  ['random forest trained with row weights', { target: 'y', ignore: ['v'], sampleWeightColumn: 'w', ensemble: 'forest', nTrees: 4, seed: 8 }],
  ['bagging of C4.5 trees: multiway, fractional samples', { target: 'y', ignore: ['v', 'w'], ensemble: 'bagging', algorithm: 'c45', criterion: 'gain_ratio', nTrees: 4, seed: 5 }],
  ['regression forest', { target: 'v', ignore: ['y', 'w'], ensemble: 'forest', nTrees: 4, seed: 7 }],
];

/** Typed columns as plain arrays, to compare with encodeModel's. */
function plain(tree: TreeColumns): TreeColumns<number[]> {
  const nodes = Object.fromEntries(Object.entries(tree.nodes).map(([k, v]) => [k, ArrayBuffer.isView(v) ? Array.from(v as Float64Array) : v]));
  return { ...tree, nodes } as TreeColumns<number[]>;
}

for (const [name, params] of forests) {
  test(`a forest tree's columns are made from its packed form as the model JSON's nodes would encode: ${name}`, () => {
    const model = trainForest(data, params).model;
    model.trees.forEach((_, t) => assert.deepEqual(plain(memberColumns(model, t)), encodeModel(memberModel(model, t)), `tree ${t}`));
  });

  test(`the page gets the engine's forest tree through the worker and the host: ${name}`, async () => {
    const engine = trainForest(data, params).model;
    const byWorker = await bridge.run('forest', { dataset: data, params, jobs: 2 }).result;
    const recipe = { target: params.target, settings: DEFAULT_FOREST_SETTINGS, file: { size: 0, mtime: 0 } };
    const answers = new ForestAnswers({ report: byWorker, dataset: data, params, recipe }, async (kind, job) => MEMBER_JOBS[kind](job) as never);
    assert.equal(byWorker.model.trees.length, engine.trees.length);
    let kinds = { categorical: false, presence: false, multiway: false, weighted: false };
    for (let t = 0; t < engine.trees.length; t++) {
      const reply = (await answers.handlers.tree({ index: t })) as ForestTreeReply;
      // The page receives JSON (Infinity becomes null there) and decodes it as the forest view does.
      const page = decodeModel(JSON.parse(JSON.stringify(reply.model)) as TreeColumns<number[]>);
      const expected = memberModel(engine, t);
      assert.equal(page.sent, expected.nodes.length, `tree ${t} goes whole`);
      assert.deepEqual(page.model, expected, `tree ${t}`);
      const nodes = page.model.nodes;
      kinds = {
        categorical: kinds.categorical || nodes.some((n) => n.split?.kind === 'categorical'),
        presence: kinds.presence || nodes.some((n) => n.split?.kind === 'numeric' && n.split.threshold === Infinity),
        multiway: kinds.multiway || nodes.some((n) => n.children.length > 2),
        weighted: kinds.weighted || nodes.every((n) => n.weightedSamples !== undefined),
      };
    }
    // What each case is there for, so a change of data cannot empty it.
    if (name.startsWith('random forest, categorical')) assert.ok(kinds.categorical && kinds.presence, 'categorical and +Infinity splits');
    if (name.includes('row weights')) assert.ok(kinds.weighted, 'weighted nodes');
    if (name.includes('C4.5')) assert.ok(kinds.multiway, 'multiway splits');
  });
}

test('a forest tree asked for that is not there is an error, not an empty tree', () => {
  const report = trainForest(data, forests[0][1]);
  const answers = new ForestAnswers({ report, dataset: data, params: forests[0][1], recipe: { target: 'y', settings: DEFAULT_FOREST_SETTINGS, file: { size: 0, mtime: 0 } } }, async () => {
    throw new Error('no node job here');
  });
  assert.throws(() => answers.handlers.tree({ index: 6 }), /The forest has 6 trees: there is no tree 7\./);
});
