// A row-number column leaks the target when rows were written in the target's order (R's
// write.csv of diamonds, sorted by price): in any part of the file, not only the whole, it is left
// out as ID-like — under a blank header (R's and pandas' row names) or rising with the row.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createRng } from '../../../src/engine/random';
import { useCli } from '../helpers/cli';

const cli = useCli();
const FIXTURE = 'test/fixtures/realdata/diamonds.csv';

/** A seeded 80 % / 20 % split of the fixture's rows into train.csv (shuffled, or in file order) and test.csv. */
function split(sortedTrain: boolean, header?: string): { train: string; test: string } {
  const [head, ...rows] = readFileSync(FIXTURE, 'utf8').trimEnd().split('\n');
  const rng = createRng(30);
  const order = rows.map((_, i) => i);
  for (let i = order.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [order[i], order[j]] = [order[j], order[i]];
  }
  const cut = Math.floor(rows.length * 0.8);
  const trainRows = order.slice(0, cut);
  if (sortedTrain) trainRows.sort((a, b) => a - b);
  const first = header === undefined ? head : head.replace('""', JSON.stringify(header));
  const train = path.join(cli.dir, `train-${String(sortedTrain)}.csv`);
  const test = path.join(cli.dir, 'test.csv');
  writeFileSync(train, [first, ...trainRows.map((i) => rows[i])].join('\n') + '\n');
  writeFileSync(test, [first, ...order.slice(cut).map((i) => rows[i])].join('\n') + '\n');
  return { train, test };
}

function heldOutR2(train: string, test: string, ...flags: string[]): { r2: number; stderr: string } {
  const model = path.join(cli.dir, 'model.json');
  const t = cli.run('train', train, '--target', 'price', '--max-depth', '6', '--out', model, ...flags);
  assert.equal(t.status, 0, t.stderr);
  const e = cli.run('evaluate', '--model', model, test, '--json');
  assert.equal(e.status, 0, e.stderr);
  return { r2: JSON.parse(e.stdout).metrics.r2, stderr: t.stderr };
}

test('R row names under a blank header, on a shuffled 80 % split: left out, so the held-out R² is the honest one', () => {
  const { train, test } = split(false);
  const leaked = heldOutR2(train, test, '--keep', 'column_1');
  const honest = heldOutR2(train, test, '--ignore', 'column_1');
  const asIs = heldOutR2(train, test);
  assert.ok(leaked.r2 > 0.99 && honest.r2 < 0.95, `the fixture leaks: ${leaked.r2} vs ${honest.r2}`);
  assert.equal(asIs.r2, honest.r2);
  assert.match(asIs.stderr, /note: left out ID-like column "column_1" \(row names under a blank header, distinct integers \d+ to \d+\); --keep column_1 keeps it/);
});

test('a named row number on an 80 % split kept in file order (gaps between its values): left out as rising with the row', () => {
  const { train, test } = split(true, 'id');
  const honest = heldOutR2(train, test, '--ignore', 'id');
  const asIs = heldOutR2(train, test);
  assert.equal(asIs.r2, honest.r2);
  assert.match(asIs.stderr, /note: left out ID-like column "id" \(integers rising with the row, \d+ to \d+\); --keep id keeps it/);
});

test('profile flags the row names as ID-like, in text and JSON', () => {
  const { train } = split(false);
  const text = cli.run('profile', train);
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /renamed column 1: blank name "" is now "column_1"\nID-like column "column_1" \(row names under a blank header, distinct integers \d+ to \d+\): training leaves it out unless kept/);
  const json = JSON.parse(cli.run('profile', train, '--json').stdout);
  assert.deepEqual(json.idLike.map((c: { column: string }) => c.column), ['column_1']);
});

test('every command that reads the file reports the blank header it renamed', () => {
  const { train, test } = split(false);
  const model = path.join(cli.dir, 'renamed.json');
  const runs = [
    cli.run('train', train, '--target', 'price', '--max-depth', '2', '--out', model),
    cli.run('predict', '--model', model, test),
    cli.run('evaluate', '--model', model, test),
    cli.run('evaluate', test, '--target', 'price', '--max-depth', '2'),
    cli.run('splits', test, '--target', 'price'),
    cli.run('profile', test),
  ];
  runs.forEach((r, k) => {
    assert.equal(r.status, 0, r.stderr);
    assert.match(r.stderr, /^note: (train-false|test)\.csv: renamed column 1: blank name "" is now "column_1"$/m, `run ${k}`);
  });
});
