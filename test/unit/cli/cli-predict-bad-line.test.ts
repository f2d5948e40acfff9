// A value the model cannot read names the file and the line it is on (the engine knows the row;
// the CLI counts lines with the reader's tokenizer, so a quoted field spanning lines counts), and
// a saved model measured on a file without its target names that file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';

const cli = useCli();
// "size" decides the class; "note" is noise. Typed categorical at predict time, "size" reaches
// the model as text, and "big" on the third record (lines 5–6: its note spans two lines) is no number.
// Sizes in halves, shuffled (not an ID-like column of increasing integers).
const size = (i: number): number => ((i * 7) % 40) / 2;
const TRAIN = ['size,note,status', ...Array.from({ length: 40 }, (_, i) => `${size(i)},${i % 3 === 0 ? 'x' : 'y'},${size(i) < 10 ? 'small' : 'large'}`)].join('\n') + '\n';
const PREDICT = 'size,note\n3,x\n"25","two\nlines"\nbig,"more\ntext"\n7,y\n';

test('predict: a value a forest and a tree cannot read names the file and its line, exit 2', () => {
  const file = (name: string) => path.join(cli.dir, name);
  writeFileSync(file('train.csv'), TRAIN);
  writeFileSync(file('new.csv'), PREDICT);
  for (const extra of [['--ensemble', 'forest', '--n-trees', '5', '--jobs', '1'], []]) {
    const model = file(`m${extra.length}.json`);
    const trained = cli.run('train', file('train.csv'), '--target', 'status', ...extra, '--out', model);
    assert.equal(trained.status, 0, trained.stderr);
    const r = cli.run('predict', '--model', model, file('new.csv'), '--types', 'size=categorical');
    assert.equal(r.status, 2, r.stderr);
    assert.match(r.stderr, /^error: new\.csv: line 5: column "size" holds "big", not a number \(the model predicting "status" splits on it as numbers\)$/m);
    assert.doesNotMatch(r.stderr, /for model/);
  }
});

test('evaluate --model on a file without the target names that file, exit 2', () => {
  const model = path.join(cli.dir, 'tree.json');
  writeFileSync(path.join(cli.dir, 'train2.csv'), TRAIN);
  assert.equal(cli.run('train', path.join(cli.dir, 'train2.csv'), '--target', 'status', '--out', model).status, 0);
  writeFileSync(path.join(cli.dir, 'no-target.csv'), 'size,note\n1,x\n30,y\n');
  const r = cli.run('evaluate', '--model', model, path.join(cli.dir, 'no-target.csv'));
  assert.equal(r.status, 2);
  assert.match(r.stderr, /^error: no-target\.csv: target column "status" is not in the data/m);
});
