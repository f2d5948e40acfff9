// Issue 14 item 2 through the CLI: every command that trains or scores splits says on stderr which
// columns it left out as ID-like or constant and how --keep keeps them; the JSON outputs carry it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';
import { shellWord } from '../../../src/cli/left-out-notes';

const cli = useCli();
const run = cli.run;

const NOTES = [
  'note: left out ID-like column "Individual ID" (every value distinct); --keep "Individual ID" keeps it',
  'note: left out ID-like column "row" (the integers 1 to 80, one per row); --keep row keeps it',
  'note: left out constant column "study" (every row holds "PAL0708"); --keep study keeps it',
];

function penguins(): string {
  const file = path.join(cli.dir, 'penguins.csv');
  const lines = ['row,Individual ID,study,bill,species'];
  for (let i = 0; i < 80; i++) lines.push(`${i + 1},N${i}A${i % 2},PAL0708,${(35 + ((i * 7.31) % 15)).toFixed(3)},${i < 40 ? 'Adelie' : 'Gentoo'}`);
  writeFileSync(file, lines.join('\n') + '\n');
  return file;
}

test('train, evaluate, prune-path and splits print one note per left-out column, naming --keep', () => {
  const file = penguins();
  for (const argv of [['train'], ['evaluate'], ['prune-path'], ['splits']]) {
    const r = run(...argv, file, '--target', 'species');
    assert.equal(r.status, 0, `${argv[0]}: ${r.stderr}`);
    assert.deepEqual(r.stderr.trim().split('\n').sort(), [...NOTES].sort(), argv[0]);
  }
});

test('the model JSON, evaluate --json, prune-path --json and splits --json record what was left out and why', () => {
  const file = penguins();
  const out = path.join(cli.dir, 'penguins.json');
  assert.equal(run('train', file, '--target', 'species', '--out', out).status, 0);
  const model = JSON.parse(readFileSync(out, 'utf8'));
  const expected = [
    { column: 'row', reason: 'id-like', detail: 'the integers 1 to 80, one per row' },
    { column: 'Individual ID', reason: 'id-like', detail: 'every value distinct' },
    { column: 'study', reason: 'constant', detail: 'every row holds "PAL0708"' },
  ];
  assert.deepEqual(model.params.leftOut, expected);
  assert.deepEqual(model.features.map((f: { name: string }) => f.name), ['bill']);
  assert.deepEqual(JSON.parse(run('evaluate', file, '--target', 'species', '--json').stdout).leftOut, expected);
  assert.deepEqual(JSON.parse(run('prune-path', file, '--target', 'species', '--json').stdout).leftOut, expected);
  assert.deepEqual(JSON.parse(run('splits', file, '--target', 'species', '--json').stdout).leftOut, expected);
});

test('--keep keeps a column on every command (the tree then splits on the row number); no note for it', () => {
  const file = penguins();
  const t = run('train', file, '--target', 'species', '--keep', 'row,Individual ID', '--format', 'json');
  assert.equal(t.status, 0, t.stderr);
  assert.deepEqual(t.stderr.trim().split('\n'), [NOTES[2]]);
  const model = JSON.parse(t.stdout);
  assert.deepEqual(model.nodes[0].split, { feature: 'row', kind: 'numeric', threshold: 40.5 });
  assert.deepEqual(model.params.keep, ['row', 'Individual ID']);
  for (const command of ['evaluate', 'prune-path', 'splits']) {
    const r = run(command, file, '--target', 'species', '--keep', 'row');
    assert.equal(r.status, 0, `${command}: ${r.stderr}`);
    assert.ok(!r.stderr.includes('"row"'), `${command}: ${r.stderr}`);
  }
});

test('--keep of an unknown column, or of a column also in --ignore, exits 2 with one clear line', () => {
  const file = penguins();
  for (const command of ['train', 'evaluate', 'prune-path', 'splits']) {
    const unknown = run(command, file, '--target', 'species', '--keep', 'nope');
    assert.equal(unknown.status, 2, `${command}: ${unknown.stderr}`);
    assert.match(unknown.stderr, /unknown column "nope" in --keep/);
    assert.equal(unknown.stderr.trim().split('\n').length, 1);
    const both = run(command, file, '--target', 'species', '--keep', 'row', '--ignore', 'row');
    assert.equal(both.status, 2, `${command}: ${both.stderr}`);
    assert.match(both.stderr, /column "row" is in both --ignore and --keep; choose one/);
  }
});

test('the --keep suggestion is one shell word whatever the name holds', () => {
  assert.equal(shellWord('row_id'), 'row_id');
  assert.equal(shellWord('Individual ID'), '"Individual ID"');
  assert.equal(shellWord('say "hi"'), '"say \\"hi\\""');
  assert.equal(shellWord("$HOME's"), `'$HOME'\\''s'`);
  assert.equal(shellWord('a\nb'), '"a\\nb"');
});
