// The calculation drawer's pruning and rule sections (src/shared/render/pruning-rule-view.ts): the
// figures shown are the engine's (scikit-learn's ccp_alphas, the worked pessimistic decisions of a
// hand-checked tree, a rule's FOIL gains), in the drawer's 4 significant digits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { shownText } from '../../../src/engine/explain/latex';
import { pruningCalculation } from '../../../src/engine/explain/pruning-calculation';
import { ruleCalculations } from '../../../src/engine/explain/rule-calculation';
import type { TreeModel } from '../../../src/engine/model';
import type { Rule } from '../../../src/engine/rules/types';
import { pruningView, ruleView } from '../../../src/shared/render/pruning-rule-view';
import { buildModel, num } from '../helpers/build-model';
import { parityExpected, parityModel } from '../helpers/parity-model';

test("cost-complexity: the table's α are scikit-learn's ccp_alphas, the links cut at the tree's α in bold, the first step worked out", () => {
  const name = 'iris_gini_max_depth_3';
  const want: number[] = parityExpected(name).canonical.pruning.ccp_alphas;
  const [cc] = pruningView(pruningCalculation(parityModel(name, 'canonical'), { prune: 'cost-complexity', ccpAlpha: want[2], pessimisticEpsilon: 0.5 }));
  assert.equal(cc.heading, 'Cost-complexity pruning');
  assert.deepEqual(cc.table?.header, ['step', 'node', 'R(t)', 'R(T_t)', 'leaves', 'α', 'nodes after']);
  assert.deepEqual(
    cc.table?.rows.map((r) => r.cells[5]),
    want.slice(1).map(shownText),
  );
  assert.deepEqual(
    cc.table?.rows.map((r) => r.chosen),
    want.slice(1).map((a) => a <= want[2] * (1 + 1e-9)),
  );
  assert.equal(cc.table?.rows.at(-1)?.cells[1], '0', 'the last weakest link is the root');
  assert.match(cc.intro, /α = 0\.\d+\)\.$/);
  assert.equal(cc.groups[0].open, true);
  assert.match(cc.groups[0].steps[2].latex, /^\\alpha\(t_\{\d+\}\) = \\frac\{R\(t\) - R\(T_t\)\}\{\|\\tilde\{T\}_t\| - 1\} = /);
});

test('pessimistic, ε = 0.5: node 1 is pruned ((2 + 2·0.5)/17 = 0.1765 ≥ (2 + 0.5)/17 = 0.1471), node 4 and the root kept', () => {
  // root [20,10] ─ A [15,2] ─ A1 [10,0], A2 [5,2]; B [5,8] ─ B1 [4,1], B2 [1,7] (prune-pessimistic.test.ts).
  const model = buildModel(
    {
      value: [20, 10],
      split: num('x', 5),
      children: [
        { value: [15, 2], split: num('y', 1), children: [{ value: [10, 0] }, { value: [5, 2] }] },
        { value: [5, 8], split: num('y', 2), children: [{ value: [4, 1] }, { value: [1, 7] }] },
      ],
    },
    { classes: ['no', 'yes'], features: [{ name: 'x', type: 'numeric' }, { name: 'y', type: 'numeric' }] },
  );
  const [cc, pess] = pruningView(pruningCalculation(model, { prune: 'pessimistic', ccpAlpha: 0, pessimisticEpsilon: 0.5 }));
  assert.match(cc.intro, /not cost-complexity pruned/);
  assert.equal(pess.heading, 'Pessimistic pruning (ε = 0.5)');
  assert.deepEqual(
    pess.table?.rows.map((r) => [r.cells, r.chosen]),
    [
      [['4', '13', '5', '2', '2', '0.2308', '0.4231', 'keep'], false],
      [['1', '17', '2', '2', '2', '0.1765', '0.1471', 'prune'], true],
      [['0', '30', '10', '3', '4', '0.1833', '0.35', 'keep'], false],
    ],
  );
  assert.equal(pess.groups[1].title, 'Node 1: prune');
  assert.equal(pess.groups[1].summary, "E'(subtree) = 0.1765 ≥ E(leaf) = 0.1471");
});

test("a rule: its coverage and accuracy, then each condition's FOIL gain, as the Rules tab's", () => {
  const fixture = JSON.parse(readFileSync('test/fixtures/rules/play_tennis.json', 'utf8')) as { model: TreeModel; rules: Rule[] };
  const calc = ruleCalculations(fixture.model, fixture.rules)[0];
  const [basics, foil] = ruleView(calc);
  assert.equal(basics.heading, `The rule of leaf ${fixture.rules[0].leaf}`);
  assert.equal(basics.intro, fixture.rules[0].text);
  assert.deepEqual(
    basics.groups[0].steps.map((s) => s.label),
    ['coverage', 'accuracy'],
  );
  // IF outlook = overcast THEN play = P: 3 of 9 rows, all P.
  assert.equal(basics.groups[0].summary, 'coverage 0.3333 · accuracy 1');
  assert.deepEqual(foil.table?.header, ['condition', 'p', 'n', 'p′', 'n′', 'FOIL gain']);
  assert.deepEqual(
    foil.table?.rows.map((r) => r.cells[5]),
    calc.foil.map((f) => shownText(f.gain)),
  );
  assert.equal(foil.groups.length, calc.foil.length);
});
