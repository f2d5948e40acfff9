/* global window, document, console, process */
// Renders the real forest page (dist/forest.js) in headless Chromium under the panel's HTML and
// Content-Security-Policy, its requests answered by the forest host's code on iris and
// scikit-learn's 50-tree forest of it (test/fixtures/forest/), and checks what a user sees: the
// summary and OOB chart, the tree picker and its sort, a picked tree drawn by the tree view, a
// row's votes and path, importances ± spread, OOB metrics; light and dark at 500 and 1,400 px;
// a node's alternatives (read-only, with the note on how they were scored) and split chart at 400
// and 1,400 px; a
// page reloaded from its saved state (tab, tree, row back; busy and failure banners, Train again).
// Screenshots go to test-artifacts/webview/forest-*. Run after `npm run build`.
import * as esbuild from 'esbuild';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { launchBrowser } from '../e2e/browser.mjs';
import { treeLayout } from './tree-layout.mjs';
import { checkRunner, inView, panAway } from './checks.mjs';

const root = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'dte-forest-view-'));
const artifacts = join(root, 'test-artifacts/webview');
mkdirSync(artifacts, { recursive: true });
await esbuild.build({ entryPoints: [join(root, 'test/webview/forest-page.ts')], outdir: work, outExtension: { '.js': '.cjs' }, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning', external: ['playwright-core'] });
const { writeForestPage, serveForest, serveBinaryForest } = createRequire(import.meta.url)(join(work, 'forest-page.cjs'));
const fixture = JSON.parse(readFileSync(join(root, 'test/fixtures/forest/iris-forest-report.json'), 'utf8'));
const forestHtml = writeForestPage(work);
const browser = await launchBrowser();

const { check, report } = checkRunner();

async function openForest(theme, width, savedState) {
  const page = await browser.context.newPage();
  if (savedState) await page.addInitScript((s) => (window.__savedState = s), savedState);
  await page.setViewportSize({ width, height: 900 });
  const requests = [];
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
  const show = await serveForest(page);
  await page.goto(`file://${forestHtml}#${theme}`);
  await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
  await page.evaluate((m) => window.postMessage(m, '*'), show);
  await page.waitForSelector('svg.oob-chart polyline');
  return { page, requests };
}

/** The document is no wider than the viewport (nothing cut off or scrolled sideways). */
const overflow = (page) => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

for (const theme of ['light', 'dark']) {
  for (const width of [500, 1400]) {
    await check(`forest view ${theme} ${width}px: summary, OOB chart, pick a tree, a row's votes and path`, async () => {
      const { page, requests } = await openForest(theme, width);
      const at = `${theme}-${width}`;
      // Summary: the report's own numbers, one chart point per tree count.
      const stats = await page.locator('.forest-stats').textContent();
      assert.match(stats, /trees\s*50/);
      assert.match(stats, /OOB accuracy\s*94\.0%/);
      const points = await page.locator('svg.oob-chart polyline').getAttribute('points');
      assert.equal(points.trim().split(' ').length, fixture.oob.curve.trees.length);
      assert.ok((await overflow(page)) <= 0, `${at}: the summary is wider than the panel`);
      await page.screenshot({ path: join(artifacts, `forest-summary-${at}.png`) });

      // Trees: the picker lists every tree; sorting by OOB score puts the best first. On a narrow
      // panel it is folded behind "All trees" on the heading's line, so the tree keeps the height.
      await page.getByRole('tab', { name: 'Trees' }).click();
      await page.waitForSelector('.stage svg g.node');
      assert.equal(await page.locator('tr.tree-row').count(), 50);
      assert.equal(await page.locator('.tree-picker').isVisible(), width >= 900, `${at}: the picker shown only on a wide panel`);
      if (width < 900) await page.locator('.picker-toggle').click();
      await page.getByRole('button', { name: /^OOB accuracy/ }).click();
      const best = Math.max(...fixture.trees.map((t) => t.oobScore));
      const firstShown = Number(await page.locator('tr.tree-row td').nth(1).textContent());
      assert.equal(firstShown, Number(best.toFixed(3)));
      // Pick tree 3: the tree view draws it, every node drawn wholly in view (on a narrow panel
      // folded to the levels that fit at 11 px, docs/architecture.md "Fitting the tree to its panel").
      await page.locator('tr.tree-row[data-tree="2"]').click();
      await page.waitForFunction(() => /^Tree 3 of 50/.test(document.querySelector('.tree-heading')?.textContent ?? ''));
      if (width < 900) assert.equal(await page.locator('.tree-picker').isVisible(), false, `${at}: the picker folds again once a tree is picked`);
      await page.waitForFunction((n) => new RegExp(`^\\d+ of ${n} nodes shown`).test(document.querySelector('.tree-status')?.textContent ?? ''), fixture.trees[2].nodes);
      const drawn = await page.evaluate(treeLayout);
      assert.ok(drawn.whole === drawn.nodes && drawn.seenPx >= 11 - 0.01, `${at}: ${drawn.whole} of ${drawn.nodes} drawn nodes in view at ${drawn.seenPx} px`);
      if (width >= 900) assert.equal(drawn.nodes, fixture.trees[2].nodes, `${at}: tree 3 whole`);
      // Row 1's votes across the 50 trees, and its path in tree 3.
      await page.locator('vscode-text-field[aria-label="Row"]').evaluate((f) => {
        f.value = '1';
      });
      await panAway(page);
      await page.getByText('Show path').click();
      await page.waitForSelector('.vote-row');
      assert.equal(await page.locator('.vote-row').count(), 3);
      const votes = await page.locator('.vote-row').evaluateAll((rows) => rows.map((r) => Number(/(\d+) trees/.exec(r.textContent)[1])));
      assert.equal(votes.reduce((a, b) => a + b, 0), 50);
      assert.match(await page.locator('.votes-head').textContent(), /^Row 1: the forest predicts versicolor, actual versicolor ✓/);
      await page.waitForSelector('.stage svg g.node.selected');
      // The view was panned away: the row's leaf is brought into it.
      await page.waitForFunction(() => document.activeElement?.matches('.stage svg g.node.selected'));
      assert.ok(await inView(page, '.stage svg g.node.selected'), `${at}: the row's leaf is out of view`);
      if (width >= 900) {
        const [picker, tree] = await Promise.all([page.locator('.picker-box').boundingBox(), page.locator('.tree-box').boundingBox()]);
        assert.ok(picker.x + picker.width <= tree.x + 1, `${at}: the picker is not beside the tree`);
      }
      assert.ok((await overflow(page)) <= 0, `${at}: the Trees tab is wider than the panel`);
      await page.screenshot({ path: join(artifacts, `forest-trees-${at}.png`) });

      await page.getByRole('tab', { name: 'Importances' }).click();
      assert.equal(await page.locator('.bar-row').count(), 4);
      assert.match(await page.locator('.bar-row').first().getAttribute('aria-label'), /^petal_width_cm: 0\.463\d ± 0\.305/);
      await page.screenshot({ path: join(artifacts, `forest-importances-${at}.png`) });
      await page.getByRole('tab', { name: 'OOB metrics' }).click();
      assert.equal(await page.locator('table.confusion').first().locator('tbody tr').count(), 3);
      assert.match(await page.locator('.metrics-what').textContent(), /150 rows .*OOB accuracy 94\.0%/);
      await page.screenshot({ path: join(artifacts, `forest-metrics-${at}.png`) });

      assert.deepEqual(await page.evaluate(() => window.__violations), [], 'CSP violations');
      assert.deepEqual(requests.filter((u) => !u.startsWith('file:')), [], 'requests beyond the page');
      await page.close();
    });
  }
}

// A binary forest with a decision threshold (train --ensemble --threshold): the Metrics tab's OOB
// section draws the tree panel's threshold control (threshold-view.ts) starting at the forest's
// threshold, its counts those of the forest's OOB scores at it, in the forest's words.
for (const [theme, width] of [['light', 460], ['dark', 1400]]) {
  await check(`forest view ${theme} ${width}px: the OOB section's ROC and PR curves carry the forest's decision threshold`, async () => {
    const page = await browser.context.newPage();
    await page.setViewportSize({ width, height: 900 });
    page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
    const T = 0.15;
    const { show, at } = await serveBinaryForest(page, T);
    await page.goto(`file://${forestHtml}#${theme}`);
    await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
    await page.evaluate((m) => window.postMessage(m, '*'), show);
    await page.waitForSelector('svg.oob-chart polyline');
    await page.getByRole('tab', { name: 'OOB metrics' }).click();
    const block = page.locator('.threshold-block').first();
    await block.waitFor();
    // Out-of-bag, hold-out (none here) and training sections: one control each, moving together.
    assert.equal(await page.locator('.threshold-block').count(), 2);
    const line = block.locator('.threshold-line');
    assert.equal(Number(await line.getAttribute('data-threshold')), T);
    assert.match(await line.textContent(), /“bad” where the trees’ mean share of it is ≥ it \(the forest’s threshold\)/);
    const counts = async () => Object.fromEntries(await Promise.all(['TP', 'FP', 'FN', 'TN'].map(async (k) => [k.toLowerCase(), Number(await block.locator(`td[data-count="${k}"]`).textContent())])));
    assert.deepEqual(await counts(), { tp: at.tp, fp: at.fp, fn: at.fn, tn: at.tn });
    // No "Use this threshold" here: the forest view does not retrain with one.
    assert.equal(await block.getByRole('button', { name: 'Use this threshold' }).count(), 0);
    await block.locator('svg.chart-roc').press('ArrowRight');
    const moved = Number(await line.getAttribute('data-threshold'));
    assert.ok(moved < T, `ArrowRight lowers the threshold: ${moved}`);
    assert.match(await line.textContent(), /the forest’s is 0\.15\b/);
    assert.equal(Number(await page.locator('.threshold-block').nth(1).locator('.threshold-line').getAttribute('data-threshold')), moved, 'the training section moved too');
    assert.ok((await overflow(page)) <= 0, `${theme} ${width}: the Metrics tab is wider than the panel`);
    await block.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, `forest-threshold-${theme}-${width}.png`) });
    assert.deepEqual(await page.evaluate(() => window.__violations), [], 'CSP violations');
    await page.close();
  });
}

