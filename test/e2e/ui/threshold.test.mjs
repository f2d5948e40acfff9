// The decision threshold on the Metrics tab (README "Decision threshold"): a binary file with a
// rare positive class (test/fixtures/metrics/rare-positive.csv, depth 3) trained from the palette,
// its panel beside the CSV. A drag on the cross-validation's ROC curve moves the threshold; the
// confusion counts there equal `evaluate --threshold T`'s on the same out-of-fold scores; an arrow
// key steps to the next of the CLI's thresholds; "Use this threshold" retrains, and the tree's
// leaves then predict as `evaluate --threshold T`'s model. Screenshots beside the CSV (~460 px)
// and wide (1,920), light and dark, go to test-artifacts/.
/* global document -- evaluated in the panel's frame */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { defaultReport } from '../expected.mjs';
import { startSession } from '../session.mjs';
import { openFile, openWorkbench, pickQuickItem, runCommand, screenshotFrame, switchTheme, waitForWebviewFrame } from '../workbench.mjs';

const csv = 'test/fixtures/metrics/rare-positive.csv';
const nodes = '.stage svg g.node';
// webview/threshold-view.ts draws each chart in a 200-unit square with 30 units of margin.
const SIZE = 200;
const PAD = 30;

describe('the decision threshold on the Metrics tab', () => {
  let session;
  let page;
  let panel;
  /** The CV section's threshold block: the first on the tab (no hold-out under the defaults). */
  const block = () => panel.locator('.threshold-block').first();
  const shownThreshold = async () => Number(await block().locator('.threshold-line').getAttribute('data-threshold'));
  const shownCounts = async () => {
    const at = {};
    for (const k of ['TP', 'FP', 'FN', 'TN']) at[k.toLowerCase()] = Number(await block().locator(`td[data-count="${k}"]`).textContent());
    return at;
  };
  const cliAt = (t) => defaultReport(csv, 'status', ['--max-depth', '3', '--threshold', String(t)]);
  const plain = defaultReport(csv, 'status', ['--max-depth', '3', '--threshold', 'youden']);

  before(async () => {
    session = await startSession({ files: [csv], viewport: { width: 1280, height: 800 }, settings: { 'workbench.colorTheme': 'Default Light Modern', 'decisionTree.maxDepth': 3 } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  it('trains the file from the palette and opens the Metrics tab beside the CSV', async () => {
    await openFile(page, 'rare-positive.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'status');
    panel = await waitForWebviewFrame(page, nodes, { timeout: 120_000 });
    await panel.getByRole('tab', { name: 'Metrics' }).click();
    await block().waitFor();
    const width = await panel.evaluate(() => document.documentElement.clientWidth);
    assert.ok(width >= 300 && width <= 470, `beside the CSV the panel is ${width} px`);
    // Not yet chosen: 0.5, the tree predicting each leaf's largest class.
    assert.equal(await shownThreshold(), 0.5);
    assert.match(await block().locator('.threshold-line').textContent(), /the tree predicts each leaf's largest class/);
  });

  it("a drag on the ROC curve moves the threshold; the counts there are evaluate --threshold's", async () => {
    const roc = block().locator('svg.threshold-chart.chart-roc');
    await roc.scrollIntoViewIfNeeded();
    const box = await roc.boundingBox();
    const at = (fpr, tpr) => ({ x: box.x + ((PAD + fpr * (SIZE - 2 * PAD)) * box.width) / SIZE, y: box.y + ((SIZE - PAD - tpr * (SIZE - 2 * PAD)) * box.height) / SIZE });
    // From the curve's start to the point Youden's rule chooses (the CLI's, on the same out-of-fold scores).
    const target = plain.threshold.at;
    const from = at(0, 0);
    const to = at(target.fpr, target.recall);
    await page.mouse.move(from.x, from.y);
    await page.mouse.down();
    await page.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 5 });
    await page.mouse.move(to.x, to.y, { steps: 5 });
    await page.mouse.up();
    const t = await shownThreshold();
    assert.ok(plain.threshold.curve.some((p) => p.threshold === t), `${t} is one of the curve's thresholds`);
    assert.equal(t, plain.threshold.threshold, 'dropped on the Youden point');
    const cli = cliAt(t).threshold.at;
    assert.deepEqual(await shownCounts(), { tp: cli.tp, fp: cli.fp, fn: cli.fn, tn: cli.tn });
    assert.equal(await block().locator('[data-figure="recall"] .stat-value').textContent(), String(Number(cli.recall.toPrecision(3))));
    // The arrow key steps to the next lower of the CLI's thresholds.
    await roc.press('ArrowRight');
    const k = plain.threshold.curve.findIndex((p) => p.threshold === t);
    const next = plain.threshold.curve[k + 1];
    assert.equal(await shownThreshold(), next.threshold);
    assert.deepEqual(await shownCounts(), { tp: next.tp, fp: next.fp, fn: next.fn, tn: next.tn });
    await roc.press('ArrowLeft');
    assert.equal(await shownThreshold(), t);
    await screenshotFrame(panel, 'threshold-beside-light');
  });

  it('"Use this threshold" retrains: the leaves predict as evaluate --threshold T\'s model', async () => {
    const t = await shownThreshold();
    const expected = cliAt(t).model;
    assert.deepEqual(expected.decisionThreshold, { positiveClass: 'bad', value: t });
    await block().getByRole('button', { name: 'Use this threshold' }).click();
    await panel.locator('.threshold-line', { hasText: "the tree's threshold" }).first().waitFor({ timeout: 120_000 });
    assert.equal(await shownThreshold(), t);
    // The hidden Tree tab still holds the drawing of the tree before the retrain: the new tree is
    // drawn only once the tab is on show, and the panel tags a drawing's nodes (data-ref) only when
    // it is complete. So mark the old drawing, and read the first complete drawing after it.
    await panel.locator('.stage svg').evaluateAll((svgs) => svgs.forEach((svg) => svg.setAttribute('data-before-retrain', '')));
    await panel.getByRole('tab', { name: 'Tree' }).click();
    const redrawn = `.stage svg:not([data-before-retrain]) g.node[data-ref^="node:"]`;
    await panel.locator(redrawn).first().waitFor({ timeout: 60_000 });
    const drawn = await panel.locator(redrawn).evaluateAll((gs) => gs.map((g) => [Number(g.getAttribute('data-ref').slice(5)), g.textContent.trim()]));
    // A leaf's label begins with what it predicts (an inner node's with its question).
    const drawnLeaves = drawn.filter(([id]) => expected.nodes[id].children.length === 0);
    assert.ok(drawnLeaves.length >= 2, `${drawnLeaves.length} leaves drawn`);
    for (const [id, text] of drawnLeaves) assert.ok(text.startsWith(expected.nodes[id].prediction), `node ${id}: "${text}" should start with ${expected.nodes[id].prediction}`);
    // The threshold relabels leaves here: some leaf the tree without it calls good is bad now.
    const leaves = expected.nodes.filter((n) => n.children.length === 0);
    assert.ok(leaves.some((n) => n.prediction === 'bad' && n.value[0] < n.value[1]), 'a leaf relabelled by the threshold');
    await panel.getByRole('tab', { name: 'Metrics' }).click();
    await block().waitFor();
  });

  it('beside the CSV and wide, light and dark: the charts and figures fit the page', async () => {
    for (const [theme, label, themeClass] of [['light'], ['dark', 'Dark Modern', 'vs-dark']]) {
      if (label) await switchTheme(page, label, themeClass);
      for (const window of [{ width: 1280, height: 800 }, { width: 1920, height: 1080 }]) {
        await page.setViewportSize(window);
        panel = await waitForWebviewFrame(page, '.threshold-block');
        await block().locator('.threshold-line').scrollIntoViewIfNeeded();
        await page.waitForTimeout(400);
        const fit = await panel.evaluate(() => {
          const b = document.querySelector('.threshold-block').getBoundingClientRect();
          return { right: b.right, view: document.documentElement.clientWidth, pageWide: document.documentElement.scrollWidth };
        });
        assert.ok(fit.right <= fit.view + 0.5 && fit.pageWide <= fit.view + 0.5, `${window.width} ${theme}: ${JSON.stringify(fit)}`);
        await screenshotFrame(panel, `threshold-${window.width}-${theme}`);
      }
    }
  });
});
