// The web extension (package.json `browser`, dist/web/extension.js) in a browser extension host:
// code-server's web workbench runs the extension under development in its Web Worker extension
// host (`extensionDevelopmentKind: web`), as vscode.dev does — no Node for the extension, the
// engine in a Web Worker, files through workspace.fs. Iris trained there gives the Node host's
// tree (the CLI's report), a header hover shows the engine's best split, a small forest trains.
// The engine's jobs show up as the page's own blob: Web Workers. Screenshots: test-artifacts/web-*.png.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultNodeCount, defaultReport } from '../expected.mjs';
import { startSession } from '../session.mjs';
import { hoverText, openFile, openWorkbench, pickQuickItem, runCommand, screenshot, screenshotFrame, waitForWebviewFrame } from '../workbench.mjs';

const iris = 'media/samples/iris.csv';
const nodes = '.stage svg g.node';

describe('the web extension in a browser extension host', () => {
  let session;
  let page;
  const workerUrls = new Set();
  const irisReport = defaultReport(iris, 'species');

  before(async () => {
    session = await startSession({ files: [iris], viewport: { width: 1600, height: 1000 } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder, extensionDevelopmentKind: 'web' });
    page.on('worker', (worker) => workerUrls.add(worker.url()));
  });
  after(async () => {
    await session?.close();
  });

  it('trains iris: the panel draws the tree the Node host draws (the CLI report on the same file)', async () => {
    // Counted before the CSV opens: opening it may already start the engine (the target's status).
    const before = workerUrls.size;
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'species');
    const panel = await waitForWebviewFrame(page, nodes, { timeout: 120_000 });
    const model = irisReport.model;
    assert.equal(await panel.locator(nodes).count(), await defaultNodeCount(model));
    const root = model.nodes[0];
    const rootText = await panel.locator(`${nodes}[data-ref="node:0"]`).getAttribute('aria-label');
    assert.ok(rootText.includes(`${root.split.feature} ≤`), rootText);
    assert.ok(rootText.includes(`samples = ${irisReport.trainingRows}`), rootText);
    // The engine ran in the page's Web Workers (blob: URLs made by src/host/web-platform.ts), not in
    // code-server's Node worker threads, which the page never sees.
    console.log(`workers seen: ${[...workerUrls].join(' | ')}`);
    assert.ok(workerUrls.size > before && [...workerUrls].slice(before).every((url) => url.startsWith('blob:')), [...workerUrls].join(' | '));
    await screenshot(page, 'web-panel-workbench');
    await screenshotFrame(panel, 'web-panel-tree');
  });

  it("hovers a header cell: the best split's numbers", async () => {
    await openFile(page, 'iris.csv');
    const text = await hoverText(page, 1, 5, /Best split/);
    assert.match(text, /sepal_length_cm/);
    await screenshot(page, 'web-hover-header');
    await page.keyboard.press('Escape');
  });

  it('trains a small random forest and shows its view', async () => {
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Random Forest');
    const view = await waitForWebviewFrame(page, 'header:has-text("Random forest for")', { timeout: 180_000 });
    const stats = await view.locator('.forest-stats').textContent();
    console.log(`forest stats: ${stats.replace(/\s+/g, ' ')}`);
    assert.match(await view.locator('header').textContent(), /trees/);
    await screenshotFrame(view, 'web-forest');
  });
});
