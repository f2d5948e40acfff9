/* global document -- page.waitForFunction callbacks run in the browser */
// The host's commands as a user runs them in a real VS Code: open a sample, train with options
// (ID3 on play_tennis), export the model, predict on a CSV (and be asked before a file is
// replaced), profile the columns, and an engine error reported once with its details.
import assert from 'node:assert/strict';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import {
  answer,
  answerPath,
  openFile,
  openFromExplorer,
  openWorkbench,
  pickQuickItem,
  quickInputBox,
  quickPickLabels,
  runCommand,
  runCommandRetried,
  screenshot,
  waitForFile,
  waitForNotification,
  waitForWebviewFrame,
} from '../workbench.mjs';

describe('host commands in the workbench', () => {
  let session;
  let page;

  before(async () => {
    session = await startSession({ files: ['media/samples/iris.csv', 'media/samples/play_tennis.csv'] });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  it('opens each shipped sample dataset', async () => {
    await runCommand(page, 'Decision Tree: Open Sample Dataset');
    assert.deepEqual(await quickPickLabels(page), ['iris', 'play_tennis', 'bike_or_car', 'guess_who', 'diabetes']);
    await pickQuickItem(page, 'diabetes');
    await page.locator('.tabs-container .tab[aria-label^="diabetes.csv"]').first().waitFor();
  });

  it('trains with options: ID3 on play_tennis grows the textbook tree rooted at outlook', async () => {
    await openFile(page, 'play_tennis.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree with Options…');
    await pickQuickItem(page, 'play');
    await pickQuickItem(page, 'ID3');
    await answer(page, '0'); // max depth: grow fully
    await answer(page, '1'); // min samples per leaf
    await pickQuickItem(page, 'No pruning');
    await answer(page, '0'); // no hold-out: all 14 days train (measured by cross-validation)
    const panel = await waitForWebviewFrame(page, 'header', { hasText: 'play_tennis.csv' });
    await panel.locator('.stage svg g.node').first().waitFor();
    const root = await panel.locator('.stage svg g.node[data-ref="node:0"]').getAttribute('aria-label');
    assert.ok(root.includes('outlook'), root);
    assert.match(root, /^outlook\b.*samples = 14\b/);
    // 1 root, 3 outlook branches, 2 humidity and 2 windy leaves.
    assert.equal(await panel.locator('.stage svg g.node[data-ref^="node:"]').count(), 8);
    await screenshot(page, 'host-train-options-id3');
  });

  it('exports the model as JSON beside the CSV', async () => {
    await openFromExplorer(page, 'play_tennis.csv');
    await runCommandRetried(page, 'Decision Tree: Export Model (JSON)');
    // The save dialog proposes play_tennis.model.json beside the CSV: accept it.
    await page.waitForFunction((selector) => document.querySelector(selector)?.value.endsWith('play_tennis.model.json'), quickInputBox);
    await answer(page);
    const model = JSON.parse(await waitForFile(page, join(session.folder, 'play_tennis.model.json')));
    assert.equal(model.format, 'decision-tree-explorer/model');
    assert.equal(model.target, 'play');
    assert.equal(model.params.algorithm, 'id3');
    // Version 2: the nodes as columns (docs/model-format.md "Nodes as columns").
    assert.equal(model.version, 2);
    assert.equal(model.nodes.samples.length, 8);
  });

  it('predicts on another CSV into a new file, and asks before replacing it', async () => {
    const input = join(session.folder, 'play_tennis.csv');
    const output = join(session.folder, 'play_tennis.predictions.csv');
    await openFromExplorer(page, 'play_tennis.csv');
    await runCommandRetried(page, 'Decision Tree: Predict on Another CSV…');
    await answerPath(page, input);
    const lines = (await waitForFile(page, output)).trimEnd().split('\n');
    assert.equal(lines[0], 'outlook,temperature,humidity,windy,play,predicted_play');
    assert.equal(lines.length, 15);
    // A fully grown ID3 tree fits its training days exactly.
    for (const line of lines.slice(1)) {
      const f = line.split(',');
      assert.equal(f[5], f[4], line);
    }
    const firstWrite = statSync(output).mtimeMs;

    await openFromExplorer(page, 'play_tennis.csv');
    await runCommandRetried(page, 'Decision Tree: Predict on Another CSV…');
    await answerPath(page, input);
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor();
    assert.match(await dialog.innerText(), /play_tennis\.predictions\.csv already exists/);
    await screenshot(page, 'host-predict-overwrite');
    await dialog.getByRole('button', { name: 'Overwrite' }).click();
    await waitForFile(page, output, { newerThan: firstWrite });
  });

  it("runs a palette command from a focused tree panel on that panel's file, not the last one trained", async () => {
    await openFromExplorer(page, 'iris.csv');
    await runCommandRetried(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'species');
    await waitForWebviewFrame(page, 'header', { hasText: 'iris.csv' }); // iris is now the latest tree
    await page.locator('.tabs-container .tab[aria-label^="Decision Tree: play_tennis.csv"]').first().click();
    // The click puts the keyboard inside the panel's webview, which here does not pass F1 on to the
    // workbench: a click on the empty middle of the status bar takes the keyboard back while the
    // panel stays the active editor.
    const bar = await page.locator('.part.statusbar').boundingBox();
    await page.mouse.click(bar.x + bar.width / 2, bar.y + bar.height / 2);
    await runCommandRetried(page, 'Decision Tree: Export Tree as Mermaid Markdown');
    await page.waitForFunction((selector) => document.querySelector(selector)?.value.endsWith('play_tennis.tree.md'), quickInputBox);
    await screenshot(page, 'host-export-focused-panel');
    await page.keyboard.press('Escape');
  });

  it('profiles the columns in a view of column cards', async () => {
    await openFromExplorer(page, 'iris.csv');
    await runCommandRetried(page, 'Decision Tree: Profile CSV Columns');
    const view = await waitForWebviewFrame(page, '.profile-header .title', { hasText: 'iris.csv: 150 rows, 5 columns' });
    assert.equal(await view.locator('.card').count(), 5);
    await screenshot(page, 'host-profile');
  });

  it('reports an engine error once, naming the file and the problem', async () => {
    await openFromExplorer(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree with Options…');
    await pickQuickItem(page, 'species');
    await pickQuickItem(page, 'CART · squared error'); // a regression criterion for a class target
    // Each answer waits for its own prompt: typed into the previous one while it closes, it would be lost.
    const step = (n) => page.locator('.quick-input-widget .quick-input-title', { hasText: `(${n}/5)` }).waitFor();
    await step(2);
    await answer(page, '0');
    await step(3);
    await answer(page, '1');
    await step(4);
    await pickQuickItem(page, 'No pruning');
    await step(5);
    await answer(page, '0.3');
    // Looking for the notification presses Escape first: sent before the prompt has taken the
    // answer, it would cancel the whole flow.
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    const text = await waitForNotification(page, /Decision Tree: iris\.csv: criterion "squared_error"/);
    assert.match(text, /use gini or entropy/);
    await screenshot(page, 'host-error-notification');
  });
  it('offers a first-run walkthrough whose first step opens the sample list', async () => {
    await runCommandRetried(page, 'Welcome: Open Walkthrough...');
    await pickQuickItem(page, 'Understand a CSV with decision trees');
    const steps = page.locator('.gettingStartedContainer .getting-started-step');
    await steps.first().waitFor();
    const titles = (await steps.locator('.step-title').allTextContents()).map((t) => t.trim());
    assert.deepEqual(titles, ['Open a sample dataset', 'Train a tree', 'Read a node', 'Steer the tree', 'Grow a forest']);
    await screenshot(page, 'host-walkthrough');
    await page.locator('.gettingStartedContainer').getByRole('button', { name: 'Open Sample Dataset' }).click();
    assert.deepEqual(await quickPickLabels(page), ['iris', 'play_tennis', 'bike_or_car', 'guess_who', 'diabetes']);
    await page.keyboard.press('Escape');
  });
});
