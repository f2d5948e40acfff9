// Many-valued categorical columns (minCategorySamples, src/engine/tree/rare-categories.ts): a
// category with fewer rows than the minimum in a node goes with the node's missing values, in the
// exact and the histogram splitter alike, in training, in the model, in predict, in the rules and
// exported code and in `splits`; 0 or 1 gives the trees of before the option.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { type Dataset, isNumeric } from '../../../src/engine/dataset';
import { exportCode } from '../../../src/engine/export/code';
import { withoutSplitFacts, type ModelNode, type TrainParams, type TreeModel } from '../../../src/engine/model';
import { bestSplitsAt } from '../../../src/engine/node-alternatives';
import { buildReport } from '../../../src/engine/report';
import { extractRules } from '../../../src/engine/rules/extract';
import { columnSplits } from '../../../src/engine/splits/column-splits';
import { predict, predictLeaves } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { buildHoverData } from '../../../src/worker/jobs/hover-data';
import { mixedCategories, noiseVersusSignal, RECORDED_CASES } from '../helpers/rare-category-data';
import { datasetRows, runJavaScript } from '../helpers/run-exports';
import { cat, dataset, num } from '../helpers/tree-data';

function accuracy(model: TreeModel, data: Dataset): number {
  const y = data.columns.find((c) => c.name === model.target);
  assert.ok(y && !isNumeric(y));
  const predicted = predict(model, data);
  let right = 0;
  for (let r = 0; r < data.rowCount; r++) if (predicted[r] === y.categories[y.codes[r]]) right++;
  return right / data.rowCount;
}

test('a column of 300 random categories no longer beats the signal column, and held-out accuracy improves', () => {
  const train = noiseVersusSignal(2, 600);
  const heldOut = noiseVersusSignal(99, 4000);
  for (const maxDepth of [4, null]) {
    const before = trainTree(train, { target: 'y', maxDepth, minCategorySamples: 0 }).model;
    const after = trainTree(train, { target: 'y', maxDepth }).model;
    // Searching every category, the noise memorises its few rows per category and wins the root.
    assert.equal(before.nodes[0].split?.feature, 'noise');
    assert.equal(after.nodes[0].split?.feature, 'signal');
    assert.equal(after.params.minCategorySamples, 10, 'the model records the minimum it used');
    const gain = accuracy(after, heldOut) - accuracy(before, heldOut);
    assert.ok(gain > 0.1, `depth ${maxDepth ?? 'full'}: held-out accuracy ${accuracy(before, heldOut)} → ${accuracy(after, heldOut)}`);
  }
  // `splits` and the hovers use the same search: they name the column the tree asks first.
  assert.equal(columnSplits(train, { target: 'y' }).root?.feature, 'signal');
  assert.equal(columnSplits(train, { target: 'y', minCategorySamples: 0 }).root?.feature, 'noise');
  const starts = new Int32Array(train.rowCount + 1).map((_, i) => i);
  assert.equal(buildHoverData(train, starts, { target: 'y' }).splits?.root?.feature, 'signal');
  assert.equal(buildHoverData(train, starts, { target: 'y', minCategorySamples: 0 }).splits?.root?.feature, 'noise');
});

/**
 * Root: z (z = 1 is all "p"). In the z = 0 node, x has A–E (20 rows each: A–C "p", D–E "n"),
 * R only 3 rows there ("n"; 20 more in z = 1) and 4 missing values ("p").
 */
function rareInOneNode(): Dataset {
  const z: number[] = [];
  const x: Array<string | null> = [];
  const y: string[] = [];
  const add = (zv: number, xv: string | null, yv: string, times: number): void => {
    for (let i = 0; i < times; i++) {
      z.push(zv);
      x.push(xv);
      y.push(yv);
    }
  };
  for (const c of ['A', 'B', 'C', 'D', 'E']) add(1, c, 'p', 56);
  add(1, 'R', 'p', 20);
  for (const c of ['A', 'B', 'C']) add(0, c, 'p', 20);
  for (const c of ['D', 'E']) add(0, c, 'n', 20);
  add(0, 'R', 'n', 3);
  add(0, null, 'p', 4);
  return dataset(num('z', z), cat('x', x), cat('y', y));
}

function xNode(model: TreeModel): ModelNode {
  const root = model.nodes[0];
  assert.equal(root.split?.feature, 'z');
  const node = model.nodes[root.children[0]];
  assert.equal(node.split?.feature, 'x');
  return node;
}

const rowsOf = (...rows: Array<[number, string | null]>): Dataset =>
  dataset(
    num('z', rows.map((r) => r[0])),
    cat('x', rows.map((r) => r[1])),
  );

for (const splitter of ['exact', 'hist'] as const) {
  test(`${splitter}: a category rarer than the minimum in a node goes with its missing values, in the model and in predict`, () => {
    const data = rareInOneNode();
    const { model } = trainTree(data, { target: 'y', maxDepth: 2, splitter });
    const node = xNode(model);
    assert.ok(node.split?.kind === 'categorical');
    // R has 23 rows in the file but 3 here: no branch lists it, so it follows missingGoesTo.
    assert.deepEqual(node.split.branches.flat().sort(), ['A', 'B', 'C', 'D', 'E']);
    const missingChild = model.nodes[node.children[node.missingGoesTo ?? -1]];
    // The search sent R's 3 rows with the 4 missing ones to the A–C side (64 "p", 3 "n").
    assert.deepEqual(missingChild.value, [3, 64]);
    assert.equal(missingChild.samples, 67);
    assert.ok(node.split.branches[node.missingGoesTo ?? -1].includes('A'));
    // predict routes R like a missing value here, as training did; R under z = 1 is unaffected.
    assert.deepEqual(predict(model, rowsOf([0, 'R'], [0, null], [0, 'D'], [1, 'R'])), ['p', 'p', 'n', 'p']);
    const leaves = predictLeaves(model, data);
    for (const [id, n] of model.nodes.entries()) {
      if (n.children.length === 0) assert.equal(leaves.filter((l) => l === id).length, n.samples, `leaf ${id}: predict routes the training rows as training did`);
    }

    // Every category searched: R is a branch of its own side, away from the missing values.
    const all = xNode(trainTree(data, { target: 'y', maxDepth: 2, splitter, minCategorySamples: 1 }).model);
    assert.ok(all.split?.kind === 'categorical');
    assert.deepEqual(all.split.branches.flat().sort(), ['A', 'B', 'C', 'D', 'E', 'R']);
    assert.ok(all.split.branches.find((b) => b.includes('R'))?.includes('D'));
  });
}

