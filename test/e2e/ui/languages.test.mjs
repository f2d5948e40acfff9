// The extension in Italian and Finnish in a real workbench (docs/architecture.md "Languages"): a
// code-server per language, decisionTree.language set in the user settings (`it` on a server
// started with --locale it, `fi`). Training iris shows the target picker's title and placeholder,
// the panel's tab title and the status bar in the language, and a failed training's notification
// with its button.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import { openFile, openWorkbench, pickQuickItem, quickInputBox, runCommand, screenshot, waitForNotification, waitForWebviewFrame } from '../workbench.mjs';

const iris = 'media/samples/iris.csv';
const ragged = 'test/fixtures/csv/ragged.csv';
const nodes = '.stage svg g.node';

/** What each language shows: the picker's title and placeholder, the panel's tab, the status bar, a failure's prefix and button. */
const EXPECTED = {
  it: {
    pickerTitle: 'Albero decisionale: colonna target di iris.csv',
    placeholder: "La colonna che l'albero deve predire",
    tab: 'Albero decisionale: iris.csv',
    status: 'Target: species',
    failure: /^Albero decisionale: ragged\.csv/,
    details: 'Mostra dettagli',
  },
  fi: {
    pickerTitle: 'Päätöspuu: tiedoston iris.csv kohdesarake',
    placeholder: 'Sarake, jota puun pitää ennustaa',
    tab: 'Päätöspuu: iris.csv',
    status: 'Kohde: species',
    failure: /^Päätöspuu: ragged\.csv/,
    details: 'Näytä tiedot',
  },
};

for (const language of ['it', 'fi']) {
  const expected = EXPECTED[language];
  describe(`the extension with decisionTree.language ${language}`, () => {
    let session;
    let page;

    before(async () => {
      // Italian also with code-server's --locale it: without an Italian language pack (none can be
      // installed offline: VS Code's come from its Marketplace or Open VSX) code-server resolves the
      // display language to English, so `auto` stays English there and the setting chooses Italian.
      session = await startSession({
        files: [iris, ragged],
        viewport: { width: 1600, height: 1000 },
        settings: { 'decisionTree.language': language },
        serverArgs: language === 'it' ? ['--locale', 'it'] : [],
      });
      page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
    });
    after(async () => {
      await session?.close();
    });

    it("trains iris: the target picker, the panel's title and the status bar speak it", async () => {
      await openFile(page, 'iris.csv');
      // Contributed command titles follow VS Code's display language only (README): English here.
      await runCommand(page, 'Decision Tree: Train Decision Tree');
      const box = page.locator(quickInputBox);
      await box.waitFor();
      await page.locator('.quick-input-widget .quick-input-title', { hasText: expected.pickerTitle }).waitFor({ timeout: 10_000 });
      assert.equal(await box.getAttribute('placeholder'), expected.placeholder);
      await screenshot(page, `languages-${language}-picker`);
      await pickQuickItem(page, 'species');
      await waitForWebviewFrame(page, nodes);
      await page.locator(`.tabs-container .tab[aria-label^="${expected.tab}"]`).first().waitFor({ timeout: 30_000 });
      await openFile(page, 'iris.csv');
      await page.locator('.statusbar-item', { hasText: expected.status }).first().waitFor({ timeout: 30_000 });
      await screenshot(page, `languages-${language}-panel`);
    });

    it('a failed training says so in one notification with its button in the language', async () => {
      // A CSV with a ragged line fails as it is read (the engine's own words, "line 4 has …", stay English).
      await openFile(page, 'ragged.csv');
      await runCommand(page, 'Decision Tree: Train Decision Tree');
      const text = await waitForNotification(page, expected.failure);
      assert.match(text, /line \d+/, text);
      await page.locator('.notification-list-item', { hasText: expected.failure }).locator('.monaco-button', { hasText: expected.details }).first().waitFor();
      await screenshot(page, `languages-${language}-failure`);
    });
  });
}
