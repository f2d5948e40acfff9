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
import { toParityJson, type ParityNode } from '../helpers/parity-json';
import { jsonText } from '../../../src/engine/json-text';
import type { ModelNode, TrainParams, TreeModel } from '../../../src/engine/model';

const ROOT = path.join(process.cwd(), 'test/fixtures/parity');

type ExpectedNode = ParityNode;

interface Expected {
  kind?: string;
  task: 'classification' | 'regression';
  target: string;
  classes?: string[];
  params: { criterion: string; max_depth: number | null; min_samples_leaf: number; min_samples_split: number; max_leaf_nodes: number | null; min_impurity_decrease: number };
  float32_effects?: { ambiguous_test_rows?: Array<{ row: number; prediction_by_mode: Record<string, string | number> }> };
  canonical: { nodes: ExpectedNode[]; feature_importances: Record<string, number>; predictions: Array<string | number> };
}

function close(a: number, b: number, abs: number, rel = 0): boolean {
  return Math.abs(a - b) <= abs + rel * Math.abs(b);
}

function compareTree(model: TreeModel, exp: Expected): string[] {
  const diffs: string[] = [];
  const reg = exp.task === 'regression';
  const rec = (e: ExpectedNode, g: ModelNode, where: string): void => {
    if (g.samples !== e.samples) diffs.push(`${where}: samples ${g.samples} != ${e.samples}`);
    if (!close(g.impurity, e.impurity, 1e-6, reg ? 1e-9 : 0)) diffs.push(`${where}: impurity ${g.impurity} != ${e.impurity}`);
    if (reg) {
      if (!close(g.value as number, e.value as number, 1e-6, 1e-9)) diffs.push(`${where}: value ${String(g.value)} != ${String(e.value)}`);
    } else {
      const gv = g.value as number[];
      const ev = e.value as number[];
      if (gv.length !== ev.length || gv.some((v, k) => !close(v, ev[k], 1e-6))) diffs.push(`${where}: value ${gv.join(',')} != ${ev.join(',')}`);
    }
    if (e.feature === null || g.split === null) {
      if ((e.feature === null) !== (g.split === null)) diffs.push(`${where}: leaf mismatch (expected ${e.feature ?? 'leaf'}, got ${g.split?.feature ?? 'leaf'})`);
      return;
    }
    if (g.split.kind !== 'numeric' || g.split.feature !== e.feature) {
      diffs.push(`${where}: split on ${g.split.feature} != ${e.feature}`);
      return;
    }
    // +Infinity ("missing vs present") must be exact; a finite threshold is compared at 1e-4 relative.
    const t = e.threshold as number;
    if (Number.isFinite(t) ? !close(g.split.threshold, t, 1e-12, 1e-4) : g.split.threshold !== t) diffs.push(`${where}: threshold ${g.split.threshold} != ${e.threshold}`);
    if (e.missing_go_to_left !== undefined && e.missing_go_to_left !== null && (g.missingGoesTo === 0) !== e.missing_go_to_left) {
      diffs.push(`${where}: missing values go ${g.missingGoesTo === 0 ? 'left' : 'right'}, expected ${e.missing_go_to_left ? 'left' : 'right'}`);
    }
    const byId = (id: number | null): ExpectedNode => exp.canonical.nodes[id as number];
    rec(byId(e.left), model.nodes[g.children[0]], where + 'L');
    rec(byId(e.right), model.nodes[g.children[1]], where + 'R');
  };
  rec(exp.canonical.nodes[0], model.nodes[0], 'root.');
  return diffs;
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
    const ambiguous = new Map((exp.float32_effects?.ambiguous_test_rows ?? []).map((r) => [r.row, Object.values(r.prediction_by_mode).map(String)]));
    const got = predict(model, testSet);
    exp.canonical.predictions.forEach((want, row) => {
      const g = got[row];
      const ok = exp.task === 'regression' ? close(g as number, want as number, 1e-9, 1e-9) : String(g) === String(want) || (ambiguous.get(row)?.includes(String(g)) ?? false);
      assert.ok(ok, `row ${row}: predicted ${g}, expected ${want}`);
    });
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
