// The sample datasets: every listed file ships, has a header and rectangular rows, and its target
// (the last column) is what the description promises.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';

const dir = path.join(process.cwd(), 'media/samples');
// src/host/samples.ts imports vscode, so the list is read from its source text.
const listed = [...readFileSync(path.join(process.cwd(), 'src/host/samples.ts'), 'utf8').matchAll(/file: '([^']+)'/g)].map((m) => m[1]);

test('every sample in the list ships, and nothing unlisted does', () => {
  assert.deepEqual([...listed].sort(), readdirSync(dir).filter((f) => f.endsWith('.csv')).sort());
  assert.equal(listed.length, 5);
});

test('samples parse, with the promised targets', () => {
  const target = (file: string) => {
    const data = parseCsv(readFileSync(path.join(dir, file)));
    return { rows: data.rowCount, last: data.columns[data.columns.length - 1] };
  };
  const iris = target('iris.csv');
  assert.equal(iris.rows, 150);
  assert.ok(iris.last.type === 'categorical');
  assert.deepEqual([...iris.last.categories].sort(), ['setosa', 'versicolor', 'virginica']);
  assert.equal(target('play_tennis.csv').rows, 14);
  assert.equal(target('bike_or_car.csv').rows, 16);
  assert.equal(target('guess_who.csv').rows, 24);
  const diabetes = target('diabetes.csv');
  assert.equal(diabetes.rows, 442);
  assert.equal(diabetes.last.type, 'numeric');
});
