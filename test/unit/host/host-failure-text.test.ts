// What the user reads when a job fails: the notification line and the output-channel details.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { describeFailure } from '../../../src/host/failure-text';
import { CancelledError, InputError } from '../../../src/engine/errors';
import { progressText, ProgressIncrements } from '../../../src/host/progress-text';

const when = new Date('2026-01-02T03:04:05Z');

test('a cancellation shows nothing', () => {
  assert.equal(describeFailure('train a tree on', '/d/iris.csv', new CancelledError()), undefined);
});

test('bad input: the file name and the problem in one line, location in the details', () => {
  const err = new InputError('ragged-row', 'line 1,204 has 7 fields, header has 6', 1204, 7);
  const text = describeFailure('train a tree on', '/data/sales.csv', err, when);
  assert.ok(text);
  assert.equal(text.summary, 'sales.csv: line 1,204 has 7 fields, header has 6');
  assert.match(text.details, /Could not train a tree on \/data\/sales\.csv/);
  assert.match(text.details, /kind: ragged-row/);
  assert.match(text.details, /where: line 1204, field 7/);
  assert.match(text.details, /2026-01-02T03:04:05/);
});

test('a message that already names the file is not prefixed twice', () => {
  const err = new InputError('bad-target', 'sales.csv: column "y" has one class only');
  assert.equal(describeFailure('train a tree on', '/data/sales.csv', err)?.summary, 'sales.csv: column "y" has one class only');
});

test('an internal error keeps its stack for the details', () => {
  const err = new TypeError('x is undefined');
  const text = describeFailure('predict with', '/d/new.csv', err);
  assert.ok(text);
  assert.equal(text.summary, 'Could not predict with new.csv: x is undefined');
  assert.match(text.details, /internal error/);
  assert.ok(text.details.includes(err.stack ?? '###'));
});

test('something thrown that is not an Error still reads', () => {
  assert.equal(describeFailure('profile', 'a.csv', 42)?.summary, 'Could not profile a.csv: 42');
});

test('progress messages and fractions', () => {
  assert.deepEqual(progressText({ phase: 'parse', fraction: 0.423 }), { message: 'reading the CSV… 42%', fraction: 0.423 });
  assert.deepEqual(progressText({ phase: 'train', nodesGrown: 1500 }), { message: 'growing the tree… 1,500 nodes' });
  assert.deepEqual(progressText({ phase: 'report', step: 'prune', fraction: 0.5 }), { message: 'pruning…', fraction: 0.5 });
  assert.equal(progressText({ phase: 'parse', fraction: Number.NaN }).fraction, 0);
});

test('increments add up to the fraction reached and never go backwards', () => {
  const inc = new ProgressIncrements();
  assert.equal(inc.next(0.25), 25);
  assert.equal(inc.next(0.5), 25);
  assert.equal(inc.next(0.4), 0);
  assert.equal(inc.next(undefined), undefined);
  assert.equal(inc.next(2), 50);
});
