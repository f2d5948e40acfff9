// --min-category-samples end to end on every command that trains or scores splits.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { isNumeric } from '../../../src/engine/dataset';
import { useCli } from '../helpers/cli';
import { noiseVersusSignal } from '../helpers/rare-category-data';

const cli = useCli();

/** The noise-versus-signal rows as a CSV file in the CLI's folder. */
function noiseCsv(): string {
  const data = noiseVersusSignal(2, 600);
  const lines = [data.columns.map((c) => c.name).join(',')];
  for (let r = 0; r < data.rowCount; r++) lines.push(data.columns.map((c) => (isNumeric(c) ? String(c.values[r]) : c.categories[c.codes[r]])).join(','));
  const file = path.join(cli.dir, 'noise.csv');
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

test('splits, train, evaluate and prune-path take --min-category-samples (default 10; 0 searches every category)', () => {
  const file = noiseCsv();
  const first = (...extra: string[]) => {
    const r = cli.run('splits', file, '--target', 'y', '--json', ...extra);
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout).root.feature;
  };
  assert.equal(first(), 'signal');
  assert.equal(first('--min-category-samples', '0'), 'noise');

  const train = cli.run('train', file, '--target', 'y', '--max-depth', '1');
  assert.equal(train.status, 0, train.stderr);
  const model = JSON.parse(train.stdout);
  assert.equal(model.nodes[0].split.feature, 'signal');
  assert.equal(model.params.minCategorySamples, 10);

  const cv = (...extra: string[]) => {
    const r = cli.run('evaluate', file, '--target', 'y', '--cv', '5', '--max-depth', '4', '--json', ...extra);
    assert.equal(r.status, 0, r.stderr);
    return JSON.parse(r.stdout).metrics.crossValidation.mean as number;
  };
  assert.ok(cv() > cv('--min-category-samples', '1') + 0.05);

  const path0 = cli.run('prune-path', file, '--target', 'y', '--min-category-samples', '0', '--json');
  const path10 = cli.run('prune-path', file, '--target', 'y', '--json');
  assert.equal(path0.status, 0, path0.stderr);
  assert.notDeepEqual(JSON.parse(path0.stdout), JSON.parse(path10.stdout));
});

test('a bad --min-category-samples exits 2 naming the flag', () => {
  const r = cli.run('train', 'media/samples/play_tennis.csv', '--target', 'play', '--min-category-samples', '-1');
  assert.equal(r.status, 2);
  assert.match(r.stderr, /--min-category-samples must be ≥ 0, got -1/);
});

test('splits names a column whose every category is too rare among the unsplittable ones, with the reason', () => {
  const rows = Array.from({ length: 20 }, (_, i) => `id${i},${i % 2 === 0 ? 'a' : 'b'},${i % 2 === 0 ? 'yes' : 'no'}`);
  const file = path.join(cli.dir, 'ids.csv');
  writeFileSync(file, ['id,x,y', ...rows].join('\n') + '\n');
  const r = cli.run('splits', file, '--target', 'y');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /no split possible \(constant, missing, or every category rarer than --min-category-samples\): id\n/);
});
