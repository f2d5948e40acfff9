import { test } from 'node:test';
import assert from 'node:assert/strict';
import { costComplexityPath, dedupPath, pruneCostComplexity } from '../../src/engine/prune/cost-complexity';
import { InputError } from '../../src/engine/errors';
import { parityExpected, parityModel, SKLEARN_CASES } from './helpers/parity-model';

function assertPathClose(got: { ccpAlphas: number[]; impurities: number[] }, want: { ccp_alphas: number[]; impurities: number[] }, what: string): void {
  const g = dedupPath(got);
  const w = dedupPath({ ccpAlphas: want.ccp_alphas, impurities: want.impurities });
  assert.equal(g.ccpAlphas.length, w.ccpAlphas.length, `${what}: deduplicated path length`);
  g.ccpAlphas.forEach((a, i) => {
    const tol = 1e-6 + 1e-6 * Math.abs(w.ccpAlphas[i]);
    assert.ok(Math.abs(a - w.ccpAlphas[i]) <= tol, `${what}: alpha[${i}] ${a} != ${w.ccpAlphas[i]}`);
    assert.ok(Math.abs(g.impurities[i] - w.impurities[i]) <= 1e-6 + 1e-6 * Math.abs(w.impurities[i]), `${what}: impurity[${i}]`);
  });
}

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
