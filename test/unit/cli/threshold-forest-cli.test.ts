// --threshold on train and evaluate for forests, and evaluate --model --threshold for a model
// trained elsewhere (docs/cli.md "Decision threshold"): the threshold a rule chooses from the OOB
// (or --cv out-of-fold) scores and the figures at it equal scikit-learn's on the same scores
// (test/fixtures/metrics/forest-threshold.py reads them off the CLI's curves; XGBoost's are its own
// committed probabilities); the forest records it and predict and evaluate --model decide at it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';
import { parseForest } from '../../../src/engine/forest/model-json';
import { parseCsv } from '../../../src/engine/csv/read';
import { datasetRows, runJavaScript, runPython } from '../helpers/run-exports';

const cli = useCli();
const CSV = 'test/fixtures/metrics/rare-positive.csv';
const CANCER = 'test/fixtures/forest/breast_cancer.csv';
const XGB = 'test/fixtures/imported/xgb-cancer-logistic.json';

interface Figures {
  threshold: number;
  tp: number;
  fp: number;
  fn: number;
  tn: number;
  accuracy: number;
  precision: number;
  recall: number;
  specificity: number;
  fpr: number;
  f1: number;
}
interface Case {
  args: string[];
  scores: [number, boolean][];
  rows: number;
  thresholds: number[];
  choices: Record<string, number>;
  at: Record<string, Figures>;
  atHalf: Figures;
}
const expected = JSON.parse(readFileSync('test/fixtures/metrics/forest-threshold.expected.json', 'utf8')) as { forest: string[]; oob: Case; cv: Case; holdout: Case; xgb: Omit<Case, 'args' | 'scores'> };
const RULES = ['youden', 'f1', 'precision>=0.2', 'recall>=0.8'];

interface Roc {
  thresholds: (number | null)[];
  tpr: number[];
  fpr: number[];
}
interface BinaryMetrics {
  classes: string[];
  positiveClass: string;
  confusion: number[][];
  roc: Roc;
}

/** (score, positive) per row off a curve, as the fixture script reads them (so the committed scores are still ours). */
function scoresOf(m: BinaryMetrics): [number, boolean][] {
  const pos = m.classes.indexOf(m.positiveClass);
  const p = m.confusion[pos].reduce((a, b) => a + b, 0);
  const n = m.confusion[1 - pos].reduce((a, b) => a + b, 0);
  const rows: [number, boolean][] = [];
  for (let i = 1; i < m.roc.thresholds.length; i++) {
    const t = m.roc.thresholds[i] as number;
    for (let k = Math.round((m.roc.tpr[i] - m.roc.tpr[i - 1]) * p); k > 0; k--) rows.push([t, true]);
    for (let k = Math.round((m.roc.fpr[i] - m.roc.fpr[i - 1]) * n); k > 0; k--) rows.push([t, false]);
  }
  return rows.sort((a, b) => a[0] - b[0] || Number(a[1]) - Number(b[1]));
}

function assertFigures(actual: Figures, want: Figures, what: string): void {
  for (const k of ['tp', 'fp', 'fn', 'tn'] as const) assert.equal(actual[k], want[k], `${what}: ${k}`);
  for (const k of ['threshold', 'accuracy', 'precision', 'recall', 'specificity', 'fpr', 'f1'] as const) assert.ok(Math.abs(actual[k] - want[k]) < 1e-12, `${what}: ${k} ${actual[k]} vs scikit-learn ${want[k]}`);
}

function evaluateJson(...args: string[]): { threshold: { threshold: number; chosenBy: string | null; at: Figures; atHalf: Figures; curve: Figures[] }; model: { decisionThreshold?: { positiveClass: string; value: number; chosenBy?: string } }; oob: { metrics: BinaryMetrics }; metrics: { holdout: BinaryMetrics | null; crossValidation: { pooled: BinaryMetrics } | null } } {
  const r = cli.run('evaluate', CSV, ...expected.forest, ...args, '--json');
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout);
}

