// train and predict end to end: a freshly bundled CLI in a child process, files, exit codes.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;

const iris = (file: string) => path.join('test/fixtures/parity/iris_gini_max_depth_3', file);

test('train --out writes a loadable model; predict appends predicted_<target> in row order', () => {
  const model = path.join(cli.dir, 'iris.json');
  const t = run('train', iris('train.csv'), '--target', 'species', '--max-depth', '3', '--out', model);
  assert.equal(t.status, 0, t.stderr);
  assert.match(t.stdout, /wrote .*iris\.json: 9 nodes/);
  const saved = JSON.parse(readFileSync(model, 'utf8'));
  assert.equal(saved.format, 'decision-tree-explorer/model');
  assert.equal(saved.params.maxDepth, 3);
  const out = path.join(cli.dir, 'pred.csv');
  const p = run('predict', '--model', model, iris('test.csv'), '--out', out);
  assert.equal(p.status, 0, p.stderr);
  const result = parseCsv(readFileSync(out));
  const input = parseCsv(readFileSync(iris('test.csv')));
  assert.equal(result.rowCount, input.rowCount);
  assert.deepEqual(result.columns.map((c) => c.name), [...input.columns.map((c) => c.name), 'predicted_species']);
  const expected = JSON.parse(readFileSync(iris('expected.json'), 'utf8')).canonical.predictions as string[];
  const pred = result.columns[5];
  assert.ok(pred.type === 'categorical');
  assert.deepEqual(Array.from(pred.codes, (c) => pred.categories[c]), expected);
  // A file without a column the tree asks about: exit 2, the message names that file, nothing written.
  const lacking = path.join(cli.dir, 'no-petals.csv');
  writeFileSync(lacking, readFileSync(iris('test.csv'), 'utf8').replace(/,petal_length_cm/, ',other'));
  const missing = path.join(cli.dir, 'never.csv');
  const m = run('predict', '--model', model, lacking, '--out', missing);
  assert.equal(m.status, 2, m.stderr);
  assert.match(m.stderr, /^error: no-petals\.csv: column "petal_length_cm" used by the model is not in the data\n$/);
  assert.equal(existsSync(missing), false);
});

test('train --format text prints an export_text-style tree, mermaid a flowchart; json is the model', () => {
  const text = run('train', iris('train.csv'), '--target', 'species', '--max-depth', '2', '--format', 'text');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^\|--- petal_length_cm <= 2\.45\n\| {3}\|--- class: setosa\n/);
  const mermaid = run('train', iris('train.csv'), '--target', 'species', '--max-depth', '2', '--format', 'mermaid');
  assert.equal(mermaid.status, 0, mermaid.stderr);
  assert.match(mermaid.stdout, /```mermaid\nflowchart TD\n/);
  assert.match(mermaid.stdout, /petal_length_cm/);
  const json = run('train', iris('train.csv'), '--target', 'species', '--max-depth', '1');
  assert.equal(JSON.parse(json.stdout).nodes.length, 3);
});

test('predict quotes output fields holding the delimiter, quotes or newlines', () => {
  const csv = 'name,kind,y\n"a, b",x,1\n"say ""hi""",z,0\n"two\nlines",x,1\nplain,z,0\n';
  const file = path.join(cli.dir, 'quoted.csv');
  writeFileSync(file, csv);
  const model = path.join(cli.dir, 'quoted.json');
  assert.equal(run('train', file, '--target', 'y', '--out', model).status, 0);
  const p = run('predict', '--model', model, file);
  assert.equal(p.status, 0, p.stderr);
  const back = parseCsv(p.stdout);
  assert.equal(back.rowCount, 4);
  const name = back.columns[0];
  assert.ok(name.type === 'categorical');
  assert.deepEqual(Array.from(name.codes, (c) => name.categories[c]), ['a, b', 'say "hi"', 'two\nlines', 'plain']);
});

test('bad input exits 2 with one line naming the problem', () => {
  const cases: Array<[string[], RegExp]> = [
    [['train', iris('train.csv'), '--target', 'nope'], /unknown target column "nope"/],
    [['train', iris('train.csv'), '--target', 'species', '--task', 'regression'], /numeric target/],
    [['train', iris('train.csv'), '--target', 'species', '--criterion', 'squared_error'], /criterion/],
    [['train', iris('train.csv'), '--target', 'species', '--max-depth', 'x'], /--max-depth must be an integer/],
    [['train', iris('train.csv')], /--target is required/],
    [['predict', '--model', iris('expected.json'), iris('test.csv')], /not a usable model file: format/],
    [['predict', '--model', path.join(cli.dir, 'absent.json'), iris('test.csv')], /cannot read/],
  ];
  for (const [args, message] of cases) {
    const r = run(...args);
    assert.equal(r.status, 2, `${args.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(r.stderr.trim().split('\n').length, 1);
  }
});

test('issue 3 item 7 through the CLI: each bad training set exits 2 with a one-line reason', () => {
  const write = (name: string, text: string): string => {
    const file = path.join(cli.dir, name);
    writeFileSync(file, text);
    return file;
  };
  const many = ['x,y', ...Array.from({ length: 1200 }, (_, i) => `${i},id${i}`)].join('\n') + '\n';
  const cases: Array<[string, RegExp]> = [
    [write('one-class.csv', 'x,y\n1,a\n2,a\n3,a\n'), /single class/],
    [write('constant.csv', 'x,z,y\n1,,a\n1,,b\n1,,a\n'), /constant or missing/],
    [write('many.csv', many), /more than 1000 classes.*regression/],
    [write('no-target.csv', 'x,y\n1,\n2,\n'), /missing on every row/],
  ];
  // Every command that trains names the file, as the reader's errors do.
  const commands = [['train'], ['evaluate'], ['prune-path'], ['splits'], ['train', '--ensemble', 'forest', '--n-trees', '3']];
  for (const [file, message] of cases) {
    for (const [command, ...more] of commands) {
      const r = run(command, file, '--target', 'y', ...more);
      const label = `${command} ${more.join(' ')} ${path.basename(file)}`;
      assert.equal(r.status, 2, `${label}: ${r.stderr}`);
      assert.match(r.stderr, message, label);
      assert.ok(r.stderr.startsWith(`error: ${path.basename(file)}: `), `${label}: ${r.stderr}`);
      assert.equal(r.stderr.trim().split('\n').length, 1, label);
    }
  }
});
