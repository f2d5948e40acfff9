import '../helpers/fake-vscode'; // first: TreeEdits imports only types of `vscode`, the trained files need the stand-in
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { FakeUri } from '../helpers/fake-vscode';
import { parseCsv } from '../../../src/engine/csv/read';
import { buildReportBody } from '../../../src/engine/report';
import { bestSplitsAt } from '../../../src/engine/node-alternatives';
import { decodeModel } from '../../../src/engine/model-columns';
import { packReport, type PackedReport } from '../../../src/shared/report-transfer';
import { editReportJob, previewEditJob } from '../../../src/worker/jobs/edit';
import { TreeEdits, type EditHost } from '../../../src/panel/tree-edits';
import { exportJob } from '../../../src/worker/jobs/export';
import { parseTreeFile } from '../../../src/engine/forest/tree-model-file';
import { rowPath } from '../../../src/shared/row-path';
import type { TrainedFile } from '../../../src/host/trained-files';
import type { EditState } from '../../../src/shared/protocol';
import type { TrainSettings } from '../../../src/shared/train-settings';

const sample = (name: string) => parseCsv(readFileSync(path.join(process.cwd(), 'media/samples', name)));
const uri = FakeUri.file('/data/iris.csv') as unknown as vscode.Uri;

/** A host whose worker runs the jobs in this thread, recording what the panel is shown. */
function host(file: TrainedFile) {
  const shown: { report: PackedReport; edits: EditState }[] = [];
  const failures: [string, boolean][] = [];
  let current = file;
  const h: EditHost = {
    file: async () => current,
    run: async (kind, job) => (kind === 'editReport' ? editReportJob(job as Parameters<typeof editReportJob>[0]) : previewEditJob(job as Parameters<typeof previewEditJob>[0])) as never,
    replaceReport: (f, report) => (current = { ...f, report }),
    show: (_uri, report, _settings, edits) => shown.push({ report, edits }),
    failed: (_uri, message, retrain) => failures.push([message, retrain]),
  };
  return { h, shown, failures, current: () => current };
}

const model = (r: PackedReport) => decodeModel(r.model).model;

test('replace the root split by its 2nd alternative, snip, undo twice: the tree as trained, the identical model JSON; redo and reset', async () => {
  const dataset = sample('iris.csv');
  const trained = packReport(buildReportBody(dataset, { params: { target: 'species' }, cvFolds: 5, seed: 7, permutationRepeats: 0 }));
  const file = { uri, dataset, report: trained, settings: {} as TrainSettings } as TrainedFile;
  const { h, shown, failures, current } = host(file);
  const edits = new TreeEdits(h);
  const second = bestSplitsAt(dataset, model(trained), trained.settings, 0)[1];
  assert.equal(second.chosen, false);

  const preview = await edits.preview(uri, { op: 'split', node: 0, split: second.split });
  assert.equal(preview.before.nodes, trained.final.nodes);
  assert.equal(preview.folds, 5);
  await edits.handle(uri, { type: 'applyEdit', edit: { op: 'split', node: 0, split: second.split } });
  const split = shown.at(-1)!;
  assert.deepEqual(model(split.report).nodes[0].split, second.split);
  assert.equal(split.report.final.nodes, preview.after.nodes, 'the preview said what applying does');
  assert.equal(current().report, split.report, 'the file\'s report is the edited one: everything reading it follows');
  assert.equal(model(split.report).edited, true);
  // The Metrics tab's CV is that of the edited structure, on the grown tree's 5 stratified folds of 30 rows.
  const cv = split.report.metrics.crossValidation!;
  assert.equal(cv.structure, true);
  assert.equal(trained.metrics.crossValidation!.structure, undefined, 'the grown tree\'s CV is of its settings');
  assert.deepEqual([cv.folds, cv.seed, cv.scores.length, cv.pooled.rows], [5, 7, 5, 150]);
  assert.ok(cv.scores.every((x) => Number.isInteger(Math.round(x * 30 * 1e9) / 1e9)), 'each fold scores 30 rows');
  assert.equal(cv.pooled.task === 'classification' && cv.pooled.perClass.map((c) => c.support).join(), '50,50,50');
  assert.ok(Math.abs(cv.mean - preview.after.cvScore!) < 1e-12, 'the preview\'s CV of the structure (same folds) said what the Metrics tab shows');
  assert.ok(!split.report.warnings.some((w) => /Edited tree/.test(w)));

  const inner = model(split.report).nodes.find((n) => n.id > 0 && n.split !== null)!;
  await edits.handle(uri, { type: 'applyEdit', edit: { op: 'snip', node: inner.id } });
  const snipped = shown.at(-1)!;
  assert.deepEqual(snipped.edits.restorable, [inner.id]);
  assert.deepEqual(edits.stateOf(uri, current().report), snipped.edits, 'a panel opened again on the file gets its edits');
  assert.equal(snipped.edits.applied.length, 2);

  await edits.handle(uri, { type: 'undoEdit' });
  await edits.handle(uri, { type: 'undoEdit' });
  const undone = shown.at(-1)!;
  assert.equal(undone.report, trained, 'undo to no edits shows the tree as trained');
  assert.equal(JSON.stringify(model(undone.report)), JSON.stringify(model(trained)));
  assert.equal(undone.edits.redo.length, 2);

  await edits.handle(uri, { type: 'redoEdit' });
  assert.equal(JSON.stringify(model(shown.at(-1)!.report)), JSON.stringify(model(split.report)), 'redo replays to the same tree');
  await edits.handle(uri, { type: 'resetEdits' });
  assert.deepEqual(shown.at(-1)!.edits, { applied: [], redo: [], restorable: [] });
  assert.deepEqual(failures, []);
});

