// The compiled routing (row by row and node by node) against a plain walk over the model's nodes
// by column name, on trees trained on random data: numeric columns with missing values,
// categorical and boolean columns, CART's binary category sets and ID3/C4.5's multiway branches,
// predicted on other random rows whose categories the trees partly never saw (and whose category
// codes are numbered differently from the training data's).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type CategoricalColumn, type Column, type Dataset, type NumericColumn, isNumeric } from '../../../src/engine/dataset';
import type { Algorithm, TreeModel } from '../../../src/engine/model';
import { createRng, randomInt, shuffleInPlace, type Rng } from '../../../src/engine/random';
import { compileTree, withColumn } from '../../../src/engine/tree/compiled-tree';
import { compiledLeaves, decisionPath, predict, predictLeaves, predictProba } from '../../../src/engine/tree/predict';
import { routeRows } from '../../../src/engine/tree/route-rows';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num } from '../helpers/tree-data';

/** Random rows: two numeric columns (10% missing), a categorical and a boolean column, and a class or value target. */
function randomData(rng: Rng, rows: number, levels: string[], regression: boolean): Dataset {
  const pick = <T>(items: T[]): T => items[randomInt(rng, items.length)];
  const a: Array<number | null> = [];
  const b: Array<number | null> = [];
  const colour: Array<string | null> = [];
  const flag: Array<string | null> = [];
  const y: Array<string | number> = [];
  for (let r = 0; r < rows; r++) {
    a.push(rng() < 0.1 ? null : randomInt(rng, 40) / 4);
    b.push(rng() < 0.1 ? null : Math.round(rng() * 1000) / 10);
    colour.push(rng() < 0.1 ? null : pick(levels));
    flag.push(rng() < 0.05 ? null : pick(['no', 'yes']));
    const score = (a[r] ?? 5) + (colour[r] === levels[0] ? 3 : 0) + (flag[r] === 'yes' ? 2 : 0) + rng() * 4;
    y.push(regression ? score : score < 5 ? 'low' : score < 8 ? 'mid' : 'high');
  }
  const target: Column = regression ? num('y', y as number[]) : cat('y', y as string[]);
  return dataset(num('a', a), num('b', b), cat('colour', colour), cat('flag', flag, 'boolean'), target);
}

/**
 * The leaf a row reaches, walking the model's nodes by column name: the contract of
 * docs/model-format.md read literally.
 */
function referenceLeaf(model: TreeModel, data: Dataset, row: number): number {
  let id = 0;
  for (;;) {
    const node = model.nodes[id];
    if (node.split === null || node.children.length === 0) return id;
    const split = node.split;
    const column = data.columns.find((c) => c.name === split.feature) as Column;
    let branch: number;
    if (split.kind === 'numeric') {
      const v = (column as NumericColumn).values[row];
      branch = Number.isNaN(v) ? (node.missingGoesTo as number) : v <= split.threshold ? 0 : 1;
    } else {
      const c = column as CategoricalColumn;
      const code = c.codes[row];
      const found = code < 0 ? -1 : split.branches.findIndex((names) => names.includes(c.categories[code]));
      branch = found < 0 ? (node.missingGoesTo as number) : found;
    }
    id = node.children[branch];
  }
}

function leavesBy(model: TreeModel, data: Dataset, nodeByNode: boolean): number[] {
  const tree = compileTree(model, data);
  const leaves = new Array<number>(data.rowCount).fill(-1);
  routeRows(
    tree,
    data.rowCount,
    (leaf, row) => {
      assert.equal(leaves[row], -1, `row ${row} is reached once`);
      leaves[row] = tree.modelId[leaf];
    },
    nodeByNode,
  );
  return leaves;
}

test('compiled routing, row by row and node by node, reaches the leaves of a plain walk on random trees', () => {
  const rng = createRng(2024);
  const trained = ['red', 'green', 'blue', 'cyan', 'plum', 'teal'];
  // Test rows: two colours the trees never saw, and the dictionary in another order.
  const unseen = ['navy', 'teal', 'red', 'gold', 'blue', 'green', 'plum', 'cyan'];
  let multiway = 0;
  let categoricalSplits = 0;
  let missingRows = 0;
  for (let trial = 0; trial < 24; trial++) {
    const algorithm: Algorithm = (['cart', 'id3', 'c45'] as const)[trial % 3];
    const regression = algorithm === 'cart' && trial % 2 === 0;
    const train = randomData(rng, 150 + randomInt(rng, 250), trained, regression);
    const { model } = trainTree(train, { target: 'y', algorithm, maxDepth: trial % 4 === 0 ? 3 : null, minSamplesLeaf: 1 + (trial % 3) });
    multiway += model.nodes.filter((n) => n.children.length > 2).length;
    categoricalSplits += model.nodes.filter((n) => n.split?.kind === 'categorical').length;
    const test = randomData(rng, 300, unseen, regression);
    const expected = Array.from({ length: test.rowCount }, (_, r) => referenceLeaf(model, test, r));
    missingRows += expected.filter((_, r) => test.columns.some((c) => (isNumeric(c) ? Number.isNaN(c.values[r]) : c.codes[r] < 0))).length;
    assert.deepEqual(leavesBy(model, test, false), expected, `row by row, trial ${trial} (${algorithm})`);
    assert.deepEqual(leavesBy(model, test, true), expected, `node by node, trial ${trial} (${algorithm})`);
    assert.deepEqual(Array.from(predictLeaves(model, test)), expected);
    assert.deepEqual(
      predict(model, test),
      expected.map((id) => model.nodes[id].prediction),
    );
    for (const r of [0, 7, test.rowCount - 1]) {
      const path = decisionPath(model, test, r);
      assert.equal(path[0], 0);
      assert.equal(path[path.length - 1], expected[r]);
      path.slice(1).forEach((id, k) => assert.ok(model.nodes[path[k]].children.includes(id), `path step ${k} of row ${r} is a child`));
    }
    if (!regression) {
      const proba = predictProba(model, test);
      const k = (model.classes as string[]).length;
      assert.equal(proba.length, test.rowCount * k);
      expected.forEach((id, r) => {
        const counts = model.nodes[id].value as number[];
        const total = counts.reduce((x, y) => x + y, 0);
        assert.deepEqual(Array.from(proba.subarray(r * k, r * k + k)), counts.map((c) => c / total));
      });
    }
  }
  // The random trees did exercise what they are meant to.
  assert.ok(multiway > 0, 'some multiway (ID3/C4.5) nodes');
  assert.ok(categoricalSplits > 10, 'categorical and boolean splits');
  assert.ok(missingRows > 100, 'rows with missing values');
});

