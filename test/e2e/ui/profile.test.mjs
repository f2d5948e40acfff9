// Issue 16 items 4 and 6 in a real VS Code: with no editor open, "Train Decision Tree" from the
// palette asks for one of the workspace's CSVs and trains it (the tree on all rows); "Profile CSV
// Columns" opens the column cards, whose figures are the CLI's `profile --json`, hostile column
// names stay text, and "Ignore for training" is remembered and shown.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repoRoot } from '../paths.mjs';
import { startSession } from '../session.mjs';
import { openWorkbench, pickQuickItem, quickPickLabels, runCommandRetried, screenshot, screenshotFrame, waitForWebviewFrame } from '../workbench.mjs';

const iris = 'media/samples/iris.csv';
const hostile = 'test/fixtures/csv/hostile.csv';

function cliProfile(csv) {
  const r = spawnSync(process.execPath, [join(repoRoot, 'dist', 'cli.js'), 'profile', join(repoRoot, csv), '--json'], { encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`cli profile ${csv} failed: ${r.stderr}`);
  return JSON.parse(r.stdout);
}

/** The profile view's frame for `fileName` (its title names the file). */
const profileFrame = (page, fileName) => waitForWebviewFrame(page, '.profile-header .title', { hasText: fileName });

describe('commands without an editor, and the column profile view', () => {
  let session;
  let page;
  const dialogs = [];

  before(async () => {
    session = await startSession({ files: [iris, hostile], viewport: { width: 1600, height: 1000 } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });
  after(async () => {
    await session?.close();
  });

  it('with no editor open, Train Decision Tree from the palette trains a picked file', async () => {
    assert.equal(await page.locator('.tabs-container .tab').count(), 0, 'no editor is open');
    await runCommandRetried(page, 'Decision Tree: Train Decision Tree');
    const files = await quickPickLabels(page);
    assert.ok(files.includes('iris.csv') && files.includes('hostile.csv'), String(files));
    await screenshot(page, 'profile-pick-csv');
    await pickQuickItem(page, 'iris.csv');
    await pickQuickItem(page, 'species');
    const panel = await waitForWebviewFrame(page, '.stage svg g.node');
    assert.match(await panel.locator('.settings-shown').textContent(), /tree: all 150 rows · metrics: 5-fold CV/);
  });

  it('"Ignore … and retrain" in a node\'s details leaves that column out of the next tree', async () => {
    const panel = await waitForWebviewFrame(page, '.stage svg g.node');
    const node = panel.locator('.stage svg g.node[data-ref="node:2"]');
    assert.match(await node.getAttribute('aria-label'), /^petal_width_cm ≤/);
    await node.click();
    await panel.getByRole('button', { name: 'Ignore petal_width_cm and retrain' }).click();
    // The retrained tree asks nothing of petal_width_cm, and the Shown line names it ignored.
    await panel.locator('.settings-shown', { hasText: 'ignored: petal_width_cm' }).waitFor({ state: 'attached', timeout: 60_000 });
    const labels = await panel.locator('.stage svg g.node').allTextContents();
    assert.ok(labels.length > 3 && labels.every((t) => !t.includes('petal_width_cm')), labels.join(' | '));
    assert.match(await panel.locator('button.settings-toggle').textContent(), /· 1 ignored/);
    await screenshot(page, 'panel-ignored-column');
  });

  it('profiles iris in a view: one card per column, numbers equal to profile --json, sortable', async () => {
    await runCommandRetried(page, 'Decision Tree: Profile CSV Columns');
    // The tree panel of iris has focus: the command profiles its file.
    const frame = await profileFrame(page, 'iris.csv');
    await frame.locator('.card').first().waitFor();
    const expected = cliProfile(iris);
    assert.equal(await frame.locator('.card').count(), expected.columns.length);
    for (const [i, c] of expected.columns.entries()) {
      const card = frame.locator(`.card[data-column="${i}"]`);
      assert.equal(await card.locator('.name').textContent(), c.name);
      assert.equal(await card.locator('.distinct').textContent(), String(c.distinct));
      if (c.heterogeneity) assert.ok((await card.locator('.heterogeneity').textContent()).includes(`Gini ${c.heterogeneity.gini.toFixed(4)}`), c.name);
    }
    assert.equal(await frame.locator('.card[data-column="0"] svg.chart rect.bar').count() > 0, true, 'a histogram');
    assert.match(await frame.locator('.card[data-column="4"] .split').textContent(), /the target/);
    await screenshotFrame(frame, 'profile-iris');
    // Sorted by best split score: the root's column first.
    await frame.locator('select.sort-key').selectOption('split');
    assert.match(await frame.locator('.card .split').first().textContent(), /rank 1 of/);
    await screenshotFrame(frame, 'profile-iris-sorted');
  });

  it('"Ignore for training" is remembered: the view shows the column ignored, unscored', async () => {
    const frame = await profileFrame(page, 'iris.csv');
    const card = frame.locator('.card', { has: frame.locator('.name', { hasText: /^petal_length_cm$/ }) });
    await card.getByRole('button', { name: 'Ignore for training' }).click();
    // petal_width_cm was ignored from the tree panel (the test above): both cards say so.
    const ignored = frame.locator('.card.ignored', { has: frame.locator('.name', { hasText: /^petal_length_cm$/ }) });
    await ignored.waitFor();
    assert.match(await ignored.locator('.split').textContent(), /ignored for training/);
    await ignored.getByRole('button', { name: 'Use for training' }).waitFor();
    assert.equal(await frame.locator('.card.ignored').count(), 2);
  });

  it('profiles a CSV with hostile names and values: shown as text, nothing executed', async () => {
    await page.locator('.explorer-folders-view .monaco-list-row[aria-label^="hostile.csv"]').first().click();
    await runCommandRetried(page, 'Decision Tree: Profile CSV Columns');
    const frame = await profileFrame(page, 'hostile.csv');
    await frame.locator('.card').first().waitFor();
    const expected = cliProfile(hostile);
    const names = await frame.locator('.card .name').allTextContents();
    assert.deepEqual(names, expected.columns.map((c) => c.name));
    assert.equal(await frame.locator('#root img, #root script, .card b').count(), 0);
    const note = frame.locator('.card', { has: frame.locator('.name', { hasText: /^note$/ }) });
    assert.ok((await note.locator('svg.chart').textContent()).includes('<script>alert(1)</script>'), 'the value drawn as text');
    assert.equal(await note.locator('.distinct').textContent(), String(expected.columns.find((c) => c.name === 'note').distinct));
    await screenshotFrame(frame, 'profile-hostile');
    await screenshot(page, 'profile-hostile-workbench');
    assert.deepEqual(dialogs, []);
  });
});
