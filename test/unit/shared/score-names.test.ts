// One vocabulary for the panels' scores (docs/architecture.md "Scores: one vocabulary"): the same
// unedited tree was shown as 95.3 %, "CV accuracy of the structure" 98.0 % and 0.98 ± 0.027 with
// labels nobody could tell apart.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { scoreExplained, scoreName, scoreSpread, scoreValue, type ScoreKind } from '../../../src/shared/render/score-names';

const kinds: ScoreKind[] = ['training', 'cvSettings', 'cvStructure', 'holdout', 'oob'];

test('each kind of accuracy has its own name and its own explanation', () => {
  const names = kinds.map((k) => scoreName(k, 'accuracy', { folds: 5, testSize: 0.3 }));
  assert.deepEqual(names, ['training accuracy', '5-fold CV accuracy of these settings', "5-fold CV accuracy of this tree's structure", 'hold-out accuracy (30% of the rows)', 'OOB accuracy']);
  assert.equal(new Set(kinds.map((k) => scoreExplained(k, { folds: 5 }))).size, kinds.length);
  assert.match(scoreExplained('cvStructure', { folds: 10 }), /9 of 10 parts.*optimistic/);
});

test('regression says R², never the machine name r2', () => {
  for (const k of kinds) assert.doesNotMatch(scoreName(k, 'r2', { folds: 5 }), /\br2\b/);
  assert.equal(scoreName('cvSettings', 'r2', { folds: 3 }), '3-fold CV R² of these settings');
});

test('accuracy in percent with one decimal, its spread too; R² to 4 and 3 significant digits', () => {
  assert.equal(scoreValue('accuracy', 0.95333), '95.3%');
  assert.equal(scoreSpread('accuracy', 0.98, 0.0267), '98.0% ± 2.7%');
  assert.equal(scoreValue('r2', 0.4123456), '0.4123');
  assert.equal(scoreSpread('r2', 0.4123456, 0.0345678), '0.4123 ± 0.0346');
});

test('leave-one-out and a repeated hold-out are named as such, with how they were measured', () => {
  assert.equal(scoreName('cvSettings', 'accuracy', { folds: 150, leaveOneOut: true }), 'leave-one-out CV accuracy of these settings');
  assert.equal(scoreName('cvStructure', 'r2', { folds: 14, leaveOneOut: true }), "leave-one-out CV R² of this tree's structure");
  assert.match(scoreExplained('cvSettings', { folds: 150, leaveOneOut: true }), /^150 trees grown with these settings, one per row/);
  assert.equal(scoreName('holdout', 'accuracy', { testSize: 0.3, repeats: 10 }), 'hold-out accuracy (30% of the rows), mean of 10 draws');
  assert.equal(scoreName('holdout', 'accuracy', { testSize: 0.3, repeats: 1 }), 'hold-out accuracy (30% of the rows)');
  assert.match(scoreExplained('holdout', { repeats: 10 }), /^The hold-out drawn 10 times/);
});
