// --types and --delimiter on every CLI command that reads a CSV (src/cli/data-flags.ts), and
// date/ordinal columns end to end: train → model JSON → predict on a new file.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseTypes } from '../../../src/cli/data-flags';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;

/** Semicolon-separated, so the sniffer would find `;`; --delimiter ';' must agree, ',' must not. */
function file(): string {
  const rows = ['day;size;n;y'];
  for (let i = 0; i < 24; i++) {
    const day = `202${i < 12 ? 0 : 1}-0${1 + (i % 9)}-1${i % 10}`;
    rows.push(`${day};${['S', 'M', 'L'][i % 3]};${i % 4};${i < 12 ? 'old' : 'new'}`);
  }
  const p = path.join(cli.dir, 'days.csv');
  writeFileSync(p, rows.join('\n') + '\n');
  return p;
}

test('parseTypes reads COL=TYPE pairs; a bad pair or type is a usage error', () => {
  assert.deepEqual(parseTypes('a=date, b = ordinal,x=y=numeric').types, { a: 'date', b: 'ordinal', 'x=y': 'numeric' });
  assert.deepEqual(parseTypes('h=numeric:coerce,s=ordinal:Low, Medium,High,t=date'), {
    types: { h: 'numeric', s: 'ordinal', t: 'date' },
    coerce: ['h'],
    orders: { s: ['Low', 'Medium', 'High'] },
  });
  assert.throws(() => parseTypes('a=categorical:x'), /only numeric:coerce and ordinal:A,B,C/);
  assert.throws(() => parseTypes('s=ordinal:a,b,a'), /lists "a" twice/);
  assert.throws(() => parseTypes('a'), /COL=TYPE/);
  assert.throws(() => parseTypes('a=text'), /unknown type "text" for column "a"; types are numeric, categorical, boolean, date, ordinal/);
});

test('every command that reads a CSV takes --types and --delimiter', () => {
  const csv = file();
  const model = path.join(cli.dir, 'days.json');
  const flags = ['--types', 'size=ordinal,n=categorical', '--delimiter', ';'];
  const t = run('train', csv, '--target', 'y', '--out', model, ...flags);
  assert.equal(t.status, 0, t.stderr);
  const saved = JSON.parse(readFileSync(model, 'utf8'));
  assert.deepEqual(saved.features.map((f: { type: string }) => f.type), ['date', 'ordinal', 'categorical']);
  assert.deepEqual(saved.features[1].categories, ['L', 'M', 'S']);
  const p = run('predict', '--model', model, csv, ...flags);
  assert.equal(p.status, 0, p.stderr);
  assert.equal(p.stdout.split('\n')[1], '2020-01-10;S;0;old;old');
  for (const args of [['evaluate', csv, '--target', 'y'], ['splits', csv, '--target', 'y'], ['prune-path', csv, '--target', 'y'], ['profile', csv]]) {
    const ok = run(...args, ...flags);
    assert.equal(ok.status, 0, `${args[0]}: ${ok.stderr}`);
    const unknown = run(...args, '--types', 'nope=date', '--delimiter', ';');
    assert.equal(unknown.status, 2, `${args[0]} with an unknown column`);
    assert.match(unknown.stderr, /days\.csv: type override for unknown column "nope"/);
    const badType = run(...args, '--types', 'size=text');
    assert.equal(badType.status, 2);
    assert.match(badType.stderr, /unknown type "text"/);
    // A wrong delimiter leaves one column: "size" is then unknown.
    const comma = run(...args, '--delimiter', ',', '--types', 'size=ordinal');
    assert.equal(comma.status, 2, `${args[0]} with --delimiter ,`);
  }
  const profile = run('profile', csv, ...flags, '--json');
  assert.deepEqual(JSON.parse(profile.stdout).columns.map((c: { type: string }) => c.type), ['date', 'ordinal', 'categorical', 'categorical']);
});

test('a forced numeric or date column with another value fails with file, line and column', () => {
  const csv = file();
  const numeric = run('splits', csv, '--target', 'y', '--types', 'size=numeric');
  assert.equal(numeric.status, 2);
  assert.match(numeric.stderr, /days\.csv: line 2, column 2 \("size"\): "S" is not a number, but the column is set to numeric/);
  const date = run('train', csv, '--target', 'y', '--types', 'n=date');
  assert.equal(date.status, 2);
  assert.match(date.stderr, /days\.csv: line 2, column 3 \("n"\): "0" is not an ISO 8601 date/);
});

test('a date column trains ordered splits shown as dates; splits --json gives the threshold as a date', () => {
  const csv = file();
  const text = run('train', csv, '--target', 'y', '--format', 'text');
  assert.equal(text.status, 0, text.stderr);
  assert.match(text.stdout, /^\|--- day <= 2020-(\d\d)-(\d\d)(T12:00Z)?( \(\+ missing\))?\n/);
  const splits = JSON.parse(run('splits', csv, '--target', 'y', '--json').stdout);
  assert.equal(splits.splits[0].feature, 'day');
  assert.equal(splits.splits[0].kind, 'numeric');
  assert.equal(splits.splits[0].valueType, 'date');
  assert.equal(splits.splits[0].thresholdText, new Date(splits.splits[0].threshold).toISOString().replace(/T00:00:00\.000Z$/, '').replace(/:00\.000Z$/, 'Z'));
});

test('predict with a date model: a new file\'s non-date in that column is an error naming it and its line', () => {
  const csv = file();
  const model = path.join(cli.dir, 'd.json');
  assert.equal(run('train', csv, '--target', 'y', '--out', model, '--types', 'size=ordinal').status, 0);
  const fresh = path.join(cli.dir, 'fresh.csv');
  writeFileSync(fresh, 'day;size;n\n2021-06-01;XL;1\n2019-06-01;M;2\n');
  const p = run('predict', '--model', model, fresh);
  assert.equal(p.status, 0, p.stderr);
  assert.deepEqual(p.stdout.trim().split('\n').map((l) => l.split(';').pop()), ['predicted_y', 'new', 'old']);
  writeFileSync(fresh, 'day;size;n\n2021-06-01;S;1\nlater;M;2\n');
  const bad = run('predict', '--model', model, fresh);
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /^error: fresh\.csv: line 3, column 1 \("day"\): "later" is not an ISO 8601 date/);
});
