// The CSV hover as a user meets it in a real VS Code: hover a header cell and read the best split
// with the course's numbers (bike_or_car, information gain: required_speed ≤ 20.995, 0.3928) and
// its chart; hover the target; see "Target: go_by_car" in the status bar; train, then hover a data
// cell and read the row's prediction and path. Screenshots go to test-artifacts/.
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import { hoverText, hoverWidget, moveCursor, openFile, openWorkbench, pickQuickItem, quickPickLabels, runCommand, screenshot, waitForWebviewFrame } from '../workbench.mjs';

describe('CSV hover', () => {
  let session;
  let page;
  before(async () => {
    session = await startSession({ files: ['media/samples/bike_or_car.csv'] });
    // The course notes rank by information gain: the workspace asks for the entropy criterion, and
    // trains on every row so that the root is the one the hover reports.
    mkdirSync(join(session.folder, '.vscode'), { recursive: true });
    writeFileSync(join(session.folder, '.vscode', 'settings.json'), JSON.stringify({ 'decisionTree.criterion': 'entropy', 'decisionTree.holdOutFraction': 0 }));
    // For the cursor test: line 6 (1-based) is data row 3, as row 2's note spans lines 3-5.
    writeFileSync(join(session.folder, 'notes.csv'), 'id,note,y\n1,plain,a\n2,"first\nsecond\nthird",b\n3,plain,a\n4,plain,b\n5,plain,a\n6,"x\ny",b\n');
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
    await openFile(page, 'bike_or_car.csv');
  });
  after(async () => {
    await session?.close();
  });

  it('shows the best split of a header cell with the engine\'s numbers and a chart', async () => {
    // Line 1 is the header: im_well_rested,dst_has_shower,required_speed,go_by_car; column 35 is in required_speed.
    const text = await hoverText(page, 1, 35, /Best split/);
    await page.waitForTimeout(500); // the hover fades in
    await screenshot(page, 'hover-header');
    assert.match(text, /required_speed ≤ 20\.995/);
    assert.match(text, /0\.3928/);
    assert.match(text, /Rank 1st of 3 by information gain/);
    assert.match(text, /Train a tree for go_by_car · Set required_speed as target/);
    const image = page.locator(`${hoverWidget} img[src^="data:image/svg+xml"]`).first();
    await image.waitFor({ timeout: 5_000 });
    const width = await image.evaluate((img) => img.naturalWidth);
    assert.ok(width > 0, 'the chart image did not load');
    await page.keyboard.press('Escape');
  });

  it('shows the target column\'s class distribution and the target in the status bar', async () => {
    const text = await hoverText(page, 1, 50, /the target column/);
    // 13 rows of class 1 and 3 of class 0.
    assert.match(text, /1\s+13\s+81\.3%/);
    assert.match(text, /Entropy 0\.6962 bits/);
    await page.keyboard.press('Escape');
    const status = page.locator('.statusbar-item', { hasText: 'Target: go_by_car' }).first();
    await status.waitFor({ timeout: 10_000 });
  });

  it('ranks every column by split score in a quick pick, the root question in its title', async () => {
    await runCommand(page, 'Decision Tree: Rank Columns by Split Score');
    const labels = await quickPickLabels(page);
    await screenshot(page, 'hover-rank-columns');
    // Each item's label, then its detail line with the scores.
    assert.deepEqual(labels.filter((l) => /^\d+\. /.test(l)), ['1. required_speed', '2. im_well_rested', '3. dst_has_shower']);
    assert.ok(labels.includes("information gain 0.3928 · gain ratio 0.4384 · Gini decrease 0.1547 — the tree's first question: it has the largest information gain of all 3 columns that can split"), String(labels));
    const title = await page.locator('.quick-input-widget .quick-input-title').innerText();
    assert.match(title, /the tree asks first "required_speed ≤ 20\.995"/);
    await page.keyboard.press('Escape');
  });

  it('after training, a data cell shows its prediction, true value and path', async () => {
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'go_by_car');
    await waitForWebviewFrame(page, 'svg');
    // The panel took the focus: back to the CSV editor.
    await openFile(page, 'bike_or_car.csv');
    // Line 2 is the first data row (0,0,10.63,1).
    const text = await hoverText(page, 2, 6, /Prediction/);
    await page.waitForTimeout(500);
    await screenshot(page, 'hover-cell');
    assert.match(text, /Row 1/);
    assert.match(text, /true go_by_car 1/);
    assert.match(text, /Path: required_speed ≤ 20\.995 → /);
    assert.match(text, /Highlight this path in the tree panel/);
  });

  it('"Set <column> as target" in a header hover makes that column the target', async () => {
    await openFile(page, 'bike_or_car.csv');
    await hoverText(page, 1, 20, /Best split/);
    await page.locator(`${hoverWidget} a`, { hasText: 'Set dst_has_shower as target' }).first().click();
    await page.locator('.statusbar-item', { hasText: 'Target: dst_has_shower' }).first().waitFor({ timeout: 10_000 });
    // The scores are recomputed against the new target.
    const text = await hoverText(page, 1, 35, /for target dst_has_shower/);
    assert.match(text, /required_speed/);
  });

  it('moving the cursor in a trained CSV highlights the row under it, also below a field that spans lines', async () => {
    await openFile(page, 'notes.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'y');
    await waitForWebviewFrame(page, 'header', { hasText: 'notes.csv' });
    // Back to the CSV beside the panel (its tab in the first group), keeping the panel in view.
    await page.locator('.tabs-container .tab[aria-label^="notes.csv"]').first().click();
    await page.locator('.editor-instance .monaco-editor.focused').first().waitFor();
    await moveCursor(page, 6, 1);
    // Go to Line is not a cursor move the panel follows: step with the keyboard, as a user would,
    // until the panel shows row 3 (the document's record lines may still be being read).
    let info = '';
    for (let attempt = 0; attempt < 20 && !info.startsWith('Row 3:'); attempt++) {
      await page.keyboard.press(attempt % 2 === 0 ? 'ArrowRight' : 'ArrowLeft');
      await page.waitForTimeout(1_000);
      const frame = await waitForWebviewFrame(page, 'header', { hasText: 'notes.csv' });
      info = ((await frame.locator('.path-info').textContent()) ?? '').trim();
    }
    await screenshot(page, 'cursor-row-multiline');
    assert.match(info, /^Row 3: predicted /);
  });
});
