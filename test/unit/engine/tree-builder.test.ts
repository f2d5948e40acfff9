// Stopping rules, best-first growth, preorder ids and importances on seeded random data.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { TreeModel, TrainParams } from '../../../src/engine/model';
import { trainTree } from '../../../src/engine/tree/train';
import { randomNumeric } from '../helpers/tree-data';

const noisy = randomNumeric(11, 400, 4, (x, rng) => (x[0] + x[1] > 20 === rng() < 0.85 ? 'p' : 'n'));
const grow = (params: Partial<TrainParams>): TreeModel => trainTree(noisy, { target: 'y', ...params }).model;
const leaves = (m: TreeModel) => m.nodes.filter((n) => n.children.length === 0);
const splits = (m: TreeModel) => m.nodes.filter((n) => n.children.length > 0);
const decrease = (m: TreeModel, id: number): number => {
  const n = m.nodes[id];
  return (n.samples * n.impurity - n.children.reduce((a, c) => a + m.nodes[c].samples * m.nodes[c].impurity, 0)) / m.nodes[0].samples;
};

test('nodes are in preorder: ids are indices, children come later, depths follow', () => {
  const m = grow({});
  m.nodes.forEach((n, i) => {
    assert.equal(n.id, i);
    for (const c of n.children) {
      assert.ok(c > i);
      assert.equal(m.nodes[c].depth, n.depth + 1);
    }
    if (n.children.length === 2) assert.equal(n.children[0], i + 1, 'left child right after its parent');
  });
  // Children partition their parent's samples and class counts.
  for (const n of splits(m)) {
    const [l, r] = n.children.map((c) => m.nodes[c]);
    assert.equal(l.samples + r.samples, n.samples);
    assert.deepEqual((l.value as number[]).map((v, k) => v + (r.value as number[])[k]), n.value);
  }
});

test('fully grown: every leaf pure or its rows indistinguishable; training accuracy follows', () => {
  const m = grow({});
  for (const leaf of leaves(m)) assert.ok(leaf.impurity === 0 || leaf.samples >= 2);
  const pure = leaves(m).filter((l) => l.impurity === 0).length;
  assert.ok(pure > leaves(m).length / 2);
});

test('max_depth, min_samples_leaf and min_samples_split hold on every node', () => {
  assert.ok(Math.max(...grow({ maxDepth: 3 }).nodes.map((n) => n.depth)) <= 3);
  for (const l of leaves(grow({ minSamplesLeaf: 7 }))) assert.ok(l.samples >= 7);
  for (const s of splits(grow({ minSamplesSplit: 30 }))) assert.ok(s.samples >= 30);
  // And they bite: the unconstrained tree is bigger.
  assert.ok(grow({}).nodes.length > grow({ minSamplesLeaf: 7 }).nodes.length);
});

test('min_impurity_decrease: every split has at least that weighted decrease', () => {
  const m = grow({ minImpurityDecrease: 0.005 });
  for (const s of splits(m)) assert.ok(decrease(m, s.id) >= 0.005 - 1e-12);
  assert.ok(m.nodes.length < grow({}).nodes.length);
});

/** Each split keyed by its path from the root ("LRL..."). */
function splitsByPath(m: TreeModel): Map<string, string> {
  const out = new Map<string, string>();
  const walk = (id: number, path: string): void => {
    const n = m.nodes[id];
    if (n.split === null) return;
    out.set(path, JSON.stringify(n.split));
    n.children.forEach((c, b) => walk(c, path + 'LR'[b]));
  };
  walk(0, '');
  return out;
}

