// The splitter's categorical subset splits against brute force over every bipartition, and its
// numeric thresholds against a direct enumeration.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { gini } from '../../../src/engine/impurity';
import { createRng } from '../../../src/engine/random';
import { trainTree } from '../../../src/engine/tree/train';
import { cat, dataset, num } from '../helpers/tree-data';

/** Weighted child impurity Σ n_c·imp_c of the best bipartition of the levels, by brute force. */
function bruteForceBest(levels: string[], x: string[], y: Array<string | number>, regression: boolean): number {
  const classes = [...new Set(y.map(String))];
  const cost = (rows: number[]): number => {
    if (regression) {
      const v = rows.map((r) => y[r] as number);
      const m = v.reduce((a, b) => a + b, 0) / v.length;
      return v.reduce((a, b) => a + (b - m) ** 2, 0);
    }
    return rows.length * gini(classes.map((c) => rows.filter((r) => String(y[r]) === c).length));
  };
  let best = Infinity;
  for (let mask = 1; mask < 1 << (levels.length - 1); mask++) {
    const inLeft = new Set(levels.filter((_, j) => mask & (1 << j)));
    const left = x.flatMap((v, r) => (inLeft.has(v) ? [r] : []));
    const right = x.flatMap((v, r) => (inLeft.has(v) ? [] : [r]));
    best = Math.min(best, cost(left) + cost(right));
  }
  return best;
}

function rootCost(model: ReturnType<typeof trainTree>['model']): number {
  const [l, r] = model.nodes[0].children.map((c) => model.nodes[c]);
  return l.samples * l.impurity + r.samples * r.impurity;
}

for (const [label, nClasses, nLevels, regression] of [
  ['two classes (Breiman ordering)', 2, 9, false],
  ['four classes, 7 levels (exhaustive)', 4, 7, false],
  ['three classes, 10 levels (exhaustive)', 3, 10, false],
  ['regression (ordering by mean)', 0, 9, true],
] as const) {
  test(`categorical split is optimal: ${label}`, () => {
    for (let seed = 1; seed <= 8; seed++) {
      const rng = createRng(seed * 31 + nLevels);
      const levels = Array.from({ length: nLevels }, (_, j) => `L${j}`);
      const effect = levels.map(() => rng());
      const x: string[] = [];
      const y: Array<string | number> = [];
      for (let r = 0; r < 120; r++) {
        const j = Math.floor(rng() * nLevels);
        x.push(levels[j]);
        y.push(regression ? Math.round(effect[j] * 50 + rng() * 20) : `c${Math.floor((effect[j] * 0.7 + rng() * 0.3) * nClasses)}`);
      }
      const present = levels.filter((l) => x.includes(l));
      const ds = dataset(cat('x', x), regression ? num('y', y as number[]) : cat('y', y as string[]));
      // Every category searched (levels here have a handful of rows): the search itself is under test.
      const { model } = trainTree(ds, { target: 'y', task: regression ? 'regression' : 'classification', maxDepth: 1, minCategorySamples: 0 });
      const split = model.nodes[0].split;
      assert.ok(split && split.kind === 'categorical');
      assert.equal(split.branches.flat().length, present.length, 'every present level is in a branch');
      const want = bruteForceBest(present, x, y, regression);
      assert.ok(Math.abs(rootCost(model) - want) <= 1e-9 * Math.max(1, want), `seed ${seed}: ${rootCost(model)} vs optimal ${want}`);
    }
  });
}

test('numeric split: the threshold is the midpoint of the best cut, first column wins ties', () => {
  const ds = dataset(num('a', [1, 2, 3, 10, 11, 12]), num('b', [5, 6, 7, 20, 21, 22]), cat('y', ['n', 'n', 'n', 'p', 'p', 'p']));
  const { model } = trainTree(ds, { target: 'y' });
  assert.deepEqual(model.nodes[0].split, { feature: 'a', kind: 'numeric', threshold: 6.5 });
  assert.equal(model.nodes.length, 3);
});

test('boolean feature splits into its two values', () => {
  const ds = dataset(cat('flag', ['yes', 'no', 'yes', 'no', 'yes'], 'boolean'), cat('y', ['p', 'n', 'p', 'n', 'p']));
  const { model } = trainTree(ds, { target: 'y' });
  const split = model.nodes[0].split;
  assert.ok(split && split.kind === 'categorical');
  assert.deepEqual([...split.branches].map((b) => b.join()).sort(), ['no', 'yes']);
});

test('an identifier-like categorical column (a level per row), kept, trains without blowing up', () => {
  const n = 20000;
  const rng = createRng(12);
  const ids = Array.from({ length: n }, (_, i) => `row${i}`);
  const xs = Array.from({ length: n }, () => Math.floor(rng() * 1000));
  const ys = xs.map((x) => `c${Math.floor(x / 200)}`);
  const { model } = trainTree(dataset(cat('id', ids), num('x', xs), cat('y', ys)), { target: 'y', keep: ['id'] });
  // Each class is an interval of x: x alone separates them perfectly with 4 splits.
  assert.equal(model.nodes.length, 9);
  assert.deepEqual(Object.keys(model.featureImportances), ['id', 'x']);
  // Every categorical branch lists only categories present at its node.
  for (const node of model.nodes) if (node.split?.kind === 'categorical') assert.ok(node.split.branches.flat().length <= node.samples);
});

test('more than 10 levels and 3+ classes: ordering by the majority class share splits it off', () => {
  const levels = Array.from({ length: 12 }, (_, j) => `L${j}`);
  const x: string[] = [];
  const y: string[] = [];
  levels.forEach((l, j) => {
    // Class c0 is the most frequent (levels 0..5); c1 and c2 share the rest.
    const cls = j < 6 ? 'c0' : j < 9 ? 'c1' : 'c2';
    for (let r = 0; r < 5; r++) {
      x.push(l);
      y.push(cls);
    }
  });
  const { model } = trainTree(dataset(cat('x', x), cat('y', y)), { target: 'y', maxDepth: 1, minCategorySamples: 0 });
  const split = model.nodes[0].split;
  assert.ok(split && split.kind === 'categorical');
  const c0Side = split.branches.find((b) => b.includes('L0'));
  assert.deepEqual(c0Side, ['L0', 'L1', 'L2', 'L3', 'L4', 'L5']);
});