test('node by node over more rows than one block of rows, on fully grown trees whose leaves are reached from both sides', () => {
  const rng = createRng(7);
  const levels = ['red', 'green', 'blue', 'cyan', 'plum', 'teal'];
  // More rows than route-rows.ts takes at a time (2^18), so that the blocks' seams are crossed.
  const test = randomData(rng, (1 << 18) + 777, levels, true);
  for (const algorithm of ['cart', 'c45'] as const) {
    const regression = algorithm === 'cart';
    const { model } = trainTree(randomData(rng, 3000, levels, regression), { target: 'y', algorithm });
    const leaves = model.nodes.filter((n) => n.children.length === 0).map((n) => n.id);
    const parentOf = new Map(model.nodes.flatMap((n) => n.children.map((c, b) => [c, b] as const)));
    assert.ok(leaves.filter((id) => parentOf.get(id) === 0).length > 100 && leaves.filter((id) => parentOf.get(id) === 1).length > 100, 'first and second children that are leaves');
    const expected = Array.from({ length: test.rowCount }, (_, r) => referenceLeaf(model, test, r));
    assert.deepEqual(leavesBy(model, test, true), expected, `node by node (${algorithm})`);
    assert.deepEqual(leavesBy(model, test, false), expected, `row by row (${algorithm})`);
  }
});

test('a categorical column read as numbers, and a numeric column read as text, route like their typed selves', () => {
  const train = dataset(num('n', [1, 2, 3, 4, 5, 6]), cat('k', ['1', '2', '1', '3', '2', '3']), cat('y', ['a', 'a', 'b', 'b', 'c', 'c']));
  const { model } = trainTree(train, { target: 'y' });
  const typed = dataset(num('n', [1, 4, null, 6]), cat('k', ['3', '1', '2', null]), cat('y', ['a', 'a', 'a', 'a']));
  const swapped = dataset(cat('n', ['1', '4', null, '6']), num('k', [3, 1, 2, null]), cat('y', ['a', 'a', 'a', 'a']));
  const expected = Array.from({ length: 4 }, (_, r) => referenceLeaf(model, typed, r));
  assert.deepEqual(Array.from(predictLeaves(model, typed)), expected);
  assert.deepEqual(Array.from(predictLeaves(model, swapped)), expected);
});

test('a tree that is a single leaf, and data without rows', () => {
  const { model } = trainTree(dataset(num('x', [1, 2, 3]), cat('y', ['a', 'a', 'b'])), { target: 'y', minSamplesSplit: 10 });
  assert.equal(model.nodes.length, 1);
  const data = dataset(num('x', [5, null]), cat('y', ['a', 'a']));
  assert.deepEqual(predict(model, data), ['a', 'a']);
  assert.deepEqual(leavesBy(model, data, true), [0, 0]);
  const empty = dataset(num('x', []), cat('y', []));
  assert.deepEqual(predict(model, empty), []);
  assert.deepEqual(leavesBy(model, empty, true), []);
});

test('a compiled tree given one column shuffled routes as a tree compiled on the shuffled data (permutation importance)', () => {
  const rng = createRng(77);
  const levels = ['red', 'green', 'blue', 'cyan'];
  for (const algorithm of ['cart', 'c45'] as const) {
    const data = randomData(rng, 400, levels, false);
    const { model } = trainTree(data, { target: 'y', algorithm, minSamplesLeaf: 2 });
    const tree = compileTree(model, data);
    const split = new Set(model.nodes.map((n) => n.split?.feature));
    assert.ok(split.has('a') && split.has('colour'), `${algorithm} splits on a numeric and a categorical column`);
    for (const name of ['a', 'b', 'colour', 'flag']) {
      const at = data.columns.findIndex((c) => c.name === name);
      const column = data.columns[at];
      const order = Int32Array.from({ length: data.rowCount }, (_, i) => i);
      shuffleInPlace(rng, order);
      const shuffled: Column = isNumeric(column) ? { ...column, values: Float64Array.from(order, (r) => column.values[r]) } : { ...column, codes: Int32Array.from(order, (r) => column.codes[r]) };
      const columns = [...data.columns];
      columns[at] = shuffled;
      const other = { ...data, columns };
      assert.deepEqual(compiledLeaves(withColumn(tree, model, other, name), data.rowCount), predictLeaves(model, other), `${algorithm}, ${name} shuffled`);
    }
    assert.deepEqual(compiledLeaves(tree, data.rowCount), predictLeaves(model, data), 'the tree compiled first is unchanged');
  }
});
