// A model trained elsewhere in a real VS Code (README "Open a model trained elsewhere"): XGBoost's
// binary:logistic model of breast_cancer (test/fixtures/imported/, made by
// scripts/fixtures/make-imported-models.py) opened from the palette with "Open Tree Model…", run on
// breast_cancer.csv with its target: the forest view opens beside the CSV with the model's 20
// trees in the picker, tree 3 picked and drawn with its cover and gains, row 1's path in it and
// what every tree adds, said plainly ("the sum of 20 trees' leaf values, then the logistic
// function"), the metrics of XGBoost's predictions. Beside the CSV in a 1,280 × 800 window and
// wide (1,920 × 1,080), light and dark: beside the CSV the picker folds away and every node of the
// tree is wholly in view at ≥ 11 px, as on the tree page. Then "Export Model as ONNX…" of a tree trained on iris.
// Screenshots: test-artifacts/open-model-*.png.
/* global document -- evaluated in the view's frame */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import { treeLayout } from '../../webview/tree-layout.mjs';
import { answer, answerPath, openFile, openWorkbench, pickQuickItem, quickInputBox, runCommand, runCommandRetried, screenshot, screenshotFrame, switchTheme, waitForFile, waitForWebviewFrame } from '../workbench.mjs';

const model = 'test/fixtures/imported/xgb-cancer-logistic.json';
const csv = 'test/fixtures/forest/breast_cancer.csv';
const iris = 'media/samples/iris.csv';
const reference = JSON.parse(readFileSync(new URL('../../fixtures/imported/xgb-cancer-logistic.expected.json', import.meta.url), 'utf8'));

