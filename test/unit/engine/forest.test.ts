// The forest engine on real outcomes: the same seed gives the same forest, a 1-tree forest without
// bootstrap over every feature is the single tree, feature draws skip constant features, OOB
// predictions come from exactly the trees that left a row out, votes and shares agree with the
// member trees, the model file round-trips, and bad parameters are clear InputErrors.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import type { Dataset } from '../../../src/engine/dataset';
import { InputError } from '../../../src/engine/errors';
import { inBagCounts } from '../../../src/engine/forest/bootstrap';
import { assembleForest } from '../../../src/engine/forest/assemble';
import { trainMember } from '../../../src/engine/forest/member';
import { parseForest, readModelJson, serializeForest } from '../../../src/engine/forest/model-json';
import { planForest } from '../../../src/engine/forest/plan';
import { memberModel, predictForest, rowVotes } from '../../../src/engine/forest/predict';
import { trainForest } from '../../../src/engine/forest/train';
import type { ForestParams } from '../../../src/engine/forest/types';
import { predict, predictProba } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num, randomNumeric } from '../helpers/tree-data';

const csv = (file: string): Dataset => parseCsv(readFileSync(path.join('test/fixtures/forest', file)));
const iris = csv('iris.csv');
const diabetes = csv('diabetes.csv');
const forest = (extra: Partial<ForestParams> = {}): ForestParams => ({ target: 'target', ensemble: 'forest', nTrees: 20, ...extra });

test('the same seed gives the same forest, member by member in any order; another seed another forest', () => {
  const a = trainForest(iris, forest({ seed: 3 }));
  const plan = planForest(iris, forest({ seed: 3 }));
  const members = Array.from({ length: 20 }, (_, i) => 19 - i).map((i) => trainMember(iris, plan, i));
  const b = assembleForest(iris, plan, members);
  assert.equal(serializeForest(b.model), serializeForest(a.model));
  assert.deepEqual(b.oob, a.oob);
  assert.notEqual(serializeForest(trainForest(iris, forest({ seed: 4 })).model), serializeForest(a.model));
});

for (const [name, data, extra] of [
  ['random forest (CART)', iris, {}],
  ['bagging of C4.5 trees', csv('iris.csv'), { ensemble: 'bagging', algorithm: 'c45', criterion: 'gain_ratio' }],
  ['regression forest', diabetes, {}],
] as const) {
  test(`${name}: one tree without bootstrap over every feature is the single tree`, () => {
    const f = trainForest(data, forest({ ...extra, nTrees: 1, bootstrap: false, maxFeatures: 'all' }));
    const tree = trainTree(data, { target: 'target', ...('algorithm' in extra ? { algorithm: extra.algorithm, criterion: extra.criterion } : {}) }).model;
    assert.deepEqual(memberModel(f.model, 0).nodes, tree.nodes);
    assert.deepEqual(predictForest(f.model, data).predictions, predict(tree, data));
    assert.equal(f.oob.score, null);
  });
}

test('feature draws skip constant features: one informative column among kept constants grows the plain tree (exact and hist)', () => {
  const base = randomNumeric(5, 300, 1, (x) => (x[0] > 7 ? 'a' : x[0] > 3 ? 'b' : 'c'));
  const constants = Array.from({ length: 6 }, (_, j) => num(`k${j}`, new Array<number>(300).fill(j)));
  const data = dataset(...constants, ...base.columns);
  const keep = constants.map((c) => c.name);
  for (const splitter of ['exact', 'hist'] as const) {
    const plain = trainTree(data, { target: 'y', keep, splitter }).model;
    const drawn = trainTree(data, { target: 'y', keep, splitter }, { featureDraw: { maxFeatures: 1, seed: 9 } }).model;
    assert.deepEqual(drawn.nodes, plain.nodes, splitter);
  }
});

