import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Dataset } from '../../../src/engine/dataset';
import { InputError } from '../../../src/engine/errors';
import type { TreeModel } from '../../../src/engine/model';
import { exportCode } from '../../../src/engine/export/code';
import { predict } from '../../../src/engine/tree/predict';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { buildModel, cat, num } from '../helpers/build-model';
import { datasetRows, runJavaScript, runPython, runSql } from '../helpers/run-exports';

async function assertAllLanguagesReproduce(model: TreeModel, dataset: Dataset): Promise<void> {
  const expected = predict(model, dataset);
  const rows = datasetRows(dataset);
  assert.deepEqual(runJavaScript(exportCode(model, 'js'), rows), expected, 'JavaScript');
  assert.deepEqual(runPython(exportCode(model, 'python'), rows), expected, 'Python');
  assert.deepEqual(await runSql(exportCode(model, 'sql'), dataset, rows), expected, 'SQL');
}

// Hostile names everywhere: quotes of both kinds, spaces, backslashes, non-ASCII, SQL keywords,
// a line separator that would end a JavaScript comment, and a category literally named "NULL".
const NUM = 'size "cm" \\ it\'s';
const CAT = 'colour\u2028alert(1) */ — été';
const CATS = ['red', "o'neil", 'say "hi"', 'NULL', 'grün ü', ' spaced ', 'back\\slash', 'new\nline'];

function hostileDataset(extraCategory: string): Dataset {
  const categories = [...CATS, extraCategory];
  const sizes: number[] = [];
  const codes: number[] = [];
  for (let i = 0; i < 40; i++) {
    sizes.push(i % 7 === 0 ? NaN : (i * 0.37) % 5);
    codes.push(i % 11 === 0 ? -1 : i % categories.length);
  }
  return {
    columns: [
      { name: NUM, type: 'numeric', values: Float64Array.from(sizes) },
      { name: CAT, type: 'categorical', codes: Int32Array.from(codes), categories },
    ],
    rowCount: 40,
    delimiter: ',',
    renamedHeaders: [],
  };
}

const hostileFeatures = [
  { name: NUM, type: 'numeric' as const },
  { name: CAT, type: 'categorical' as const, categories: CATS },
];

test('classification: JS, Python and SQL reproduce predict() with missing values, unseen categories and hostile names', async () => {
  const model = buildModel(
    {
      value: [20, 20],
      split: cat(CAT, ['red', "o'neil"], ['say "hi"', 'NULL', 'grün ü'], [' spaced ', 'back\\slash', 'new\nline']),
      missingGoesTo: 1,
      children: [
        { value: [10, 2], split: num(NUM, 2.45), missingGoesTo: 1, children: [{ value: [8, 0] }, { value: [2, 2], prediction: "it's \"yes\"" }] },
        { value: [5, 10], split: num(NUM, 1.1), missingGoesTo: 0, children: [{ value: [0, 6] }, { value: [5, 4] }] },
        { value: [5, 8], split: cat(CAT, [' spaced '], ['back\\slash']), missingGoesTo: 0, children: [{ value: [5, 1] }, { value: [0, 7] }] },
      ],
    },
    { classes: ['no\u2028x', "it's \"yes\""], features: hostileFeatures, target: 'target "t"\nnext' },
  );
  const dataset = hostileDataset('never seen');
  const expected = predict(model, dataset);
  assert.ok(new Set(expected).size === 2, 'the rows reach both classes');
  await assertAllLanguagesReproduce(model, dataset);
});

test('regression: exact leaf values come back from all three languages', async () => {
  const model = buildModel(
    { value: [1, 0, 40], split: num(NUM, 2.45), missingGoesTo: 0, children: [{ value: [0.1 + 0.2, 0, 20] }, { value: [-1e-7, 0, 20], split: cat(CAT, ['red'], ['NULL']), missingGoesTo: 1, children: [{ value: [1 / 3, 0, 10] }, { value: [123456.789, 0, 10] }] }] },
    { features: hostileFeatures, regression: true },
  );
  await assertAllLanguagesReproduce(model, hostileDataset('other'));
});

test('a tree trained on iris is reproduced on its training and test rows', async () => {
  for (const file of ['train.csv', 'test.csv']) {
    const csv = readFileSync(path.join(process.cwd(), 'test/fixtures/parity/iris_gini_default', file));
    const dataset = parseCsv(csv);
    const { model } = trainTree(parseCsv(readFileSync(path.join(process.cwd(), 'test/fixtures/parity/iris_gini_default/train.csv'))), { target: 'species' });
    await assertAllLanguagesReproduce(model, dataset);
  }
});

test('a single-leaf tree exports a constant', async () => {
  const model = buildModel({ value: [3, 1] }, { classes: ['a', 'b'], features: hostileFeatures });
  const dataset = hostileDataset('x');
  await assertAllLanguagesReproduce(model, dataset);
  assert.match(exportCode(model, 'sql'), /WHEN 1 = 1 THEN 'a'/);
});

test('a model file with a NaN threshold is bad input, not a crash', () => {
  const model = buildModel({ value: [1, 1], split: num(NUM, NaN), children: [{ value: [1, 0] }, { value: [0, 1] }] }, { classes: ['a', 'b'], features: hostileFeatures });
  for (const format of ['js', 'python', 'sql'] as const) assert.throws(() => exportCode(model, format), InputError);
});

test('a missing-vs-present split (threshold +∞, scikit-learn ≥ 1.3) sends present values left and missing ones right in every language', async () => {
  const model = buildModel(
    {
      value: [20, 20],
      split: num(NUM, Infinity),
      missingGoesTo: 1,
      children: [
        { value: [15, 5], split: num(NUM, 2.45), missingGoesTo: 0, children: [{ value: [10, 1] }, { value: [5, 4], split: num(NUM, -Infinity), missingGoesTo: 0, children: [{ value: [0, 1] }, { value: [5, 3] }] }] },
        { value: [5, 15], split: num(NUM, Infinity), missingGoesTo: 0, children: [{ value: [0, 15] }, { value: [5, 0] }] },
      ],
    },
    { classes: ['a', 'b'], features: hostileFeatures },
  );
  const dataset = hostileDataset('x');
  const expected = predict(model, dataset);
  assert.deepEqual(new Set(expected), new Set(['a', 'b']), 'present and missing rows get different classes');
  await assertAllLanguagesReproduce(model, dataset);
  assert.match(exportCode(model, 'python'), /<= math\.inf/);
  assert.match(exportCode(model, 'js'), /<= Infinity/);
  const sqlCode = exportCode(model, 'sql').replace(/--.*$/gm, '');
  assert.doesNotMatch(sqlCode, /inf/i, 'SQL cannot spell infinity');
});
