import '../helpers/fake-vscode'; // first: makes `vscode` resolvable for the host module
// Column choices the engine respects (issue 16 item 5): a column ignored (the profile view, the
// left-out message's one-click "Ignore") or typed for a file changes the next training and the
// hover's scores; ignore and keep never hold the same column.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readerTypes } from '../../../src/shared/column-choice';
import { parseCsv } from '../../../src/engine/csv/read';
import { recordStartLines } from '../../../src/engine/locate/record-lines';
import { buildReport } from '../../../src/engine/report';
import { readChoices, rememberChoices, rememberedNames, trainingColumns, withColumnType, withIgnored, type ChoiceStore } from '../../../src/host/file-choices';
import { offerKeep } from '../../../src/host/left-out-offer';
import { DEFAULT_TRAIN_SETTINGS, reportOptions } from '../../../src/shared/train-settings';
import { headerHover } from '../../../src/hover/column-hover';
import { buildHoverData } from '../../../src/worker/jobs/hover-data';
import { panelReport } from '../../../src/panel/panel-report';
import { packReport } from '../../../src/shared/report-transfer';
import { compactSummary, settingsSummary } from '../../../webview/controls';
import { messageAnswer } from '../helpers/fake-vscode';

function memoryStore(): ChoiceStore & { data: Map<string, unknown> } {
  const data = new Map<string, unknown>();
  return { data, get: <T>(key: string) => data.get(key) as T | undefined, update: async (key: string, value: unknown) => void data.set(key, value) };
}

const FILE = 'file:///data/shop.csv';
// `code` is numbers that name a category (it decides `buys` exactly); `spend` is weaker.
const CSV = ['code,spend,buys', ...Array.from({ length: 60 }, (_, i) => `${[3, 1, 2][i % 3]},${(i * 7) % 50},${i % 3 === 1 ? 'no' : 'yes'}`)].join('\n') + '\n';

/** What the Trainer does with a file's choices (trainer.ts `fit`): read with its types, train with its ignore/keep. */
function trainWith(store: ChoiceStore) {
  const choices = readChoices(store, FILE);
  const dataset = parseCsv(CSV, readerTypes(choices.types));
  const options = reportOptions(DEFAULT_TRAIN_SETTINGS, 'buys');
  Object.assign(options.params, trainingColumns(choices, dataset.columns.map((c) => c.name), 'buys'));
  return buildReport(dataset, { ...options, permutationRepeats: 0 });
}

function hoverWith(store: ChoiceStore) {
  const choices = readChoices(store, FILE);
  const dataset = parseCsv(CSV, readerTypes(choices.types));
  return buildHoverData(dataset, recordStartLines(CSV, ','), { target: 'buys', ignore: rememberedNames(choices, 'ignore'), types: choices.types });
}

test('ignoring a column: the next training does not use it, and the hover says it is ignored instead of scoring it', async () => {
  const store = memoryStore();
  assert.equal(trainWith(store).model.nodes[0].split?.feature, 'code');
  assert.match(headerHover(hoverWith(store), 0, FILE), /\*\*Best split\*\* for target \*buys\*/);

  await rememberChoices(store, FILE, withIgnored(readChoices(store, FILE), 'code', true));
  const report = trainWith(store);
  assert.deepEqual(report.model.features.map((f) => f.name), ['spend']);
  assert.match(settingsSummary(panelReport(packReport(report))), / · ignored: code$/, 'the Shown line names it');
  assert.match(compactSummary(panelReport(packReport(report))), / · 1 ignored$/, 'the one-line summary counts it');
  const hover = hoverWith(store);
  assert.deepEqual(hover.splits?.splits.map((s) => s.feature), ['spend']);
  assert.match(headerHover(hover, 0, FILE), /Ignored for training/);

  // Used again: back as before.
  await rememberChoices(store, FILE, withIgnored(readChoices(store, FILE), 'code', false));
  assert.equal(trainWith(store).model.nodes[0].split?.feature, 'code');
});

test('a type choice: code read as categorical splits by category sets, in the training and the hover', async () => {
  const store = memoryStore();
  assert.equal(trainWith(store).model.nodes[0].split?.kind, 'numeric');
  await rememberChoices(store, FILE, { types: withColumnType(readChoices(store, FILE), ['code', 'spend', 'buys'], 'code', 'categorical') });
  const root = trainWith(store).model.nodes[0].split;
  assert.equal(root?.kind, 'categorical');
  assert.equal(hoverWith(store).splits?.splits.find((s) => s.feature === 'code')?.kind, 'categorical');
});

test('ignore and keep exclude each other; the target and vanished columns are never passed on', async () => {
  const store = memoryStore();
  await rememberChoices(store, FILE, { keep: ['code'], ignore: ['gone', 'buys'] });
  assert.deepEqual(withIgnored(readChoices(store, FILE), 'code', true), { ignore: ['gone', 'buys', 'code'], keep: [] });
  assert.deepEqual(trainingColumns(readChoices(store, FILE), ['code', 'spend', 'buys'], 'buys'), { keep: ['code'] });
  // Corrupt state: names only.
  assert.deepEqual(rememberedNames({ ignore: [1, 'x', null] as unknown as string[] }, 'ignore'), ['x']);
});

test('the left-out message proposes a one-click "Ignore": remembered as ignored, no retrain; a later Keep takes it out of ignore', async () => {
  const store = memoryStore();
  const row = { column: 'row', reason: 'id-like' as const, detail: 'the integers 1 to 80, one per row' };
  messageAnswer.pick = (items) => (items as { title: string }[]).find((i) => i.title === 'Ignore');
  assert.equal(await offerKeep(store, FILE, 'shop.csv', [row]), false);
  assert.deepEqual(readChoices(store, FILE).ignore, ['row']);
  messageAnswer.pick = (items) => (items as { title: string }[]).find((i) => i.title === 'Keep row');
  assert.equal(await offerKeep(store, FILE, 'shop.csv', [row]), true);
  assert.deepEqual([readChoices(store, FILE).ignore, readChoices(store, FILE).keep], [[], ['row']]);
});
