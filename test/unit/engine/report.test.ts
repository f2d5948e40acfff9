import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { InputError } from '../../../src/engine/errors';
import { buildReport } from '../../../src/engine/report';
import { assertPlayTennisRules } from '../helpers/play-tennis-rules';

const load = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'test/fixtures/parity', name, 'train.csv')));
const iris = load('iris_gini_default');

test('one call: hold-out report with model, rules, importances on the hold-out rows, metrics and path; plain JSON', () => {
  const r = buildReport(iris, { params: { target: 'species' }, testSize: 0.3, seed: 1 });
  assert.deepEqual(JSON.parse(JSON.stringify(r)), r, 'survives JSON unchanged');
  assert.equal(r.format, 'decision-tree-explorer/report');
  assert.equal(r.trainingRows, 105 - 32);
  assert.equal(r.metrics.holdout?.rows, 32);
  assert.equal(r.metrics.training.rows, 73);
  assert.deepEqual(r.settings.validation, { kind: 'holdout', testSize: 0.3, seed: 1, stratified: true });
  assert.equal(r.rules.length, r.final.leaves);
  assert.equal(r.rules.reduce((s, x) => s + x.covered, 0), 73);
  assert.equal(r.importances.permutation?.set, 'holdout');
  assert.equal(r.importances.permutation?.repeats, 5);
  assert.equal(r.pruningPath.nodeCounts[0], r.grown.nodes);
  assert.equal(r.alphaSelection, null);
  assert.equal(r.settings.simplify, true);
  assert.ok(r.final.nodes <= r.grown.nodes);
  assert.equal(r.metrics.training.task === 'classification' && r.metrics.training.accuracy, 1, 'a fully grown tree fits its training rows');
});

test('ccp_alpha by cross-validation: the chosen alpha is applied and reported with its curve', () => {
  const r = buildReport(iris, { params: { target: 'species' }, ccpAlpha: 'cv', cvFolds: 5, seed: 2, permutationRepeats: 0 });
  assert.ok(r.alphaSelection);
  assert.equal(r.settings.ccpAlpha, r.alphaSelection.chosenAlpha);
  assert.equal(r.settings.ccpAlphaSource, 'cv');
  assert.equal(r.settings.prune, 'cost-complexity');
  assert.equal(r.model.params.ccpAlpha, r.alphaSelection.chosenAlpha);
  assert.ok(r.final.nodes < r.grown.nodes, 'CV prunes the fully grown iris tree');
  assert.equal(r.metrics.crossValidation?.folds, 5);
  assert.equal(r.importances.permutation, null);
});

test('pessimistic pruning and a given alpha show up in the settings', () => {
  const p = buildReport(iris, { params: { target: 'species' }, prune: 'pessimistic', pessimisticEpsilon: 1, simplify: false });
  assert.equal(p.settings.prune, 'pessimistic');
  assert.equal(p.model.params.prune, 'pessimistic');
  assert.equal(p.settings.pessimisticEpsilon, 1);
  const a = buildReport(iris, { params: { target: 'species', ccpAlpha: 0.02 } });
  assert.equal(a.settings.prune, 'cost-complexity');
  assert.equal(a.final.nodes, 5);
});

test('play_tennis with ID3: the report\'s rules are the fixture\'s', () => {
  const r = buildReport(load('play_tennis'), { params: { target: 'play', algorithm: 'id3' }, simplify: false });
  assertPlayTennisRules(r.rules);
  assert.equal(r.metrics.training.task === 'classification' && r.metrics.training.accuracy, 1);
});

test('bad settings are InputErrors', () => {
  const params = { target: 'species' };
  assert.throws(() => buildReport(iris, { params, testSize: 1.5 }), InputError);
  assert.throws(() => buildReport(iris, { params, cvFolds: 1 }), InputError);
  assert.throws(() => buildReport(iris, { params, cvFolds: 40 }), /class/);
  assert.throws(() => buildReport(iris, { params, testSize: 0.2, cvFolds: 3 }), /not both/);
  assert.throws(() => buildReport(iris, { params, ccpAlpha: -0.1 }), /ccp_alpha/);
  assert.throws(() => buildReport(iris, { params, ccpAlpha: 'cv', prune: 'pessimistic' }), InputError);
});

test('cancelled: an aborted signal stops the call', () => {
  const controller = new AbortController();
  controller.abort();
  assert.throws(() => buildReport(iris, { params: { target: 'species' }, signal: controller.signal }), { name: 'CancelledError' });
});
