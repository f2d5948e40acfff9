// `train --ensemble … --jobs N` (docs/cli.md "Forests"): the trees on N pool threads give the
// forest trainForest gives on one thread, for any N; a bad --jobs is refused with exit 2.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { serializeForest } from '../../../src/engine/forest/model-json';
import { trainForest } from '../../../src/engine/forest/train';
import { useCli } from '../helpers/cli';

const cli = useCli();
const iris = path.join(process.cwd(), 'media/samples/iris.csv');

test('train --ensemble forest prints the same forest for --jobs 1, 2 and 3: the one trainForest gives', () => {
  const expected = JSON.parse(serializeForest(trainForest(parseCsv(readFileSync(iris)), { target: 'species', ensemble: 'forest', nTrees: 6, seed: 4 }).model));
  const outputs = ['1', '2', '3'].map((jobs) => {
    const r = cli.run('train', iris, '--target', 'species', '--ensemble', 'forest', '--n-trees', '6', '--seed', '4', '--jobs', jobs);
    assert.equal(r.status, 0, r.stderr);
    return r.stdout;
  });
  assert.equal(outputs[1], outputs[0]);
  assert.equal(outputs[2], outputs[0]);
  assert.deepEqual(JSON.parse(outputs[0]), expected);
});

test('evaluate --ensemble bagging --cv on 2 threads reports what 1 thread reports', () => {
  const run = (jobs: string) => cli.run('evaluate', iris, '--target', 'species', '--ensemble', 'bagging', '--n-trees', '4', '--cv', '3', '--json', '--jobs', jobs);
  const [one, two] = [run('1'), run('2')];
  assert.equal(one.status, 0, one.stderr);
  assert.equal(two.stdout, one.stdout);
});

test('--jobs 0, --jobs 1.5 and --jobs without --ensemble exit 2 with a message, writing nothing', () => {
  const out = path.join(cli.dir, 'never.json');
  for (const [jobs, ensemble] of [['0', true], ['1.5', true], ['2', false]] as const) {
    const r = cli.run('train', iris, '--target', 'species', ...(ensemble ? ['--ensemble', 'forest'] : []), '--jobs', jobs, '--out', out);
    assert.equal(r.status, 2, `--jobs ${jobs}`);
    assert.match(r.stderr, /^error: .*--jobs/);
    assert.equal(r.stdout, '');
  }
  assert.throws(() => readFileSync(out));
});