for (const [theme, width] of [['dark', 400], ['light', 1400]]) {
  await check(`forest view ${theme} ${width}px: a tree's node details list its alternatives, read-only, say how they were scored, and chart the split feature`, async () => {
    const { page } = await openForest(theme, width);
    const at = `${theme}-${width}`;
    await page.getByRole('tab', { name: 'Trees' }).click();
    if (width < 900) await page.locator('.picker-toggle').click();
    await page.locator('tr.tree-row[data-tree="2"]').click();
    await page.waitForFunction(() => /^Tree 3 of 50/.test(document.querySelector('.tree-heading')?.textContent ?? ''));
    await page.locator('.stage svg g.node[data-ref="node:0"]').click();
    await page.waitForSelector('.details table.alternatives tbody tr.chosen');
    const asked = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'alternatives').map((m) => m.request));
    assert.deepEqual(asked, [{ index: 2, nodeId: 0 }]);
    assert.equal(await page.locator('.details table.alternatives tbody tr').count(), 4, 'one per column of iris');
    assert.match(await page.locator('.details .alternatives-note').textContent(), /^Scored on the rows this tree drew, each as often as drawn .* tried only 2 of the 4 features, drawn at random/);
    assert.equal(await page.locator('.details table.alternatives vscode-button').count(), 0, 'no Preview: a forest tree is not edited');
    // The split feature's chart, on the same rows, with the node's threshold drawn.
    await page.waitForSelector('.details svg.split-chart line.threshold', { state: 'attached' });
    assert.ok((await overflow(page)) <= 0, `${at}: the details are wider than the panel`);
    await page.locator('.details table.alternatives').scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(artifacts, `forest-alternatives-${at}.png`) });
    await page.close();
  });
}

