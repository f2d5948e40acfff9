// The whole loop in a real VS Code: train on iris from the palette, see the tree, a node's
// details, rules, importances and metrics; train on a CSV with hostile names from the Explorer's
// context menu and see them drawn as text; train on a ragged CSV and get one clear error.
/* global document, getComputedStyle -- evaluated in the panel's frame */
// Expected figures come from the CLI and the panel's fold rule (../expected.mjs), not from here.
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { defaultNodeCount, defaultReport, firstRaggedLine } from '../expected.mjs';
import { repoRoot } from '../paths.mjs';
import { startSession } from '../session.mjs';
import {
  clickContextMenuItem,
  explorerContextMenu,
  openFile,
  openWorkbench,
  pickQuickItem,
  quickPickLabels,
  runCommand,
  screenshot,
  screenshotFrame,
  waitForNotification,
  waitForWebviewFrame,
} from '../workbench.mjs';

const iris = 'media/samples/iris.csv';
const hostile = 'test/fixtures/e2e/hostile-labels.csv';
const ragged = 'test/fixtures/csv/ragged.csv';
const diabetes = 'media/samples/diabetes.csv';
const nodes = '.stage svg g.node';

function headerOf(csv) {
  return readFileSync(join(repoRoot, csv), 'utf8').split(/\r?\n/)[0].split(',');
}

