// A fully grown tree with thousands of leaves (a many-valued text column and a noisy target) gets
// the note suggesting --ccp-alpha cv; a depth limit, or pruning, or a small tree, gets none.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRng, randomInt } from '../../../src/engine/random';
import { useCli } from '../helpers/cli';

const cli = useCli();
const NOTE = /warning: the tree grew (\d+) leaves with no depth limit or pruning: it may fit noise; --ccp-alpha cv prunes it by cross-validation/;

function noisyText(rows: number): string {
  const rng = createRng(8);
  // A word of 1,500 values (mostly seen once or twice), a number, and a class that is 70 % noise.
  const lines = ['word,amount,label'];
  for (let r = 0; r < rows; r++) {
    const amount = randomInt(rng, 1000);
    const label = rng() < 0.3 ? (amount < 500 ? 'a' : 'b') : rng() < 0.5 ? 'a' : 'b';
    lines.push(`w${randomInt(rng, 1500)}x,${amount},${label}`);
  }
  return lines.join('\n') + '\n';
}

test('train and evaluate: thousands of leaves grown fully get the note; limited or pruned trees do not', () => {
  const file = path.join(cli.dir, 'words.csv');
  writeFileSync(file, noisyText(4000));
  const full = cli.run('train', file, '--target', 'label', '--out', path.join(cli.dir, 'full.json'));
  assert.equal(full.status, 0, full.stderr);
  const m = NOTE.exec(full.stderr);
  assert.ok(m !== null, full.stderr);
  assert.ok(Number(m[1]) >= 1000, `${m[1]} leaves`);
  const evaluated = cli.run('evaluate', file, '--target', 'label', '--permutation-repeats', '0');
  assert.match(evaluated.stdout + evaluated.stderr, NOTE);
  const limited = cli.run('train', file, '--target', 'label', '--max-depth', '12', '--out', path.join(cli.dir, 'limited.json'));
  assert.equal(limited.status, 0, limited.stderr);
  assert.doesNotMatch(limited.stderr, /leaves with no depth limit/);
  const pruned = cli.run('train', file, '--target', 'label', '--ccp-alpha', '0.01', '--out', path.join(cli.dir, 'pruned.json'));
  assert.doesNotMatch(pruned.stderr, /leaves with no depth limit/);
  writeFileSync(path.join(cli.dir, 'small.csv'), noisyText(300));
  const small = cli.run('train', path.join(cli.dir, 'small.csv'), '--target', 'label', '--out', path.join(cli.dir, 'small.json'));
  assert.doesNotMatch(small.stderr, /leaves with no depth limit/);
});
