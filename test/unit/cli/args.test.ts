import { test } from 'node:test';
import assert from 'node:assert/strict';
import { limitFlag, parseArgs, numberFlag } from '../../../src/cli/args';
import { InputError } from '../../../src/engine/errors';
import { editDistance, nearest } from '../../../src/cli/nearest';

const value = (name: string) => ({ name, value: 'V', meaning: '' });
const flag = (name: string) => ({ name, meaning: '' });

test('parseArgs accepts --flag value and --flag=value', () => {
  const args = parseArgs(['data.csv', '--target', 'y', '--max-depth=3', '--json'], [value('target'), value('max-depth'), flag('json')]);
  assert.deepEqual(args.positional, ['data.csv']);
  assert.equal(args.flags.get('target'), 'y');
  assert.equal(numberFlag(args, 'max-depth', { integer: true }), 3);
  assert.equal(args.flags.get('json'), true);
});

test('parseArgs rejects unknown flags and missing values', () => {
  assert.throws(() => parseArgs(['--nope'], []), InputError);
  assert.throws(() => parseArgs(['--target'], [value('target')]), /needs a value/);
});

test('numberFlag rejects non-numbers and out-of-range values', () => {
  const args = parseArgs(['--n', 'abc', '--m', '-1'], [value('n'), value('m')]);
  assert.throws(() => numberFlag(args, 'n'), /must be a number/);
  assert.throws(() => numberFlag(args, 'm', { min: 0 }), /≥ 0/);
});

test('limitFlag: none (or no flag) is unlimited, null; otherwise an integer ≥ its minimum', () => {
  const args = parseArgs(['--a', 'none', '--b', 'None', '--c', '4', '--d', '0'], [value('a'), value('b'), value('c'), value('d')]);
  assert.equal(limitFlag(args, 'a', 1), null);
  assert.equal(limitFlag(args, 'b', 1), null);
  assert.equal(limitFlag(args, 'c', 1), 4);
  assert.equal(limitFlag(args, 'e', 1), undefined);
  assert.throws(() => limitFlag(args, 'd', 1), /--d must be ≥ 1, got 0/);
});

test('an unknown option is answered with the nearest one of the table, if any is close', () => {
  const table = [value('max-depth'), value('min-samples-leaf'), flag('json')];
  assert.throws(() => parseArgs(['--max-dept', '3'], table), /^InputError: unknown option --max-dept; did you mean --max-depth\?$/);
  assert.throws(() => parseArgs(['--jsno'], table), /did you mean --json\?/);
  assert.throws(() => parseArgs(['--colour'], table), (e: Error) => e.message === 'unknown option --colour');
});

test('editDistance and nearest', () => {
  assert.equal(editDistance('kitten', 'sitting'), 3);
  assert.equal(editDistance('', 'abc'), 3);
  assert.equal(editDistance('same', 'same'), 0);
  assert.equal(editDistance('trian', 'train'), 1, 'a swap of neighbours is one edit');
  assert.equal(nearest('trian', ['profile', 'train', 'predict']), 'train');
  assert.equal(nearest('xyz', ['profile', 'train']), undefined);
});
