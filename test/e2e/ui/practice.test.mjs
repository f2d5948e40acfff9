// Practice mode (README "Learn mode") in a real VS Code: play tennis trained with ID3 from the
// palette, the root's calculation opened from its details, "Practice: hide the numbers" ticked by
// keyboard; H(S) is hidden until a right answer (0.9403) is typed and accepted, and a wrong gain
// for outlook (0.3) is corrected with the engine's 0.2467 and the worked steps — at 500 and 1,400 px
// in Light and Dark Modern (screenshots in test-artifacts/); the drawer's links open docs/formulas.md at a section.
/* global document, window -- evaluated in the panel's frame */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import { openFile, openWorkbench, panelAtWidth, pickQuickItem, runCommand, screenshotFrame, switchTheme, waitForWebviewFrame } from '../workbench.mjs';

const tennis = 'media/samples/play_tennis.csv';
const nodes = '.stage svg g.node';
const HEIGHT = 1000;

describe('practice mode in the calculation drawer', () => {
  let session;
  let page;

  before(async () => {
    session = await startSession({ files: [tennis], viewport: { width: 1920, height: HEIGHT }, settings: { 'workbench.colorTheme': 'Default Light Modern', 'decisionTree.algorithm': 'id3' } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  /** Opens the root's calculation with practice on; checks a right H(S) and a wrong gain; a screenshot. */
  async function practise(width, theme) {
    const panel = await panelAtWidth(page, 'play_tennis.csv', width, HEIGHT);
    await panel.locator(`${nodes}[data-ref="node:0"]`).click();
    const opener = panel.locator('.details vscode-button', { hasText: 'Show the calculation' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const drawer = panel.locator('.calc-drawer');
    await drawer.locator('.katex').first().waitFor({ timeout: 60_000 });
    const practice = drawer.locator('vscode-checkbox', { hasText: 'Practice: hide the numbers' });
    if ((await practice.getAttribute('aria-checked')) !== 'true') {
      await practice.focus();
      await page.keyboard.press('Space');
    }
    const node = drawer.locator('.calc-node-impurity');
    await node.locator('.practice-input').waitFor();
    assert.equal(await node.evaluate((s) => s.classList.contains('practice-hidden')), true);
    assert.ok(!(await node.innerText()).includes('0.9403'), 'H(S) hidden');
    const outlook = drawer.locator('details.calc-candidate[data-feature="outlook"]');
    assert.match((await outlook.locator('summary .calc-score').innerText()).trim(), /^information gain: \? \(rank 1 of 4\)$/);
    await node.locator('.practice-input').focus();
    await page.keyboard.type('0.9403');
    await page.keyboard.press('Enter');
    assert.equal(await node.locator('.practice-verdict').textContent(), 'Right: H(S) = 0.9403.');
    assert.ok((await node.innerText()).includes('0.9403'), 'the worked H(S) shown once answered');
    await outlook.locator('.practice-input').focus();
    await page.keyboard.type('0.3');
    await page.keyboard.press('Enter');
    assert.equal(await outlook.locator('.practice-verdict').textContent(), 'Not quite: information gain of outlook = 0.2467, not 0.3. The worked steps are shown.');
    assert.equal(await outlook.evaluate((d) => d.classList.contains('practice-hidden')), false);
    await outlook.locator('.practice-verdict').scrollIntoViewIfNeeded();
    const box = await drawer.evaluate((d) => ({ right: d.getBoundingClientRect().right, view: document.documentElement.clientWidth, scrollY: window.scrollY }));
    assert.ok(box.right <= box.view + 0.5 && box.scrollY === 0, JSON.stringify(box));
    await screenshotFrame(panel, `practice-${width}-${theme}`);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await panel.locator('.details-close').click();
  }

  it('trains play tennis (ID3) from the palette', async () => {
    await openFile(page, 'play_tennis.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'play');
    const panel = await waitForWebviewFrame(page, 'header', { hasText: 'play_tennis.csv', timeout: 120_000 });
    await panel.locator(nodes).first().waitFor();
  });

  it('light: a right H(S) accepted, a wrong gain corrected, at 500 and 1,400 px', async () => {
    await practise(500, 'light');
    await practise(1400, 'light');
  });

  it('dark: the same', async () => {
    await switchTheme(page, 'Dark Modern', 'vs-dark');
    await practise(500, 'dark');
    await practise(1400, 'dark');
  });

  it('the drawer links to docs/formulas.md: a link opens its Markdown preview beside', async () => {
    const panel = await panelAtWidth(page, 'play_tennis.csv', 1400, HEIGHT);
    await panel.locator(`${nodes}[data-ref="node:0"]`).click();
    await panel.locator('.details vscode-button', { hasText: 'Show the calculation' }).click();
    const drawer = panel.locator('.calc-drawer');
    const links = drawer.locator('.calc-foot a.formulas-link');
    await links.first().waitFor({ timeout: 60_000 });
    assert.deepEqual(await links.allInnerTexts(), ['“Worked calculations”', '“Heterogeneity indices”', '“ID3 and C4.5”']);
    assert.equal(await links.nth(2).getAttribute('href'), '#id3-and-c45');
    await links.nth(2).focus();
    await page.keyboard.press('Enter');
    await page.locator('.tabs-container .tab[aria-label*="Preview formulas.md"]').first().waitFor({ timeout: 30_000 });
  });
});
