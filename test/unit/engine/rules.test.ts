import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { extractRules } from '../../../src/engine/rules/extract';
import type { TreeModel } from '../../../src/engine/model';
import { parityModel } from '../helpers/parity-model';
import { assertPlayTennisRules } from '../helpers/play-tennis-rules';
import { buildModel, cat, num } from '../helpers/build-model';

const playTennis: TreeModel = JSON.parse(readFileSync(path.join(process.cwd(), 'test/fixtures/models/play-tennis-id3.json'), 'utf8'));

test('play_tennis: the 5 rules of the fixture, each 100 % accurate, sorted by coverage', () => {
  const rules = extractRules(playTennis);
  assert.deepEqual(rules.map((r) => r.covered), [4, 3, 3, 2, 2]);
  assertPlayTennisRules(rules);
});

test('play_tennis: text, missing routing and FOIL gains by hand', () => {
  const rules = extractRules(playTennis);
  const overcast = rules[0];
  assert.equal(overcast.text, 'IF (outlook = overcast or missing/unseen) THEN play = P');
  const cond = overcast.conditions[0];
  assert.ok(cond.kind === 'categorical' && cond.missing);
  assert.deepEqual(cond.excluded, ['rain', 'sunny']);
  // root (9 P, 5 N) → overcast (4 P, 0 N): 4 · (log2 1 − log2 9/14)
  assert.ok(Math.abs((cond.foilGain as number) - 4 * -Math.log2(9 / 14)) < 1e-12);
  const rainCalm = rules.find((r) => r.text === 'IF outlook = rain AND (windy = false or missing/unseen) THEN play = P');
  assert.ok(rainCalm);
  const [outlook, windy] = rainCalm.conditions;
  assert.ok(outlook.kind === 'categorical' && !outlook.missing && outlook.excluded.length === 0);
  assert.ok(Math.abs((outlook.foilGain as number) - 3 * (Math.log2(3 / 5) - Math.log2(9 / 14))) < 1e-12);
  assert.ok(Math.abs((windy.foilGain as number) - 3 * -Math.log2(3 / 5)) < 1e-12);
  assert.deepEqual(rainCalm.distribution, [0, 3]);
});

test('conditions on one column merge into an interval, missing only if every step admits it', () => {
  const model = parityModel('iris_gini_default', 'canonical');
  const rules = extractRules(model, 'tree');
  assert.equal(rules.length, model.nodes.filter((n) => n.children.length === 0).length);
  // canonical iris: petal_length ≤ 2.45 → setosa; then petal_width ≤ 1.55, petal_length ≤ 4.95 → versicolor.
  assert.equal(rules[0].text, 'IF (petal_length_cm ≤ 2.45 or missing) THEN species = setosa');
  assert.equal(rules[1].text, 'IF 2.45 < petal_length_cm ≤ 4.95 AND (petal_width_cm ≤ 1.55 or missing) THEN species = versicolor');
  const merged = rules[1].conditions[0];
  assert.ok(merged.kind === 'numeric');
  assert.equal(merged.missing, false, 'missing values went left at 2.45, so they cannot be > 2.45');
  assert.deepEqual([merged.lower, merged.upper], [2.45, 4.95]);
  const total = rules.reduce((s, r) => s + r.covered, 0);
  assert.equal(total, 105);
  assert.equal(rules.reduce((s, r) => s + r.coverage, 0).toFixed(12), '1.000000000000');
});

test('categorical merge: a missing-branch step then an explicit one leaves the explicit set minus exclusions', () => {
  const features = [{ name: 'colour "hue"', type: 'categorical' as const }, { name: 'x', type: 'numeric' as const }];
  const model = buildModel(
    {
      value: [6, 6],
      split: cat('colour "hue"', ['red'], ['blue', 'grün']),
      missingGoesTo: 1,
      children: [
        { value: [4, 0] },
        { value: [2, 6], split: cat('colour "hue"', ['blue'], ['grün', 'red']), missingGoesTo: 0, children: [{ value: [0, 5] }, { value: [2, 1], split: num('x', 1), missingGoesTo: 1, children: [{ value: [2, 0] }, { value: [0, 1] }] }] },
      ],
    },
    { classes: ['a', 'b'], features },
  );
  const rules = extractRules(model, 'tree');
  // Leaf 3: step 1 missing branch (excludes red), step 2 branch 0 {blue} also missing branch → missing ok, excludes grün, red.
  const blue = rules[1].conditions[0];
  assert.ok(blue.kind === 'categorical');
  assert.deepEqual([blue.categories, blue.missing, blue.excluded.sort()], [['blue'], true, ['grün', 'red']]);
  // Leaf 5: step 1 missing branch, step 2 explicit {grün, red} → exactly grün.
  const gruen = rules[2].conditions[0];
  assert.ok(gruen.kind === 'categorical');
  assert.deepEqual([gruen.categories, gruen.missing], [['grün'], false]);
  assert.equal(rules[2].text, 'IF "colour \\"hue\\"" = grün AND x ≤ 1 THEN y = a');
});

test('regression rules report the leaf MSE and no accuracy or FOIL gain', () => {
  const model = parityModel('diabetes_squared_error_max_depth_3', 'canonical');
  const rules = extractRules(model);
  assert.equal(rules.length, 8);
  for (const r of rules) {
    assert.equal(r.accuracy, null);
    assert.equal(typeof r.mse, 'number');
    assert.ok(r.conditions.every((c) => c.foilGain === null));
  }
  assert.ok(rules[0].covered >= rules[rules.length - 1].covered);
});

test('a single-leaf tree has one rule that always holds', () => {
  const model = buildModel({ value: [3, 1] }, { classes: ['a', 'b'], features: [] });
  const [rule] = extractRules(model);
  assert.equal(rule.text, 'IF TRUE THEN y = a');
  assert.equal(rule.accuracy, 0.75);
  assert.equal(rule.coverage, 1);
});
