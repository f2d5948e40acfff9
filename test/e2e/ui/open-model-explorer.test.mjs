// A model the Dask job saved (test/fixtures/imported/dask-label-forest.json, made by
// scripts/fixtures/make-dask-models.py) in a real VS Code (README "Open a model trained
// elsewhere"): opened by right-clicking it in the Explorer and choosing "Open Tree Model…", it is
// named by what the job stored (target label, classes high/low/mid, colour's categories) before
// any CSV; run on dask-data.csv with its target offered first; "Predict on Another CSV…" with the
// view in focus writes dask-data.predictions.csv beside the CSV, its probabilities XGBoost's own
// (≤ 1e-6), and asks before replacing it; after "Developer: Reload Window" the view comes back
// with its CSV; with the model file gone, it says so. Screenshots: test-artifacts/open-model-explorer-*.png.
import assert from 'node:assert/strict';
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import {
  answerPath,
  clickContextMenuItem,
  explorerContextMenu,
  openFile,
  openWorkbench,
  pickQuickItem,
  reloadWindow,
  runCommandRetried,
  screenshot,
  screenshotFrame,
  waitForFile,
  waitForNotification,
  waitForWebviewFrame,
} from '../workbench.mjs';

const model = 'test/fixtures/imported/dask-label-forest.json';
const data = 'test/fixtures/imported/dask-data.csv';
const xgb = readFileSync(new URL('../../fixtures/imported/dask-label-forest.xgb.csv', import.meta.url), 'utf8');

/** A CSV's column `name` as numbers (no quoted commas in these files). */
function column(csv, name) {
  const [header, ...rows] = csv.trim().split('\n');
  const at = header.split(',').indexOf(name);
  assert.ok(at >= 0, `${name} in ${header}`);
  return rows.map((r) => Number(r.split(',')[at]));
}

