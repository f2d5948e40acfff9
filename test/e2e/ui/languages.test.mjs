// The extension in Italian and Finnish in a real workbench (docs/architecture.md "Languages"): a
// code-server per language, decisionTree.language set in the user settings (`it` on a server
// started with --locale it, `fi`). Training iris shows the target picker's title and placeholder,
// the panel's tab title and the status bar in the language; the panel, a header hover, the profile
// page and the learn mode's calculation drawer are shot beside the CSV narrow (the panel's page
// 300–460 px) and wide (a 1,920-px window), light and dark; a failed training's notification
// carries its button in the language; the setting changed to the other language mid-session
// changes the status bar, the open tree and profile pages and the next message.
// Screenshots: test-artifacts/languages-*.png.
/* global document -- evaluated in the panel's frame */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { stateLayout } from '../code-server.mjs';
import { startSession } from '../session.mjs';
import {
  hoverText,
  hoverWidget,
  openFile,
  openWorkbench,
  panelAtWidth,
  pickQuickItem,
  quickInputBox,
  runCommand,
  runCommandRetried,
  screenshot,
  switchTheme,
  waitForNotification,
  waitForWebviewFrame,
} from '../workbench.mjs';

const iris = 'media/samples/iris.csv';
const ragged = 'test/fixtures/csv/ragged.csv';
const nodes = '.stage svg g.node';
const HEIGHT = 900;
/** The panel beside the CSV, narrow: its page this wide (300–460 px). */
const NARROW = 420;
const THEMES = [
  { name: 'light', label: 'Light Modern', themeClass: 'vs' },
  { name: 'dark', label: 'Dark Modern', themeClass: 'vs-dark' },
];

