// --threshold on train, predict and evaluate (docs/cli.md "Decision threshold"): the model records
// it, predict and the Python, JavaScript and SQL exports answer the positive class exactly where
// its leaf share is ≥ T, the ONNX export refuses a threshold its operator cannot express, and a
// model file without one predicts as before (each leaf's largest class).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { useCli } from '../helpers/cli';
import { parseCsv } from '../../../src/engine/csv/read';
import { parseTreeFile } from '../../../src/engine/forest/tree-model-file';
import { predictProba } from '../../../src/engine/tree/predict';
import { exportCode } from '../../../src/engine/export/code';
import { datasetRows, runJavaScript, runPython, runSql } from '../helpers/run-exports';

const cli = useCli();
const csv = 'test/fixtures/metrics/rare-positive.csv';
const dataset = parseCsv(readFileSync(csv, 'utf8'));
const predictedColumn = (out: string): string[] => out.trim().split('\n').slice(1).map((line) => line.split(',').at(-1) as string);

test('train --threshold 0.1: predict and every export answer "bad" exactly where the leaf share of "bad" is ≥ 0.1', async () => {
  const file = path.join(cli.dir, 'm01.json');
  const r = cli.run('train', csv, '--target', 'status', '--max-depth', '3', '--threshold', '0.1', '--out', file);
  assert.equal(r.status, 0, r.stderr);
  const model = parseTreeFile(readFileSync(file, 'utf8'));
  assert.deepEqual(model.decisionThreshold, { positiveClass: 'bad', value: 0.1 });
  const proba = predictProba(model, dataset);
  const expected = Array.from({ length: dataset.rowCount }, (_, i) => (proba[i * 2] >= 0.1 ? 'bad' : 'good'));
  // The threshold changes answers here (at 0.5 only 4 rows are "bad").
  assert.ok(expected.filter((p) => p === 'bad').length > 20);
  const p = cli.run('predict', '--model', file, csv);
  assert.equal(p.status, 0, p.stderr);
  assert.deepEqual(predictedColumn(p.stdout), expected);
  const rows = datasetRows(dataset);
  assert.deepEqual(runJavaScript(exportCode(model, 'js'), rows), expected, 'JavaScript');
  assert.deepEqual(runPython(exportCode(model, 'python'), rows), expected, 'Python');
  assert.deepEqual(await runSql(exportCode(model, 'sql'), dataset, rows), expected, 'SQL');
  // The rules command writes the same code from the file.
  const js = cli.run('rules', '--model', file, '--format', 'js');
  assert.deepEqual(runJavaScript(js.stdout, rows), expected);
  const text = cli.run('rules', '--model', file);
  assert.match(text.stdout, /^decision threshold 0\.1 on the share of bad/);
  assert.match(text.stdout, /THEN status = bad/);
  const onnx = cli.run('rules', '--model', file, '--format', 'onnx', '--out', path.join(cli.dir, 'm.onnx'));
  assert.equal(onnx.status, 2);
  assert.match(onnx.stderr, /cannot export as ONNX: the decision threshold 0\.1 on "bad" makes leaf \d+ .*TreeEnsembleClassifier labels a leaf by its largest share/);
});

