// A pseudo-localized run in a real workbench (issue "no hard-coded user-visible English", docs/
// architecture.md "Languages"): `npm run l10n:pseudo`'s steps make a bundle in which every message
// reads differently and longer (ƀ, ḗ, ŧ… and padding); a copy of the built extension carries it as
// its Finnish bundle and runs with decisionTree.language `fi`. Iris trained there: the picker, the
// panel's tab and the profile page come out pseudo-localized, and with the panel beside the CSV
// 460 px wide nothing of the tree page or the profile page reaches past the right edge (the tree's
// drawing excepted: it pans). Screenshots: test-artifacts/pseudo-*.png.
/* global document -- evaluated in the pages' frames */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repoRoot } from '../paths.mjs';
import { startSession } from '../session.mjs';
import { openFile, openWorkbench, panelAtWidth, pickQuickItem, quickInputBox, runCommand, runCommandRetried, screenshot, waitForWebviewFrame } from '../workbench.mjs';

const iris = 'media/samples/iris.csv';
const nodes = '.stage svg g.node';
const WIDTH = 460;
const HEIGHT = 900;
/** The pseudo alphabet's letters: a text holding one came through the bundle. */
const PSEUDO = /[\u0180-\u024f\u1e00-\u1eff]/;

/** The pseudo bundle (English message → pseudo text), made as `npm run l10n:pseudo` makes it. */
function pseudoBundle(dir) {
  const source = join(dir, 'bundle.l10n.json');
  const extract = spawnSync(process.execPath, [join(repoRoot, 'scripts', 'l10n-extract.mjs'), source], { cwd: repoRoot, encoding: 'utf8' });
  assert.equal(extract.status, 0, extract.stderr);
  const cli = join(repoRoot, 'node_modules', '@vscode', 'l10n-dev', 'dist', 'cli.js');
  const generate = spawnSync(process.execPath, [cli, 'generate-pseudo', '-o', dir, source], { encoding: 'utf8' });
  assert.equal(generate.status, 0, generate.stderr);
  return join(dir, 'bundle.l10n.qps-ploc.json');
}

/** A copy of the built extension whose Finnish bundle is `bundle`. */
function extensionWith(bundle, dir) {
  const root = join(dir, 'extension');
  for (const part of ['package.json', 'package.nls.json', 'package.nls.it.json', 'package.nls.fi.json', 'dist', 'media', 'l10n']) cpSync(join(repoRoot, part), join(root, part), { recursive: true });
  cpSync(bundle, join(root, 'l10n', 'bundle.l10n.fi.json'));
  return root;
}

/** What of the page reaches past its right edge (the tree's drawing, which pans, left out), and how far the page scrolls sideways. */
function overflow() {
  const width = document.documentElement.clientWidth;
  const past = [];
  for (const element of document.body.querySelectorAll('*')) {
    if (element.closest('.stage svg')) continue;
    const box = element.getBoundingClientRect();
    if (box.width === 0 || box.height === 0) continue;
    if (box.right > width + 0.5) past.push(`${element.tagName.toLowerCase()}.${[...element.classList].join('.')} right ${Math.round(box.right)}: ${(element.textContent ?? '').trim().slice(0, 60)}`);
  }
  return { width, scrollWidth: document.documentElement.scrollWidth, past };
}

describe('a pseudo-localized run', () => {
  let session;
  let page;
  let pseudo;

  before(async () => {
    const dir = mkdtempSync(join(tmpdir(), 'dte-pseudo-e2e-'));
    mkdirSync(dir, { recursive: true });
    const bundle = pseudoBundle(dir);
    pseudo = JSON.parse(readFileSync(bundle, 'utf8'));
    session = await startSession({ files: [iris], viewport: { width: 1600, height: HEIGHT }, settings: { 'decisionTree.language': 'fi' } });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder, extensionDevelopmentPath: extensionWith(bundle, dir) });
  });
  after(async () => {
    await session?.close();
  });

  it('trains iris: the picker and the panel tab are pseudo-localized', async () => {
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    const box = page.locator(quickInputBox);
    await box.waitFor();
    const placeholder = await box.getAttribute('placeholder');
    assert.equal(placeholder, pseudo['The column the tree should predict'], placeholder);
    assert.match(placeholder, PSEUDO);
    await pickQuickItem(page, 'species');
    await waitForWebviewFrame(page, nodes);
    const tab = pseudo['Decision Tree: {0}'].replace('{0}', 'iris.csv');
    await page.locator(`.tabs-container .tab[aria-label^="${tab}"]`).first().waitFor({ timeout: 30_000 });
  });

  it(`the panel and the profile beside the CSV at ${WIDTH} px: pseudo text, nothing past the right edge`, async () => {
    const tab = pseudo['Decision Tree: {0}'].replace('{0}', 'iris.csv');
    const panel = await panelAtWidth(page, 'iris.csv', WIDTH, HEIGHT, { tab });
    await panel.locator(nodes).first().waitFor();
    await page.mouse.move(10, HEIGHT / 2); // no workbench tooltip over the panel in the screenshot
    const tree = await panel.evaluate(overflow);
    console.log(`tree page: ${JSON.stringify(tree)}`);
    await screenshot(page, `pseudo-panel-${WIDTH}`);
    const pseudoTexts = await panel.evaluate((pattern) => [...document.body.querySelectorAll('*')].filter((e) => e.tagName !== 'SCRIPT' && e.children.length === 0 && new RegExp(pattern).test(e.textContent ?? '')).map((e) => e.textContent.trim()), PSEUDO.source);
    console.log(`pseudo texts in the tree page: ${pseudoTexts.length}: ${pseudoTexts.slice(0, 12).join(' | ')}`);

    await page.locator('.tabs-container .tab[aria-label^="iris.csv"]').first().click();
    await runCommandRetried(page, 'Decision Tree: Profile CSV Columns');
    const heading = pseudo['{0}: {1} rows, {2} columns'].replace('{0}', 'iris.csv').replace('{1}', '150').replace('{2}', '5');
    const profile = await waitForWebviewFrame(page, '.profile-header .title', { hasText: heading, timeout: 60_000 });
    await profile.locator('.card').first().waitFor();
    const cards = await profile.evaluate(overflow);
    console.log(`profile page: ${JSON.stringify(cards)}`);
    await screenshot(page, `pseudo-profile-${WIDTH}`);

    assert.ok(tree.width >= 440 && tree.width <= 460, `the panel is ${tree.width} px wide`);
    assert.deepEqual({ tree: tree.past, profile: cards.past }, { tree: [], profile: [] });
    assert.ok(tree.scrollWidth <= tree.width && cards.scrollWidth <= cards.width, `the pages scroll sideways: ${tree.scrollWidth}, ${cards.scrollWidth}`);
  });
});