test('feature draws use other features than the plain search on informative data (exact and hist)', () => {
  const data = randomNumeric(6, 400, 8, (x) => (x[0] + x[3] > 20 ? 'a' : 'b'));
  for (const splitter of ['exact', 'hist'] as const) {
    const plain = trainTree(data, { target: 'y', splitter }).model;
    const drawn = trainTree(data, { target: 'y', splitter }, { featureDraw: { maxFeatures: 2, seed: 1 } }).model;
    const used = (m: typeof plain) => new Set(m.nodes.map((n) => n.split?.feature).filter((f) => f !== undefined));
    assert.ok(used(drawn).size > used(plain).size, splitter);
  }
});

test('OOB: each row is predicted by the mean class shares of exactly the trees whose bootstrap left it out', () => {
  const params = forest({ seed: 1 });
  const r = trainForest(iris, params);
  const plan = planForest(iris, params);
  const counts = r.model.trees.map((_, t) => inBagCounts(plan, t));
  const probas = r.model.trees.map((_, t) => predictProba(memberModel(r.model, t), iris));
  const classes = r.model.classes as string[];
  const truth = iris.columns[4] as { codes: Int32Array; categories: readonly string[] };
  let scored = 0;
  let correct = 0;
  for (let row = 0; row < iris.rowCount; row++) {
    const sum = [0, 0, 0];
    let trees = 0;
    counts.forEach((c, t) => {
      if (c[row] > 0) return;
      trees++;
      for (let k = 0; k < 3; k++) sum[k] += probas[t][row * 3 + k];
    });
    if (trees === 0) continue;
    scored++;
    const best = sum.indexOf(Math.max(...sum));
    if (classes[best] === truth.categories[truth.codes[row]]) correct++;
  }
  assert.equal(r.oob.rows, scored);
  assert.equal(r.oob.score, correct / scored);
  assert.equal(r.oob.curve?.trees.length, 20);
  assert.ok(Math.abs((r.oob.curve?.error[19] ?? NaN) - (1 - (r.oob.score as number))) < 1e-12);
  r.trees.forEach((t, i) => assert.equal(t.oobRows, counts[i].filter((c) => c === 0).length));
  // Importances: mean MDI sums to 1; OOB permutation ranks a petal measure first.
  assert.ok(Math.abs(r.importances.mdi.reduce((a, x) => a + x.mean, 0) - 1) < 1e-9);
  assert.match(r.importances.oobPermutation?.[0].feature ?? '', /^petal/);
});

test('hard voting takes the majority of the member trees; soft shares sum to 1; rowVotes agrees with predict', () => {
  const soft = trainForest(iris, forest({ seed: 2, voting: 'soft' })).model;
  const hard = { ...soft, params: { ...soft.params, voting: 'hard' as const } };
  const members = soft.trees.map((_, t) => predict(memberModel(soft, t), iris));
  const classes = soft.classes as string[];
  const hardPred = predictForest(hard, iris);
  const softPred = predictForest(soft, iris);
  for (let row = 0; row < iris.rowCount; row++) {
    const votes = classes.map((c) => members.filter((m) => m[row] === c).length);
    assert.equal(hardPred.predictions[row], classes[votes.indexOf(Math.max(...votes))]);
    const v = rowVotes(soft, iris, row);
    assert.deepEqual(v.labels, votes);
    assert.equal(v.prediction, softPred.predictions[row]);
    const shares = (softPred.shares as Float64Array).subarray(row * 3, row * 3 + 3);
    assert.ok(Math.abs(shares.reduce((a, b) => a + b, 0) - 1) < 1e-12);
    v.shares.forEach((s, k) => assert.ok(Math.abs(s - shares[k]) < 1e-12));
  }
});

test('regression: the mean of the member trees; the default max features is p/3', () => {
  const r = trainForest(diabetes, forest({ seed: 1 }));
  assert.equal(r.model.params.maxFeatures, 3);
  const members = r.model.trees.map((_, t) => predict(memberModel(r.model, t), diabetes) as number[]);
  const got = predictForest(r.model, diabetes).predictions as number[];
  got.forEach((p, row) => assert.ok(Math.abs(p - members.reduce((a, m) => a + m[row], 0) / members.length) < 1e-9));
  assert.equal(r.oob.scoreName, 'r2');
  assert.ok((r.oob.score as number) > 0.3);
});

