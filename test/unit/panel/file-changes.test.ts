import '../helpers/fake-vscode'; // first: the watcher and the trained files need the stand-in
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FakeUri, workspaceEvents } from '../helpers/fake-vscode';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReportBody } from '../../../src/engine/report';
import { packReport } from '../../../src/shared/report-transfer';
import { editReportJob, previewEditJob } from '../../../src/worker/jobs/edit';
import { TreeEdits, type EditHost } from '../../../src/panel/tree-edits';
import { TrainedFiles, type TrainedFile } from '../../../src/host/trained-files';
import { currentRows, watchFileChanges } from '../../../src/host/file-changes';
import type { Dataset } from '../../../src/engine/dataset';
import type { TrainSettings } from '../../../src/shared/train-settings';

const irisText = readFileSync(path.join(process.cwd(), 'media/samples/iris.csv'), 'utf8');
const uri = FakeUri.file('/data/iris.csv');
const other = FakeUri.file('/data/notes.csv');

test('a trained CSV changed in the editor or on disk: the panel is told once, the next edit or preview reads the file again and is refused as stale; once the rows fit again an edit applies and clears the mark', async () => {
  const dataset = parseCsv(irisText);
  const trained = new TrainedFiles();
  trained.set({ uri: uri as unknown as vscode.Uri, dataset, columns: [], target: 'species', settings: {} as TrainSettings, report: packReport(buildReportBody(dataset, { params: { target: 'species' }, permutationRepeats: 0 })) });
  const told: string[] = [];
  watchFileChanges(trained, (u) => told.push(u.toString()));

  // The file as it is on disk now: one petal length changed, so a leaf gets a row fewer.
  let onDisk: Dataset = parseCsv(irisText.replace(/\n5\.1,3\.5,1\.4,0\.2,setosa/, '\n5.1,3.5,6.4,0.2,setosa'));
  const reads: string[] = [];
  const failures: [string, boolean][] = [];
  const host: EditHost = {
    file: async (u) => currentRows(trained, trained.get(u) as TrainedFile, async (r) => (reads.push(r.toString()), onDisk)),
    run: async (kind, job) => (kind === 'editReport' ? editReportJob(job as Parameters<typeof editReportJob>[0]) : previewEditJob(job as Parameters<typeof previewEditJob>[0])) as never,
    replaceReport: (f, report) => trained.set({ ...f, report }),
    show: () => undefined,
    failed: (_u, message, retrain) => failures.push([message, retrain]),
  };
  const edits = new TreeEdits(host);

  workspaceEvents.textChanged.fire({ document: { uri: other }, contentChanges: [{}] });
  workspaceEvents.textChanged.fire({ document: { uri }, contentChanges: [] });
  assert.deepEqual(told, [], 'an untrained file, or a save with no content change, marks nothing');
  await edits.handle(uri as unknown as vscode.Uri, { type: 'applyEdit', edit: { op: 'snip', node: 2 } });
  assert.deepEqual([reads, failures], [[], []], 'an unchanged file is not read again');
  await edits.handle(uri as unknown as vscode.Uri, { type: 'undoEdit' });

  workspaceEvents.textChanged.fire({ document: { uri }, contentChanges: [{}] });
  workspaceEvents.fileChanged.fire(uri);
  assert.deepEqual(told, [uri.toString()], 'told once, not per keystroke or save');
  await edits.handle(uri as unknown as vscode.Uri, { type: 'applyEdit', edit: { op: 'snip', node: 2 } });
  assert.deepEqual(reads, [uri.toString()]);
  assert.equal(failures.length, 1);
  assert.match(failures[0][0], /^The file changed since this tree was trained: the data no longer matches the tree \(leaf \d+ was trained on \d+ rows, the data sends \d+ there\)/);
  assert.equal(failures[0][1], true, 'the panel offers Retrain');
  await assert.rejects(edits.preview(uri as unknown as vscode.Uri, { op: 'snip', node: 2 }), /no longer matches the tree/, 'a preview does not use the old rows either');
  assert.equal(trained.isChanged(uri as unknown as vscode.Uri), true);

  // Changed back on disk: the rows fit the tree again, the edit applies and the file's rows are the ones read.
  onDisk = parseCsv(irisText);
  await edits.handle(uri as unknown as vscode.Uri, { type: 'applyEdit', edit: { op: 'snip', node: 2 } });
  assert.equal(failures.length, 1);
  assert.equal(trained.isChanged(uri as unknown as vscode.Uri), false);
  assert.equal(trained.get(uri as unknown as vscode.Uri)!.dataset, onDisk);
  assert.equal(trained.get(uri as unknown as vscode.Uri)!.report.final.nodes, 3);
});