for (const [name, where] of [
  ['oob', 'the OOB scores'],
  ['cv', 'the 3-fold out-of-fold scores'],
] as const) {
  test(`${['evaluate --ensemble', ...expected[name].args].join(' ')} --threshold RULE: chosen from ${where}, the figures at it are scikit-learn's on them`, () => {
    const c = expected[name];
    for (const rule of RULES) {
      const r = evaluateJson(...c.args, '--threshold', rule);
      const measured = name === 'oob' ? r.oob.metrics : (r.metrics.crossValidation as { pooled: BinaryMetrics }).pooled;
      if (rule === RULES[0]) assert.deepEqual(scoresOf(measured), c.scores, 'the scores the fixture was made from');
      assert.equal(r.threshold.threshold, c.choices[rule], rule);
      assert.deepEqual(r.model.decisionThreshold?.value, c.choices[rule]);
      assert.equal(r.model.decisionThreshold?.positiveClass, 'bad');
      assert.match(r.threshold.chosenBy ?? '', name === 'oob' ? /on the OOB scores of 15 trees \(seed 3\)/ : /on the 3-fold out-of-fold scores/);
      assertFigures(r.threshold.at, c.at[rule], rule);
      assertFigures(r.threshold.atHalf, c.atHalf, `${rule} at 0.5`);
      assert.deepEqual(r.threshold.curve.map((q) => q.threshold), c.thresholds);
    }
  });
}

test('evaluate --ensemble --test-size 0.3 --threshold 0.2: the figures on the hold-out rows are scikit-learn\'s at 0.2 on their scores', () => {
  const c = expected.holdout;
  const r = evaluateJson(...c.args, '--threshold', '0.2');
  assert.deepEqual(scoresOf(r.metrics.holdout as BinaryMetrics), c.scores);
  assert.deepEqual(r.model.decisionThreshold, { positiveClass: 'bad', value: 0.2 });
  assert.equal(r.threshold.chosenBy, null);
  assertFigures(r.threshold.at, c.at['0.2'], 'hold-out at 0.2');
  assertFigures(r.threshold.atHalf, c.atHalf, 'hold-out at 0.5');
  // A rule still chooses from the OOB scores, then the hold-out measures it.
  const ruled = evaluateJson(...c.args, '--threshold', 'youden');
  assert.equal(ruled.threshold.threshold, expected.oob.choices.youden);
});

test('train --ensemble --threshold f1 records the OOB choice; predict and evaluate --model decide at it', () => {
  const file = path.join(cli.dir, 'forest-f1.json');
  const t = cli.run('train', CSV, ...expected.forest, '--threshold', 'f1', '--out', file);
  assert.equal(t.status, 0, t.stderr);
  assert.match(t.stderr, /note: decision threshold 0\.1018 on the share of "bad", chosen by f1 on the OOB scores of 15 trees/);
  const T = expected.oob.choices.f1;
  const model = parseForest(readFileSync(file, 'utf8'));
  assert.deepEqual(model.decisionThreshold, { positiveClass: 'bad', value: T, chosenBy: 'f1 on the OOB scores of 15 trees (seed 3)' });
  const p = cli.run('predict', '--model', file, CSV);
  assert.equal(p.status, 0, p.stderr);
  const [header, ...lines] = p.stdout.trim().split('\n');
  const at = (name: string) => header.split(',').indexOf(name);
  const rows = lines.map((l) => l.split(','));
  const want = rows.map((r) => (Number(r[at('share_bad')]) >= T ? 'bad' : 'good'));
  assert.deepEqual(rows.map((r) => r[at('predicted_status')]), want);
  // The threshold changes answers: the largest share would call far fewer rows "bad".
  const largest = rows.filter((r) => Number(r[at('share_bad')]) > Number(r[at('share_good')])).length;
  assert.ok(want.filter((x) => x === 'bad').length > largest + 10, `${want.filter((x) => x === 'bad').length} vs ${largest}`);
  const e = cli.run('evaluate', '--model', file, CSV, '--json');
  assert.equal(e.status, 0, e.stderr);
  const saved = JSON.parse(e.stdout) as { metrics: { confusion: number[][] }; threshold: { at: Figures } };
  const truth = rows.map((r) => r[at('status')]);
  const count = (y: string, yhat: string) => truth.filter((v, i) => v === y && want[i] === yhat).length;
  assert.deepEqual(saved.metrics.confusion, [[count('bad', 'bad'), count('bad', 'good')], [count('good', 'bad'), count('good', 'good')]]);
  assert.equal(saved.threshold.at.tp, count('bad', 'bad'));
});

