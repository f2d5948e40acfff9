// Every scikit-learn case in test/fixtures/parity: CART with the case's parameters must give the
// `canonical` tree (the tie rule of docs/formulas.md "CART splits, missing values and rare
// categories") — structure, features, thresholds (1e-4 relative; +inf exactly), the side missing
// values take (nan_* cases, scikit-learn ≥ 1.3), impurities, samples, values and importances
// (1e-6), and the test predictions.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readdirSync, readFileSync, existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseCsv } from '../../../src/engine/csv/read';
import { trainTree } from '../../../src/engine/tree/train';
import { predict } from '../../../src/engine/tree/predict';
import { toParityJson } from '../helpers/parity-json';
import { type CanonicalExpected, close, compareTree, predictionDiffs } from '../helpers/parity-compare';
import { jsonText } from '../../../src/engine/json-text';
import type { TrainParams } from '../../../src/engine/model';

const ROOT = path.join(process.cwd(), 'test/fixtures/parity');

interface Expected extends CanonicalExpected {
  kind?: string;
  target: string;
  classes?: string[];
  params: { criterion: string; max_depth: number | null; min_samples_leaf: number; min_samples_split: number; max_leaf_nodes: number | null; min_impurity_decrease: number };
}

function paramsOf(exp: Expected): TrainParams {
  const p = exp.params;
  return {
    target: exp.target,
    task: exp.task,
    criterion: p.criterion as TrainParams['criterion'],
    maxDepth: p.max_depth,
    minSamplesLeaf: p.min_samples_leaf,
    minSamplesSplit: p.min_samples_split,
    maxLeafNodes: p.max_leaf_nodes,
    minImpurityDecrease: p.min_impurity_decrease,
  };
}

const cases = readdirSync(ROOT).filter((c) => {
  const file = path.join(ROOT, c, 'expected.json');
  return existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as Expected).kind === 'sklearn';
});

test('the parity fixtures hold scikit-learn cases', () => {
  assert.ok(cases.length >= 11, `found ${cases.length} cases`);
});

for (const name of cases) {
  test(`parity: ${name} gives the canonical tree`, () => {
    const exp = JSON.parse(readFileSync(path.join(ROOT, name, 'expected.json'), 'utf8')) as Expected;
    const train = parseCsv(readFileSync(path.join(ROOT, name, 'train.csv')));
    const testSet = parseCsv(readFileSync(path.join(ROOT, name, 'test.csv')));
    const { model } = trainTree(train, paramsOf(exp));
    assert.equal(model.nodes.length, exp.canonical.nodes.length, 'node count');
    assert.deepEqual(compareTree(model, exp), []);
    for (const [feature, want] of Object.entries(exp.canonical.feature_importances)) {
      assert.ok(close(model.featureImportances[feature], want, 1e-6), `importance of ${feature}: ${model.featureImportances[feature]} != ${want}`);
    }
    assert.deepEqual(predictionDiffs(predict(model, testSet), exp), []);
  });
}

// The fixtures' own checker (standard-library Python) on the engine's output, --canonical mode.
const python = ['/usr/bin/python3', 'python3'].find((p) => spawnSync(p, ['--version']).status === 0);
test('check.py --canonical passes on every case', { skip: python === undefined && 'no python3' }, () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-parity-'));
  for (const name of cases) {
    const exp = JSON.parse(readFileSync(path.join(ROOT, name, 'expected.json'), 'utf8')) as Expected;
    const { model } = trainTree(parseCsv(readFileSync(path.join(ROOT, name, 'train.csv'))), paramsOf(exp));
    const engine = toParityJson(model, parseCsv(readFileSync(path.join(ROOT, name, 'test.csv'))));
    writeFileSync(path.join(dir, `${name}.json`), jsonText(engine));
  }
  const r = spawnSync(python as string, [path.join(ROOT, 'check.py'), '--all', ROOT, dir, '--canonical', '-q'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stdout + r.stderr);
  assert.match(r.stdout, /(\d+) passed, 0 failed/);
  assert.ok(Number(/(\d+) passed/.exec(r.stdout)?.[1]) >= cases.length * 5);
});
