// Random forests in a real VS Code (issue 17, "Done when"): "Train Random Forest" on iris from the
// palette, the forest view's OOB-error chart on show, a tree picked from the picker and drawn by
// the tree view, row 1's votes across the trees and its path; the view alone in the editor area at
// 500 and 1,400 px, in Light Modern and Dark Modern. Screenshots: test-artifacts/forest-e2e-*.png.
/* global document -- evaluated in the view's frame */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import { openFile, openWorkbench, pickQuickItem, runCommand, runCommandRetried, screenshotFrame, waitForWebviewFrame } from '../workbench.mjs';

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
    await view.locator('tr.tree-row[data-tree="4"]').click();
    await view.locator('.tree-heading', { hasText: /^Tree 5 of 100/ }).waitFor();
    const leaves = Number(/(\d+) leaves/.exec(await view.locator('.tree-heading').textContent())[1]);
    await view.locator('.stage svg g.node').first().waitFor();
    const drawn = await view.locator('.stage svg g.node[data-ref^="node:"]').count();
    assert.ok(drawn >= 2 * leaves - 1, `${drawn} nodes drawn for ${leaves} leaves`);
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
    await runCommandRetried(page, 'Preferences: Color Theme');
    await pickQuickItem(page, 'Dark Modern', { commit: 'enter' });
    await page.locator('.monaco-workbench.vs-dark').waitFor({ timeout: 30_000 });
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await look('dark', 1400);
    await look('dark', 500);
  });
});
