// Ordinal order from the user (README "CSV input"): `--types 'X=ordinal:Low,Medium,High'` orders
// the categories as given, an ordinal text column without an order is warned about, and a rule on
// an ordinal threshold lists the categories it holds.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseTreeFile } from '../../../src/engine/forest/tree-model-file';
import { useCli } from '../helpers/cli';

const cli = useCli();
const run = cli.run;
const ORDER = ['Low', 'Medium', 'High', 'Very_High'];

/** Attrition "Yes" exactly for Low and Medium satisfaction: a single ordinal split separates it only in the meaning's order. */
function file(): string {
  const rows = ['JobSatisfaction,Attrition'];
  for (let i = 0; i < 40; i++) {
    const level = ORDER[i % 4];
    rows.push(`${level},${i % 4 < 2 ? 'Yes' : 'No'}`);
  }
  const p = path.join(cli.dir, 'attrition.csv');
  writeFileSync(p, rows.join('\n') + '\n');
  return p;
}

test('an ordinal given its order splits in that order and its rules list the categories of each range', () => {
  const csv = file();
  const model = path.join(cli.dir, 'ordered.json');
  const t = run('train', csv, '--target', 'Attrition', '--types', `JobSatisfaction=ordinal:${ORDER.join(',')}`, '--out', model);
  assert.equal(t.status, 0, t.stderr);
  assert.doesNotMatch(t.stderr, /warning/);
  const saved = parseTreeFile(readFileSync(model, 'utf8'));
  assert.deepEqual(saved.features[0].categories, ORDER);
  // One split, Low and Medium on the left: two pure leaves.
  assert.equal(saved.nodes.length, 3);
  const r = run('rules', '--model', model);
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /IF JobSatisfaction ≤ Medium \{Low, Medium\} THEN Attrition = Yes/);
  // No value of the column is missing in training: the rule does not say "or missing" (docs/model-format.md sawMissing).
  assert.match(r.stdout, /IF JobSatisfaction > Medium \{High, Very_High\} THEN Attrition = No/);
  const p = run('predict', '--model', model, csv);
  assert.equal(p.status, 0, p.stderr);
  assert.deepEqual(p.stdout.trim().split('\n').slice(1, 5), ['Low,Yes,Yes', 'Medium,Yes,Yes', 'High,No,No', 'Very_High,No,No']);
});

test('an ordinal text column without an order is warned about, and its rules show what code-point order means', () => {
  const csv = file();
  const model = path.join(cli.dir, 'unordered.json');
  const t = run('train', csv, '--target', 'Attrition', '--types', 'JobSatisfaction=ordinal', '--out', model);
  assert.equal(t.status, 0, t.stderr);
  assert.match(
    t.stderr,
    /^warning: attrition\.csv: column "JobSatisfaction" is ordinal in code-point order \(High < Low < Medium < Very_High\), which may not be what it means; give the order, lowest first, with --types 'JobSatisfaction=ordinal:A,B,…'$/m,
  );
  const r = run('rules', '--model', model);
  assert.equal(r.status, 0, r.stderr);
  // In code-point order "≤ Medium" is {High, Low, Medium}: the list says so.
  assert.match(r.stdout, /JobSatisfaction ≤ \w+ \{High(, \w+)*\}/);
  const bad = run('train', csv, '--target', 'Attrition', '--types', 'JobSatisfaction=ordinal:Low,High');
  assert.equal(bad.status, 2);
  assert.match(bad.stderr, /attrition\.csv: column 1 \("JobSatisfaction"\) holds "Medium", "Very_High", not in the order given for it \(Low,High\)/);
});
