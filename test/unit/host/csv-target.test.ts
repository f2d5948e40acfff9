// Which file a command acts on when run from the palette: the tree panel in focus wins over the
// last text editor and the most recently trained file, and an explicit menu URI over everything.
import '../helpers/fake-vscode'; // first: makes `vscode` resolvable
import { test } from 'node:test';
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { created, FakeUri } from '../helpers/fake-vscode';
import { csvToTrain, trainedFor } from '../../../src/host/csv-target';
import { TrainedFiles, type TrainedFile } from '../../../src/host/trained-files';
import { TreePanels } from '../../../src/panel/tree-panel';
import type { PackedReport } from '../../../src/shared/report-transfer';
import type { PanelRequests } from '../../../src/panel/tree-requests';

const uri = (path: string) => FakeUri.file(path) as unknown as vscode.Uri;
const iris = uri('/data/iris.csv');
const tennis = uri('/data/play_tennis.csv');
const bikes = uri('/data/bike_or_car.csv');
const fileFor = (u: vscode.Uri) => ({ uri: u }) as unknown as TrainedFile;
const window = vscode.window as unknown as { activeTextEditor: { document: { uri: vscode.Uri; languageId: string } } | undefined };

function trainedOn(...uris: vscode.Uri[]): TrainedFiles {
  const trained = new TrainedFiles();
  for (const u of uris) trained.set(fileFor(u));
  return trained;
}

test('a model command acts on the menu URI, else the focused panel, else the text editor, else the latest tree', () => {
  const trained = trainedOn(iris, tennis, bikes); // bikes trained last
  window.activeTextEditor = { document: { uri: tennis, languageId: 'csv' } };
  assert.equal(trainedFor(iris, trained, bikes)?.uri, iris, 'menu URI');
  assert.equal(trainedFor(undefined, trained, iris)?.uri, iris, 'focused panel beats the editor and the latest');
  assert.equal(trainedFor(undefined, trained, undefined)?.uri, tennis, 'text editor');
  window.activeTextEditor = undefined;
  assert.equal(trainedFor(undefined, trained, undefined)?.uri, bikes, 'latest');
  // A focused panel whose tree is not in memory (restored after a reload) does not hide the others.
  assert.equal(trainedFor(undefined, trainedOn(tennis), iris)?.uri, tennis);
});

test('training from the palette with a tree panel in focus retrains that panel\'s file', async () => {
  window.activeTextEditor = { document: { uri: tennis, languageId: 'csv' } };
  assert.equal(await csvToTrain(undefined, iris), iris);
  assert.equal(await csvToTrain(bikes, iris), bikes);
  assert.equal(await csvToTrain(undefined, undefined), tennis);
  window.activeTextEditor = undefined;
});

test('the panels say which CSV\'s panel is in focus', () => {
  // Showing a report asks for the edits behind it; none here.
  const panels = new TreePanels(uri('/ext'), { editState: () => undefined, handState: () => undefined } as unknown as PanelRequests);
  const report = { model: { nodes: [], totalNodes: 0 } } as unknown as PackedReport;
  const settings = {} as Parameters<TreePanels['show']>[2];
  panels.show(iris, report, settings);
  const irisPanel = created[created.length - 1];
  panels.show(tennis, report, settings);
  const tennisPanel = created[created.length - 1];
  assert.equal(panels.activeCsv(), undefined, 'no panel in focus');
  irisPanel.active = true;
  assert.equal(panels.activeCsv(), iris);
  irisPanel.active = false;
  tennisPanel.active = true;
  assert.equal(panels.activeCsv(), tennis);
  panels.dispose();
});