/** What each language shows: the picker, the panel's tab, the status bar, the hover, a failure's prefix and button. */
const EXPECTED = {
  it: {
    pickerTitle: 'Albero decisionale: colonna target di iris.csv',
    placeholder: "La colonna che l'albero deve predire",
    tab: 'Albero decisionale: iris.csv',
    status: 'Target: species',
    profileTab: 'Profilo: iris.csv',
    profileHeading: 'iris.csv: 150 righe, 5 colonne',
    bestSplit: /Split migliore per il target species/,
    calculationLink: 'Mostra il calcolo alla radice',
    failure: /^Albero decisionale: ragged\.csv/,
    details: 'Mostra dettagli',
  },
  fi: {
    pickerTitle: 'Päätöspuu: tiedoston iris.csv kohdesarake',
    placeholder: 'Sarake, jota puun pitää ennustaa',
    tab: 'Päätöspuu: iris.csv',
    status: 'Kohde: species',
    profileTab: 'Profiili: iris.csv',
    profileHeading: 'iris.csv: 150 riviä, 5 saraketta',
    bestSplit: /Paras jako kohteelle species/,
    calculationLink: 'Näytä laskelma juuressa',
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

    /** The CSV's editor (the first group's tab), focused, the panel left in view beside it. */
    async function focusCsv() {
      await page.locator('.tabs-container .tab[aria-label^="iris.csv"]').first().click();
      await page.locator('.editor-instance .monaco-editor.focused').first().waitFor();
    }

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
      await focusCsv();
      await page.locator('.statusbar-item', { hasText: expected.status }).first().waitFor({ timeout: 30_000 });
      await screenshot(page, `languages-${language}-panel`);
    });

    it('the panel, a header hover, the calculation drawer and the profile, narrow and wide, light and dark', async () => {
      for (const theme of THEMES) {
        await switchTheme(page, theme.label, theme.themeClass);
        for (const layout of ['narrow', 'wide']) {
          const at = `${language}-${layout}-${theme.name}`;
          let panel;
          if (layout === 'narrow') {
            panel = await panelAtWidth(page, 'iris.csv', NARROW, HEIGHT, { tab: expected.tab });
            const width = await panel.evaluate(() => document.documentElement.clientWidth);
            assert.ok(width >= 300 && width <= 460, `the panel beside the CSV is ${width} px wide`);
          } else {
            await page.setViewportSize({ width: 1920, height: 1080 });
            await page.locator(`.tabs-container .tab[aria-label^="${expected.tab}"]`).first().click();
            panel = await waitForWebviewFrame(page, `header:has-text("iris.csv")`);
          }
          await panel.locator(nodes).first().waitFor();
          await screenshot(page, `languages-${at}-panel`);

          // The header hover of sepal_length_cm, in the language, and its link to the root's calculation.
          await focusCsv();
          await hoverText(page, 1, 5, expected.bestSplit);
          await page.waitForTimeout(500); // the hover fades in
          await screenshot(page, `languages-${at}-hover`);
          await page.locator(hoverWidget).locator('a', { hasText: expected.calculationLink }).first().click();
          panel = await waitForWebviewFrame(page, '.calc-drawer .katex', { timeout: 60_000 });
          const drawer = panel.locator('.calc-drawer');
          assert.equal(await drawer.locator('.error').count(), 0, await drawer.innerText());
          // The hover stays up after its link is followed: back in the CSV, Escape puts it away.
          await focusCsv();
          await page.keyboard.press('Escape');
          await page.locator(hoverWidget).waitFor({ state: 'hidden' });
          await page.waitForTimeout(500);
          await screenshot(page, `languages-${at}-calculation`);
          await drawer.locator('.calc-actions > *').last().click(); // Close
          await drawer.waitFor({ state: 'hidden' });

          // The profile opens over the tree, in the panel's group.
          await focusCsv();
          await runCommandRetried(page, 'Decision Tree: Profile CSV Columns');
          const profile = await waitForWebviewFrame(page, '.profile-header .title', { hasText: 'iris.csv' });
          await profile.locator('.card').first().waitFor({ timeout: 60_000 });
          await page.waitForTimeout(300);
          await screenshot(page, `languages-${at}-profile`);
          await page.locator(`.tabs-container .tab[aria-label^="${expected.tab}"]`).first().click();
        }
      }
    });

    it('a failed training says so in one notification with its button in the language', async () => {
      // A CSV with a ragged line fails as it is read (the engine's own words, "line 7: row has …", stay English).
      await openFile(page, 'ragged.csv');
      await runCommand(page, 'Decision Tree: Train Decision Tree');
      const text = await waitForNotification(page, expected.failure);
      assert.match(text, /line \d+/, text);
      // The item holds its source and buttons row before its message in the DOM (CSS shows it below),
      // so its own text does not start with the message: the item is found by its message.
      const item = page.locator('.notification-list-item', { has: page.locator('.notification-list-item-message', { hasText: expected.failure }) });
      await item.locator('.monaco-button', { hasText: expected.details }).first().waitFor();
      await screenshot(page, `languages-${language}-failure`);
    });

    it('the setting changed mid-session: the status bar, the open panels and new messages follow it', async () => {
      const other = language === 'it' ? 'fi' : 'it';
      const then = EXPECTED[other];
      // As a user would, in the user settings.json (the setting's scope is `application`): its
      // text on disk, the language changed, replaces the editor's and is saved.
      const userFile = join(stateLayout(session.server.stateDir).userDataDir, 'User', 'settings.json');
      await runCommandRetried(page, 'Preferences: Open User Settings (JSON)');
      await page.locator('.tabs-container .tab.active[aria-label^="settings.json"]').first().waitFor();
      await page.locator('.editor-instance .monaco-editor.focused').first().waitFor();
      await page.keyboard.press('Control+A');
      await page.keyboard.insertText(JSON.stringify({ ...JSON.parse(readFileSync(userFile, 'utf8')), 'decisionTree.language': other }, null, 2));
      // The editor closed the opening brace as it came in: what follows the text goes.
      await page.keyboard.press('Control+Shift+End');
      await page.keyboard.press('Delete');
      await page.keyboard.press('Control+S');
      const saved = () => JSON.parse(readFileSync(userFile, 'utf8'))['decisionTree.language'];
      for (let waited = 0; saved() !== other; waited += 250) {
        assert.ok(waited < 10_000, `settings.json still says ${saved()}`);
        await page.waitForTimeout(250);
      }
      // Both panels' tabs: the tree's beside the CSV and the profile's behind it.
      await page.locator(`.tabs-container .tab[aria-label^="${then.tab}"]`).first().waitFor({ timeout: 30_000 });
      await page.locator(`.tabs-container .tab[aria-label^="${then.profileTab}"]`).first().waitFor({ timeout: 30_000 });
      // The tree's page was built again in the new language and drew its tree again.
      await page.locator(`.tabs-container .tab[aria-label^="${then.tab}"]`).first().click();
      await waitForWebviewFrame(page, `html[lang="${other}"] ${nodes}`);
      await screenshot(page, `languages-${language}-to-${other}-panel`);
      await page.locator(`.tabs-container .tab[aria-label^="${then.profileTab}"]`).first().click();
      await waitForWebviewFrame(page, `html[lang="${other}"] .profile-header .title`, { hasText: then.profileHeading });
      await screenshot(page, `languages-${language}-to-${other}-profile`);
      await focusCsv();
      await page.locator('.statusbar-item', { hasText: then.status }).first().waitFor({ timeout: 30_000 });
      // A new message speaks it.
      await openFile(page, 'ragged.csv');
      await runCommand(page, 'Decision Tree: Train Decision Tree');
      await waitForNotification(page, then.failure);
    });
  });
}