describe('Open Tree Model… on an XGBoost model', () => {
  let session;
  let page;

  before(async () => {
    session = await startSession({ files: [model, csv, iris], viewport: { width: 1280, height: 800 }, settings: { 'workbench.colorTheme': 'Default Light Modern' } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  /** The Trees tab with tree 3 and row 1's path: the view's state every screenshot shows. */
  async function look(window, theme) {
    await page.setViewportSize(window);
    await page.waitForTimeout(800);
    const view = await waitForWebviewFrame(page, 'header', { hasText: 'XGBoost model' });
    await view.getByRole('tab', { name: 'Trees' }).click();
    await view.locator('.votes-head').waitFor({ timeout: 30_000 });
    await view.locator('.stage svg g.node.selected').waitFor();
    // The whole tree with the row's path in it (showing the row brought its leaf into view).
    await view.getByTitle(/^Fit the tree to the view/).click();
    await page.waitForTimeout(500);
    const layout = await view.evaluate(() => ({ width: document.documentElement.clientWidth, overflow: document.documentElement.scrollWidth - document.documentElement.clientWidth, scrollY: window.scrollY }));
    // The tree as on the tree page: every drawn node wholly in view at ≥ 11 px, and with the
    // leaf's details open (a sheet over the tree on a narrow view) the nodes above the sheet.
    const fitted = await view.evaluate(treeLayout);
    const aboveSheet = await view.evaluate(() => {
      const area = document.querySelector('.viewport').getBoundingClientRect();
      const sheet = document.querySelector('.details:not([hidden])')?.getBoundingClientRect();
      const bottom = sheet && sheet.left <= area.left + 1 && sheet.top > area.top ? Math.min(area.bottom, sheet.top) : area.bottom;
      return [...document.querySelectorAll('.stage svg g.node[data-ref^="node:"]')].filter((g) => {
        const b = g.getBoundingClientRect();
        return b.left >= area.left - 0.5 && b.right <= area.right + 0.5 && b.top >= area.top - 0.5 && b.bottom <= bottom + 0.5;
      }).length;
    });
    Object.assign(layout, { nodes: fitted.nodes, whole: fitted.whole, seenPx: Number(fitted.seenPx.toFixed(1)), treeHeight: Math.round(fitted.height), aboveDetails: aboveSheet, pickerShown: await view.locator('.tree-picker').isVisible() });
    console.log(`  ${window.width} ${theme}: ${JSON.stringify(layout)}`);
    assert.equal(layout.overflow, 0, `${window.width} ${theme}: wider than the view`);
    assert.equal(layout.scrollY, 0, `${window.width} ${theme}: the page scrolled`);
    assert.ok(fitted.whole === fitted.nodes && fitted.seenPx >= 11 - 0.01, `${window.width} ${theme}: ${fitted.whole} of ${fitted.nodes} nodes wholly in view at ${fitted.seenPx} px`);
    await screenshot(page, `open-model-${window.width}-${theme}`);
    await screenshotFrame(view, `open-model-${window.width}-${theme}-view`);
    return layout;
  }

  it('opens the model from the palette, then runs it on the CSV and target chosen', async () => {
    await openFile(page, 'breast_cancer.csv');
    await runCommand(page, 'Decision Tree: Open Tree Model…');
    await answerPath(page, join(session.folder, 'xgb-cancer-logistic.json'));
    // The model alone first: its trees, class indices until a CSV names them.
    const alone = await waitForWebviewFrame(page, 'header', { hasText: 'XGBoost model · xgb-cancer-logistic.json · 20 trees', timeout: 60_000 });
    assert.match(await alone.locator('.ensemble-link').textContent(), /^Prediction: the sum of 20 trees' leaf values, then the logistic function \(the probability of class 1\)\.$/);
    await pickQuickItem(page, 'breast_cancer.csv');
    await pickQuickItem(page, 'target');
    const view = await waitForWebviewFrame(page, 'header', { hasText: 'rows of breast_cancer.csv', timeout: 60_000 });
    assert.match(await view.locator('.ensemble-link').textContent(), /\(the probability of class malignant\)\.$/);
    assert.match(await view.locator('.forest-stats').textContent(), /trees\s*20.*library\s*XGBoost.*task\s*2 classes.*features\s*30.*rows\s*569 of breast_cancer\.csv/s);
    // The view opened beside the CSV, not over it.
    const groups = await page.locator('.editor-group-container').count();
    assert.ok(groups >= 2, `the view beside the CSV (${groups} editor groups)`);
    // Metrics: XGBoost's own labels against the target.
    const target = readFileSync(join(session.folder, 'breast_cancer.csv'), 'utf8').trim().split('\n').slice(1).map((l) => l.split(',').at(-1));
    const right = reference.output.filter((p, i) => reference.classes[p > 0.5 ? 1 : 0] === target[i]).length;
    await view.getByRole('tab', { name: 'Metrics' }).click();
    assert.match(await view.locator('.metrics-tab').textContent(), new RegExp(`accuracy\\s*${((100 * right) / 569).toFixed(1)}%`));
  });

  it('picks tree 3, drawn with its cover and gains, and shows row 1’s path and what each tree adds', async () => {
    const view = await waitForWebviewFrame(page, 'header', { hasText: 'XGBoost model' });
    await view.getByRole('tab', { name: 'Trees' }).click();
    assert.equal(await view.locator('tr.tree-row').count(), 20);
    // Beside the CSV the picker is folded behind "All trees" on the heading's line, so the tree gets the height.
    assert.equal(await view.locator('.tree-picker').isVisible(), false, 'the picker folded beside the CSV');
    await view.locator('.picker-toggle').click();
    await view.locator('tr.tree-row[data-tree="2"]').click();
    await view.locator('.tree-heading', { hasText: /^Tree 3 of 20 · depth \d+, \d+ leaves/ }).waitFor();
    assert.equal(await view.locator('.tree-picker').isVisible(), false, 'folded again once a tree is picked');
    await view.locator('.stage svg g.node').first().waitFor({ timeout: 60_000 });
    // The root's details: what XGBoost stores of a split, no impurity or row count it does not.
    await view.locator('.stage svg g.node[data-ref="node:0"]').click();
    const lines = await view.locator('.details .node-lines li').allTextContents();
    assert.match(lines.join(' | '), /^[\w_]+ ≤ [-\d.e]+ \| cover = [\d.]+ \| gain = [\d.]+$/);
    assert.doesNotMatch(await view.locator('.stage svg g.node[data-ref="node:0"]').textContent(), /standard deviation/);
    assert.equal(await view.locator('.details table.alternatives').count(), 0, 'no alternatives: no training rows here');
    await view.locator('vscode-text-field[aria-label="Row"]').evaluate((f) => {
      f.value = '1';
    });
    await view.getByRole('button', { name: 'Show path' }).click();
    await view.locator('.votes-head').waitFor({ timeout: 30_000 });
    const label = reference.classes[reference.output[0] > 0.5 ? 1 : 0];
    const trees = reference.treeCount;
    const leaf = reference.leaves[0 * trees + 2];
    assert.match(await view.locator('.votes-head').textContent(), new RegExp(`^Row 1: the model predicts ${label}, actual \\w+ [✓✗]; tree 3 adds -?[\\d.e-]+ \\(XGBoost’s leaf ${leaf}\\)\\.$`));
    const how = await view.locator('.contributions-how').textContent();
    assert.match(how, /^How: the sum of 20 trees' leaf values, then the logistic function \(the probability of class malignant\)\. Raw score (-?[\d.]+); probabilities benign [\d.]+, malignant [\d.]+\.$/);
    const margin = Number(/Raw score (-?[\d.]+)/.exec(how)[1]);
    assert.ok(Math.abs(margin - reference.margin[0]) < 1e-5, `raw score ${margin} vs XGBoost's ${reference.margin[0]}`);
    await view.locator('details.contributions-top summary').click();
    assert.equal(await view.locator('li.contribution').count(), 8);
    assert.match(await view.locator('li.contribution.chosen').textContent(), /^tree 3: /, 'the shown tree is among the largest and marked');
    await view.locator('details.contributions-top summary').click();
    // The row's leaf is selected, its details the library's: no alternatives to score.
    await view.locator('.stage svg g.node.selected').waitFor();
    assert.equal(await view.locator('.details table.alternatives').count(), 0);
  });

  it('Importances: total gain, split count and cover as XGBoost counts them', async () => {
    const view = await waitForWebviewFrame(page, 'header', { hasText: 'XGBoost model' });
    await view.getByRole('tab', { name: 'Importances' }).click();
    await view.locator('.importances-tab .bar-row').first().waitFor();
    assert.equal(await view.locator('.importances-tab .bar-row').count(), 30, 'every feature, split on or not');
    const top = Object.entries(reference.importance.total_gain).sort((a, b) => b[1] - a[1])[0];
    assert.match(await view.locator('.importances-tab .bar-row').first().getAttribute('aria-label'), new RegExp(`^${top[0]}: ${top[1].toPrecision(4)}`));
    await screenshotFrame(view, 'open-model-importances-light');
    await view.getByRole('tab', { name: 'Summary' }).click();
    assert.match(await view.locator('.summary-tab').textContent(), /class indices: class k is the k-th of "target"'s sorted distinct values.*0 = benign, 1 = malignant/);
    await screenshotFrame(view, 'open-model-summary-light');
  });

  it('beside the CSV in a 1,280 window and wide, light and dark', async () => {
    const narrow = await look({ width: 1280, height: 800 }, 'light');
    assert.ok(narrow.width <= 640, `beside the CSV at 1,280 the view is ${narrow.width} px`);
    assert.ok(narrow.treeHeight >= 400, `beside the CSV the tree is ${narrow.treeHeight} px tall`);
    await look({ width: 1920, height: 1080 }, 'light');
    await switchTheme(page, 'Dark Modern', 'vs-dark');
    await look({ width: 1280, height: 800 }, 'dark');
    await look({ width: 1920, height: 1080 }, 'dark');
  });

  it('Export Model as ONNX… writes a trained tree through the save dialog', async () => {
    await page.setViewportSize({ width: 1920, height: 1080 });
    await openFile(page, 'iris.csv');
    await runCommandRetried(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'species');
    await waitForWebviewFrame(page, 'header', { hasText: 'iris.csv' });
    await openFile(page, 'iris.csv');
    await runCommandRetried(page, 'Decision Tree: Export Model as ONNX…');
    await page.waitForFunction((selector) => document.querySelector(selector)?.value.endsWith('iris.onnx'), quickInputBox);
    await answer(page);
    await waitForFile(page, join(session.folder, 'iris.onnx'));
    const bytes = readFileSync(join(session.folder, 'iris.onnx'));
    assert.equal(bytes[0], 0x08, 'an ONNX protocol buffer (ir_version first)');
    assert.ok(bytes.includes('TreeEnsembleClassifier'), 'one TreeEnsembleClassifier node');
  });
});
