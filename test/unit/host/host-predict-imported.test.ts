// "Predict on Another CSV…" with a model trained elsewhere shown in its view (README "Open a model
// trained elsewhere"): the command's host logic (fake vscode, the worker's jobs run in place) writes
// `<name>.predictions.csv` beside the chosen CSV with the very bytes of the CLI's `predict --model M
// CSV [--target T]`; an existing file is replaced only when the user says so, and the chosen CSV
// is never written.
import '../helpers/fake-vscode'; // first: the host modules import `vscode`
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type * as vscode from 'vscode';
import { dialogs, FakeUri, informed, shownDocuments, warned } from '../helpers/fake-vscode';
import { useCli } from '../helpers/cli';
import { parseCsv } from '../../../src/engine/csv/read';
import { importedPredictor, predictOnAnotherCsv } from '../../../src/host/predict-command';
import type { WorkerBridge } from '../../../src/host/worker-bridge';
import type { ImportedModel } from '../../../src/shared/ensemble-transfer';
import type { JobKind, JobTypes } from '../../../src/shared/worker-messages';
import { importModelJob } from '../../../src/worker/jobs/import-model';
import { predictJob } from '../../../src/worker/jobs/text-jobs';

const cli = useCli();
const F = 'test/fixtures/imported';

/** The worker bridge with the predict job run in place. */
const inPlace = {
  run<K extends JobKind>(kind: K, job: JobTypes[K]['job']) {
    assert.equal(kind, 'predict');
    return { result: predictJob(job as JobTypes['predict']['job'], () => undefined), cancel: () => undefined };
  },
} as unknown as WorkerBridge;

/** A model file opened as "Open Tree Model…" opens it: alone, or bound to a CSV and its target. */
function opened(modelFile: string, data?: { csv: string; target: string }): ImportedModel {
  const bytes = new Uint8Array(readFileSync(path.join(F, modelFile)));
  const dataset = data === undefined ? null : parseCsv(readFileSync(data.csv));
  const job = { bytes, fileName: modelFile, ...(data === undefined ? {} : { data: { dataset: dataset!, fileName: path.basename(data.csv), target: data.target } }) };
  return { ...importModelJob(job, () => undefined), dataset, csvUri: null };
}

const uri = (file: string) => FakeUri.file(file) as unknown as vscode.Uri;

test('an XGBoost model opened with iris.csv and its target: the CLI\'s predict bytes beside the chosen CSV; replaced only when the user says so; the input never written', async () => {
  const input = path.join(cli.dir, 'flowers.csv');
  copyFileSync('test/fixtures/imported/iris-holes.csv', input);
  const before = readFileSync(input);
  const model = opened('xgb-iris-softprob.json', { csv: 'test/fixtures/forest/iris.csv', target: 'target' });
  const predictor = importedPredictor(uri(path.join(process.cwd(), F, 'xgb-iris-softprob.json')), model);
  assert.deepEqual(predictor.model, { ensemble: model.ensemble, target: 'target' });

  dialogs.open = [FakeUri.file(input)];
  await predictOnAnotherCsv(predictor, inPlace);
  const written = path.join(cli.dir, 'flowers.predictions.csv');
  const ours = readFileSync(written, 'utf8');
  const theirs = cli.run('predict', '--model', path.join(F, 'xgb-iris-softprob.json'), input, '--target', 'target');
  assert.equal(theirs.status, 0, theirs.stderr);
  assert.equal(ours, theirs.stdout);
  assert.match(ours.split('\n')[0], /,predicted_target,share_setosa,share_versicolor,share_virginica$/);
  assert.equal(ours.trim().split('\n').length, 151);
  assert.equal(warned.length, 0, 'nothing asked: no file was there');
  assert.equal(path.normalize(shownDocuments.at(-1)!.fsPath), written);
  assert.match(informed.at(-1)!.message, /^Decision Tree: 150 predictions of target written to flowers\.predictions\.csv\.$/);

  // Again: the file is there. Dismissed → nothing written.
  const stamp = statSync(written).mtimeMs;
  await new Promise((r) => setTimeout(r, 20));
  dialogs.warning = () => undefined;
  await predictOnAnotherCsv(predictor, inPlace);
  assert.deepEqual(warned.at(-1), { message: 'flowers.predictions.csv already exists.', items: ['Overwrite', 'Choose Another Name…'] });
  assert.equal(statSync(written).mtimeMs, stamp, 'not written when dismissed');
  // Overwrite → written again.
  dialogs.warning = () => 'Overwrite';
  await predictOnAnotherCsv(predictor, inPlace);
  assert.ok(statSync(written).mtimeMs > stamp);
  assert.equal(readFileSync(written, 'utf8'), theirs.stdout);
  assert.deepEqual(readFileSync(input), before, 'the chosen CSV is never written');
});

test("a model opened alone (no CSV): as the CLI without --target; a Dask job's model names its target and classes itself", async () => {
  const input = path.join(cli.dir, 'dask-data.csv');
  copyFileSync(path.join(F, 'dask-data.csv'), input);
  const model = opened('dask-label-forest.json');
  dialogs.open = [FakeUri.file(input)];
  await predictOnAnotherCsv(importedPredictor(uri(path.join(F, 'dask-label-forest.json')), model), inPlace);
  const ours = readFileSync(path.join(cli.dir, 'dask-data.predictions.csv'), 'utf8');
  const theirs = cli.run('predict', '--model', path.join(F, 'dask-label-forest.json'), input);
  assert.equal(theirs.status, 0, theirs.stderr);
  assert.equal(ours, theirs.stdout);
  assert.equal(ours.split('\n')[0], 'a,b,colour,label,flag,predicted_label,share_high,share_low,share_mid');
  assert.match(informed.at(-1)!.message, /^Decision Tree: 400 predictions of label written to dask-data\.predictions\.csv\.$/);
});

test('a model whose classes a CSV names says so with the count, as the CLI on stderr', async () => {
  const input = path.join(cli.dir, 'cancer.csv');
  copyFileSync('test/fixtures/forest/breast_cancer.csv', input);
  dialogs.open = [FakeUri.file(input)];
  await predictOnAnotherCsv(importedPredictor(uri(path.join(F, 'xgb-cancer-logistic.json')), opened('xgb-cancer-logistic.json')), inPlace);
  assert.match(informed.at(-1)!.message, /^Decision Tree: 569 predictions of target written to cancer\.predictions\.csv\. The model stores class indices: class k is the k-th of "target"'s sorted distinct values \(scikit-learn's LabelEncoder order\): 0 = benign, 1 = malignant\.$/);
  const theirs = cli.run('predict', '--model', path.join(F, 'xgb-cancer-logistic.json'), input);
  assert.equal(readFileSync(path.join(cli.dir, 'cancer.predictions.csv'), 'utf8'), theirs.stdout);
});
