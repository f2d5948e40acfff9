// The majority-class baseline beside accuracy (src/engine/metrics/baseline.ts; caret's
// no-information rate): a tree on noise scored below always predicting the majority with nothing
// to say so.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { majorityBaseline, beatsBaseline } from '../../../src/engine/metrics/baseline';
import { classificationMetrics } from '../../../src/engine/metrics/classification';
import { useCli } from '../helpers/cli';

const cli = useCli();

test('the baseline is the largest true-class share, by weight when weighted; ties go to the first class', () => {
  const m = classificationMetrics(['a', 'b', 'c'], [0, 1, 1, 2, 1, 0], [0, 1, 0, 2, 2, 0]);
  assert.deepEqual(majorityBaseline(m), { class: 'b', accuracy: 3 / 6 });
  assert.equal(beatsBaseline(m), true); // 4/6 right
  const tie = classificationMetrics(['a', 'b'], [0, 1], [1, 0]);
  assert.deepEqual(majorityBaseline(tie), { class: 'a', accuracy: 0.5 });
  assert.equal(beatsBaseline(tie), false);
  const weighted = classificationMetrics(['a', 'b'], [0, 1, 1], [0, 0, 0], undefined, 1, [5, 1, 1]);
  assert.deepEqual(majorityBaseline(weighted), { class: 'a', accuracy: 5 / 7 });
});

test('evaluate prints the baseline beside accuracy and says when the tree does not beat it', () => {
  // 90 % "no": a fully grown tree on a column of noise scores below always answering "no".
  const rows = Array.from({ length: 200 }, (_, i) => `${(i * 7919) % 97},${i % 10 === 0 ? 'yes' : 'no'}`);
  const file = path.join(cli.dir, 'rare-positive.csv');
  writeFileSync(file, `noise,bad\n${rows.join('\n')}\n`);
  const r = cli.run('evaluate', file, '--target', 'bad', '--cv', '5', '--permutation-repeats', '0');
  assert.equal(r.status, 0, r.stderr);
  const line = r.stdout.split('\n').find((l) => l.includes('majority-class baseline'));
  assert.ok(line, r.stdout);
  assert.match(line, /majority-class baseline 0\.9000 \(always no\): the tree does NOT beat it/);
  const iris = cli.run('evaluate', 'media/samples/iris.csv', '--target', 'species', '--cv', '5', '--permutation-repeats', '0');
  assert.match(iris.stdout, /majority-class baseline 0\.3333 \(always setosa\): the tree beats it by 0\.6\d{3}/);
});
