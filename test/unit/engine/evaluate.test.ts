import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { evaluateModel } from '../../../src/engine/validation/evaluate';
import { parityExpected, parityModel } from '../helpers/parity-model';

const csv = (name: string, file: string) => parseCsv(readFileSync(path.join(process.cwd(), 'test/fixtures/parity', name, file)));

test('accuracy and R² of the canonical trees on test.csv equal the fixtures\' test scores', () => {
  for (const name of ['iris_gini_default', 'iris_entropy_max_depth_3', 'diabetes_squared_error_max_depth_3']) {
    const exp = parityExpected(name);
    const m = evaluateModel(parityModel(name, 'canonical'), csv(name, 'test.csv'));
    const score = m.task === 'classification' ? m.accuracy : m.r2;
    assert.ok(Math.abs(score - exp.canonical.test_score) < 1e-9, `${name}: ${score} != ${exp.canonical.test_score}`);
    assert.equal(m.rows, exp.canonical.predictions.length);
  }
});

test('a label the model never saw gets its own row in the confusion matrix', () => {
  const model = parityModel('iris_gini_max_depth_3', 'canonical');
  const data = parseCsv('sepal_length_cm,sepal_width_cm,petal_length_cm,petal_width_cm,species\n5,3,1.4,0.2,setosa\n6,3,5,2,martian\n6,3,5,2,NA\n');
  const m = evaluateModel(model, data);
  assert.ok(m.task === 'classification');
  assert.deepEqual(m.classes, ['setosa', 'versicolor', 'virginica', 'martian']);
  assert.equal(m.rows, 2, 'the row with a missing target is left out');
  assert.equal(m.confusion[3].reduce((a, b) => a + b, 0), 1);
  assert.equal(m.accuracy, 0.5);
});
