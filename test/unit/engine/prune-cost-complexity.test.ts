import { test } from 'node:test';
import assert from 'node:assert/strict';
import { costComplexityPath, pruneCostComplexity } from '../../../src/engine/prune/cost-complexity';
import { InputError } from '../../../src/engine/errors';
import type { TreeModel } from '../../../src/engine/model';
import { trainTree } from '../../../src/engine/tree/train';
import { parityExpected, parityModel, SKLEARN_CASES } from '../helpers/parity-model';
import { randomNumeric } from '../helpers/tree-data';
import { assertPathClose } from '../helpers/parity-compare';

for (const name of SKLEARN_CASES) {
  test(`${name}: pruning path and node count at safe_alpha match scikit-learn's tree`, () => {
    const exp = parityExpected(name);
    const model = parityModel(name, 'tree');
    const path = costComplexityPath(model);
    assertPathClose(path, exp.pruning, name);
    const pruned = pruneCostComplexity(model, exp.pruning.safe_alpha);
    assert.equal(pruned.nodes.length, exp.pruning.n_nodes_at_safe_alpha);
    assert.equal(pruned.nodes.filter((n) => n.children.length === 0).length, exp.pruning.n_leaves_at_safe_alpha);
  });

  test(`${name}: pruning path and node count at safe_alpha match the canonical tree`, () => {
    const exp = parityExpected(name);
    const model = parityModel(name, 'canonical');
    const path = costComplexityPath(model);
    assertPathClose(path, exp.canonical.pruning, name);
    const pruned = pruneCostComplexity(model, exp.canonical.pruning.safe_alpha);
    assert.equal(pruned.nodes.length, exp.canonical.pruning.n_nodes_at_safe_alpha);
    if (exp.canonical.pruning.n_nodes_after_each_step) {
      assert.deepEqual(path.nodeCounts, exp.canonical.pruning.n_nodes_after_each_step);
    }
  });
}

test('pruning keeps preorder ids, drops importances of cut splits, and alpha 0 keeps the tree', () => {
  const exp = parityExpected('iris_gini_default');
  const model = parityModel('iris_gini_default', 'tree');
  const pruned = pruneCostComplexity(model, exp.pruning.safe_alpha);
  pruned.nodes.forEach((n, i) => {
    assert.equal(n.id, i);
    for (const c of n.children) assert.ok(c > i);
  });
  // Only petal_width splits survive in scikit-learn's pruned tree (pruned_tree_at_safe_alpha).
  assert.deepEqual(
    pruned.nodes.filter((n) => n.split).map((n) => n.split?.feature),
    exp.pruning.pruned_tree_at_safe_alpha.filter((n: { feature: string | null }) => n.feature).map((n: { feature: string }) => n.feature),
  );
  assert.equal(pruned.featureImportances.petal_width_cm, 1);
  assert.equal(pruned.params.ccpAlpha, exp.pruning.safe_alpha);
  assert.equal(pruneCostComplexity(model, 0), model);
  const root = pruneCostComplexity(model, 10);
  assert.equal(root.nodes.length, 1);
  assert.equal(root.nodes[0].prediction, model.nodes[0].prediction);
});

test('a negative or non-finite ccp_alpha is bad input', () => {
  const model = parityModel('iris_gini_default', 'tree');
  assert.throws(() => pruneCostComplexity(model, -0.01), InputError);
  assert.throws(() => pruneCostComplexity(model, Number.NaN), /ccp_alpha/);
});

/**
 * scikit-learn's own algorithm (_cost_complexity_prune): at each step a full scan for the
 * decision node with the smallest α, the first in preorder on exact ties, then its ancestors
 * updated. Quadratic, so only for trees of a few thousand nodes.
 */
function scanPath(model: TreeModel): { ccpAlphas: number[]; impurities: number[]; nodeCounts: number[]; leafCounts: number[] } {
  const nodes = model.nodes;
  const n = nodes.length;
  const total = nodes[0].samples;
  const parent = new Int32Array(n).fill(-1);
  for (const node of nodes) for (const c of node.children) parent[c] = node.id;
  const rNode = nodes.map((x) => (x.samples * x.impurity) / total);
  const rBranch = new Float64Array(n);
  const leaves = new Float64Array(n);
  const leaf = new Uint8Array(n);
  const inTree = new Uint8Array(n).fill(1);
  for (let i = n - 1; i >= 0; i--) {
    if (nodes[i].children.length === 0) {
      leaf[i] = 1;
      rBranch[i] = rNode[i];
      leaves[i] = 1;
    }
    if (parent[i] >= 0) {
      rBranch[parent[i]] += rBranch[i];
      leaves[parent[i]] += leaves[i];
    }
  }
  const out = { ccpAlphas: [0], impurities: [rBranch[0]], nodeCounts: [n], leafCounts: [leaves[0]] };
  let count = n;
  while (!leaf[0]) {
    let best = Infinity;
    let w = -1;
    for (let i = 0; i < n; i++) {
      if (!inTree[i] || leaf[i]) continue;
      const alpha = (rNode[i] - rBranch[i]) / (leaves[i] - 1);
      if (alpha < best) {
        best = alpha;
        w = i;
      }
    }
    const stack = [...nodes[w].children];
    while (stack.length) {
      const d = stack.pop() as number;
      if (inTree[d]) {
        inTree[d] = 0;
        count--;
        stack.push(...nodes[d].children);
      }
    }
    const rDiff = rNode[w] - rBranch[w];
    const leafDiff = leaves[w] - 1;
    leaf[w] = 1;
    rBranch[w] = rNode[w];
    leaves[w] = 1;
    for (let a = parent[w]; a >= 0; a = parent[a]) {
      rBranch[a] += rDiff;
      leaves[a] -= leafDiff;
    }
    out.ccpAlphas.push(best);
    out.impurities.push(rBranch[0]);
    out.nodeCounts.push(count);
    out.leafCounts.push(leaves[0]);
  }
  return out;
}

test('the heap finds the same weakest links as scikit-learn\'s full scan, bit for bit, on deep fully grown trees', () => {
  const regression = randomNumeric(3, 1500, 4, (x, rng) => x[0] * 3 - x[1] + rng());
  const classification = randomNumeric(4, 1500, 4, (x, rng) => (rng() < 0.4 ? 'a' : x[0] + x[1] > 20 ? 'b' : 'c'));
  for (const [name, data] of [['regression', regression], ['classification', classification]] as const) {
    const model = trainTree(data, { target: 'y' }).model;
    assert.ok(model.nodes.length > 500, `${name}: ${model.nodes.length} nodes`);
    assert.deepEqual(costComplexityPath(model), scanPath(model), name);
  }
});
