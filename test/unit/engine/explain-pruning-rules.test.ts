// The worked pruning and rule arithmetic (src/engine/explain/pruning-calculation.ts,
// rule-calculation.ts): the cost-complexity α of each weakest link as scikit-learn's path gives
// it, and each rule's FOIL gains (a pessimistic decision: prune-pessimistic.test.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { costComplexityMarkdown, rulesMarkdown } from '../../../src/engine/explain/markdown';
import { costComplexitySteps } from '../../../src/engine/explain/pruning-calculation';
import { ruleCalculations } from '../../../src/engine/explain/rule-calculation';
import type { TreeModel } from '../../../src/engine/model';
import type { Rule } from '../../../src/engine/rules/types';
import { parityExpected, parityModel, SKLEARN_CASES } from '../helpers/parity-model';

for (const name of SKLEARN_CASES) {
  test(`${name}: each weakest link's α = (R(t) − R(T_t)) / (|leaves| − 1) is scikit-learn's ccp_alphas`, () => {
    const model = parityModel(name, 'canonical');
    const want: number[] = parityExpected(name).canonical.pruning.ccp_alphas;
    const steps = costComplexitySteps(model);
    assert.equal(steps.length, want.length - 1);
    steps.forEach((s, k) => {
      const worked = (s.rNode - s.rSubtree) / (s.leaves - 1);
      const tol = 1e-9 * Math.max(1, Math.abs(want[k + 1]));
      assert.ok(Math.abs(s.alpha - want[k + 1]) <= tol, `step ${s.step}: ${s.alpha} != ${want[k + 1]}`);
      assert.ok(Math.abs(worked - want[k + 1]) <= tol, `step ${s.step} worked out: ${worked} != ${want[k + 1]}`);
    });
    assert.equal(steps[steps.length - 1].nodeId, 0, 'the last weakest link is the root');
  });
}

test('cost-complexity Markdown: the table and the α of a step written out', () => {
  const md = costComplexityMarkdown(costComplexitySteps(parityModel('iris_gini_max_depth_3', 'canonical')));
  assert.match(md, /^## Cost-complexity pruning/);
  assert.ok(md.includes('| step | node | R(t) | R(T_t) | leaves | α | nodes after |'));
  assert.match(md, /\\alpha\(t_\{\d+\}\) = \\frac\{R\(t\) - R\(T_t\)\}\{\|\\tilde\{T\}_t\| - 1\} = /);
});

test("rules: coverage, accuracy and FOIL gains per path step that sum to the rule's merged conditions", () => {
  const fixture = JSON.parse(readFileSync('test/fixtures/rules/play_tennis.json', 'utf8')) as { model: TreeModel; rules: Rule[] };
  const calcs = ruleCalculations(fixture.model, fixture.rules);
  assert.equal(calcs.length, fixture.rules.length);
  calcs.forEach((calc, i) => {
    const rule = fixture.rules[i];
    assert.equal(calc.coverage, rule.coverage);
    assert.equal(calc.accuracy, rule.accuracy);
    for (const cond of rule.conditions) {
      const sum = calc.foil.filter((f) => f.feature === cond.feature).reduce((s, f) => s + f.gain, 0);
      assert.ok(Math.abs(sum - (cond.foilGain ?? NaN)) < 1e-12, `rule ${i} ${cond.feature}: ${sum} != ${cond.foilGain}`);
    }
  });
  const md = rulesMarkdown(calcs);
  assert.ok(md.includes("FOIL = p'\\left(\\log_2\\frac{p'}{p'+n'} - \\log_2\\frac{p}{p+n}\\right) = 3\\left(\\log_2\\frac{3}{3} - \\log_2\\frac{6}{9}\\right) = 1.755"), md);
  assert.ok(md.includes('coverage = \\frac{|covered|}{|D|} = \\frac{3}{9} = 0.3333'));
});
