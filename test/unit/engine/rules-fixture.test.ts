// extractRules must keep giving exactly the rules it gave before it was rewritten for speed
// (mutable per-column state, cached wording). test/fixtures/rules/<case>.json holds { model, rules }:
// the rules are what the earlier implementation (commit 489631b) read off the model, written once
// by a throwaway script with that commit's engine. Models: the four media/samples trees from
// buildReport(parseCsv(csv), reportOptions(DEFAULT_TRAIN_SETTINGS, target)) (then: 30 % held out, fully
// grown); trainTree({ target: 'y' }) on bench/lib/tree-data.ts data: regression-grown (regression,
// 150 rows, seed 5), mixed-missing-cart (mixed, 300 rows, seed 7) and mixed-missing-c45 (mixed,
// 150 rows, seed 9, algorithm c45), the mixed ones with 15 % of feature cells blanked, so that
// categorical conditions merge along and off the missing branch.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { extractRules, rulesOfLeaves } from '../../../src/engine/rules/extract';
import { formatNumber } from '../../../src/engine/number-text';
import type { TreeModel } from '../../../src/engine/model';
import type { Rule } from '../../../src/engine/rules/types';
import { createRng } from '../../../src/engine/random';

const dir = path.join(process.cwd(), 'test/fixtures/rules');
const cases = readdirSync(dir).filter((f) => f.endsWith('.json'));

test('the rules fixtures are all there', () => {
  const expected = ['bike_or_car', 'diabetes', 'iris', 'mixed-missing-c45', 'mixed-missing-cart', 'play_tennis', 'regression-grown'];
  assert.deepEqual(cases.sort(), expected.map((c) => `${c}.json`));
});

for (const file of cases) {
  test(`rules of ${file} are the ones the fixture holds, field for field and in JSON`, () => {
    const { model, rules } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { model: TreeModel; rules: Rule[] };
    const got = extractRules(model);
    assert.deepEqual(got, rules);
    assert.equal(JSON.stringify(got), JSON.stringify(rules), 'same key order and number printing');
    // Tree order is the same rules before sorting by coverage.
    const byLeaf = extractRules(model, 'tree');
    assert.deepEqual(byLeaf.map((r) => r.leaf), [...rules.map((r) => r.leaf)].sort((a, b) => a - b));
    assert.deepEqual([...byLeaf].sort((a, b) => b.covered - a.covered || a.leaf - b.leaf), rules);
  });

  test(`rules of some leaves of ${file} are their rules among all, whichever leaves are asked for`, () => {
    const { model, rules } = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as { model: TreeModel; rules: Rule[] };
    const byLeaf = new Map(rules.map((r) => [r.leaf, r]));
    const leaves = [...byLeaf.keys()];
    const rng = createRng(leaves.length);
    const some = leaves.filter(() => rng() < 0.2);
    for (const asked of [leaves, some, [leaves[leaves.length - 1]], [leaves[0], leaves[0]], []]) {
      const want = [...new Set(asked)].sort((a, b) => a - b).map((l) => byLeaf.get(l));
      assert.deepEqual(rulesOfLeaves(model, asked), want, `${asked.length} leaves`);
    }
    const decision = model.nodes.find((n) => n.children.length > 0);
    if (decision) assert.throws(() => rulesOfLeaves(model, [decision.id]), /is not a leaf/);
  });
}

/** The definition formatNumber had before its shortcut; the shortcut must print exactly this. */
const reference = (x: number): string => (Number.isInteger(x) ? String(x) : String(Number(x.toPrecision(6))));

test('formatNumber prints what String(Number(x.toPrecision(6))) prints, on edge and random values', () => {
  const edges = [0, -0, 1, -1, 0.5, 2.45, 20.995, 999999.5, 999999.4, 99999.95, 9.999995, 0.000001, 0.0000012345678, 1e-7, 1.5e-7, 9.999995e-7,
    123456.5, 1234567.89, 1e21, 1.5e21, 1e-300, 5e-324, Number.MAX_VALUE, Number.MIN_VALUE, Number.EPSILON, Math.PI, -Math.E, 0.1 + 0.2, 1 / 3, 2 / 3,
    NaN, Infinity, -Infinity, 100000.5, 12345.25, -0.0625, 100.0001, 100.00005, 0.30000000000000004, 1.0000005, 12.34, -0.000123456789];
  for (const x of edges) assert.equal(formatNumber(x), reference(x), String(x));
  const rng = createRng(7);
  for (let i = 0; i < 200_000; i++) {
    // Magnitudes from 1e-12 to 1e24, random digits, both signs; float32 values as the data sets hold.
    const x = (rng() < 0.5 ? -1 : 1) * rng() * 10 ** Math.floor(rng() * 37 - 12);
    for (const v of [x, Math.fround(x), (Math.fround(x) + Math.fround(x * 1.0001)) / 2, Math.round(x * 1e6) / 1e6]) {
      assert.equal(formatNumber(v), reference(v), String(v));
    }
  }
});