describe('a model the Dask job saved, from the Explorer', () => {
  let session;
  let page;

  before(async () => {
    session = await startSession({ files: [model, data], viewport: { width: 1600, height: 1000 }, settings: { 'workbench.colorTheme': 'Default Light Modern' } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  it('right-click → "Open Tree Model…": the names the job stored, then the CSV and the target it names', async () => {
    // The extension's menu items come once its contributions are read: open a file first, and ask again until they are.
    await openFile(page, 'dask-data.csv');
    let items = [];
    for (let attempt = 1; attempt <= 10 && !items.includes('Open Tree Model…'); attempt++) {
      if (attempt > 1) {
        await page.keyboard.press('Escape');
        await page.waitForTimeout(2000);
      }
      items = await explorerContextMenu(page, 'dask-label-forest.json');
    }
    assert.ok(items.includes('Open Tree Model…'), items.join(' | '));
    await screenshot(page, 'open-model-explorer-menu');
    await clickContextMenuItem(page, 'Open Tree Model…');
    const alone = await waitForWebviewFrame(page, 'header', { hasText: 'XGBoost model · dask-label-forest.json · 12 trees', timeout: 60_000 });
    assert.match(await alone.locator('.ensemble-description').textContent(), /trained on a Dask cluster: held-out accuracy 0\.7778 on 90 rows \(majority-class baseline 0\.4556\)$/);
    assert.match(await alone.locator('.summary-tab').textContent(), /Classes: 0 = high, 1 = low, 2 = mid\./);
    assert.doesNotMatch(await alone.locator('.summary-tab').textContent(), /stores indices/);
    await pickQuickItem(page, 'dask-data.csv');
    // The target the model names is offered first.
    const first = page.locator('.quick-input-widget .monaco-list-row').first();
    await page.waitForFunction(() => !/^dask-data\.csv/.test(globalThis.document.querySelector('.quick-input-widget .monaco-list-row')?.getAttribute('aria-label') ?? 'dask-data.csv'), null, { timeout: 60_000 });
    assert.match(await first.getAttribute('aria-label'), /^label\b/);
    await pickQuickItem(page, 'label');
    const view = await waitForWebviewFrame(page, 'header', { hasText: 'rows of dask-data.csv', timeout: 60_000 });
    await view.getByRole('tab', { name: 'Metrics' }).click();
    assert.match(await view.locator('.metrics-tab').textContent(), /accuracy\s*82\.3%/);
    // Tree 1's root: colour split by the category names the job stored.
    await view.getByRole('tab', { name: 'Trees' }).click();
    await view.locator('.stage svg g.node[data-ref="node:0"]').waitFor({ timeout: 60_000 });
    assert.match(await view.locator('.stage svg g.node[data-ref="node:0"]').textContent(), /colour/);
    await view.locator('.stage svg g.node[data-ref="node:0"]').click();
    assert.match((await view.locator('.details .node-lines li').allTextContents()).join(' | '), /^colour \| cover = [\d.]+ \| gain = [\d.]+$/);
    // Its branches by name: red one way, blue and green the other (XGBoost's set {2} of codes 0..2).
    const drawn = await view.locator('.stage svg').textContent();
    assert.match(drawn, /red/);
    assert.match(drawn, /blue/);
    await screenshot(page, 'open-model-explorer-view');
    await screenshotFrame(view, 'open-model-explorer-view-frame');
  });

  it('"Predict on Another CSV…" with the view in focus: XGBoost\'s probabilities beside the CSV; asks before replacing them', async () => {
    const out = join(session.folder, 'dask-data.predictions.csv');
    await page.locator('.tabs-container .tab', { hasText: 'Tree Model: dask-label-forest.json' }).click();
    await runCommandRetried(page, 'Decision Tree: Predict on Another CSV…');
    await answerPath(page, join(session.folder, 'dask-data.csv'));
    const csv = await waitForFile(page, out);
    assert.equal(csv.split('\n')[0], 'a,b,colour,label,flag,predicted_label,share_high,share_low,share_mid');
    for (const c of ['high', 'low', 'mid']) {
      const ours = column(csv, `share_${c}`);
      const theirs = column(xgb, `share_${c}`);
      assert.equal(ours.length, 400);
      const worst = Math.max(...ours.map((v, i) => Math.abs(v - theirs[i])));
      assert.ok(worst <= 1e-6, `share_${c}: ours and XGBoost's differ by ${worst}`);
    }
    await waitForNotification(page, /400 predictions of label written to dask-data\.predictions\.csv/);
    await page.keyboard.press('Escape');

    // Again: the file is there, so it asks; dismissed, nothing is written.
    const stamp = statSync(out).mtimeMs;
    await page.locator('.tabs-container .tab', { hasText: 'Tree Model: dask-label-forest.json' }).click();
    await runCommandRetried(page, 'Decision Tree: Predict on Another CSV…');
    await answerPath(page, join(session.folder, 'dask-data.csv'));
    const dialog = page.locator('.monaco-dialog-box');
    await dialog.waitFor({ timeout: 60_000 });
    assert.match(await dialog.textContent(), /dask-data\.predictions\.csv already exists\./);
    await screenshot(page, 'open-model-explorer-overwrite');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await page.waitForTimeout(1000);
    assert.equal(statSync(out).mtimeMs, stamp, 'not written when cancelled');
  });

  it('comes back after "Developer: Reload Window" with its CSV; with the model file gone it says so', async () => {
    await page.locator('.tabs-container .tab', { hasText: 'Tree Model: dask-label-forest.json' }).click();
    await reloadWindow(page);
    const tab = page.locator('.tabs-container .tab', { hasText: 'Tree Model: dask-label-forest.json' });
    await tab.waitFor({ timeout: 60_000 });
    await tab.click();
    const restored = await waitForWebviewFrame(page, 'header', { hasText: 'XGBoost model · dask-label-forest.json · 12 trees · rows of dask-data.csv', timeout: 90_000 });
    assert.match(await restored.locator('.forest-stats').textContent(), /rows\s*400 of dask-data\.csv/);
    await screenshotFrame(restored, 'open-model-explorer-restored');

    rmSync(join(session.folder, 'dask-label-forest.json'));
    await reloadWindow(page);
    await tab.waitFor({ timeout: 60_000 });
    await tab.click();
    const gone = await waitForWebviewFrame(page, '.banner', { hasText: 'dask-label-forest.json is gone', timeout: 90_000 });
    assert.match(await gone.locator('.banner').textContent(), /dask-label-forest\.json is gone \(moved, renamed or deleted\), so this view cannot show it again/);
    assert.equal(await gone.locator('header').first().textContent(), 'Tree model · dask-label-forest.json');
    await screenshotFrame(gone, 'open-model-explorer-gone');
  });
});
