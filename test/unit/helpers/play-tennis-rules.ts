// Compares rules with the play_tennis fixture's 5 rules (conditions as attribute = value,
// prediction, coverage, accuracy), whatever order the rules come in.
import assert from 'node:assert/strict';
import type { Rule } from '../../../src/engine/rules/types';
import { parityExpected } from './parity-model';

interface FixtureRule {
  if: { attribute: string; value: string }[];
  then: string;
  covered: number;
  coverage: number;
  accuracy: number;
}

const key = (conds: { attribute: string; value: string }[]) =>
  conds
    .map((c) => `${c.attribute}=${c.value}`)
    .sort()
    .join('&');

export function assertPlayTennisRules(rules: readonly Rule[]): void {
  const expected: FixtureRule[] = parityExpected('play_tennis').rules;
  assert.equal(rules.length, expected.length);
  const want = new Map(expected.map((r) => [key(r.if), r]));
  for (const rule of rules) {
    const k = key(rule.conditions.map((c) => ({ attribute: c.feature, value: c.kind === 'categorical' ? c.categories.join('|') : '?' })));
    const w = want.get(k);
    assert.ok(w, `unexpected rule ${rule.text}`);
    assert.equal(rule.prediction, w.then);
    assert.equal(rule.covered, w.covered);
    assert.ok(Math.abs(rule.coverage - w.coverage) < 1e-12);
    assert.equal(rule.accuracy, w.accuracy);
    want.delete(k);
  }
  assert.equal(want.size, 0, 'every fixture rule appears');
}
