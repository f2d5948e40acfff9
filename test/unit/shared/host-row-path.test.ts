// The path of one row for the panel: root to leaf, the leaf's prediction, the row's true value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { InputError } from '../../../src/engine/errors';
import { predict } from '../../../src/engine/tree/predict';
import { trainTree } from '../../../src/engine/tree/train';
import { rowOfLine, rowPath } from '../../../src/shared/row-path';
import { recordStartLines } from '../../../src/engine/locate/record-lines';
import { isNumeric } from '../../../src/engine/dataset';
import { packModel } from '../../../src/shared/report-transfer';

const iris = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv')));
const { model } = trainTree(iris, { target: 'species', maxDepth: 3 });

test('a row goes from the root to a leaf, with the prediction of that leaf and its true class', () => {
  const predictions = predict(model, iris);
  for (const row of [0, 1, 77, 149]) {
    const result = rowPath(packModel(model), iris, row);
    assert.equal(result.row, row);
    assert.equal(result.path[0], 0);
    const leaf = model.nodes[result.path[result.path.length - 1]];
    assert.equal(leaf.children.length, 0);
    for (let i = 1; i < result.path.length; i++) assert.ok(model.nodes[result.path[i - 1]].children.includes(result.path[i]));
    assert.equal(result.prediction, predictions[row]);
    const species = iris.columns[4];
    assert.ok(!isNumeric(species));
    assert.equal(result.actual, species.categories[species.codes[row]]);
  }
});

test('a missing true value is null; a regression target gives numbers', () => {
  const data = parseCsv('x,y\n1,10\n2,20\n3,\n4,40\n5,50\n');
  const { model: reg } = trainTree(data, { target: 'y', task: 'regression' });
  assert.equal(rowPath(packModel(reg), data, 2).actual, null);
  assert.equal(rowPath(packModel(reg), data, 1).actual, 20);
  assert.equal(typeof rowPath(packModel(reg), data, 1).prediction, 'number');
});

test('a row outside the file is bad input naming the row count', () => {
  assert.throws(() => rowPath(packModel(model), iris, 150), (err: unknown) => err instanceof InputError && /150 data rows/.test(err.message));
  assert.throws(() => rowPath(packModel(model), iris, -1), InputError);
});

test('editor lines map to data rows below the header, one record per line until the record starts are known', () => {
  assert.equal(rowOfLine(0, null), undefined);
  assert.equal(rowOfLine(1, null), 0);
  assert.equal(rowOfLine(151, null), 150);
});

test('with the record start lines, a quoted field spanning lines and a blank line keep rows and lines apart', () => {
  // line 0 header; 1 row 0; 2–4 row 1 (its note spans three lines); 5 blank (skipped); 6 row 2
  const text = 'id,note,y\n1,short,a\n2,"first\nsecond\nthird",b\n\n3,last,a\n';
  const starts = recordStartLines(text, ',');
  assert.equal(parseCsv(text).rowCount, 3);
  assert.deepEqual([0, 1, 2, 3, 4, 6].map((line) => rowOfLine(line, starts)), [undefined, 0, 1, 1, 1, 2]);
  // One record per line would have put line 6 on row 5, past the data.
  assert.equal(rowOfLine(6, null), 5);
});
