import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseArgs, numberFlag } from '../../src/cli/args';
import { InputError } from '../../src/engine/errors';

test('parseArgs accepts --flag value and --flag=value', () => {
  const args = parseArgs(['data.csv', '--target', 'y', '--max-depth=3', '--json'], { target: true, 'max-depth': true, json: false });
  assert.deepEqual(args.positional, ['data.csv']);
  assert.equal(args.flags.get('target'), 'y');
  assert.equal(numberFlag(args, 'max-depth', { integer: true }), 3);
  assert.equal(args.flags.get('json'), true);
});

test('parseArgs rejects unknown flags and missing values', () => {
  assert.throws(() => parseArgs(['--nope'], {}), InputError);
  assert.throws(() => parseArgs(['--target'], { target: true }), /needs a value/);
});

test('numberFlag rejects non-numbers and out-of-range values', () => {
  const args = parseArgs(['--n', 'abc', '--m', '-1'], { n: true, m: true });
  assert.throws(() => numberFlag(args, 'n'), /must be a number/);
  assert.throws(() => numberFlag(args, 'm', { min: 0 }), /≥ 0/);
});