for (const [voting, T] of [
  ['soft', '0.15'],
  ['hard', '0.2'],
] as const) {
  test(`a forest (${voting} voting) with the threshold ${T}: the Python and JavaScript exports answer as predict on every row, ONNX refuses it`, () => {
    const file = path.join(cli.dir, `forest-${voting}.json`);
    const t = cli.run('train', CSV, ...expected.forest, '--voting', voting, '--threshold', T, '--out', file);
    assert.equal(t.status, 0, t.stderr);
    const plain = cli.run('predict', '--model', file, CSV);
    assert.equal(plain.status, 0, plain.stderr);
    const [header, ...lines] = plain.stdout.trim().split('\n');
    const cols = header.split(',');
    const rows = lines.map((l) => l.split(','));
    const predicted = rows.map((r) => r[cols.indexOf('predicted_status')]);
    // The share column (hard voting: the vote fraction) decides at T, and it changes answers.
    assert.deepEqual(predicted, rows.map((r) => (Number(r[cols.indexOf('share_bad')]) >= Number(T) ? 'bad' : 'good')));
    assert.ok(rows.some((r) => Number(r[cols.indexOf('share_bad')]) >= Number(T) && Number(r[cols.indexOf('share_bad')]) < 0.5), 'some row is "bad" only at the threshold');
    const data = datasetRows(parseCsv(readFileSync(CSV, 'utf8')));
    for (const format of ['python', 'js'] as const) {
      const code = cli.run('rules', '--model', file, '--format', format);
      assert.equal(code.status, 0, code.stderr);
      assert.match(code.stdout, new RegExp(`${voting} voting, "bad" where its share is >= ${T}`));
      assert.deepEqual(format === 'python' ? runPython(code.stdout, data) : runJavaScript(code.stdout, data), predicted, format);
    }
    const onnx = cli.run('rules', '--model', file, '--format', 'onnx', '--out', path.join(cli.dir, `forest-${voting}.onnx`));
    assert.equal(onnx.status, 2);
    assert.match(onnx.stderr, new RegExp(`the forest decides at the threshold ${T} on the share of "bad", and TreeEnsembleClassifier labels a row by its largest share`));
  });
}

test('evaluate --model (XGBoost) --threshold: the figures at T and the rows\' youden are scikit-learn\'s on the library\'s probabilities', () => {
  const x = expected.xgb;
  for (const T of ['0.3', '0.9']) {
    const r = cli.run('evaluate', '--model', XGB, CANCER, '--threshold', T, '--json');
    assert.equal(r.status, 0, r.stderr);
    const out = JSON.parse(r.stdout) as { metrics: { classes: string[]; confusion: number[][] }; threshold: { at: Figures; atHalf: Figures; chosenBy: string | null } };
    assertFigures(out.threshold.at, x.at[T], `T ${T}`);
    assertFigures(out.threshold.atHalf, x.atHalf, `T ${T} at 0.5`);
    // The metrics are the model's decisions at T.
    const m = out.metrics.classes.indexOf('malignant');
    assert.equal(out.metrics.confusion[m][m], x.at[T].tp);
    assert.equal(out.metrics.confusion[1 - m][m], x.at[T].fp);
  }
  const ruled = cli.run('evaluate', '--model', XGB, CANCER, '--threshold', 'youden', '--json');
  assert.equal(ruled.status, 0, ruled.stderr);
  const chosen = JSON.parse(ruled.stdout) as { threshold: { threshold: number; chosenBy: string; at: Figures } };
  // Our probabilities are the library's to float32 rounding.
  assert.ok(Math.abs(chosen.threshold.threshold - x.choices.youden) < 1e-6, `${chosen.threshold.threshold} vs ${x.choices.youden}`);
  for (const k of ['tp', 'fp', 'fn', 'tn'] as const) assert.equal(chosen.threshold.at[k], x.at.youden[k]);
  assert.match(chosen.threshold.chosenBy, /youden on the scores of breast_cancer\.csv \(chosen and measured on the same rows: optimistic\)/);
});

test('forest thresholds refused clearly: a rule without OOB rows, a target of three classes', () => {
  const noBootstrap = cli.run('train', CSV, ...expected.forest, '--no-bootstrap', '--threshold', 'youden');
  assert.equal(noBootstrap.status, 2);
  assert.match(noBootstrap.stderr, /--threshold youden chooses from scores of rows the trees did not see: this forest has no OOB rows \(no bootstrap\); give a number, or with evaluate add --cv K/);
  const iris = cli.run('evaluate', 'media/samples/iris.csv', '--target', 'species', '--ensemble', 'forest', '--n-trees', '3', '--threshold', '0.3');
  assert.equal(iris.status, 2);
  assert.match(iris.stderr, /--threshold applies to a target with two classes; "species" has 3 classes/);
});