test('predict --threshold overrides the model, a rule chooses from out-of-fold scores, bad uses are clear errors', () => {
  const file = path.join(cli.dir, 'plain.json');
  assert.equal(cli.run('train', csv, '--target', 'status', '--max-depth', '3', '--out', file).status, 0);
  const plain = cli.run('predict', '--model', file, csv);
  const model = parseTreeFile(readFileSync(file, 'utf8'));
  assert.equal(model.decisionThreshold, undefined);
  const proba = predictProba(model, dataset);
  // Without a threshold: the leaf's largest class (4 "bad" rows on this file).
  assert.equal(predictedColumn(plain.stdout).filter((x) => x === 'bad').length, 4);
  const at = cli.run('predict', '--model', file, '--threshold', '0.2', csv);
  assert.deepEqual(predictedColumn(at.stdout), Array.from({ length: dataset.rowCount }, (_, i) => (proba[i * 2] >= 0.2 ? 'bad' : 'good')));
  // --positive-class good: the threshold bounds the share of "good".
  const good = cli.run('predict', '--model', file, '--threshold', '0.97', '--positive-class', 'good', csv);
  assert.deepEqual(predictedColumn(good.stdout), Array.from({ length: dataset.rowCount }, (_, i) => (proba[i * 2 + 1] >= 0.97 ? 'good' : 'bad')));
  const ruled = cli.run('predict', '--model', file, '--threshold', 'youden', csv);
  assert.equal(ruled.status, 2);
  assert.match(ruled.stderr, /predict has none/);
  const chosen = path.join(cli.dir, 'youden.json');
  const t = cli.run('train', csv, '--target', 'status', '--max-depth', '3', '--threshold', 'youden', '--out', chosen);
  assert.equal(t.status, 0, t.stderr);
  const recorded = parseTreeFile(readFileSync(chosen, 'utf8')).decisionThreshold;
  assert.equal(recorded?.positiveClass, 'bad');
  assert.match(recorded?.chosenBy ?? '', /^youden on 5-fold out-of-fold scores \(seed 0, stratified\)$/);
  assert.ok((recorded?.value ?? 1) < 0.5);
  const iris = cli.run('train', 'media/samples/iris.csv', '--target', 'species', '--threshold', '0.3');
  assert.equal(iris.status, 2);
  assert.match(iris.stderr, /two classes; "species" has 3 classes/);
  // A file whose leaves disagree with its threshold is refused, naming the leaf.
  const edited = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
  writeFileSync(path.join(cli.dir, 'off.json'), JSON.stringify({ ...edited, decisionThreshold: { positiveClass: 'bad', value: 0.1 } }));
  const off = cli.run('predict', '--model', path.join(cli.dir, 'off.json'), csv);
  assert.equal(off.status, 2);
  assert.match(off.stderr, /leaf \d+ predicts "good" but its share of "bad" is on the other side of the decision threshold 0\.1/);
});

test('evaluate --threshold prints the figures at T beside 0.5 and at each curve threshold; a rule needs --cv', () => {
  const r = cli.run('evaluate', csv, '--target', 'status', '--max-depth', '3', '--test-size', '0.3', '--threshold', '0.1');
  assert.equal(r.status, 0, r.stderr);
  assert.match(r.stdout, /decision threshold 0\.1 on the share of bad \(given\), measured on the hold-out rows/);
  assert.match(r.stdout, /at the threshold +0\.1000 +\d+ +\d+ +\d+ +\d+/);
  assert.match(r.stdout, /at 0\.5 +0\.5000 /);
  assert.match(r.stdout, /metrics at each of the curve's \d+ thresholds/);
  const json = JSON.parse(cli.run('evaluate', csv, '--target', 'status', '--max-depth', '3', '--cv', '5', '--threshold', 'f1', '--json').stdout) as {
    threshold: { threshold: number; chosenBy: string; at: { tp: number; fp: number; fn: number; tn: number } };
    model: { decisionThreshold: { value: number } };
  };
  assert.equal(json.model.decisionThreshold.value, json.threshold.threshold);
  assert.match(json.threshold.chosenBy, /^f1 on the 5-fold out-of-fold scores/);
  assert.equal(json.threshold.at.tp + json.threshold.at.fp + json.threshold.at.fn + json.threshold.at.tn, 1000);
  const noCv = cli.run('evaluate', csv, '--target', 'status', '--threshold', 'youden');
  assert.equal(noCv.status, 2);
  assert.match(noCv.stderr, /chooses from out-of-fold scores: add --cv K/);
});

test('a chosen threshold prints with 4 significant digits; the model file keeps every digit', () => {
  const file = path.join(cli.dir, 'youden-digits.json');
  const t = cli.run('train', csv, '--target', 'status', '--max-depth', '3', '--threshold', 'youden', '--out', file);
  assert.equal(t.status, 0, t.stderr);
  const value = parseTreeFile(readFileSync(file, 'utf8')).decisionThreshold?.value as number;
  // A share like 7/78 has more digits than a reader wants; the file must keep them all to relabel the same leaves.
  assert.ok(String(value).length > 8, String(value));
  const short = String(Number(value.toPrecision(4)));
  assert.match(t.stderr, new RegExp(`note: decision threshold ${short.replace('.', '\\.')} on the share of "bad"`));
  const r = cli.run('evaluate', csv, '--target', 'status', '--max-depth', '3', '--cv', '5', '--threshold', 'youden');
  assert.equal(r.status, 0, r.stderr);
  const header = r.stdout.split('\n').find((l) => l.startsWith('decision threshold')) as string;
  assert.match(header, /^decision threshold 0\.08974 on the share of bad \(chosen by youden/);
  const rules = cli.run('rules', '--model', file);
  assert.ok(rules.stdout.startsWith(`decision threshold ${short} on the share of bad`), rules.stdout.slice(0, 200));
});