test('model JSON: a forest round-trips; readModelJson tells trees from forests; a newer version asks for an update', () => {
  const m = trainForest(iris, forest({ nTrees: 3 })).model;
  const text = serializeForest(m);
  assert.equal(serializeForest(parseForest(text)), text);
  assert.equal(readModelJson(text).kind, 'forest');
  assert.equal(readModelJson(JSON.stringify(memberModel(m, 0))).kind, 'tree');
  assert.throws(() => readModelJson(text.replace('"version":2', '"version":3')), (e: unknown) => e instanceof InputError && /version 3 is not supported.*newer Decision Tree Explorer/.test(e.message));
  const broken = JSON.parse(text);
  broken.trees[1].right[0] = 99;
  assert.throws(() => readModelJson(JSON.stringify(broken)), /tree 1: "right" holds 99, not an index/);
  assert.throws(() => readModelJson(text.replace(/"trees":\[.*\],"featureImportances"/, '"trees":[],"featureImportances"')), /non-empty/);
});

test('a class missing from a bootstrap sample keeps the forest class order', () => {
  const y = [...new Array<string>(60).fill('a'), ...new Array<string>(60).fill('b'), 'rare'];
  const data = dataset(num('x', y.map((_, i) => i)), cat('y', y));
  const r = trainForest(data, { target: 'y', keep: ['x'], ensemble: 'bagging', nTrees: 10, seed: 1 });
  r.model.trees.forEach((_, t) => memberModel(r.model, t).nodes.forEach((n) => assert.equal((n.value as number[]).length, 3)));
});

for (const [what, data, params, message] of [
  ['no trees', iris, forest({ nTrees: 0 }), /number of trees must be an integer ≥ 1, got 0/],
  ['more max features than columns', iris, forest({ maxFeatures: 5 }), /max features 5 is more than the 4 feature columns/],
  ['hard voting on regression', diabetes, forest({ voting: 'hard' }), /voting applies to classification/],
  ['a forest of ID3 trees', iris, forest({ algorithm: 'id3' }), /random forest grows CART trees; use --ensemble bagging/],
  ['bagging with a feature subset', iris, forest({ ensemble: 'bagging', maxFeatures: 2 }), /bagging tries every feature/],
  ['max samples without bootstrap', iris, forest({ bootstrap: false, maxSamples: 0.5 }), /max samples needs bootstrap/],
  ['more max samples than rows', iris, forest({ maxSamples: 151 }), /max samples 151 is more than the 150 training rows/],
] as const) {
  test(`bad input: ${what}`, () => {
    assert.throws(() => trainForest(data, params), (e: unknown) => e instanceof InputError && message.test(e.message));
  });
}

test("splitter 'auto' (the extension's default) is decided once on the training rows: the forest is the one of the splitter it chose", () => {
  const auto = trainForest(iris, forest({ seed: 5, splitter: 'auto' }));
  assert.equal(auto.model.params.splitter, 'exact');
  assert.equal(serializeForest(auto.model), serializeForest(trainForest(iris, forest({ seed: 5, splitter: 'exact' })).model));
  const hist = trainForest(iris, forest({ seed: 5, splitter: 'auto', histogramAboveRows: 100 }));
  assert.equal(hist.model.params.splitter, 'hist');
});

test('rows without a target change no tree: bootstrap counts weigh the training rows alike whether or not every row has a target', () => {
  const lines = readFileSync(path.join('test/fixtures/forest', 'iris.csv'), 'utf8').trim().split('\n');
  // A row with no target after every 25th: the members then weigh the rows through the training rows' map.
  const gappy = parseCsv([lines[0], ...lines.slice(1).flatMap((line, i) => (i % 25 === 0 ? [line, '5.0,3.0,1.5,0.2,'] : [line]))].join('\n'));
  for (const splitter of ['exact', 'hist'] as const) {
    const whole = trainForest(iris, forest({ seed: 6, splitter }));
    const withGaps = trainForest(gappy, forest({ seed: 6, splitter }));
    assert.equal(withGaps.droppedMissingTarget, 6);
    assert.equal(serializeForest(withGaps.model), serializeForest(whole.model), splitter);
    assert.deepEqual(withGaps.oob.score, whole.oob.score);
  }
});
