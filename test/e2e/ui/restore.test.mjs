// The tree panel survives a window reload: VS Code reopens it through the extension's
// WebviewPanelSerializer and the webview redraws the tree it saved with setState.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultNodeCount, defaultReport } from '../expected.mjs';
import { startSession } from '../session.mjs';
import { openFile, openWorkbench, pickQuickItem, runCommand, screenshot, screenshotFrame, waitForWebviewFrame } from '../workbench.mjs';

const iris = 'media/samples/iris.csv';
const nodes = '.stage svg g.node';

describe('the tree panel after a reload', () => {
  let session;
  let page;

  before(async () => {
    session = await startSession({ files: [iris], viewport: { width: 1920, height: 1200 } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  it('comes back with its tree and title after "Developer: Reload Window"', async () => {
    const report = defaultReport(iris, 'species');
    const expectedNodes = await defaultNodeCount(report.model);
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'species');
    const before = await waitForWebviewFrame(page, nodes);
    assert.equal(await before.locator(nodes).count(), expectedNodes);
    const tab = page.locator('.tabs-container .tab', { hasText: 'Decision Tree: iris.csv' });
    await tab.waitFor();

    // A mark on the old page proves the workbench really reloaded before anything is read again.
    await page.evaluate(() => (globalThis.dteBeforeReload = true));
    await runCommand(page, 'Developer: Reload Window');
    await page.waitForFunction(() => globalThis.dteBeforeReload === undefined, null, { timeout: 90_000 });
    await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
    // The old workbench's frames are gone with the reload; wait for the restored panel's.
    await tab.waitFor({ timeout: 60_000 });
    const restored = await waitForWebviewFrame(page, nodes, { timeout: 90_000 });
    assert.equal(await restored.locator(nodes).count(), expectedNodes);
    const title = await restored.locator('header .title').textContent();
    assert.ok(title.includes('iris.csv') && title.includes('species'), title);
    await screenshot(page, 'workbench-restored');
    await screenshotFrame(restored, 'panel-restored');
  });

  it('comes back again when the browser reloads the page (F5 in code-server)', async () => {
    const expectedNodes = await defaultNodeCount(defaultReport(iris, 'species').model);
    await page.reload();
    await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
    await page.locator('.tabs-container .tab', { hasText: 'Decision Tree: iris.csv' }).waitFor({ timeout: 60_000 });
    const restored = await waitForWebviewFrame(page, nodes, { timeout: 90_000 });
    assert.equal(await restored.locator(nodes).count(), expectedNodes);
    await screenshotFrame(restored, 'panel-restored-browser-reload');
  });

  it('comes back from a background tab: drawn when its tab is chosen after the reload', async () => {
    const expectedNodes = await defaultNodeCount(defaultReport(iris, 'species').model);
    const tab = page.locator('.tabs-container .tab', { hasText: 'Decision Tree: iris.csv' });
    // Open the CSV in the panel's own group (the second), on top of the panel.
    await page.keyboard.press('Control+2'); // workbench.action.focusSecondEditorGroup
    await openFile(page, 'iris.csv');
    await page.waitForFunction(() => globalThis.document.querySelectorAll('.tabs-container .tab[aria-label^="iris.csv"]').length === 2);
    await page.reload();
    await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
    await tab.waitFor({ timeout: 60_000 });
    await tab.click();
    const restored = await waitForWebviewFrame(page, nodes, { timeout: 90_000 });
    assert.equal(await restored.locator(nodes).count(), expectedNodes);
  });
});