describe('training in the workbench', () => {
  let session;
  let page;
  let panel;
  const dialogs = [];
  const irisReport = defaultReport(iris, 'species');

  before(async () => {
    // Wide enough that the panel beside the CSV shows the chart, not only its controls.
    session = await startSession({ files: [iris, hostile, ragged, diabetes], viewport: { width: 1920, height: 1200 } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
    // alert()/confirm() from any frame would mean hostile text was executed.
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  after(async () => {
    await session?.close();
  });

  it('trains iris from the palette and opens the panel with the tree as the fold rule opens it', async () => {
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    assert.deepEqual((await quickPickLabels(page)).sort(), headerOf(iris).sort());
    await pickQuickItem(page, 'species');
    panel = await waitForWebviewFrame(page, nodes);
    const model = irisReport.model;
    assert.equal(await panel.locator(nodes).count(), await defaultNodeCount(model));
    const root = model.nodes[0];
    const rootText = await panel.locator(`${nodes}[data-ref="node:0"]`).getAttribute('aria-label');
    assert.ok(rootText.includes(`${root.split.feature} ≤`), rootText);
    assert.ok(rootText.includes(`samples = ${irisReport.trainingRows}`), rootText);
    await screenshot(page, 'train-iris-workbench');
    await screenshotFrame(panel, 'panel-tree');
  });

  it("shows a clicked node's class distribution and why its question won", async () => {
    await panel.locator(`${nodes}[data-ref="node:0"]`).click();
    const details = panel.locator('.details');
    await details.locator('table.alternatives tbody tr').first().waitFor();
    assert.equal(await details.locator('.dist-row').count(), irisReport.model.classes.length);
    const chosen = await details.locator('table.alternatives tbody tr.chosen').textContent();
    assert.ok(chosen.startsWith(irisReport.model.nodes[0].split.feature), chosen);
    await screenshotFrame(panel, 'panel-details');
  });

  it('highlights the path of a chosen row and shows its prediction against the true value', async () => {
    // Walk the model over iris' rows here, and take the last row that ends in a leaf the default
    // fold shows (not row 1, which the field holds already).
    const [header, ...lines] = readFileSync(join(repoRoot, iris), 'utf8').trim().split(/\r?\n/);
    const columns = header.split(',');
    const { nodes: modelNodes } = irisReport.model;
    const walk = (values) => {
      const path = [0];
      for (let node = modelNodes[0]; node.split; node = modelNodes[path.at(-1)]) {
        assert.equal(node.split.kind, 'numeric');
        const x = Number(values[columns.indexOf(node.split.feature)]);
        path.push(node.children[x <= node.split.threshold ? 0 : 1]);
      }
      return path;
    };
    const row = lines.findLastIndex((line) => modelNodes[walk(line.split(',')).at(-1)].depth <= 3);
    const values = lines[row].split(',');
    const leaf = modelNodes[walk(values).at(-1)];
    await panel.locator('vscode-text-field[aria-label="Row"] input').fill(String(row + 1));
    await panel.getByRole('button', { name: 'Show path' }).click();
    await panel.locator(`${nodes}.selected[data-ref="node:${leaf.id}"]`).waitFor();
    const info = await panel.locator('.path-info').textContent();
    assert.ok(info.startsWith(`Row ${row + 1}: predicted ${leaf.prediction}`), info);
    assert.ok(info.includes(values[columns.indexOf('species')]), info);
    await screenshotFrame(panel, 'panel-row-path');
  });

  it('lists one rule per leaf in the Rules tab', async () => {
    await panel.getByRole('tab', { name: 'Rules' }).click();
    await panel.locator('table.rules tbody tr').first().waitFor();
    assert.equal(await panel.locator('table.rules tbody tr').count(), irisReport.rules.length);
    await screenshotFrame(panel, 'panel-rules');
  });

  it('charts the impurity-based importance of every feature, largest first', async () => {
    await panel.getByRole('tab', { name: 'Importances' }).click();
    await panel.locator('.bar-row').first().waitFor();
    const bars = await panel
      .locator('.bar-row')
      .evaluateAll((rows) => rows.map((row) => [row.querySelector('.bar-label').textContent, row.querySelector('.bar-value').textContent]));
    const expected = Object.entries(irisReport.model.featureImportances).sort((a, b) => b[1] - a[1]);
    assert.deepEqual(
      bars.map(([name, value]) => [name, Number(value)]),
      expected.map(([name, value]) => [name, Number(value.toPrecision(4))]),
    );
    await screenshotFrame(panel, 'panel-importances');
  });

  it('says the tree is trained on all rows and shows the 5-fold CV confusion matrix first, cell for cell (evaluate --cv 5)', async () => {
    assert.match(await panel.locator('.settings-shown').textContent(), new RegExp(`tree: all ${irisReport.trainingRows} rows · metrics: 5-fold CV`));
    await panel.getByRole('tab', { name: 'Metrics' }).click();
    assert.match(await panel.locator('.metrics-what').textContent(), /^5-fold CV of these settings/);
    const cv = panel.locator('table.confusion').first();
    await cv.locator('tbody tr').first().waitFor();
    const cells = await cv
      .locator('tbody tr')
      .evaluateAll((rows) => rows.map((row) => [...row.querySelectorAll('td')].map((td) => Number(td.textContent))));
    assert.deepEqual(cells, irisReport.metrics.crossValidation.pooled.confusion);
    await screenshotFrame(panel, 'panel-metrics');
  });

  it('follows VS Code into a dark theme', async () => {
    await panel.getByRole('tab', { name: 'Tree' }).click();
    const background = () =>
      panel.evaluate(() => {
        const [r, g, b] = getComputedStyle(document.body).backgroundColor.match(/\d+/g).map(Number);
        return (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255;
      });
    assert.ok((await background()) > 0.5, 'the panel starts in the light default theme');
    await runCommand(page, 'Preferences: Color Theme');
    // The theme picker previews the theme under the cursor; only Enter commits it. Wait for the
    // committed theme (workbench dark, picker gone) so the next tests meet a settled workbench.
    await pickQuickItem(page, 'Dark Modern', { commit: 'enter' });
    await page.locator('.monaco-workbench.vs-dark').waitFor({ timeout: 30_000 });
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    await panel.waitForFunction(() => document.body.classList.contains('vscode-dark'), null, { timeout: 30_000 });
    assert.ok((await background()) < 0.25, 'the panel background is dark');
    await screenshotFrame(panel, 'panel-tree-dark');
  });

  it('trains from the Explorer context menu and draws hostile names as plain text', async () => {
    const report = defaultReport(hostile, 'class -->|x|');
    const menu = await explorerContextMenu(page, 'hostile-labels.csv');
    assert.ok(menu.includes('Train Decision Tree'), String(menu));
    await clickContextMenuItem(page, 'Train Decision Tree');
    await pickQuickItem(page, 'class -->|x|');
    const frame = await waitForWebviewFrame(page, 'header', { hasText: 'hostile-labels.csv' });
    await frame.locator(nodes).first().waitFor();
    assert.equal(await frame.locator(nodes).count(), await defaultNodeCount(report.model));
    assert.equal(await frame.locator('#root img, #root script, svg img, svg script, svg b').count(), 0);
    const drawn = await frame
      .locator(`${nodes}[data-ref^="node:"]`)
      .evaluateAll((gs) => gs.map((g) => [Number(g.getAttribute('data-ref').slice(5)), g.textContent]));
    assert.ok(drawn.length > 1);
    for (const [id, text] of drawn) {
      const node = report.model.nodes[id];
      const expected = node.split ? node.split.feature : String(node.prediction);
      assert.ok(text.includes(expected), `node ${id} shows ${JSON.stringify(text)}, not ${JSON.stringify(expected)}`);
    }
    await screenshotFrame(frame, 'panel-hostile');
    await frame.getByRole('tab', { name: 'Rules' }).click();
    const rules = frame.locator('table.rules');
    await rules.locator('tbody tr').first().waitFor();
    assert.ok((await rules.textContent()).includes('<b>bold</b>'));
    assert.equal(await rules.locator('img, script, b').count(), 0);
    assert.deepEqual(dialogs, []);
  });

  it("trains a regression tree and says R² (the score's name for people), never the machine name r2", async () => {
    const report = defaultReport(diabetes, 'disease_progression');
    await explorerContextMenu(page, 'diabetes.csv');
    await clickContextMenuItem(page, 'Train Decision Tree');
    await pickQuickItem(page, 'disease_progression');
    const frame = await waitForWebviewFrame(page, 'header', { hasText: 'diabetes.csv' });
    await frame.locator(nodes).first().waitFor();
    await frame.getByRole('tab', { name: 'Metrics' }).click();
    const scores = await frame.locator('.cv-scores').first().textContent();
    const mean = report.metrics.crossValidation.mean;
    assert.ok(scores.startsWith(`5-fold CV R² of these settings: ${Number(mean.toPrecision(4))} ±`), scores);
    // innerText: what is shown (the diagram's own style sheet names a class .r2).
    assert.doesNotMatch(await frame.locator('body').innerText(), /\br2\b/);
    await screenshotFrame(frame, 'panel-regression-metrics-dark');
  });

  it('reports a ragged CSV in one notification that names the file and the line', async () => {
    await openFile(page, 'ragged.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    const text = await waitForNotification(page, /ragged\.csv/);
    assert.match(text, new RegExp(`line ${firstRaggedLine(ragged)}\\b`));
    await screenshot(page, 'train-ragged-error');
    const tabs = await page.locator('.tabs-container .tab').allInnerTexts();
    assert.ok(!tabs.some((t) => t.includes('Decision Tree: ragged.csv')), `a panel opened: ${tabs}`);
  });
});