test('best-first: max_leaf_nodes leaves; one more leaf = one more expansion of the same tree', () => {
  for (const k of [2, 5, 12]) {
    const m = grow({ maxLeafNodes: k });
    assert.equal(leaves(m).length, k);
    const next = splitsByPath(grow({ maxLeafNodes: k + 1 }));
    const mine = splitsByPath(m);
    assert.equal(next.size, mine.size + 1);
    for (const [path, split] of mine) assert.equal(next.get(path), split, path);
  }
  // The first split made is the root's, and with 3 leaves the second is the child whose split
  // decreases impurity more.
  const three = grow({ maxLeafNodes: 3 });
  const two = grow({ maxLeafNodes: 2 });
  const full = grow({ maxDepth: 2 });
  const [l, r] = full.nodes[0].children;
  const pick = decrease(full, l) >= decrease(full, r) ? 'L' : 'R';
  assert.deepEqual([...splitsByPath(three).keys()].sort(), ['', pick]);
  assert.equal(splitsByPath(two).size, 1);
  // A budget larger than the full tree changes nothing.
  const whole = grow({});
  const unlimited = grow({ maxLeafNodes: leaves(whole).length + 5 });
  assert.deepEqual(unlimited.nodes.map((n) => [n.split, n.samples]), whole.nodes.map((n) => [n.split, n.samples]));
});

test('feature importances: normalised weighted decreases, zero for unused features', () => {
  const m = grow({ maxDepth: 4 });
  const total = Object.values(m.featureImportances).reduce((a, b) => a + b, 0);
  assert.ok(Math.abs(total - 1) < 1e-12);
  const raw: Record<string, number> = {};
  for (const s of splits(m)) raw[s.split?.feature as string] = (raw[s.split?.feature as string] ?? 0) + decrease(m, s.id);
  const rawTotal = Object.values(raw).reduce((a, b) => a + b, 0);
  for (const [f, v] of Object.entries(m.featureImportances)) assert.ok(Math.abs(v - (raw[f] ?? 0) / rawTotal) < 1e-12, f);
  // x0 and x1 carry the signal.
  assert.ok(m.featureImportances.x0 + m.featureImportances.x1 > 0.5);
});

test('regression: node value is the mean, impurity the variance', () => {
  const ds = randomNumeric(5, 200, 3, (x) => x[0] * 2 + (x[1] > 10 ? 5 : 0));
  const { model } = trainTree(ds, { target: 'y', maxDepth: 3 });
  assert.equal(model.task, 'regression');
  const ys = Array.from((ds.columns[3] as { values: Float64Array }).values);
  const mean = ys.reduce((a, b) => a + b, 0) / ys.length;
  assert.ok(Math.abs((model.nodes[0].value as number) - mean) < 1e-9);
  assert.ok(Math.abs(model.nodes[0].impurity - ys.reduce((a, y) => a + (y - mean) ** 2, 0) / ys.length) < 1e-9);
  assert.equal(model.params.criterion, 'squared_error');
});

test('task auto-detection: > 20 distinct numeric values is regression, override works', () => {
  const few = randomNumeric(2, 100, 2, (x) => Math.floor(x[0] / 4));
  assert.equal(trainTree(few, { target: 'y' }).model.task, 'classification');
  assert.equal(trainTree(few, { target: 'y', task: 'regression' }).model.task, 'regression');
  const many = randomNumeric(2, 100, 2, (x) => x[0] * 3 + x[1]);
  assert.equal(trainTree(many, { target: 'y' }).model.task, 'regression');
  // Numeric class labels sort numerically.
  const labels = trainTree(few, { target: 'y' }).model.classes as string[];
  assert.deepEqual(labels, [...labels].sort((a, b) => Number(a) - Number(b)));
});

test('cancellation: an aborted signal stops training', () => {
  const big = randomNumeric(9, 6000, 3, (_x, rng) => (rng() < 0.5 ? 'a' : 'b'));
  const controller = new AbortController();
  let calls = 0;
  assert.throws(
    () => trainTree(big, { target: 'y' }, { signal: controller.signal, onProgress: () => (++calls === 1 ? controller.abort() : undefined) }),
    { name: 'CancelledError' },
  );
});
