// Random forests in a real VS Code (issue 17, "Done when"): "Train Random Forest" on iris from the
// palette, the forest view's OOB-error chart on show, a tree picked from the picker and drawn by
// the tree view, row 1's votes across the trees and its path; the view alone in the editor area at
// 500 and 1,400 px, in Light Modern and Dark Modern. Then "…with Options…" (40 trees, log₂ p, hard
// voting), whose answers the next run starts from; a forest tree's node details with their
// read-only alternatives; and "Developer: Reload Window", after which the view comes back, trains
// the same forest again and shows the same tab, tree and row (400 and 1,400 px, dark and light);
// reloaded once more with the file deleted, it says so.
// Screenshots: test-artifacts/forest-e2e-*.png.
/* global document -- evaluated in the view's frame */
import assert from 'node:assert/strict';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import { treeLayout } from '../../webview/tree-layout.mjs';
import { answer, openFile, openWorkbench, nextInputValue, pickQuickItem, quickPickLabels, reloadWindow, runCommand, runCommandRetried, screenshotFrame, switchTheme, waitForWebviewFrame } from '../workbench.mjs';

const HEIGHT = 1000;

describe('Train Random Forest on iris', () => {
  let session;
  let page;

  before(async () => {
    session = await startSession({ files: ['media/samples/iris.csv'], viewport: { width: 1920, height: HEIGHT }, settings: { 'workbench.colorTheme': 'Default Light Modern' } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  /** The forest view alone in the window, `width` px wide; resolves with its frame. */
  async function viewAt(width) {
    await page.locator('.tabs-container .tab[aria-label^="Random Forest: iris.csv"]').first().click();
    let frame;
    let outer = width + 48;
    for (let attempt = 0; attempt < 4; attempt++) {
      await page.setViewportSize({ width: outer, height: HEIGHT });
      await page.waitForTimeout(500);
      frame = await waitForWebviewFrame(page, 'header:has-text("Random forest for")');
      const inner = await frame.evaluate(() => document.documentElement.clientWidth);
      if (Math.abs(inner - width) <= 4) break;
      outer += width - inner;
    }
    return frame;
  }

  /** Summary and Trees tabs at `width`: chart, a picked tree, row 1's votes; screenshots of both. */
  async function look(theme, width) {
    const view = await viewAt(width);
    const at = `${theme}-${width}`;
    assert.ok(Math.abs((await view.evaluate(() => document.documentElement.clientWidth)) - width) <= 4);
    await view.getByRole('tab', { name: 'Summary' }).click();
    await view.locator('svg.oob-chart polyline').waitFor();
    assert.equal(await view.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, `${at}: wider than the view`);
    await screenshotFrame(view, `forest-e2e-summary-${at}`);
    await view.getByRole('tab', { name: 'Trees' }).click();
    await view.locator('.stage svg g.node').first().waitFor({ timeout: 60_000 });
    await view.locator('.vote-row').first().waitFor();
    assert.equal(await view.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, `${at}: Trees wider than the view`);
    await screenshotFrame(view, `forest-e2e-trees-${at}`);
  }

  it('trains from the palette: progress, then the view with the OOB chart', async () => {
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Random Forest');
    await pickQuickItem(page, 'species');
    const view = await waitForWebviewFrame(page, 'svg.oob-chart polyline', { timeout: 120_000 });
    const stats = await view.locator('.forest-stats').textContent();
    assert.match(stats, /trees\s*100/);
    assert.match(stats, /OOB accuracy\s*9\d\.\d%/);
    const points = await view.locator('svg.oob-chart polyline').getAttribute('points');
    assert.equal(points.trim().split(' ').length, 100, 'one point per number of trees');
    await runCommandRetried(page, 'View: Single Column Editor Layout');
    await runCommandRetried(page, 'View: Close Primary Side Bar');
  });

  it('picks a tree, which the tree view draws, and shows row 1\'s votes and path', async () => {
    const view = await viewAt(1400);
    await view.getByRole('tab', { name: 'Trees' }).click();
    assert.equal(await view.locator('tr.tree-row').count(), 100);
    // The OOB column with three decimals on every row, so its digits line up.
    const scores = await view.locator('tr.tree-row td:nth-child(2)').allTextContents();
    assert.deepEqual(scores.filter((t) => !/^(\d\.\d{3}|—)$/.test(t)), [], 'OOB scores with three decimals');
    await view.locator('tr.tree-row[data-tree="4"]').click();
    await view.locator('.tree-heading', { hasText: /^Tree 5 of 100/ }).waitFor();
    const leaves = Number(/(\d+) leaves/.exec(await view.locator('.tree-heading').textContent())[1]);
    await view.locator('.stage svg g.node').first().waitFor();
    // The tree opens fitted (docs/architecture.md "Fitting the tree to its panel"): every node
    // drawn wholly in view at ≥ 11 px, folded to the levels that fit when it is not seen whole.
    await view.waitForTimeout(500);
    const m = await view.evaluate(treeLayout);
    assert.ok(m.whole === m.nodes && m.seenPx >= 11 - 0.01, `tree 5: ${JSON.stringify(m)}`);
    const [, shown, total] = /^(\d+) of (\d+) nodes shown/.exec(await view.locator('.tree-status').textContent());
    assert.equal(Number(total), 2 * leaves - 1, `tree 5 has ${total} nodes for ${leaves} leaves`);
    assert.equal(Number(shown), m.nodes);
    await view.locator('vscode-text-field[aria-label="Row"]').evaluate((f) => {
      f.value = '1';
    });
    await view.getByText('Show path').click();
    await view.locator('.vote-row').first().waitFor({ timeout: 30_000 });
    const votes = await view.locator('.vote-row').evaluateAll((rows) => rows.map((r) => Number(/(\d+) trees/.exec(r.textContent)[1])));
    assert.equal(votes.length, 3);
    assert.equal(votes.reduce((a, b) => a + b, 0), 100, 'every tree votes');
    assert.match(await view.locator('.votes-head').textContent(), /^Row 1: the forest predicts versicolor, actual versicolor ✓; tree 5 alone says /);
    await view.locator('.stage svg g.node.selected').waitFor();
  });

  it('Light Modern at 1,400 and 500 px', async () => {
    await look('light', 1400);
    await look('light', 500);
  });

  it('Dark Modern at 1,400 and 500 px', async () => {
    await switchTheme(page, 'Dark Modern', 'vs-dark');
    await look('dark', 1400);
    await look('dark', 500);
  });

  it('"…with Options…" answers are remembered for the file: the next run starts from them', async () => {
    await page.setViewportSize({ width: 1920, height: HEIGHT });
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Random Forest with Options…');
    await pickQuickItem(page, 'species');
    assert.equal(await nextInputValue(page, 'species'), '100', 'first time: decisionTree.forest.nTrees');
    await answer(page, '40');
    assert.equal((await quickPickLabels(page))[0], 'Default');
    await pickQuickItem(page, 'log₂ p', { filter: false });
    await pickQuickItem(page, 'Hard voting', { filter: false });
    const view = await waitForWebviewFrame(page, 'header', { hasText: '· 40 trees', timeout: 120_000 });
    assert.match(await view.locator('.forest-stats').textContent(), /voting\s*hard/);
    // Again: the picker starts from the last answers (Enter keeps each).
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Random Forest with Options…');
    await pickQuickItem(page, 'species');
    assert.equal(await nextInputValue(page, 'species'), '40');
    await answer(page);
    assert.equal((await quickPickLabels(page))[0], 'log₂ p');
    await page.keyboard.press('Escape');
  });

  it("the view's Cancel stops a training it shows; the view keeps its forest", async () => {
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Random Forest with Options…');
    await pickQuickItem(page, 'species');
    assert.equal(await nextInputValue(page, 'species'), '40');
    await answer(page, '100000');
    await pickQuickItem(page, 'log₂ p', { filter: false });
    await pickQuickItem(page, 'Hard voting', { filter: false });
    // The view is a tab behind iris.csv: bring it forward to watch the training there.
    await page.locator('.tabs-container .tab[aria-label^="Random Forest: iris.csv"]').first().click();
    const view = await waitForWebviewFrame(page, '.banner.busy vscode-button', { hasText: 'Cancel' });
    assert.match(await view.locator('.banner.busy').textContent(), /^Training the forest/);
    await screenshotFrame(view, 'forest-e2e-cancel-dark');
    await view.locator('.banner.busy vscode-button', { hasText: 'Cancel' }).click();
    await view.locator('.banner.error', { hasText: 'Training cancelled.' }).waitFor({ timeout: 10_000 });
    assert.match(await view.locator('header').textContent(), /· 40 trees/, 'the forest shown before stays');
    // The notification's progress ends with the job.
    await page.locator('.notifications-toasts .notification-toast', { hasText: 'training a random forest' }).waitFor({ state: 'detached', timeout: 10_000 });
  });

  /** Tree 5 picked, its root's details with the alternatives, row 1's votes: the state the reload must keep. */
  it("a forest tree's node details list the alternatives at the node, read-only, and chart its split feature", async () => {
    const view = await viewAt(1400);
    await view.getByRole('tab', { name: 'Trees' }).click();
    await view.locator('tr.tree-row[data-tree="4"]').click();
    await view.locator('.tree-heading', { hasText: /^Tree 5 of 40/ }).waitFor();
    await view.locator('vscode-text-field[aria-label="Row"]').evaluate((f) => {
      f.value = '1';
    });
    await view.getByText('Show path').click();
    await view.locator('.vote-row').first().waitFor({ timeout: 30_000 });
    // The row's leaf was brought into view, deep in a tree taller than the view: Fit shows the root again.
    await view.getByTitle(/^Fit the tree to the view/).click();
    await view.locator('.stage svg g.node[data-ref="node:0"]').click();
    await view.locator('.details table.alternatives tbody tr.chosen').waitFor({ timeout: 30_000 });
    assert.equal(await view.locator('.details table.alternatives tbody tr').count(), 4, 'one per column');
    assert.match(await view.locator('.details .alternatives-note').textContent(), /^Scored on the rows this tree drew.* tried only 2 of the 4 features/);
    assert.equal(await view.locator('.details table.alternatives vscode-button').count(), 0, 'no Preview or Apply');
    await view.locator('.details svg.split-chart line.threshold').waitFor({ state: 'attached' });
    await screenshotFrame(view, 'forest-e2e-alternatives-dark-1400');
    const narrow = await viewAt(400);
    await narrow.locator('.details table.alternatives').scrollIntoViewIfNeeded();
    assert.equal(await narrow.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, '400 px: wider than the view');
    await screenshotFrame(narrow, 'forest-e2e-alternatives-dark-400');
  });

  /** The view after the reload at `width`: the same forest, tab, tree and row. */
  async function restoredAt(theme, width) {
    const view = await viewAt(width);
    assert.equal(await view.getByRole('tab', { name: 'Trees' }).getAttribute('aria-selected'), 'true');
    assert.ok(await view.evaluate(() => {
      const mark = document.querySelector('vscode-panels').shadowRoot.querySelector('.activeIndicator').getBoundingClientRect();
      const tab = document.getElementById('tab-trees').getBoundingClientRect();
      return mark.left + mark.width / 2 > tab.left && mark.left + mark.width / 2 < tab.right;
    }), `${theme}-${width}: the active-tab mark is under Trees`);
    await view.locator('.tree-heading', { hasText: /^Tree 5 of 40/ }).waitFor();
    await view.locator('.vote-row').first().waitFor({ timeout: 30_000 });
    const votes = await view.locator('.vote-row').evaluateAll((rows) => rows.map((r) => Number(/(\d+) trees/.exec(r.textContent)[1])));
    assert.equal(votes.reduce((a, b) => a + b, 0), 40, 'every tree of the 40 votes');
    assert.match(await view.locator('.votes-head').textContent(), /^Row 1: the forest predicts versicolor/);
    await view.locator('.stage svg g.node.selected').waitFor();
    assert.equal(await view.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth), 0, `${theme}-${width}: wider than the view`);
    await screenshotFrame(view, `forest-e2e-restored-${theme}-${width}`);
  }

  it('comes back after "Developer: Reload Window": the same forest trained again, with its tab, tree and row', async () => {
    await reloadWindow(page);
    const view = await waitForWebviewFrame(page, 'header', { hasText: '· 40 trees', timeout: 120_000 });
    assert.match(await view.locator('.forest-stats').textContent(), /voting\s*hard/);
    await restoredAt('dark', 1400);
    await restoredAt('dark', 400);
    await switchTheme(page, 'Light Modern', 'vs');
    await restoredAt('light', 1400);
    await restoredAt('light', 400);
  });

  it('after a reload with its file gone, the view says so instead of a forest', async () => {
    rmSync(join(session.folder, 'iris.csv'));
    await reloadWindow(page);
    const view = await waitForWebviewFrame(page, '.banner.error', { hasText: 'is gone', timeout: 120_000 });
    assert.equal(await view.locator('.banner.error').textContent(), 'iris.csv is gone (moved, renamed or deleted), so this forest cannot be trained again. Open the file and run "Train Random Forest".');
    assert.equal(await view.locator('header h2').textContent(), 'Random forest · iris.csv');
    assert.equal(await view.getByRole('tab', { name: 'Trees' }).isVisible(), false, 'no empty tabs');
    await screenshotFrame(view, 'forest-e2e-file-gone-light');
  });
});
