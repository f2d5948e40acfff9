// A model trained elsewhere's view restored after a window reload (open-model.ts reopenTreeModel,
// fake vscode, the worker's import job run in place): the model file is read again and shown, then
// the CSV it was run on bound with the target chosen — the same view as before the reload; a model
// file gone is said in the view and nothing is shown; a CSV gone, or without its target column,
// leaves the model shown alone and says why.
import '../helpers/fake-vscode'; // first: the host modules import `vscode`
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type * as vscode from 'vscode';
import { FakeUri } from '../helpers/fake-vscode';
import { parseCsv } from '../../../src/engine/csv/read';
import { reopenTreeModel, type OpenModelDeps } from '../../../src/host/open-model';
import type { WorkerBridge } from '../../../src/host/worker-bridge';
import type { ImportedModel } from '../../../src/shared/ensemble-transfer';
import type { ImportModelJob, LoadResult } from '../../../src/shared/worker-messages';
import { importModelJob } from '../../../src/worker/jobs/import-model';

const dir = mkdtempSync(path.join(tmpdir(), 'dte-reopen-'));
test.after(() => rmSync(dir, { recursive: true, force: true }));
const file = (name: string) => path.join(dir, name);
copyFileSync('test/fixtures/imported/dask-label-forest.json', file('forest.json'));
copyFileSync('test/fixtures/imported/dask-data.csv', file('data.csv'));

const uri = (p: string) => FakeUri.file(p) as unknown as vscode.Uri;

function deps() {
  const shown: Array<{ uri: string; model: ImportedModel; beside: string }> = [];
  const told: string[] = [];
  const loaded: string[] = [];
  const worker = { run: (_kind: string, job: ImportModelJob) => ({ result: Promise.resolve(importModelJob(job, () => undefined)), cancel: () => undefined }) } as unknown as WorkerBridge;
  const d: OpenModelDeps & { tell(message: string): void } = {
    worker: () => worker,
    load: async (u): Promise<LoadResult> => {
      loaded.push(u.fsPath);
      const dataset = parseCsv(readFileSync(u.fsPath));
      return { dataset, columns: dataset.columns.map((c) => ({ name: c.name }) as LoadResult['columns'][number]) };
    },
    show: (u, model, beside) => shown.push({ uri: u.toString(), model, beside: beside.toString() }),
    tell: (m) => told.push(m),
  };
  return { d, shown, told, loaded };
}

test('the model file and its CSV read again: shown alone, then bound to the CSV and target as before the reload', async () => {
  const { d, shown, told } = deps();
  const csvUri = uri(file('data.csv')).toString();
  await reopenTreeModel(uri(file('forest.json')), { csvUri, target: 'flag' }, d);
  assert.deepEqual(told, []);
  assert.equal(shown.length, 2);
  assert.equal(shown[0].model.dataset, null);
  assert.equal(shown[0].model.csvUri, null);
  const bound = shown[1].model;
  assert.equal(bound.csvUri, csvUri);
  assert.equal(bound.report.data?.target, 'flag', 'the target chosen before, not the one the model names');
  assert.equal(bound.report.data?.rows, 400);
  assert.equal(bound.dataset?.rowCount, 400);
});

test('the model file gone: the view says so, and nothing is read or shown', async () => {
  const { d, shown, told, loaded } = deps();
  await reopenTreeModel(uri(file('gone.json')), { csvUri: uri(file('data.csv')).toString(), target: 'label' }, d);
  assert.deepEqual(told, ['gone.json is gone (moved, renamed or deleted), so this view cannot show it again. Open the model with "Open Tree Model…".']);
  assert.deepEqual(shown, []);
  assert.deepEqual(loaded, []);
});

test('the CSV gone, or without the target column: the model alone, and why', async () => {
  const gone = deps();
  await reopenTreeModel(uri(file('forest.json')), { csvUri: uri(file('moved.csv')).toString(), target: 'label' }, gone.d);
  assert.equal(gone.shown.length, 1);
  assert.equal(gone.shown[0].model.dataset, null);
  assert.deepEqual(gone.told, ['moved.csv, the CSV this model was run on, is gone (moved, renamed or deleted): the model is shown alone. Run "Open Tree Model…" to choose a CSV.']);

  writeFileSync(file('renamed.csv'), readFileSync(file('data.csv'), 'utf8').replace('label', 'grade'));
  const renamed = deps();
  await reopenTreeModel(uri(file('forest.json')), { csvUri: uri(file('renamed.csv')).toString(), target: 'label' }, renamed.d);
  assert.equal(renamed.shown.length, 1);
  assert.deepEqual(renamed.told, ['renamed.csv no longer has the column “label” this model was run on: the model is shown alone. Run "Open Tree Model…" to choose a target.']);
});