test('a reloaded panel\'s edits are applied again; an edit the tree refuses, or data that changed, is said in the panel', async () => {
  const dataset = sample('iris.csv');
  const trained = packReport(buildReportBody(dataset, { params: { target: 'species' }, permutationRepeats: 0 }));
  const { h, shown, failures } = host({ uri, dataset, report: trained, settings: {} as TrainSettings } as TrainedFile);
  const edits = new TreeEdits(h);
  await edits.handle(uri, { type: 'syncEdits', applied: [{ op: 'snip', node: 2 }], redo: [] });
  assert.equal(shown.at(-1)!.report.final.nodes, 3);
  await edits.handle(uri, { type: 'syncEdits', applied: [{ op: 'snip', node: 2 }], redo: [] });
  assert.equal(shown.length, 1, 'the same edits: nothing to do');

  await edits.handle(uri, { type: 'applyEdit', edit: { op: 'split', node: 0, split: { feature: 'petal_length_cm', kind: 'numeric', threshold: 99 } } });
  await edits.handle(uri, { type: 'applyEdit', edit: { op: 'split', node: 0, split: { feature: 'species', kind: 'categorical', branches: [['setosa'], ['virginica']] } } });
  assert.deepEqual(
    failures.map(([m, r]) => [m.replace(/\(.*\)/, '(…)'), r]),
    [
      ['The edit was not applied: threshold 99 is outside the range of "petal_length_cm" at node 0 (…): every row would go the same way', false],
      ['The edit was not applied: cannot split on "species": it is the target', false],
    ],
  );
  // The file changed since training: its rows no longer reach the leaves in the counts the tree was trained with.
  const other = packReport(buildReportBody(sample('iris.csv'), { params: { target: 'species', maxDepth: 2 }, permutationRepeats: 0 }));
  const changed = parseCsv(readFileSync(path.join(process.cwd(), 'media/samples/iris.csv'), 'utf8').replace(/\n5\.1,3\.5,1\.4,0\.2,setosa/, '\n5.1,3.5,6.4,0.2,setosa'));
  const staleHost = host({ uri, dataset: changed, report: other, settings: {} as TrainSettings } as TrainedFile);
  await new TreeEdits(staleHost.h).handle(uri, { type: 'applyEdit', edit: { op: 'snip', node: 1 } });
  assert.equal(staleHost.failures.length, 1);
  assert.match(staleHost.failures[0][0], /^The file changed since this tree was trained: the data no longer matches the tree/);
  assert.equal(staleHost.failures[0][1], true, 'the panel offers to retrain');
});

test('the edited tree is what the file\'s exports and row paths read: the model JSON records the edits and loads back', async () => {
  const dataset = sample('iris.csv');
  const trained = packReport(buildReportBody(dataset, { params: { target: 'species' }, permutationRepeats: 0 }));
  const { h, current } = host({ uri, dataset, report: trained, settings: {} as TrainSettings } as TrainedFile);
  await new TreeEdits(h).handle(uri, { type: 'applyEdit', edit: { op: 'snip', node: 2 } });
  const { report } = current();
  const text = exportJob({ model: report.model, format: 'model' }).content;
  const loaded = parseTreeFile(text);
  assert.equal(loaded.edited, true);
  assert.deepEqual(loaded.edits?.map((e) => [e.edit, e.after]), [[{ op: 'snip', node: 2 }, null]]);
  assert.equal(loaded.nodes.length, 3);
  // Rows that reached the snipped subtree now end in its leaf (node 2), and are predicted by it.
  const path = rowPath(report.model, dataset, 149);
  assert.deepEqual(path.path, [0, 2]);
  assert.equal(path.prediction, loaded.nodes[2].prediction);
});
