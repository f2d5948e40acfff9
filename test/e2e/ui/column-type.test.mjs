/* global document -- page.waitForFunction callbacks run in the browser */
// "Set Column Type…" as a user meets it: numeric:coerce beside numeric, and for ordinal a box
// prefilled with the column's categories as found, refusing an order that leaves one out, then
// remembering the order given (the notification says how the column is read).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import { openFile, openWorkbench, pickQuickItem, quickInputBox, quickPickLabels, runCommand, screenshot, waitForNotification } from '../workbench.mjs';

describe('Set Column Type… in the workbench', () => {
  let session;
  let page;
  before(async () => {
    session = await startSession({ files: ['test/fixtures/csv/job-satisfaction.csv'] });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  it('asks an ordinal column\'s order in a box prefilled as found, refuses a short order, and remembers the one given', async () => {
    await openFile(page, 'job-satisfaction.csv');
    await runCommand(page, 'Decision Tree: Set Column Type…');
    await pickQuickItem(page, 'JobSatisfaction');
    const labels = await quickPickLabels(page);
    assert.deepEqual(labels, ['Automatic', 'numeric', 'numeric:coerce', 'categorical', 'boolean', 'date', 'ordinal']);
    await screenshot(page, 'column-type-types');
    await pickQuickItem(page, 'ordinal');
    await page.waitForFunction((selector) => document.querySelector(selector)?.value === 'High, Low, Very_High, Medium', quickInputBox);
    const box = page.locator(quickInputBox);
    await box.fill('Low, Medium, High');
    const message = page.locator('.quick-input-widget .quick-input-message');
    await message.filter({ hasText: 'leaves out "Very_High"' }).waitFor();
    await screenshot(page, 'column-type-order-refused');
    // Enter on a refused order keeps the box open.
    await page.keyboard.press('Enter');
    await page.waitForTimeout(300);
    assert.equal(await box.inputValue(), 'Low, Medium, High');
    // The box validates as the value changes: Enter is taken only once the refusal above has gone.
    await box.fill('Low, Medium, High, Very_High');
    await message.filter({ hasText: 'leaves out' }).waitFor({ state: 'detached' });
    await page.keyboard.press('Enter');
    const said = await waitForNotification(page, /JobSatisfaction of job-satisfaction\.csv is read as ordinal \(Low < Medium < High < Very_High\)/);
    assert.match(said, /train again to use it/);
    await screenshot(page, 'column-type-order-remembered');
  });

  it('shows the remembered order as the current choice next time', async () => {
    await page.keyboard.press('Escape');
    await openFile(page, 'job-satisfaction.csv');
    await runCommand(page, 'Decision Tree: Set Column Type…');
    const columns = page.locator('.quick-input-widget .quick-input-list .monaco-list-row', { hasText: 'JobSatisfaction' });
    await columns.first().waitFor();
    assert.match(await columns.first().innerText(), /ordinal \(Low < Medium < High < Very_High\) \(set; detected categorical\)/);
    await page.keyboard.press('Escape');
  });
});
