import '../helpers/fake-vscode'; // first: makes `vscode` resolvable for the host module
// The extension's side of issue 14 item 2: after training, a message names the left-out columns
// with "Keep …" buttons that remember the choice per file; the next training and the hovers use it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { parseCsv } from '../../../src/engine/csv/read';
import { recordStartLines } from '../../../src/engine/locate/record-lines';
import { buildReport } from '../../../src/engine/report';
import type { LeftOutColumn } from '../../../src/engine/model';
import { readChoices, trainingColumns, type ChoiceStore } from '../../../src/host/file-choices';
import { leftOutMessage, offerKeep, rememberedKeep } from '../../../src/host/left-out-offer';
import { DEFAULT_TRAIN_SETTINGS, reportOptions } from '../../../src/shared/train-settings';
import { headerHover } from '../../../src/hover/column-hover';
import { buildHoverData } from '../../../src/worker/jobs/hover-data';
import { panelReport } from '../../../src/panel/panel-report';
import { settingsSummary } from '../../../webview/controls';
import { informed, messageAnswer } from '../helpers/fake-vscode';
import { packReport } from '../../../src/shared/report-transfer';

function memoryStore(): ChoiceStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: <T>(key: string) => data.get(key) as T | undefined, update: async (key: string, value: unknown) => void data.set(key, value) };
}

const FILE = 'file:///data/penguins.csv';
const ROW: LeftOutColumn = { column: 'row', reason: 'id-like', detail: 'the integers 1 to 80, one per row' };
const ID: LeftOutColumn = { column: 'Individual ID', reason: 'id-like', detail: 'every value distinct' };
const STUDY: LeftOutColumn = { column: 'study', reason: 'constant', detail: 'every row holds "PAL0708"' };

function penguins(): string {
  const lines = ['row,Individual ID,study,bill,species'];
  for (let i = 0; i < 80; i++) lines.push(`${i + 1},N${i}A${i % 2},PAL0708,${(35 + ((i * 7.31) % 15)).toFixed(3)},${i < 40 ? 'Adelie' : 'Gentoo'}`);
  return lines.join('\n') + '\n';
}

test('the message names each left-out column and why, with one "Keep" button per column; a click remembers it for the file', async () => {
  const store = memoryStore();
  informed.length = 0;
  messageAnswer.pick = (items) => items[1];
  assert.equal(await offerKeep(store, FILE, 'penguins.csv', [ROW, ID]), true);
  assert.equal(
    informed[0].message,
    'Decision Tree: penguins.csv: left out of training ID-like column "row" (the integers 1 to 80, one per row), ID-like column "Individual ID" (every value distinct).',
  );
  assert.deepEqual(informed[0].items.map((i) => (i as { title: string }).title), ['Keep row', 'Keep Individual ID', 'Ignore All']);
  assert.deepEqual(readChoices(store, FILE).keep, ['Individual ID']);
  // A later "Keep" adds to the remembered columns; other files are not affected.
  messageAnswer.pick = (items) => items[0];
  await offerKeep(store, FILE, 'penguins.csv', [ROW]);
  assert.deepEqual(readChoices(store, FILE).keep, ['Individual ID', 'row']);
  assert.deepEqual(rememberedKeep(store, 'file:///data/other.csv'), []);
});

test('dismissed, nothing is remembered; many columns get one "Keep All" button', async () => {
  const store = memoryStore();
  informed.length = 0;
  messageAnswer.pick = () => undefined;
  const many = [ROW, ID, STUDY, { ...STUDY, column: 'region' }];
  assert.equal(await offerKeep(store, FILE, 'penguins.csv', many), false);
  assert.deepEqual(informed[0].items.map((i) => (i as { title: string }).title), ['Keep All 4', 'Ignore All']);
  assert.equal(readChoices(store, FILE).keep, undefined);
  assert.equal(readChoices(store, FILE).ignore, undefined);
  const six = Array.from({ length: 6 }, (_, i) => ({ ...STUDY, column: `c${i}` }));
  assert.match(leftOutMessage('f.csv', six), /constant column "c4" \(every row holds "PAL0708"\) and 1 more\.$/);
});

test('the remembered columns the file still has become the training\'s keep: the tree then uses them', async () => {
  const store = memoryStore();
  store.data.set(`decisionTree.choices:${FILE}`, { target: 'species', keep: ['row', 'gone'] });
  const dataset = parseCsv(penguins());
  const { keep } = trainingColumns(readChoices(store, FILE), dataset.columns.map((c) => c.name), 'species');
  assert.deepEqual(keep, ['row']);
  const request = reportOptions(DEFAULT_TRAIN_SETTINGS, 'species');
  const before = buildReport(dataset, { ...request, permutationRepeats: 0 });
  assert.deepEqual(before.leftOut, [ROW, ID, STUDY]);
  request.params.keep = keep;
  const after = buildReport(dataset, { ...request, permutationRepeats: 0 });
  assert.deepEqual(after.leftOut, [ID, STUDY]);
  assert.equal(after.model.nodes[0].split?.feature, 'row');
  // The panel's "Shown:" line lists what was left out.
  assert.match(settingsSummary(panelReport(packReport(after))), / · left out: Individual ID \(ID-like\), study \(constant\)$/);
  // Corrupt workspace state reads as nothing kept.
  store.data.set(`decisionTree.choices:${FILE}`, { keep: 'row' });
  assert.deepEqual(trainingColumns(readChoices(store, FILE), ['row'], 'species'), {});
});

test('the hover of a left-out column says so and why instead of a split score; a kept one is scored', () => {
  const text = penguins();
  const dataset = parseCsv(text);
  const data = buildHoverData(dataset, recordStartLines(text, dataset.delimiter), { target: 'species' });
  const md = headerHover(data, 1, FILE);
  assert.match(md, /Left out of training as an ID-like column \(every value distinct\): no split score\./);
  assert.doesNotMatch(md, /Best split/);
  const kept = buildHoverData(dataset, recordStartLines(text, dataset.delimiter), { target: 'species', keep: ['row', 'gone'] });
  assert.match(headerHover(kept, 0, FILE), /\*\*Best split\*\* for target \*species\*.*\*row\* ≤ 40\.5/);
  assert.match(headerHover(kept, 2, FILE), /Left out of training as a constant column \(every row holds \\"PAL0708\\"\)/);
});
