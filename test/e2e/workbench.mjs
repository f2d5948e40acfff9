/* global document -- page.waitForFunction callbacks run in the browser */
// What a user does in the VS Code workbench, as Playwright steps: open the workbench on a folder,
// run a command from the palette, pick a quick-pick item, use the Explorer's context menu, find a
// webview's frame, read notifications, take screenshots. Selectors are VS Code's own DOM classes.
import { existsSync, mkdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { workbenchUrl } from './code-server.mjs';
import { artifactsDir, repoRoot } from './paths.mjs';

const quickInput = '.quick-input-widget';
export const quickInputBox = `${quickInput} .quick-input-box input`;
const quickInputRows = `${quickInput} .quick-input-list .monaco-list-row`;

/**
 * Opens the workbench on `folder` with this repo loaded as the development extension (unless
 * `extensionDevelopmentPath: null`, for an installed .vsix) and waits until it is usable.
 * @param {import('playwright-core').BrowserContext} context
 * @param {string} serverUrl
 * @param {{ folder: string, extensionDevelopmentPath?: string | null, extensionDevelopmentKind?: 'web' }} options
 */
export async function openWorkbench(context, serverUrl, { folder, extensionDevelopmentPath = repoRoot, extensionDevelopmentKind }) {
  // A fresh browser has one blank tab: use it rather than leave it beside the workbench.
  const blank = context.pages().find((p) => p.url() === 'about:blank');
  const page = blank ?? (await context.newPage());
  await page.goto(workbenchUrl(serverUrl, { folder, extensionDevelopmentPath: extensionDevelopmentPath ?? undefined, extensionDevelopmentKind }));
  await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
  // The Explorer lists the folder once the file service answers: a sign the remote side is up.
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
  return page;
}

/**
 * Opens the quick input with F1 and types `text` (a leading '>' runs commands, none opens files).
 * Focus stays where it was, so when-clauses of the active editor (resourceExtname) still apply.
 */
async function openQuickInput(page, text) {
  const box = page.locator(quickInputBox);
  for (let attempt = 1; ; attempt++) {
    await page.keyboard.press('F1');
    try {
      await box.waitFor({ timeout: 10_000 });
      await box.fill(text, { timeout: 10_000 });
      return box;
    } catch (err) {
      // A webview that just rendered (a trained forest's view) can take the focus back, which
      // closes the quick input as it opens (seen in CI: "element is inert", then "not visible").
      await page.keyboard.press('Escape');
      if (attempt === 3) throw err;
    }
  }
}

/**
 * The labels the palette offers for `filter` (e.g. "Decision Tree:"), as the user sees them.
 * Closes the palette afterwards.
 */
export async function paletteCommands(page, filter) {
  await openQuickInput(page, `>${filter}`);
  await page.locator(quickInputRows).first().waitFor();
  // The list filters asynchronously; let it settle before reading.
  await page.waitForTimeout(500);
  const labels = await page.locator(`${quickInputRows} .quick-input-list-entry .label-name`).allInnerTexts();
  await page.keyboard.press('Escape');
  return labels.map((l) => l.trim());
}

/**
 * Types `text` into quick open and clicks the row labelled `label`. A row that does not come
 * within 10 s is looked for again with quick open closed and reopened, up to three times: right
 * after start-up the palette may not list an extension's command yet (its when-clause context is
 * still being computed), and under load quick open's file search can miss the typed name (a CI run
 * with two test files side by side once waited 30 s for a file's row that never came).
 */
async function clickQuickOpenRow(page, text, label) {
  for (let attempt = 1; ; attempt++) {
    await openQuickInput(page, text);
    try {
      await rowLabelled(page, label).click({ timeout: 10_000 });
      return;
    } catch (err) {
      await page.keyboard.press('Escape');
      if (attempt === 3) throw err;
    }
  }
}

/** Runs the command whose palette label is exactly `title` (e.g. "Decision Tree: Train Decision Tree"). */
export async function runCommand(page, title) {
  await clickQuickOpenRow(page, `>${title}`, title);
  // The palette closes or turns into the command's own quick input: wait for that before reading.
  await page.waitForFunction((selector) => {
    const box = document.querySelector(selector);
    return !box || !box.checkVisibility() || !box.value.startsWith('>');
  }, quickInputBox);
}

/** Opens a workspace file by name through quick open, as Ctrl+P would. */
export async function openFile(page, name) {
  await clickQuickOpenRow(page, name, name);
  await page.locator(`.tabs-container .tab[aria-label^="${name}"]`).first().waitFor();
  // The palette's when-clauses (resourceExtname) follow the focused editor: wait until it has focus.
  await page.locator('.editor-instance .monaco-editor.focused').first().waitFor();
}

/**
 * Waits for a quick pick (e.g. the target column) and picks the item labelled `label`: by a click,
 * or with `commit: 'enter'` by Enter on the filtered list (pickers that preview the item under
 * the cursor, such as the colour theme picker, commit only on Enter).
 */
export async function pickQuickItem(page, label, { filter = true, commit = 'click' } = {}) {
  const box = page.locator(quickInputBox);
  await box.waitFor();
  if (filter) await box.fill(label);
  const row = rowLabelled(page, label);
  if (commit === 'enter') {
    await row.waitFor();
    await page.keyboard.press('Enter');
  } else {
    await row.click();
  }
}

/** The labels of the quick pick currently shown. */
export async function quickPickLabels(page) {
  await page.locator(quickInputRows).first().waitFor();
  // Each row's label and detail line as drawn: rows are reused, and a row that showed an item with
  // a detail line keeps that line, hidden, when it shows a one-line item next.
  return (await page.locator(`${quickInputRows} .label-name`).evaluateAll((labels) => labels.filter((l) => l.getClientRects().length > 0).map((l) => l.textContent ?? ''))).map((l) => l.trim());
}

function rowLabelled(page, label) {
  return page
    .locator(quickInputRows)
    .filter({ has: page.locator('.label-name', { hasText: exactText(label) }) })
    .first();
}

// Quick-pick labels highlight matches in nested spans; compare the whole text, not a substring.
function exactText(text) {
  return new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\s*$`);
}

/** Right-clicks `name` in the Explorer and returns the labels of its context menu (left open). */
export async function explorerContextMenu(page, name) {
  const row = page.locator(`.explorer-folders-view .monaco-list-row[aria-label^="${name}"]`).first();
  // The pointer left resting on the previous row opens that file's path hover, which can cover
  // this row and take the click: move it away and let the hover go (Escape if it stays).
  await page.mouse.move(0, 0);
  const hover = page.locator('.context-view .hover-contents');
  await hover.waitFor({ state: 'hidden', timeout: 3_000 }).catch(() => page.keyboard.press('Escape'));
  await row.click({ button: 'right' });
  const items = page.locator('.context-view .monaco-menu .action-item .action-label');
  await items.first().waitFor();
  return (await items.allInnerTexts()).map((l) => l.trim()).filter(Boolean);
}

/**
 * Chooses `label` in the open context menu. The menu ignores a mouse-up that comes too soon after
 * it opened (so the right-click's own release picks nothing), and a fast click can land in that
 * window; hovering focuses the item and Enter runs it, which has no such window.
 */
export async function clickContextMenuItem(page, label) {
  const labelled = { has: page.locator('.action-label', { hasText: exactText(label) }) };
  await page.locator('.context-view .monaco-menu .action-item', labelled).hover();
  await page.locator('.context-view .monaco-menu .action-item.focused', labelled).waitFor();
  await page.keyboard.press('Enter');
  await page.locator('.context-view .monaco-menu').waitFor({ state: 'hidden' });
}

const notificationMessages = '.notification-list-item-message';

/**
 * The texts of all notifications: toasts and the notification center. In code-server's headless
 * workbench new notifications often land only in the center, so it is opened (and left open).
 */
export async function notificationTexts(page) {
  const center = page.locator('.notifications-center');
  if (!(await center.isVisible())) {
    await page.keyboard.press('Escape');
    await runCommand(page, 'Notifications: Show Notifications');
    await center.waitFor();
  }
  return (await page.locator(notificationMessages).allInnerTexts()).map((t) => t.trim());
}

/** Waits for a notification whose text matches `pattern` (RegExp); returns its text. */
export async function waitForNotification(page, pattern, { timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    const match = (await notificationTexts(page)).find((text) => pattern.test(text));
    if (match !== undefined) return match;
    if (Date.now() > deadline) throw new Error(`no notification matching ${pattern} after ${timeout / 1000} s`);
    await page.waitForTimeout(500);
  }
}

/**
 * Webviews are nested iframes (VS Code's host frame, then the content frame). Resolves with the
 * first frame under a webview that has `selector` (containing `hasText`, if given), polling until
 * `timeout`.
 * @returns {Promise<import('playwright-core').Frame>}
 */
export async function waitForWebviewFrame(page, selector, { hasText, timeout = 60_000 } = {}) {
  const deadline = Date.now() + timeout;
  for (;;) {
    for (const frame of page.frames()) {
      if (!frame.url().includes('/webview/')) continue;
      const found = await frame.locator(selector, hasText === undefined ? {} : { hasText }).count().catch(() => 0);
      if (found > 0) return frame;
    }
    if (Date.now() > deadline) throw new Error(`no webview frame has ${selector} after ${timeout / 1000} s`);
    await page.waitForTimeout(250);
  }
}

/** Saves a PNG of the whole page to test-artifacts/<name>.png and returns its path. */
export async function screenshot(page, name) {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await page.screenshot({ path });
  return path;
}

/** Saves a PNG of just a webview (e.g. the tree panel) given its content frame. */
export async function screenshotFrame(frame, name) {
  mkdirSync(artifactsDir, { recursive: true });
  const path = join(artifactsDir, `${name}.png`);
  await (await frame.frameElement()).screenshot({ path });
  return path;
}

/** Types `value` into the open input box (a prompt or the simple file dialog) and presses Enter. */
/**
 * The value the quick input offers once it has moved on from `previous` (what the last prompt held):
 * right after a pick, the box still holds the pick's filter text until the next prompt replaces it.
 */
export async function nextInputValue(page, previous) {
  await page.waitForFunction(([selector, old]) => {
    const box = document.querySelector(selector);
    return box !== null && box.value !== old;
  }, [quickInputBox, previous]);
  return page.locator(quickInputBox).inputValue();
}

export async function answer(page, value) {
  const box = page.locator(quickInputBox);
  await box.waitFor();
  if (value !== undefined) await box.fill(value);
  await page.keyboard.press('Enter');
}

/**
 * Answers VS Code's simple file dialog with a path. The dialog fills in its folder asynchronously,
 * which would overwrite a path typed too early: wait for that, then type and check it stuck.
 */
export async function answerPath(page, path) {
  const box = page.locator(quickInputBox);
  await page.waitForFunction((selector) => document.querySelector(selector)?.value.startsWith('/'), quickInputBox);
  for (let attempt = 1; ; attempt++) {
    await box.fill(path).catch(async (e) => {
      await screenshot(page, 'host-answerpath-fail');
      throw e;
    });
    await page.waitForTimeout(300);
    if ((await box.inputValue()) === path) break;
    if (attempt === 5) throw new Error(`the file dialog kept replacing ${path} with ${await box.inputValue()}`);
  }
  await page.keyboard.press('Enter');
}

/** Waits until `file` exists (the extension host writes it asynchronously). */
export async function waitForFile(page, file, { newerThan = 0, timeout = 30_000 } = {}) {
  const deadline = Date.now() + timeout;
  while (!(existsSync(file) && statSync(file).mtimeMs > newerThan)) {
    if (Date.now() > deadline) {
      await screenshot(page, 'host-file-not-written');
      throw new Error(`${file} was not written in ${timeout / 1000} s`);
    }
    await page.waitForTimeout(250);
  }
  return readFileSync(file, 'utf8');
}

/**
 * Opens `name` by clicking it in the Explorer. After a training the tree panel (a webview) has
 * the keyboard and swallows F1 and Ctrl+P; a click in the Explorer brings it back to the workbench.
 */
export async function openFromExplorer(page, name) {
  await page.locator(`.explorer-folders-view .monaco-list-row[aria-label^="${name}"]`).first().click();
  await page.locator(`.tabs-container .tab[aria-label^="${name}"]`).first().waitFor();
}

/**
 * runCommand, retried: on this loaded headless workbench F1 is now and then lost while an editor
 * opens, and the palette never shows. Escape and try again.
 */
export async function runCommandRetried(page, title) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await runCommand(page, title);
    } catch (err) {
      if (attempt === 3) throw err;
      await page.keyboard.press('Escape');
      await page.waitForTimeout(1000);
    }
  }
}

/** "Developer: Reload Window", then waits for the new workbench; a mark on the old page proves it really reloaded. */
export async function reloadWindow(page) {
  await page.evaluate(() => (globalThis.dteBeforeReload = true));
  await runCommandRetried(page, 'Developer: Reload Window');
  await page.waitForFunction(() => globalThis.dteBeforeReload === undefined, null, { timeout: 90_000 });
  await page.locator('.monaco-workbench').waitFor({ timeout: 90_000 });
}

/** Switches the colour theme to `label` and waits until the workbench wears `themeClass` (vs, vs-dark). */
export async function switchTheme(page, label, themeClass) {
  await runCommandRetried(page, 'Preferences: Color Theme');
  await pickQuickItem(page, label, { commit: 'enter' });
  await page.locator(`.monaco-workbench.${themeClass}`).waitFor({ timeout: 30_000 });
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

/**
 * Makes the tree panel of the CSV `name` the editor on show, its page `width` px wide in a window
 * `height` px high; resolves with its frame. The window is sized, the panel measured and the
 * window corrected by what one px of window gave the page (1 px with the panel alone, about ½ with
 * the panel beside the CSV). `tab`: the panel tab's title (it follows decisionTree.language).
 */
export async function panelAtWidth(page, name, width, height, { tab = `Decision Tree: ${name}` } = {}) {
  await page.locator(`.tabs-container .tab[aria-label^="${tab}"]`).first().click();
  let frame;
  let outer = width + 48;
  let gain = 1;
  let last;
  for (let attempt = 0; attempt < 5; attempt++) {
    await page.setViewportSize({ width: outer, height });
    await page.waitForTimeout(500);
    frame = await waitForWebviewFrame(page, `header:has-text("${name}")`);
    const inner = await frame.evaluate(() => document.documentElement.clientWidth);
    if (Math.abs(inner - width) <= 4) break;
    if (last !== undefined && inner !== last.inner) gain = Math.min(1, Math.max(0.25, (inner - last.inner) / (outer - last.outer)));
    last = { outer, inner };
    outer += Math.round((width - inner) / gain);
  }
  return frame;
}

export const hoverWidget = '.monaco-editor .monaco-hover:not(.hidden)';

/** Puts the cursor at 1-based line:column through Go to Line, which leaves the editor focused. */
export async function moveCursor(page, line, column) {
  await page.keyboard.press('Control+G');
  const box = page.locator('.quick-input-widget .quick-input-box input');
  await box.waitFor();
  await box.fill(`:${line}:${column}`);
  await page.keyboard.press('Enter');
  await page.waitForTimeout(200);
}

/**
 * Shows the hover at the cursor (Ctrl+K Ctrl+I) until its text matches `pattern` (the first hover
 * of a file may still say "computing…"); returns the text.
 */
export async function hoverText(page, line, column, pattern, { timeout = 60_000 } = {}) {
  const deadline = Date.now() + timeout;
  let last = '';
  for (;;) {
    await moveCursor(page, line, column);
    await page.keyboard.press('Control+K');
    await page.keyboard.press('Control+I');
    const widget = page.locator(hoverWidget).first();
    try {
      await widget.waitFor({ timeout: 5_000 });
      last = (await widget.innerText()).trim();
      if (pattern.test(last)) return last;
    } catch {
      // no hover yet
    }
    if (Date.now() > deadline) throw new Error(`hover at ${line}:${column} never matched ${pattern}; last: ${last}`);
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1_000);
  }
}
