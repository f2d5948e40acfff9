import { test } from 'node:test';
import assert from 'node:assert/strict';
import { prunePessimistic } from '../../../src/engine/prune/pessimistic';
import { InputError } from '../../../src/engine/errors';
import { buildModel, num } from '../helpers/build-model';
import { pessimisticMarkdown } from '../../../src/engine/explain/markdown';
import { pessimisticSteps } from '../../../src/engine/explain/pruning-calculation';

// root [20,10] ─ x ≤ 5 → A [15,2] ─ y ≤ 1 → A1 [10,0], A2 [5,2]
//              └ x > 5 → B [5,8]  ─ y ≤ 2 → B1 [4,1],  B2 [1,7]
// Errors as a leaf: A 2, B 5, root 10; leaves A1 0, A2 2, B1 1, B2 1.
const features = [{ name: 'x', type: 'numeric' as const }, { name: 'y', type: 'numeric' as const }];
const model = buildModel(
  {
    value: [20, 10],
    split: num('x', 5),
    children: [
      { value: [15, 2], split: num('y', 1), children: [{ value: [10, 0] }, { value: [5, 2] }] },
      { value: [5, 8], split: num('y', 2), children: [{ value: [4, 1] }, { value: [1, 7] }] },
    ],
  },
  { classes: ['no', 'yes'], features },
);

const shape = (m: typeof model) => m.nodes.map((n) => `${n.value}${n.children.length ? '' : '*'}`).join(' ');

test('ε = 0.5: A is pruned (2 + 2·0.5 = 3 ≥ 2 + 0.5), B (2 + 1 < 5.5) and the root (4 + 1.5 < 10.5) stay', () => {
  const pruned = prunePessimistic(model);
  assert.equal(shape(pruned), '20,10 15,2* 5,8 4,1* 1,7*');
  assert.equal(pruned.nodes[1].prediction, 'no');
  assert.equal(pruned.params.prune, 'pessimistic');
  assert.deepEqual(pruned.featureImportances, { x: xShare(), y: 1 - xShare() });
});

function xShare(): number {
  // x at the root: 30·gini(20,10) − 17·gini(15,2) − 13·gini(5,8); y at B: 13·gini(5,8) − 5·gini(4,1) − 8·gini(1,7).
  const g = (a: number, b: number) => 1 - (a / (a + b)) ** 2 - (b / (a + b)) ** 2;
  const dx = 30 * g(20, 10) - 17 * g(15, 2) - 13 * g(5, 8);
  const dy = 13 * g(5, 8) - 5 * g(4, 1) - 8 * g(1, 7);
  return dx / (dx + dy);
}

test('ε = 2: B stays by one (2 + 4 = 6 < 5 + 2), root stays (4 + 6 < 10 + 2)', () => {
  assert.equal(shape(prunePessimistic(model, 2)), '20,10 15,2* 5,8 4,1* 1,7*');
});

test('ε = 3: ties prune (B: 2 + 6 ≥ 5 + 3; then root: 2 + 5 + 6 ≥ 10 + 3) down to one leaf', () => {
  const pruned = prunePessimistic(model, 3);
  assert.equal(shape(pruned), '20,10*');
  assert.equal(pruned.featureImportances.x, 0);
});

test('ε = 0 keeps every split that fixes at least one error', () => {
  // A: 2 ≥ 2 → pruned (its split fixes nothing); B: 2 < 5 kept.
  assert.equal(shape(prunePessimistic(model, 0)), '20,10 15,2* 5,8 4,1* 1,7*');
});

test('bad input: regression trees and negative ε', () => {
  assert.throws(() => prunePessimistic(model, -1), InputError);
  const reg = buildModel({ value: [1, 0.5, 10], split: num('x', 1), children: [{ value: [0, 0, 5] }, { value: [2, 0, 5] }] }, { features, regression: true });
  assert.throws(() => prunePessimistic(reg), /classification/);
});

test('the worked pessimistic decisions, ε = 0.5: A is pruned ((2 + 2·0.5)/17 ≥ (2 + 0.5)/17), B and the root kept', () => {
  const steps = pessimisticSteps(model);
  assert.deepEqual(
    steps.map((s) => [s.nodeId, s.errorsAsLeaf, s.subtreeErrors, s.subtreeLeaves, s.pruned]),
    [
      [4, 5, 2, 2, false],
      [1, 2, 2, 2, true],
      [0, 10, 4, 3, false],
    ],
  );
  assert.equal(steps[1].subtreeRate, 3 / 17);
  assert.equal(steps[1].leafRate, 2.5 / 17);
  const md = pessimisticMarkdown(steps);
  assert.ok(md.includes("E'(T_{t_{1}}) = \\frac{\\sum e_\\ell + k\\varepsilon}{N} = \\frac{2 + 2 \\cdot 0.5}{17} = 0.1765"), md);
  assert.ok(md.includes('E(t_{1}) = \\frac{e + \\varepsilon}{N} = \\frac{2 + 0.5}{17} = 0.1471'));
  assert.ok(md.includes('0.1765 \\ge 0.1471 \\Rightarrow \\text{prune}'));
  assert.ok(md.includes('| 0 | 30 | 10 | 3 | 4 | 0.1833 | 0.35 | keep |'));
});