await check('forest view 1,000 px: a fitted tree stays whole and legible when the details open beside it and narrow the view, and when they close', async () => {
  const { page } = await openForest('light', 1000);
  await page.getByRole('tab', { name: 'Trees' }).click();
  // The biggest of the 50 trees: its fitted drawing fills the view's width.
  const biggest = fixture.trees.reduce((a, b) => (b.nodes > a.nodes ? b : a));
  await page.locator(`tr.tree-row[data-tree="${biggest.index}"]`).click();
  await page.waitForFunction((n) => new RegExp(`^\\d+ of ${n} nodes shown`).test(document.querySelector('.tree-status')?.textContent ?? ''), biggest.nodes);
  await page.waitForTimeout(300);
  const drawnWidth = () => page.evaluate(() => document.querySelector('.stage svg').getBoundingClientRect().width);
  const before = { ...(await page.evaluate(treeLayout)), drawn: await drawnWidth() };
  assert.ok(before.whole === before.nodes && before.seenPx >= 11 - 0.01, `fitted: ${JSON.stringify(before)}`);
  await page.locator('.stage svg g.node[data-ref="node:0"]').click();
  await page.waitForSelector('.details:not([hidden])');
  await page.waitForTimeout(500);
  const open = await page.evaluate(treeLayout);
  // Beside the drawing, the details narrow the view below the drawing's fitted width: kept as it was, the tree would be cut.
  assert.ok(open.details && open.details.left >= open.width - 1, `the details beside the tree: ${JSON.stringify(open)}`);
  assert.ok(open.width < before.drawn, `the view (${open.width} px) narrower than the drawing was (${before.drawn} px)`);
  assert.ok(open.whole === open.nodes && open.seenPx >= 11 - 0.01, `details open: ${open.whole} of ${open.nodes} nodes wholly in view at ${open.seenPx} px`);
  await page.screenshot({ path: join(artifacts, 'forest-refit-details-light-1000.png') });
  await page.locator('.details-close').click();
  await page.waitForTimeout(500);
  const closed = await page.evaluate(treeLayout);
  assert.ok(closed.whole === closed.nodes && closed.width > open.width, `details closed: ${JSON.stringify(closed)}`);
  await page.close();
});

