// Models trained by XGBoost, LightGBM and scikit-learn (as ONNX) read by the importers give the
// source library's own outputs (scripts/fixtures/make-imported-models.py, make-onnx-models.py):
// raw scores and probabilities or values within 1e-6 (relative above 1), the same labels, the
// same leaf ids in every tree, and the same importances (split counts exactly, gains within 1e-6).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { bindEnsemble } from '../../../src/engine/import/bind';
import type { ImportedEnsemble } from '../../../src/engine/import/ensemble';
import { ensembleImportances } from '../../../src/engine/import/importances';
import { ensembleLeaves, predictEnsemble } from '../../../src/engine/import/predict';
import { readAnyModelBytes } from '../../../src/engine/import/read';

const DIR = 'test/fixtures/imported';
const DATA: Record<string, string> = {
  'iris.csv': 'test/fixtures/forest/iris.csv',
  'breast_cancer.csv': 'test/fixtures/forest/breast_cancer.csv',
  'diabetes.csv': 'test/fixtures/forest/diabetes.csv',
  'train.csv': 'test/fixtures/parity/nan_penguins_gini_grown/train.csv',
  'categories.csv': `${DIR}/categories.csv`,
  'iris-holes.csv': `${DIR}/iris-holes.csv`,
};

interface Expected {
  library: string;
  model: string[];
  data: string;
  target: string;
  objective?: string;
  classes?: string[] | null;
  rows: number;
  margin?: number[];
  output?: number[];
  leaves?: number[];
  label?: Array<string | number>;
  probabilities?: number[];
  importance?: Record<string, Record<string, number>>;
}

function close(actual: ArrayLike<number>, expected: readonly number[], what: string): void {
  assert.equal(actual.length, expected.length, `${what}: length`);
  for (let i = 0; i < expected.length; i++) {
    const tol = 1e-6 * Math.max(1, Math.abs(expected[i]));
    if (!(Math.abs(actual[i] - expected[i]) <= tol)) assert.fail(`${what}[${i}]: ${actual[i]} vs ${expected[i]}`);
  }
}

const load = (file: string): ImportedEnsemble => {
  const loaded = readAnyModelBytes(readFileSync(path.join(DIR, file)));
  assert.equal(loaded.kind, 'ensemble');
  return loaded.model as ImportedEnsemble;
};

for (const file of readdirSync(DIR).filter((f) => f.endsWith('.expected.json'))) {
  const expected = JSON.parse(readFileSync(path.join(DIR, file), 'utf8')) as Expected;
  for (const modelFile of expected.model) {
    test(`${modelFile} on ${expected.data} gives ${expected.library}'s outputs`, () => {
      const dataset = parseCsv(readFileSync(DATA[expected.data]));
      const { ensemble: e } = bindEnsemble(load(modelFile), dataset, expected.target);
      const got = predictEnsemble(e, dataset);
      if (expected.library.startsWith('onnx')) {
        if (expected.label !== undefined) assert.deepEqual(got.predictions, expected.label.map(String));
        if (expected.probabilities !== undefined) close(got.probabilities as Float64Array, expected.probabilities, 'probabilities');
        if (expected.output !== undefined) close(Float64Array.from(got.predictions as number[]), expected.output, 'values');
        return;
      }
      close(got.margins, expected.margin as number[], 'raw scores');
      const objective = expected.objective as string;
      if (e.task === 'regression') close(Float64Array.from(got.predictions as number[]), expected.output as number[], 'values');
      else if (objective === 'multi:softmax') assert.deepEqual(got.predictions, (expected.output as number[]).map((k) => (expected.classes as string[])[k]));
      else if (e.outputs === 1) {
        const p1 = (got.probabilities as Float64Array).filter((_, i) => i % 2 === 1);
        close(p1, expected.output as number[], 'probabilities');
      } else close(got.probabilities as Float64Array, expected.output as number[], 'probabilities');
      if (e.task === 'classification') assert.deepEqual(e.classes, expected.classes, 'classes named by the target values');
      assert.deepEqual(Array.from(ensembleLeaves(e, dataset)), expected.leaves, 'leaf ids');
      const imp = ensembleImportances(e);
      const importance = expected.importance as Record<string, Record<string, number>>;
      if (expected.library.startsWith('xgboost')) {
        for (const row of imp) {
          assert.equal(row.splits, importance.weight[row.feature] ?? 0, `${row.feature} splits`);
          if (row.splits > 0) {
            close([row.gain], [importance.total_gain[row.feature]], `${row.feature} total gain`);
            close([row.gain / row.splits], [importance.gain[row.feature]], `${row.feature} gain`);
            close([row.cover], [importance.total_cover[row.feature]], `${row.feature} cover`);
          }
        }
      } else {
        for (const row of imp) {
          assert.equal(row.splits, importance.split[row.feature], `${row.feature} splits`);
          close([row.gain], [importance.gain[row.feature]], `${row.feature} gain`);
        }
      }
    });
  }
}