test("the panel's best splits at a node count rarity in that node, as the tree did", () => {
  const data = rareInOneNode();
  const report = buildReport(data, { params: { target: 'y', maxDepth: 2 }, permutationRepeats: 0, simplify: false });
  const node = xNode(report.model);
  const [best] = bestSplitsAt(data, report.model, report.settings, node.id);
  assert.equal(best.feature, 'x');
  assert.equal(best.chosen, true);
  assert.ok(node.split?.kind === 'categorical');
  assert.equal(best.condition, `x ∈ {${node.split.branches[0].join(', ')}}`);
});

test('rules and exported code agree with predict when rare categories follow the missing side', () => {
  const data = rareInOneNode();
  const { model } = trainTree(data, { target: 'y', maxDepth: 2 });
  const rules = extractRules(model, 'tree');
  const withR = rules.filter((r) => r.conditions.some((c) => c.kind === 'categorical' && c.missing));
  assert.equal(withR.length, 1);
  assert.match(withR[0].conditions.map((c) => c.text).join(' and '), /x ∈ \{A, B, C\} or missing\/unseen/);
  const probe = rowsOf([0, 'R'], [0, null], [0, 'A'], [0, 'E'], [1, 'R'], [1, null], [0, 'never seen']);
  assert.deepEqual(runJavaScript(exportCode(model, 'js'), datasetRows(probe)), predict(model, probe));
  assert.deepEqual(runJavaScript(exportCode(model, 'js'), datasetRows(data)), predict(model, data));
});

test('exact and hist grow the same trees with rare categories pooled', () => {
  for (const [seed, params] of [
    [7, { target: 'v', ignore: ['y'], maxDepth: 5 }],
    [8, { target: 'v', ignore: ['y'], minSamplesLeaf: 3 }],
  ] as Array<[number, TrainParams]>) {
    const data = mixedCategories(seed, 500);
    const exact = trainTree(data, { ...params, splitter: 'exact' }).model;
    const hist = trainTree(data, { ...params, splitter: 'hist' }).model;
    // Identical but for the rounding of regression sums (added up in another order) and numeric
    // thresholds (hist: a bin's largest value; exact: the midpoint to the next one), same rows each side.
    const shape = (m: TreeModel) =>
      m.nodes.map((n) => ({
        ...n,
        impurity: n.impurity.toPrecision(12),
        value: Number(n.value).toPrecision(12),
        prediction: Number(n.prediction).toPrecision(12),
        split: n.split?.kind === 'numeric' ? n.split.feature : n.split,
      }));
    assert.deepEqual(shape(hist), shape(exact), `seed ${seed}`);
    // Some split left categories of its node out of its branches (else this compares nothing new).
    const cities = data.columns[0];
    assert.ok(!isNumeric(cities));
    const leaves = predictLeaves(exact, data);
    const pooled = exact.nodes.some((n) => {
      if (n.split?.kind !== 'categorical' || n.split.feature !== 'city') return false;
      // Preorder: the subtree of n is n.id up to its last descendant.
      let last = n.id;
      while (exact.nodes[last].children.length > 0) last = exact.nodes[last].children[exact.nodes[last].children.length - 1];
      const present = new Set<number>();
      leaves.forEach((l, r) => {
        if (l >= n.id && l <= last && cities.codes[r] >= 0) present.add(cities.codes[r]);
      });
      return n.split.branches.flat().length < present.size;
    });
    assert.ok(pooled, `seed ${seed}: a city split pooled rare categories`);
  }
});

test('0 and 1 give the trees of before the option (every category searched)', () => {
  const file = path.join(process.cwd(), 'test/fixtures/models/many-categories-0.json');
  const recorded = JSON.parse(readFileSync(file, 'utf8')) as Record<string, ModelNode[]>;
  assert.deepEqual(RECORDED_CASES.map((c) => c.name).sort(), Object.keys(recorded).sort());
  for (const { name, data, params } of RECORDED_CASES) {
    for (const minCategorySamples of [0, 1]) {
      // Recorded before nodes said whether missing values reached them (sawMissing): compared without it.
      assert.deepEqual(trainTree(data(), { ...params, minCategorySamples }).model.nodes.map(withoutSplitFacts), recorded[name], `${name}, ${minCategorySamples}`);
    }
    // The default differs on these data (else they would not show that 0 and 1 switch it off).
    assert.notDeepEqual(trainTree(data(), params).model.nodes.map(withoutSplitFacts), recorded[name], `${name}, default`);
  }
});

test('a bad minimum is an InputError', () => {
  const data = rareInOneNode();
  for (const bad of [-1, 2.5, Number.NaN]) assert.throws(() => trainTree(data, { target: 'y', minCategorySamples: bad }), /min category samples must be an integer ≥ 0/);
});
