// `edit` and `evaluate --model` (issue 18): the CLI's edited model is the engine's (same JSON as
// replayEdits), predict/rules read it, its metrics equal the engine's for the same structure, and
// bad edits exit 2 without writing anything.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { replayEdits } from '../../../src/engine/edit/apply';
import { summarizeTree } from '../../../src/engine/edit/preview';
import { modelFileText, parseTreeFile } from '../../../src/engine/forest/tree-model-file';
import { useCli } from '../helpers/cli';

const cli = useCli();
const diabetes = 'media/samples/diabetes.csv';
const tennis = 'media/samples/play_tennis.csv';
const file = (name: string) => path.join(cli.dir, name);

function ok(...args: string[]): string {
  const r = cli.run(...args);
  assert.equal(r.status, 0, r.stderr);
  return r.stdout;
}

test('edit writes the engine\'s edited model; evaluate --model gives the same metrics as the engine', () => {
  ok('train', diabetes, '--target', 'disease_progression', '--max-depth', '4', '--out', file('d.json'));
  ok('edit', '--model', file('d.json'), diabetes, '--split', '1:bp<=90', '--snip=3', '--grow', '3', '--out', file('d-edited.json'));
  const edited = parseTreeFile(readFileSync(file('d-edited.json'), 'utf8'));
  assert.deepEqual(edited.edits?.map((e) => e.edit.op), ['split', 'snip', 'grow']);
  const data = parseCsv(readFileSync(diabetes));
  const grown = parseTreeFile(readFileSync(file('d.json'), 'utf8'));
  assert.equal(modelFileText(replayEdits(data, grown, edited.edits?.map((e) => e.edit) ?? [])), readFileSync(file('d-edited.json'), 'utf8'));
  const report = JSON.parse(ok('evaluate', '--model', file('d-edited.json'), diabetes, '--json')) as { edited: boolean; edits: number; metrics: { r2: number; rows: number } };
  assert.equal(report.edited, true);
  assert.equal(report.edits, 3);
  assert.equal(report.metrics.rows, 442);
  assert.equal(report.metrics.r2, summarizeTree(data, edited).trainingScore);
  assert.match(ok('evaluate', '--model', file('d-edited.json'), diabetes), /d-edited\.json \(edited, 3 edits\) on diabetes\.csv, leaves as saved \(442 rows\)\n {2}MSE/);
  // predict and rules read the edited model.
  const predictions = ok('predict', '--model', file('d-edited.json'), diabetes).trim().split('\n');
  assert.equal(predictions.length, 443);
  assert.match(ok('rules', '--model', file('d-edited.json')), /bp ≤ 90/);
  assert.match(ok('rules', '--model', file('d-edited.json'), '--format', 'python'), /bp/);
});

test('a category split: "NODE:COL in a,b" sends the listed categories left, the others right', () => {
  ok('train', tennis, '--target', 'play', '--out', file('t.json'));
  ok('edit', '--model', file('t.json'), tennis, '--split', '0:outlook in sunny,rain', '--out', file('t-edited.json'));
  const root = parseTreeFile(readFileSync(file('t-edited.json'), 'utf8')).nodes[0];
  assert.deepEqual(root.split, { feature: 'outlook', kind: 'categorical', branches: [['sunny', 'rain'], ['overcast']] });
});

test('ID3: "NODE:COL" splits by a branch per category; the regrown tree is the engine\'s', () => {
  ok('train', tennis, '--target', 'play', '--algorithm', 'id3', '--out', file('id3.json'));
  ok('edit', '--model', file('id3.json'), tennis, '--split', '0:temperature', '--out', file('id3-edited.json'));
  const edited = parseTreeFile(readFileSync(file('id3-edited.json'), 'utf8'));
  assert.deepEqual(edited.nodes[0].split, { feature: 'temperature', kind: 'categorical', branches: [['hot'], ['mild'], ['cool']] });
  const data = parseCsv(readFileSync(tennis));
  assert.equal(modelFileText(replayEdits(data, parseTreeFile(readFileSync(file('id3.json'), 'utf8')), [edited.edits?.[0].edit ?? { op: 'snip', node: 0 }])), readFileSync(file('id3-edited.json'), 'utf8'));
});

test('bad edits exit 2 with the reason and write nothing', () => {
  ok('train', tennis, '--target', 'play', '--out', file('t2.json'));
  const cases: Array<[string[], RegExp]> = [
    [['--split', '0:outlook in '], /category set of "outlook" is empty/],
    [['--split', '0:humidity<=3'], /"humidity" is categorical: split it by a set of categories/],
    [['--split', '0:play in N'], /it is the target/],
    [['--split', '0:play'], /it is the target/],
    [['--split', '0:nosuch'], /nosuch/],
    [['--snip', '-1'], /--snip needs a node id/],
    [['--split', '0:outlook'], /a split of "outlook" needs two category sets/],
    [['--split', '0:outlook is sunny'], /--split expects NODE:COL<=T/],
    [[], /no edit given/],
  ];
  for (const [edits, message] of cases) {
    const r = cli.run('edit', '--model', file('t2.json'), tennis, ...edits, '--out', file('never.json'));
    assert.equal(r.status, 2, `${edits.join(' ')}: ${r.stderr}`);
    assert.match(r.stderr, message);
    assert.equal(existsSync(file('never.json')), false);
  }
  const stale = cli.run('edit', '--model', file('t2.json'), 'media/samples/iris.csv', '--snip', '0');
  assert.equal(stale.status, 2);
  assert.match(stale.stderr, /no longer matches the tree/);
  const cv = cli.run('evaluate', '--model', file('t2.json'), tennis, '--cv', '3');
  assert.equal(cv.status, 2);
  assert.match(cv.stderr, /--cv does not apply with --model/);
});