await check('forest view reloaded from its saved state: Trees tab, tree 4 and row 8 back; progress with Cancel, a failure with Train again', async () => {
  const recipe = { target: 'species', settings: { nTrees: 50, maxFeatures: 'default', maxSamples: null, voting: 'soft', bootstrap: true, jobs: null, seed: 0 } };
  const saved = { documentUri: 'file:///data/iris.csv', recipe, tab: 'trees', tree: 3, row: 7, sort: { key: 'index', descending: false }, importance: 'mdi' };
  const page = await browser.context.newPage();
  await page.setViewportSize({ width: 900, height: 900 });
  await page.addInitScript((s) => (window.__savedState = s), saved);
  const show = await serveForest(page);
  await page.goto(`file://${forestHtml}#dark`);
  await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
  // Before the forest comes: the file's name, and the host's progress.
  assert.equal(await page.locator('header h2').textContent(), 'Random forest · iris.csv');
  assert.equal(await page.getByRole('tab', { name: 'Trees' }).isVisible(), false, 'no tabs before there is a forest');
  await page.evaluate(() => window.postMessage({ type: 'busy', message: 'Reading iris.csv to train the forest again…', fraction: null, cancellable: false }, '*'));
  await page.waitForFunction(() => document.querySelector('.banner.busy')?.textContent === 'Reading iris.csv to train the forest again…');
  assert.equal(await page.locator('.banner.busy vscode-button').count(), 0, 'no Cancel while the file is read');
  await page.evaluate(() => window.postMessage({ type: 'busy', message: 'Training the forest: Tree 20 of 50…', fraction: 0.4, cancellable: true }, '*'));
  await page.waitForFunction(() => document.querySelector('.banner.busy')?.textContent.startsWith('Training the forest: Tree 20 of 50… 40%'));
  await page.screenshot({ path: join(artifacts, 'forest-restoring-dark-900.png') });
  // Progress moves the text, not the button: one rebuilt for every tree could not be clicked.
  await page.evaluate(() => (window.__cancel = document.querySelector('.banner.busy vscode-button')));
  await page.evaluate(() => window.postMessage({ type: 'busy', message: 'Training the forest: Tree 21 of 50…', fraction: 0.42, cancellable: true }, '*'));
  await page.waitForFunction(() => document.querySelector('.banner.busy')?.textContent.startsWith('Training the forest: Tree 21 of 50… 42%'));
  assert.ok(await page.evaluate(() => window.__cancel.isConnected && document.querySelector('.banner.busy vscode-button') === window.__cancel), 'the same Cancel button');
  await page.locator('.banner.busy vscode-button', { hasText: 'Cancel' }).click();
  assert.ok(await page.evaluate(() => window.__posted.some((m) => m.type === 'cancel')), 'Cancel asks the host');
  await page.evaluate(() => window.postMessage({ type: 'failed', message: 'Training cancelled.', retrain: true }, '*'));
  await page.locator('.banner.error vscode-button', { hasText: 'Train again' }).click();
  assert.ok(await page.evaluate(() => window.__posted.some((m) => m.type === 'retrain')), 'Train again asks the host');
  await page.evaluate((m) => window.postMessage(m, '*'), show);
  // The saved choices are back: the Trees tab, tree 4, row 8's votes and its path in tree 4.
  await page.waitForFunction(() => /^Tree 4 of 50/.test(document.querySelector('.tree-heading')?.textContent ?? ''));
  assert.equal(await page.getByRole('tab', { name: 'Trees' }).getAttribute('aria-selected'), 'true');
  assert.ok(await page.evaluate(() => {
    // The tab strip's mark is under the Trees tab (it is placed only when the strip is laid out).
    const mark = document.querySelector('vscode-panels').shadowRoot.querySelector('.activeIndicator').getBoundingClientRect();
    const tab = document.getElementById('tab-trees').getBoundingClientRect();
    return mark.left + mark.width / 2 > tab.left && mark.left + mark.width / 2 < tab.right;
  }), 'the active-tab mark is under Trees');
  await page.waitForSelector('.vote-row');
  assert.match(await page.locator('.votes-head').textContent(), /^Row 8: the forest predicts setosa/);
  assert.equal(await page.locator('vscode-text-field[aria-label="Row"]').evaluate((f) => f.value), '8', 'the Row field says which row');
  await page.waitForSelector('.stage svg g.node.selected');
  assert.equal(await page.locator('.banner.error').count(), 0, 'the failure is gone with the forest shown');
  const state = await page.evaluate(() => window.acquireVsCodeApi().getState());
  assert.deepEqual([state.recipe, state.tree, state.row, state.tab], [show.recipe, 3, 7, 'trees']);
  await page.screenshot({ path: join(artifacts, 'forest-restored-dark-900.png') });
  await page.close();
});

await browser.close();
rmSync(work, { recursive: true, force: true });
report(`${artifacts}/forest-*`);
