// Issue 14's real-data behaviours as a user meets them in a real VS Code: an ID-like column is
// left out with a message and a "Keep …" button, a date column splits as dates, a gzip CSV trains
// from the Explorer, and "Predict on Another CSV…" copies every input field as written.
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { after, before, describe, it } from 'node:test';
import { defaultReport } from '../expected.mjs';
import { startSession } from '../session.mjs';
import {
  answerPath,
  clickContextMenuItem,
  explorerContextMenu,
  openFile,
  openFromExplorer,
  openWorkbench,
  pickQuickItem,
  runCommand,
  runCommandRetried,
  screenshot,
  waitForFile,
  waitForNotification,
  waitForWebviewFrame,
} from '../workbench.mjs';

const FIXTURE = 'test/fixtures/e2e/visits.csv';

describe('real data in the workbench', () => {
  let session;
  let page;

  before(async () => {
    session = await startSession({ files: [FIXTURE, 'test/fixtures/parquet/iris.parquet'] });
    writeFileSync(join(session.folder, 'visits-archive.csv.gz'), gzipSync(readFileSync(FIXTURE)));
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  it('leaves the ID-like column out, says so with a Keep button, and splits the date column as dates', async () => {
    await openFile(page, 'visits.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'label');
    const panel = await waitForWebviewFrame(page, 'header', { hasText: 'visits.csv' });
    await panel.locator('.stage svg g.node').first().waitFor();
    const message = await waitForNotification(page, /left out of training/);
    assert.match(message, /visits\.csv: left out of training .*"id"/);
    assert.ok(await page.locator('.notifications-center .monaco-button', { hasText: 'Keep id' }).count() > 0, 'a Keep id button');
    // The Shown line lives in the settings drawer, under the one-line summary.
    await panel.locator('button.settings-toggle').click();
    const shown = await panel.locator('#settings-drawer').innerText();
    assert.match(shown, /left out: id \(ID-like\)/);
    const root = await panel.locator('.stage svg g.node[data-ref="node:0"]').getAttribute('aria-label');
    assert.match(root, /day ≤ 2021-01-30T12:00Z/);
    await screenshot(page, 'real-data-left-out');
  });

  it('trains a gzip CSV from the Explorer', async () => {
    // Select the file first: a right-click next to another selected file could act on that one.
    await page.locator('.explorer-folders-view .monaco-list-row[aria-label^="visits-archive.csv.gz"]').first().click();
    const menu = await explorerContextMenu(page, 'visits-archive.csv.gz');
    assert.ok(menu.includes('Train Decision Tree'), String(menu));
    await clickContextMenuItem(page, 'Train Decision Tree');
    await pickQuickItem(page, 'label');
    const panel = await waitForWebviewFrame(page, 'header', { hasText: 'visits-archive.csv.gz' });
    await panel.locator('.stage svg g.node').first().waitFor();
    const root = await panel.locator('.stage svg g.node[data-ref="node:0"]').getAttribute('aria-label');
    assert.match(root, /day ≤ 2021-01-30T12:00Z/);
    await screenshot(page, 'real-data-gzip');
  });

  it('trains a Parquet file from the Explorer: the tree of the same data as CSV', async () => {
    const expected = defaultReport('media/samples/iris.csv', 'species');
    await page.locator('.explorer-folders-view .monaco-list-row[aria-label^="iris.parquet"]').first().click();
    const menu = await explorerContextMenu(page, 'iris.parquet');
    assert.ok(menu.includes('Train Decision Tree'), String(menu));
    await clickContextMenuItem(page, 'Train Decision Tree');
    await pickQuickItem(page, 'species');
    const panel = await waitForWebviewFrame(page, 'header', { hasText: 'iris.parquet' });
    await panel.locator('.stage svg g.node').first().waitFor();
    assert.equal(await panel.locator('.settings-line').textContent(), `CART · gini · depth ∞ · leaf 1 · no pruning · ${expected.final.nodes} nodes`);
    const root = await panel.locator('.stage svg g.node[data-ref="node:0"]').getAttribute('aria-label');
    assert.match(root, /^petal_length_cm ≤ 2\.45, samples = 150/);
    await screenshot(page, 'real-data-parquet');
  });

  it('"Predict on Another CSV…" copies every input field as it is in the file', async () => {
    const input = join(session.folder, 'visits.csv');
    await openFromExplorer(page, 'visits.csv');
    await runCommandRetried(page, 'Decision Tree: Predict on Another CSV…');
    await answerPath(page, input);
    const written = await waitForFile(page, join(session.folder, 'visits.predictions.csv'));
    const original = readFileSync(FIXTURE, 'utf8').trimEnd().split('\n');
    const lines = written.trimEnd().split('\n');
    assert.equal(lines.length, original.length);
    assert.equal(lines[0], `${original[0]},predicted_label`);
    // 00501, NA, ?, 0.0 and the quoted "calm, dry" stay exactly as written.
    original.slice(1).forEach((line, i) => assert.ok(lines[i + 1].startsWith(`${line},`), lines[i + 1]));
    assert.ok(lines.some((l) => l.startsWith('1,2021-01-01,00501,NA,0.0,early,')));
  });
});
