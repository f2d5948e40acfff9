// A header the reader renamed (blank → column_N, duplicate → x_2) is kept in the model as written
// (ModelFeature.header), and the exports' convert_row / convertRow find the value under it: on rows
// read from the file, the exported code agrees with predict() (README "CSV input").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { exportCode } from '../../../src/engine/export/code';
import { predict } from '../../../src/engine/tree/predict';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { trainForest } from '../../../src/engine/forest/train';
import { runJavaScriptOnStrings, runPythonOnCsv } from '../helpers/run-exports';

/** A blank-headed feature that decides the class, and a duplicated header "b" (its second copy noise). */
function csv(): string {
  const lines = [',b,b,y'];
  for (let i = 0; i < 60; i++) {
    const x = (i * 7) % 10;
    lines.push(`${x},${(i * 3) % 5},${(i * 11) % 4},${x < 5 ? 'lo' : 'hi'}`);
  }
  return lines.join('\n') + '\n';
}

/** The rows as a CSV reader keyed by the header as written gives them (the last "b" wins, as csv.DictReader). */
function writtenRows(text: string): Array<Record<string, string>> {
  const [header, ...lines] = text.trim().split('\n');
  const names = header.split(',');
  return lines.map((l) => {
    const row: Record<string, string> = {};
    l.split(',').forEach((v, i) => (row[names[i]] = v));
    return row;
  });
}

test('a tree on a blank-headed column: the model keeps the header as written and the exports read rows keyed by it', () => {
  const text = csv();
  const data = parseCsv(text);
  assert.deepEqual(data.columns.map((c) => c.name), ['column_1', 'b', 'b_2', 'y']);
  const { model } = trainTree(data, { target: 'y' });
  assert.deepEqual(model.features.map((f) => [f.name, f.header]), [['column_1', ''], ['b', undefined], ['b_2', 'b']]);
  assert.equal(model.nodes[0].split?.feature, 'column_1');
  const expected = predict(model, data);
  assert.equal(new Set(expected).size, 2);
  assert.deepEqual(runPythonOnCsv(exportCode(model, 'python'), text), expected, 'Python');
  assert.deepEqual(runJavaScriptOnStrings(exportCode(model, 'js'), writtenRows(text)), expected, 'JavaScript');
  // Rows keyed by the reader's names still work.
  const named = writtenRows(text).map((r) => ({ column_1: r[''], b: r.b, b_2: r.b, y: r.y }));
  assert.deepEqual(runJavaScriptOnStrings(exportCode(model, 'js'), named), expected, 'JavaScript, reader names');
});

test('a forest keeps the header as written too', () => {
  const data = parseCsv(csv());
  const { model } = trainForest(data, { target: 'y', ensemble: 'forest', nTrees: 3, seed: 1 });
  assert.deepEqual(model.features.map((f) => f.header), ['', undefined, 'b']);
});
