/* global window, document, console, process, getComputedStyle, DOMParser, Buffer, Event */
// Renders the real webview bundle (dist/webview.js) in headless Chromium under the panel's own
// HTML and Content-Security-Policy, with a stand-in for the VS Code host, and checks what a user
// would see: node counts, literal hostile labels, details, rules, importances, metrics, theme.
// Screenshots go to test-artifacts/webview/. Run after `npm run build`: node test/webview/check.mjs
// (PROFILE=1 also prints where the page spends its time while "Show all" draws a big tree).
import * as esbuild from 'esbuild';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import { launchBrowser } from '../e2e/browser.mjs';
import { treeLayout } from './tree-layout.mjs';
import { checkRunner, inView } from './checks.mjs';

const root = process.cwd();
const work = mkdtempSync(join(tmpdir(), 'dte-webview-'));
const artifacts = join(root, 'test-artifacts/webview');
mkdirSync(artifacts, { recursive: true });

await esbuild.build({
  entryPoints: [join(root, 'test/webview/reports.ts'), join(root, 'test/webview/panel-page.ts')],
  outdir: work,
  outExtension: { '.js': '.cjs' },
  bundle: true,
  platform: 'node',
  format: 'cjs',
  logLevel: 'warning',
});
const load = createRequire(import.meta.url);
const { build } = load(join(work, 'reports.cjs'));
const { writePanelPage, writeProfilePage, bundledLanguage, serveHost, panelReport, branchSlice, comparison } = load(join(work, 'panel-page.cjs'));
const { reports, calculations, learn, irisAlternatives, irisDistributions, playDistribution } = build();
const profileViews = load(join(work, 'reports.cjs')).profileViews();
// The panel's page with a stand-in for the VS Code host (panel-page.ts); its #hash picks the theme.
const indexHtml = writePanelPage(work);

const browser = await launchBrowser();
const { context } = browser;
const dialogs = [];
const requests = [];

const { check, report } = checkRunner();

/** The controls' values as the host would send them: the settings that made the report. */
function panelSettings(report) {
  const { params, prune, ccpAlpha } = report.settings;
  return { algorithm: params.algorithm ?? 'cart', criterion: params.criterion ?? 'auto', maxDepth: params.maxDepth ?? null, minSamplesLeaf: params.minSamplesLeaf ?? 1, prune, ccpAlpha };
}

/** Clicks iris's root and answers the page's request for its alternatives (if it asks again); the requests asked so far. */
async function openRootAlternatives(page) {
  await page.locator('.stage svg g.node[data-ref="node:0"]').click();
  const asked = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'alternatives'));
  if (asked.length > 0) await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'reply', requestId: asked[0].requestId, reply: irisAlternatives[0] });
  return asked;
}

async function openPanel(reportName, theme = 'dark', html = indexHtml) {
  const page = await context.newPage();
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
  const report = reports[reportName];
  // The calculation drawer's answers as the worker's job makes them (reports.ts), for the reports that have them.
  await serveHost(page, () => report, {
    calculate: (nodeId) => {
      const calc = calculations[reportName]?.[nodeId];
      if (calc === undefined) throw new Error(`no calculation of node ${nodeId} of ${reportName}`);
      return calc;
    },
    pruning: () => learn[reportName].pruning,
    rule: (leaf) => learn[reportName].rules[leaf],
  });
  await page.goto(`file://${html}#${theme}`);
  await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
  // As the panel host sends it: the report without its rules, which the page asks for by the page.
  await page.evaluate((show) => window.postMessage(show, '*'), { type: 'show', report: panelReport(report), fileName: `${reportName}.csv`, documentUri: `file:///data/${reportName}.csv`, settings: panelSettings(report) });
  await page.waitForSelector('.stage svg g.node', { timeout: 30_000 });
  return page;
}

const nodeCount = (page) => page.locator('.stage svg g.node').count();

await check('iris: the tree (under 60 nodes) opens whole and the root says what it asks', async () => {
  const page = await openPanel('iris');
  const model = reports.iris.model;
  assert.ok(model.nodes.length <= 60 && Math.max(...model.nodes.map((n) => n.depth)) > 4, 'iris grows deeper than the old fold depth');
  const shownModelNodes = model.nodes.length;
  const stubs = 0;
  assert.equal(await nodeCount(page), shownModelNodes + stubs);
  // Full labels do not fit 1,400 × 900 at 11 px: the root names its feature only, its edges the threshold.
  assert.equal((await page.locator('.stage svg g.node[data-ref="node:0"] .nodeLabel').textContent()).replaceAll('\u200b', ''), model.nodes[0].split.feature);
  await page.getByRole('button', { name: 'Full labels' }).click();
  await page.waitForFunction(() => /samples = 150/.test(document.querySelector('.stage svg g.node[data-ref="node:0"]')?.textContent ?? ''));
  const rootText = await page.locator('.stage svg g.node[data-ref="node:0"]').textContent();
  assert.match(rootText, /≤.*samples = 150/);
  await page.screenshot({ path: join(artifacts, 'tree-dark.png') });

  const asked = await openRootAlternatives(page);
  assert.deepEqual(asked.map((m) => m.request.nodeId), [0]);
  await page.waitForSelector('.details table.alternatives');
  assert.equal(await page.locator('.details table.alternatives tbody tr').count(), 4);
  assert.match(await page.locator('.details table.alternatives tbody tr.chosen').textContent(), /^petal_length_cm ≤ 2\.45 \(chosen\)/);
  assert.equal(await page.locator('.details .dist-row').count(), 3);
  assert.match(await page.locator('.details').textContent(), /The root: every training row/);
  // The split feature's distribution at the node: a stacked histogram with the threshold on it.
  const askedChart = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'splitDistribution'));
  assert.deepEqual(askedChart.map((m) => m.request.nodeId), [0]);
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'reply', requestId: askedChart[0].requestId, reply: irisDistributions[0] });
  await page.waitForSelector('.details svg.split-chart line.threshold', { state: 'attached' });
  const chart = await page.locator('.details svg.split-chart').evaluate((svg) => {
    const colours = new Set([...svg.querySelectorAll('rect')].map((r) => r.getAttribute('fill')));
    const t = svg.querySelector('line.threshold');
    return { bars: svg.querySelectorAll('rect').length, colours: colours.size, thresholdX: Number(t.getAttribute('x1')), label: svg.querySelector('.threshold-label').textContent, width: svg.viewBox.baseVal.width };
  });
  const d0 = irisDistributions[0];
  assert.equal(chart.colours, 3, 'one colour per class');
  assert.equal(chart.label, `≤ ${model.nodes[0].split.threshold}`);
  const expectedX = ((d0.threshold - d0.edges[0]) / (d0.edges.at(-1) - d0.edges[0])) * chart.width;
  assert.ok(Math.abs(chart.thresholdX - expectedX) < 0.01, `threshold at ${chart.thresholdX}, expected ${expectedX}`);
  await page.screenshot({ path: join(artifacts, 'tree-details.png') });

  // A request the host could not serve (here: superseded) is shown, and asked again on the next click.
  await page.locator('.stage svg g.node[data-ref="node:2"]').click();
  const second = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'alternatives').at(-1));
  assert.equal(second.request.nodeId, 2);
  await page.evaluate((requestId) => window.postMessage({ type: 'requestFailed', requestId, message: 'cancelled' }, '*'), second.requestId);
  await page.waitForFunction(() => document.querySelector('.details .error')?.textContent === 'cancelled');
  await page.locator('.stage svg g.node[data-ref="node:2"]').click();
  const third = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'alternatives').at(-1));
  assert.ok(third.requestId > second.requestId && third.request.nodeId === 2);
  await page.locator('.stage svg g.node[data-ref="node:0"]').click();
  assert.equal(await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'alternatives' && m.request.nodeId === 0).length), 1, 'answered requests are cached');

  if (stubs > 0) {
    const stub = page.locator('.stage svg g.node[data-ref^="stub:"]').first();
    await stub.click();
    await page.waitForFunction((n) => document.querySelectorAll('.stage svg g.node').length > n, shownModelNodes + stubs);
  }

  // The path of a row: the webview asks, the host answers with the nodes.
  await page.locator('vscode-text-field[aria-label="Row"]').evaluate((f) => {
    f.value = '3';
  });
  await page.getByText('Show path').click();
  const rowAsk = await page.evaluate(() => window.__posted.find((m) => m.type === 'request' && m.kind === 'rowPath'));
  assert.equal(rowAsk.request.row, 2);
  const leaf = model.nodes.find((n) => n.depth === 5 && n.children.length === 0) ?? model.nodes[model.nodes.length - 1];
  const path = [];
  for (let id = leaf.id; id >= 0; id = model.nodes.findIndex((n) => n.children.includes(id))) path.unshift(id);
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'reply', requestId: rowAsk.requestId, reply: { row: 2, path, nodes: branchSlice(model, leaf.id), prediction: leaf.prediction, actual: 'virginica' } });
  await page.waitForSelector(`.stage svg g.node.selected[data-ref="node:${leaf.id}"]`);
  assert.match(await page.locator('.path-info').textContent(), /^Row 3: predicted /);
  await page.screenshot({ path: join(artifacts, 'tree-path.png') });

  await page.getByRole('tab', { name: 'Rules' }).click();
  await page.waitForSelector('table.rules tbody tr');
  assert.equal(await page.locator('table.rules tbody tr').count(), reports.iris.rules.length);
  await page.screenshot({ path: join(artifacts, 'rules.png') });
  await page.getByText('Export rules…').click();
  assert.ok(await page.evaluate(() => window.__posted.some((m) => m.type === 'export' && m.what === 'rules')));
  await page.locator('table.rules tbody tr').first().click();
  await page.waitForSelector(`.stage svg g.node.selected[data-ref="node:${reports.iris.rules[0].leaf}"]`);

  await page.getByRole('tab', { name: 'Importances' }).click();
  assert.equal(await page.locator('.bar-row').count(), 4);
  await page.screenshot({ path: join(artifacts, 'importances.png') });
  await page.getByRole('tab', { name: 'Metrics' }).click();
  assert.equal(await page.locator('table.confusion tbody tr').count(), 3);
  await page.screenshot({ path: join(artifacts, 'metrics.png') });

  // Retrain from the controls, in the settings drawer the compact settings line opens.
  await page.getByRole('tab', { name: 'Tree' }).click();
  assert.equal(await page.locator('#settings-drawer').isVisible(), false, 'the drawer starts closed');
  assert.equal(await page.locator('.settings-line').textContent(), `CART · gini · depth ∞ · leaf 1 · no pruning · ${model.nodes.length} nodes`);
  await page.locator('.settings-toggle').click();
  assert.equal(await page.locator('.settings-toggle').getAttribute('aria-expanded'), 'true');
  await page.getByText('Retrain').click();
  const retrain = await page.evaluate(() => window.__posted.find((m) => m.type === 'retrain'));
  assert.deepEqual(Object.keys(retrain.settings).sort(), ['algorithm', 'ccpAlpha', 'criterion', 'maxDepth', 'minSamplesLeaf', 'prune']);
  await page.close();
});

await check('hostile names render as text: no markup, no script, no dialog', async () => {
  const page = await openPanel('hostile');
  const model = reports.hostile.model;
  assert.ok(model.nodes.length > 1, 'the hostile data gives a tree with splits');
  assert.equal(await page.locator('#root img, #root script, #root b, svg img, svg script').count(), 0);
  // Every node drawn shows its own feature or prediction character for character.
  const drawn = await page.locator('.stage svg g.node[data-ref^="node:"]').evaluateAll((gs) => gs.map((g) => [Number(g.getAttribute('data-ref').slice(5)), g.textContent]));
  assert.ok(drawn.length > 5);
  for (const [id, text] of drawn) {
    const node = model.nodes[id];
    // A compact label may break a long name after `_` with a zero-width space: a break, not text.
    assert.ok(text.replaceAll('\u200b', '').includes(node.split ? node.split.feature : String(node.prediction)), `node ${id}: ${text}`);
  }
  const features = new Set(drawn.map(([id]) => model.nodes[id].split?.feature).filter(Boolean));
  assert.ok(features.size >= 2, 'more than one hostile header is on show');
  await page.getByRole('tab', { name: 'Rules' }).click();
  await page.waitForSelector('table.rules tbody tr');
  const rulesText = await page.locator('table.rules').textContent();
  assert.ok(/<script>|<img|مرحبا/.test(rulesText));
  assert.equal(await page.locator('table.rules img, table.rules script').count(), 0);
  await page.getByRole('tab', { name: 'Tree' }).click();
  await page.screenshot({ path: join(artifacts, 'hostile.png') });
  await page.close();
});

await check('rules come from the host a page at a time, sorted there', async () => {
  const page = await openPanel('diabetesFull');
  const rules = reports.diabetesFull.rules;
  assert.ok(rules.length > 250 && rules.length < 500, `a tree with two pages of rules (${rules.length})`);
  const asked = () => page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'rulesPage'));
  assert.deepEqual(await asked(), [], 'no rules are asked for before their tab is shown');
  const rows = page.locator('table.rules tbody tr');
  const numbers = () => page.locator('table.rules tbody tr td:first-child').allTextContents();
  await page.getByRole('tab', { name: 'Rules' }).click();
  await page.waitForSelector('table.rules tbody tr');
  assert.equal(await rows.count(), 250);
  assert.match(await page.locator('.more-rules').textContent(), new RegExp(`^250 of ${rules.length} rules shown`));
  await page.getByText(`Show ${rules.length - 250} more`).click();
  await page.waitForFunction((n) => document.querySelectorAll('table.rules tbody tr').length === n, rules.length);
  assert.equal(await page.locator('.more-rules').textContent(), '', 'every rule shown');
  // The report's own order (coverage, largest first) numbered 1…
  assert.deepEqual((await numbers()).map(Number), Array.from(rules, (_, i) => i + 1));
  // Coverage again: smallest first, ties in the report's order, as a fresh first page.
  await page.locator('table.rules th button', { hasText: 'Coverage' }).click();
  await page.waitForFunction(() => document.querySelector('table.rules th[aria-sort="ascending"]') && document.querySelectorAll('table.rules tbody tr').length === 250);
  const expected = rules.map((r, i) => [r.covered, i]).sort((a, b) => a[0] - b[0] || a[1] - b[1]).slice(0, 250).map(([, i]) => i + 1);
  assert.deepEqual((await numbers()).map(Number), expected);
  assert.deepEqual((await asked()).map(({ request: m }) => [m.offset, m.limit, m.sort.key, m.sort.descending]), [[0, 250, 'covered', true], [250, 250, 'covered', true], [0, 250, 'covered', false]]);
  await rows.first().click();
  await page.waitForSelector(`.stage svg g.node.selected[data-ref="node:${rules[expected[0] - 1].leaf}"]`);
  await page.close();
});

await check('keyboard: a node takes focus and Enter shows its details; arrows move between nodes', async () => {
  const page = await openPanel('iris');
  // Arrows on a node: Down its first child, Right its sibling, Up its parent (the viewport does not pan).
  const [left, right] = reports.iris.model.nodes[0].children;
  const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-ref'));
  await page.locator('.stage svg g.node[data-ref="node:0"]').focus();
  const still = await page.locator('.stage').getAttribute('style');
  await page.keyboard.press('ArrowDown');
  assert.equal(await focused(), `node:${left}`);
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), `node:${right}`);
  await page.keyboard.press('ArrowRight');
  assert.equal(await focused(), `node:${right}`, 'no sibling further right: focus stays');
  await page.keyboard.press('ArrowUp');
  assert.equal(await focused(), 'node:0');
  assert.equal(await page.locator('.stage').getAttribute('style'), still, 'the whole tree in view: nothing panned');
  // Find node: Enter goes to the first match, Enter again to the next; the status line counts them.
  const widthSplits = reports.iris.model.nodes.filter((n) => n.split?.feature === 'petal_width_cm').map((n) => n.id);
  const find = page.locator('vscode-text-field', { hasText: 'Find node' }).locator('input');
  await find.fill('petal_width');
  await find.press('Enter');
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-ref') === `node:${id}`, widthSplits[0]);
  assert.equal(await page.locator('.find-status').textContent(), `Node ${widthSplits[0]}: 1 of ${widthSplits.length} matches`);
  await find.press('Enter');
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-ref') === `node:${id}`, widthSplits[1]);
  await find.fill('no such thing');
  await find.press('Enter');
  await page.waitForFunction(() => /No node matches “no such thing”/.test(document.querySelector('.banner')?.textContent ?? ''));
  const node = page.locator('.stage svg g.node[data-ref="node:2"]');
  await node.focus();
  await page.keyboard.press('Enter');
  await page.waitForFunction(() => /Decision node 2/.test(document.querySelector('.details')?.textContent ?? ''));
  await page.locator('.viewport').focus();
  const before = await page.locator('.stage').getAttribute('style');
  await page.keyboard.press('+');
  assert.notEqual(await page.locator('.stage').getAttribute('style'), before, '+ zooms');
  // The settings drawer and the export menu open from the keyboard; Escape closes the menu and the details.
  await page.locator('.settings-toggle').focus();
  await page.keyboard.press('Enter');
  assert.ok(await page.locator('#settings-drawer').isVisible(), 'Enter opens the settings drawer');
  await page.keyboard.press('Space');
  assert.ok(!(await page.locator('#settings-drawer').isVisible()), 'Space closes it again');
  await page.getByRole('button', { name: 'Export ▾' }).focus();
  await page.keyboard.press('Enter');
  await page.getByRole('menuitem', { name: 'Export as SVG' }).waitFor();
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Export as SVG', 'the first item takes focus');
  await page.keyboard.press('Escape');
  await page.getByRole('menu').waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Export ▾', 'focus back on the menu button');
  await page.locator('.details-close').focus();
  await page.keyboard.press('Escape');
  await page.locator('.details').waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement?.getAttribute('data-ref')), 'node:2', 'focus back on the node');
  await page.close();
});

await check('a restored panel draws its saved tree before the host answers', async () => {
  const first = await openPanel('iris');
  await first.locator('.stage svg g.node[data-ref="node:2"]').click();
  await first.waitForFunction(() => window.acquireVsCodeApi().getState()?.selected === 2);
  const saved = await first.evaluate(() => window.acquireVsCodeApi().getState());
  await first.close();
  assert.equal(saved.documentUri, 'file:///data/iris.csv');
  // Restored on another tab, the tree is drawn hidden and fitted once its tab is shown.
  const onRules = await (async () => {
    const page = await context.newPage();
    await serveHost(page, () => reports.iris);
    await page.addInitScript((s) => { window.__savedState = s; }, { ...saved, tab: 'rules', view: null });
    await page.goto(`file://${indexHtml}#dark`);
    await page.waitForSelector('table.rules tbody tr'); // asked of the host, as after a reload
    await page.getByRole('tab', { name: 'Tree' }).click();
    await page.waitForSelector('.stage svg g.node');
    const box = await page.locator('.stage svg').evaluate((svg) => svg.viewBox.baseVal.width);
    assert.ok(box > 300, 'labels were measured in a visible view');
    await page.waitForFunction(() => window.acquireVsCodeApi().getState()?.tab === 'tree'); // the tab choice is saved
    return page;
  })();
  await onRules.close();
  const page = await context.newPage();
  await page.addInitScript((s) => { window.__savedState = s; }, saved);
  await page.goto(`file://${indexHtml}#dark`);
  await page.waitForSelector('.stage svg g.node.selected[data-ref="node:2"]', { timeout: 30_000 });
  assert.ok(await page.evaluate(() => window.__posted.some((m) => m.type === 'ready')));
  await page.close();
});

await check('high contrast: outlined nodes on the theme background instead of tints', async () => {
  const page = await openPanel('iris', 'hc');
  const fill = await page.locator('.stage svg g.node[data-ref="node:1"] > rect').evaluate((r) => getComputedStyle(r).fill);
  assert.equal(fill, 'none');
  const width = await page.locator('.stage svg g.node[data-ref="node:1"] > rect').evaluate((r) => getComputedStyle(r).strokeWidth);
  assert.equal(width, '4px', 'a pure leaf gets the thickest outline');
  await page.screenshot({ path: join(artifacts, 'tree-high-contrast.png') });
  await page.close();
});

/**
 * What the diagram's colours measure, in the page: WCAG contrast ratios of an edge off the path, its
 * arrowhead, an edge label and the fold stub (text and outline) against what lies behind them, and
 * the colour of the path's edges. Colours come from getComputedStyle, so every style sheet counts.
 */
function diagramColours() {
  const rgba = (c) => {
    const m = /rgba?\(([^)]+)\)/.exec(c);
    if (!m) return null;
    const [r, g, b, a = 1] = m[1].split(/[ ,/]+/).filter(Boolean).map(Number);
    return [r, g, b, a];
  };
  /** `c` drawn over `under` (alpha composited). */
  const over = (c, under) => {
    const [r, g, b, a] = rgba(c) ?? [0, 0, 0, 0];
    return [r, g, b].map((v, i) => v * a + under[i] * (1 - a));
  };
  const luminance = (rgb) => {
    const [r, g, b] = rgb.map((v) => {
      const s = v / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const ratio = (a, b) => {
    const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
    return Math.round(((hi + 0.05) / (lo + 0.05)) * 100) / 100;
  };
  const page = over(getComputedStyle(document.body).backgroundColor, [255, 255, 255]);
  const svg = document.querySelector('.stage svg');
  const edges = [...svg.querySelectorAll('path.flowchart-link')];
  const onPath = edges.find((e) => getComputedStyle(e).strokeWidth === '4px');
  const plain = edges.find((e) => getComputedStyle(e).strokeWidth !== '4px');
  const arrow = svg.querySelector(`marker[id$="pointEnd"] path`);
  // The innermost element holds the text: its own colour and background are what is seen.
  const labelText = svg.querySelector('g.edgeLabel .edgeLabel p');
  const labelBack = over(getComputedStyle(labelText).backgroundColor, page);
  const stub = svg.querySelector('g.node[data-ref^="stub:"]');
  const stubShape = stub.querySelector('.label-container path, :scope > rect, :scope > path');
  const stubFill = over(getComputedStyle(stubShape).fill, page);
  const stubText = stub.querySelector('.nodeLabel p');
  return {
    edge: ratio(over(getComputedStyle(plain).stroke, page), page),
    arrowhead: ratio(over(getComputedStyle(arrow).fill, page), page),
    edgeLabel: ratio(over(getComputedStyle(labelText).color, labelBack), labelBack),
    stubText: ratio(over(getComputedStyle(stubText).color, stubFill), stubFill),
    stubOutline: ratio(over(getComputedStyle(stubShape).stroke, page), page),
    pathStroke: onPath && getComputedStyle(onPath).stroke,
  };
}

await check('theme switches while the panel is open: edges, arrowheads, labels and stubs stay readable, the path stays highlighted', async () => {
  // Over 60 nodes, so the default fold leaves stubs to measure.
  const page = await openPanel('hostile', 'light');
  const model = reports.hostile.model;
  const leaf = model.nodes.find((n) => n.depth >= 2 && n.children.length === 0);
  const path = [];
  for (let id = leaf.id; id >= 0; id = model.nodes.findIndex((n) => n.children.includes(id))) path.unshift(id);
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'rowPath', row: 0, path, nodes: branchSlice(model, leaf.id), prediction: leaf.prediction, actual: leaf.prediction });
  await page.waitForSelector(`.stage svg g.node.selected[data-ref="node:${leaf.id}"]`);
  assert.ok(await page.locator('.stage svg g.node[data-ref^="stub:"]').count() > 0, 'the default fold leaves a stub');
  const problems = [];
  for (const theme of ['light', 'darkModern', 'rgbaDark', 'hc', 'light']) {
    if (theme !== 'light' || (await page.evaluate(() => !document.body.classList.contains('vscode-light')))) {
      // VS Code restyles a live webview: the diagram drawn for the old theme must be redrawn.
      await page.evaluate(() => document.querySelector('.stage svg').setAttribute('data-old', ''));
      await page.evaluate((t) => window.__applyTheme(t), theme);
      const redrawn = await page
        .waitForFunction(() => document.querySelector('.stage svg:not([data-old]) g.node.selected'), null, { timeout: 10_000 })
        .then(() => true, () => false);
      if (!redrawn) problems.push(`${theme}: the diagram was not redrawn`);
    }
    const c = await page.evaluate(diagramColours);
    console.log(`  ${theme}: ${JSON.stringify(c)}`);
    // WCAG 2.1: 3:1 for graphics (1.4.11), 4.5:1 for text (1.4.3).
    for (const key of ['edge', 'arrowhead', 'stubOutline']) if (!(c[key] >= 3)) problems.push(`${theme}: ${key} contrast ${c[key]} < 3`);
    for (const key of ['edgeLabel', 'stubText']) if (!(c[key] >= 4.5)) problems.push(`${theme}: ${key} contrast ${c[key]} < 4.5`);
    if (c.pathStroke !== 'rgb(224, 17, 95)') problems.push(`${theme}: the path is drawn in ${c.pathStroke}`);
    await page.screenshot({ path: join(artifacts, `theme-switch-${theme}.png`) });
  }
  assert.deepEqual(problems, []);
  await page.close();
});

await check('regression: mean values and R²/RMSE/MAE', async () => {
  const page = await openPanel('diabetes', 'light');
  await page.getByRole('button', { name: 'Full labels' }).click();
  await page.waitForFunction(() => /mse = /.test(document.querySelector('.stage svg g.node[data-ref="node:0"]')?.textContent ?? ''));
  await page.screenshot({ path: join(artifacts, 'regression-light.png') });
  await page.getByRole('tab', { name: 'Metrics' }).click();
  assert.match(await page.locator('.metrics-tab').textContent(), /R².*RMSE.*MAE/);
  await page.close();
});

await check('the α label says when the tree drawn has fewer nodes than the pruning path (leaves that predict alike merged)', async () => {
  const page = await openPanel('irisDepth3');
  const r = reports.irisDepth3;
  assert.ok(r.final.nodes < r.pruningPath.nodeCounts[0], `the report merged leaves: ${r.pruningPath.nodeCounts[0]} → ${r.final.nodes}`);
  assert.equal(await page.locator('.stage svg g.node[data-ref^="node:"]').count(), r.final.nodes);
  assert.equal(
    await page.locator('.alpha-text').textContent(),
    `α = 0 → ${r.pruningPath.nodeCounts[0]} nodes, ${r.pruningPath.leafCounts[0]} leaves (${r.final.nodes} drawn after merging leaves that predict alike)`,
  );
  await page.close();
});

await check('hold-out and pruning: metrics on unseen rows first, the settings shown say how the tree was made', async () => {
  const page = await openPanel('irisHoldout');
  const r = reports.irisHoldout;
  assert.match(await page.locator('.settings-shown').textContent(), /cost-complexity pruning α = 0\.01 · .* · tree: 105 training rows · metrics: hold-out 30%/);
  const alphas = r.pruningPath.ccpAlphas;
  const at = alphas.filter((a) => a <= 0.01).length - 1; // the slider sits on the subtree the report shows
  assert.equal(r.pruningPath.nodeCounts[at], r.final.nodes, 'nothing merged in this report');
  assert.equal(await page.locator('.alpha-text').textContent(), `α = ${Number(alphas[at].toPrecision(4))} → ${r.pruningPath.nodeCounts[at]} nodes, ${r.pruningPath.leafCounts[at]} leaves`);
  await page.getByRole('tab', { name: 'Metrics' }).click();
  const headings = await page.locator('.metrics-set h3').allTextContents();
  assert.equal(headings.length, 2);
  assert.match(headings[0], /^Hold-out/);
  const confusionTotal = (await page.locator('.metrics-set').first().locator('table.confusion td').allTextContents()).reduce((a, t) => a + Number(t), 0);
  assert.equal(confusionTotal, r.metrics.holdout.rows);
  await page.screenshot({ path: join(artifacts, 'metrics-holdout.png') });
  await page.close();
});

await check('the default: the tree on all rows, the Metrics tab says it shows a 5-fold CV of the same settings', async () => {
  const page = await openPanel('irisCv');
  const r = reports.irisCv;
  assert.match(await page.locator('.settings-shown').textContent(), /· tree: all 150 rows · metrics: 5-fold CV/);
  await page.getByRole('tab', { name: 'Metrics' }).click();
  assert.match(await page.locator('.metrics-what').textContent(), /^5-fold CV of these settings \(stratified, seed 42\).* The tree shown is trained on all 150 rows\.$/);
  const headings = await page.locator('.metrics-set h3').allTextContents();
  assert.deepEqual(headings, ['5-fold CV of these settings (out-of-fold predictions of all rows)', 'Training rows (the tree shown, on the rows it learnt from)']);
  const confusionTotal = (await page.locator('.metrics-set').first().locator('table.confusion td').allTextContents()).reduce((a, t) => a + Number(t), 0);
  assert.equal(confusionTotal, r.metrics.crossValidation.pooled.rows);
  // One vocabulary (src/shared/render/score-names.ts): the kind of CV named, accuracy in percent, how it was measured on hover.
  const cvShown = page.locator('.cv-scores');
  assert.match(await cvShown.textContent(), new RegExp(`^5-fold CV accuracy of these settings: ${(r.metrics.crossValidation.mean * 100).toFixed(1)}% ± ${(r.metrics.crossValidation.std * 100).toFixed(1)}%`));
  assert.match(await cvShown.getAttribute('title'), /^5 trees grown with these settings/);
  // The majority-class baseline beside accuracy: iris's three classes of 50.
  const baseline = page.locator('.metrics-set').first().locator('.stat', { hasText: 'majority baseline' });
  assert.equal(await baseline.locator('.stat-value').textContent(), '33.3%');
  assert.match(await baseline.getAttribute('title'), /always predicting the most frequent class, “setosa”/);
  assert.equal(await page.locator('.baseline-warning').count(), 0, 'the tree beats it');
  await page.screenshot({ path: join(artifacts, 'metrics-cv.png') });
  await page.close();
});

await check('leave-one-out: the Metrics tab gives the pooled score over the 150 rows, not 150 zeros and ones', async () => {
  const page = await openPanel('irisLoo');
  assert.match(await page.locator('.settings-shown').textContent(), /· tree: all 150 rows · metrics: leave-one-out CV/);
  await page.getByRole('tab', { name: 'Metrics' }).click();
  assert.match(await page.locator('.metrics-what').textContent(), /^Leave-one-out CV of these settings \(not stratified\): 150 trees, each trained on every row but one/);
  const line = page.locator('.cv-scores');
  // scikit-learn's LeaveOneOut at max_depth 3: 142 of 150 (test/fixtures/validation).
  assert.equal(await line.textContent(), 'leave-one-out CV accuracy of these settings: 94.7% over 150 rows, each predicted by a tree that did not see it');
  assert.match(await line.getAttribute('title'), /^150 trees grown with these settings, one per row/);
  await page.screenshot({ path: join(artifacts, 'metrics-loo.png') });
  await page.close();
});

await check('the hold-out drawn 10 times: the Metrics tab gives the spread as the CV line does, and every figure over the draws', async () => {
  const page = await openPanel('irisDraws');
  const r = reports.irisDraws.metrics.repeatedHoldout;
  assert.match(await page.locator('.settings-shown').textContent(), /· tree: 105 training rows · metrics: hold-out 30% × 10/);
  await page.getByRole('tab', { name: 'Metrics' }).click();
  assert.match(await page.locator('.metrics-what').textContent(), /^Hold-out 30% drawn 10 times with the same proportions \(stratified, seeds 42–51\)/);
  const line = page.locator('.cv-scores');
  assert.equal(
    await line.textContent(),
    `hold-out accuracy (30% of the rows), mean of 10 draws: ${(r.mean * 100).toFixed(1)}% ± ${(r.std * 100).toFixed(1)}% (draws: ${r.scores.map((x) => `${(x * 100).toFixed(1)}%`).join(', ')})`,
  );
  assert.match(await line.getAttribute('title'), /^The hold-out drawn 10 times with the same proportions/);
  const figures = await page.locator('table[aria-label="Each figure over 10 hold-out draws"] tbody th').allTextContents();
  assert.deepEqual(figures, r.figures.map((f) => f.name));
  await page.screenshot({ path: join(artifacts, 'metrics-draws.png') });
  await page.close();
});

await check('alpha chosen by CV: the Metrics tab gives its score on the folds that chose it and the nested estimate', async () => {
  const page = await openPanel('irisAlphaCv');
  const a = reports.irisAlphaCv.alphaSelection;
  await page.getByRole('tab', { name: 'Metrics' }).click();
  const text = await page.locator('.metrics-tab .alpha-cv').textContent();
  assert.match(text, /^ccp α = \S+ chosen by 3-fold CV: accuracy \S+ on the folds that chose it; nested estimate \(α chosen again inside each of 3 folds\): /);
  assert.ok(text.includes(`per-fold α ${a.nested.alphas.map((x) => Number(x.toPrecision(4))).join(', ')}`), text);
  await page.close();
});

await check('"Show all" on a small tree draws every node at once, without a warning', async () => {
  const page = await openPanel('hostile');
  const total = reports.hostile.model.nodes.length;
  assert.ok(total <= 300, `iris has ${total} nodes`);
  assert.ok((await page.locator('.stage svg g.node[data-ref^="stub:"]').count()) > 0, 'the default fold hides some nodes');
  await page.getByRole('button', { name: 'Show all', exact: true }).click();
  await page.waitForFunction((n) => document.querySelectorAll('.stage svg g.node[data-ref^="node:"]').length === n, total);
  assert.equal(await page.locator('.stage svg g.node[data-ref^="stub:"]').count(), 0);
  assert.equal(await page.locator('.show-all-warning').textContent(), '');
  await page.close();
});

await check('a big tree opens folded; "Show all" first warns with the node count and time, Cancel keeps the view, confirming draws every node (timings printed)', async () => {
  const started = Date.now();
  const page = await openPanel('diabetesFull');
  const opened = Date.now() - started;
  const total = reports.diabetesFull.model.nodes.length;
  assert.ok(total > 300, `the full diabetes tree has ${total} nodes`);
  const folded = await nodeCount(page);
  assert.ok(folded < total);
  assert.match(await page.locator('.tree-status').textContent(), new RegExp(`^\\d+ of ${total} nodes shown`));
  const showAll = page.getByRole('button', { name: 'Show all', exact: true });
  await showAll.click();
  const warning = page.locator('.show-all-warning[role="alert"]');
  const text = await warning.locator('p').textContent();
  assert.match(text, new RegExp(`^This tree has ${total.toLocaleString('en-US')} nodes\\. Drawing all of them takes (about \\d+ (s|min|h)|under a second) here`));
  await page.screenshot({ path: join(artifacts, 'show-all-warning.png') });
  await warning.getByRole('button', { name: 'Cancel' }).click();
  assert.equal(await warning.textContent(), '');
  assert.equal(await nodeCount(page), folded, 'Cancel draws nothing');
  await showAll.click();
  const cdp = process.env.PROFILE ? await page.context().newCDPSession(page) : null;
  if (cdp) { await cdp.send('Profiler.enable'); await cdp.send('Profiler.start'); }
  const t0 = Date.now();
  // The click returns once the page has drawn every node, which on a loaded machine takes longer than a click's 30 s.
  await warning.getByRole('button', { name: `Show all ${total.toLocaleString('en-US')} nodes` }).click({ timeout: 120_000 });
  await page.waitForFunction((n) => document.querySelector('.tree-status')?.textContent?.startsWith(`${n} of ${n} nodes shown`), total, { timeout: 120_000 });
  const expanded = Date.now() - t0;
  if (cdp) {
    const { profile } = await cdp.send('Profiler.stop');
    const self = new Map();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    profile.samples.forEach((id, i) => {
      const n = byId.get(id);
      const k = `${n.callFrame.functionName} ${n.callFrame.url.split('/').pop()}:${n.callFrame.lineNumber}`;
      self.set(k, (self.get(k) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(`    ${(v / 1000).toFixed(0)} ms ${k}`);
  }
  assert.equal(await page.locator('.stage svg g.node[data-ref^="node:"]').count(), total);
  assert.equal(await page.locator('.stage svg g.node[data-ref^="stub:"]').count(), 0);
  console.log(`  ${total}-node tree: opened folded in ${opened} ms (page load included); warned "${text.split('. ')[1]}"; Show all drew ${total} nodes in ${expanded} ms`);
  await page.screenshot({ path: join(artifacts, 'big-tree-expanded.png') });
  await page.close();
});

await check('a tree too big to send whole: the panel gets its top, fetches what a deep stub, a row or a rule needs, and will not "Show all"', async () => {
  const model = reports.huge.model;
  const total = model.nodes.length;
  const first = panelReport(reports.huge).model.nodes.id.length;
  assert.ok(total > 10_000 && first <= 1000, `${total} nodes, ${first} sent first`);
  const page = await openPanel('huge');
  assert.match(await page.locator('.tree-status').textContent(), new RegExp(`^\\d+ of ${total} nodes shown`));
  // A row whose leaf is deep: the host's rowPath brings the branch, the path is drawn to the leaf.
  const leaf = model.nodes.reduce((a, n) => (n.depth > a.depth ? n : a));
  const path = [];
  for (let id = leaf.id; id >= 0; id = model.nodes.findIndex((n) => n.children.includes(id))) path.unshift(id);
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'rowPath', row: 0, path, nodes: branchSlice(model, leaf.id), prediction: leaf.prediction, actual: leaf.prediction });
  await page.waitForSelector(`.stage svg g.node.selected[data-ref="node:${leaf.id}"]`);
  // The deep leaf is panned into view (the stage moves by transform: the viewport never scrolls,
  // or panning and Fit would be off by the scroll).
  await page.waitForFunction((id) => document.activeElement?.getAttribute('data-ref') === `node:${id}`, leaf.id);
  assert.ok(await inView(page, '.stage svg g.node.selected'), 'the row\'s leaf is out of view');
  assert.deepEqual(await page.locator('.viewport').evaluate((v) => [v.scrollLeft, v.scrollTop]), [0, 0]);
  // A stub beside the path, deep down (the one nearest the leaf, which Show path brought into
  // view): opening it asks the host for its subtree, then draws it.
  const stubId = path.map((id) => model.nodes[id].children).flat().findLast((c) => !path.includes(c) && model.nodes[c].children.length > 0 && model.nodes[c].depth > 12);
  assert.ok(stubId !== undefined, 'a deep subtree beside the path');
  await page.locator(`.stage svg g.node[data-ref="stub:${stubId}"]`).click();
  const child = model.nodes[stubId].children[0];
  await page.waitForSelector(`.stage svg g.node[data-ref="node:${child}"]`);
  const asked = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'nodes'));
  assert.deepEqual(asked.map((m) => [m.request.nodeId, m.request.scope, m.request.totalNodes]), [[stubId, 'subtree', total]]);
  // Hidden and shown again, the panel is rebuilt from its state, then the host posts the same
  // report (its first slice only): the subtree fetched stays open.
  await page.waitForFunction((id) => window.acquireVsCodeApi().getState()?.shown?.report.model.nodes.id.includes(id), child);
  const saved = await page.evaluate(() => window.acquireVsCodeApi().getState());
  const rebuilt = await context.newPage();
  await serveHost(rebuilt, () => reports.huge);
  await rebuilt.addInitScript((s) => { window.__savedState = s; }, saved);
  await rebuilt.goto(`file://${indexHtml}#dark`);
  await rebuilt.waitForSelector(`.stage svg g.node[data-ref="node:${child}"]`);
  await rebuilt.evaluate(() => document.querySelector('.stage svg').setAttribute('data-old', ''));
  await rebuilt.evaluate((msg) => window.postMessage(msg, '*'), { type: 'show', report: panelReport(reports.huge), fileName: 'huge.csv', documentUri: 'file:///data/huge.csv', settings: panelSettings(reports.huge) });
  await rebuilt.waitForSelector('.stage svg:not([data-old]) g.node');
  assert.equal(await rebuilt.locator(`.stage svg g.node[data-ref="node:${child}"]`).count(), 1, 'the fetched subtree is still drawn');
  assert.equal(await rebuilt.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'nodes').length), 0, 'nothing fetched again');
  await rebuilt.close();
  // Show all is not offered: disabled, the reason and the way round it on hover.
  const showAll = page.locator('.tree-tab .toolbar vscode-button', { hasText: 'Show all' }).first();
  assert.equal(await showAll.getAttribute('disabled'), '');
  assert.match(await showAll.getAttribute('title'), new RegExp(`^Not offered: this tree has ${total.toLocaleString('en-US')} nodes, and drawing them all would take .* Open a "\\+N nodes" stub`));
  await showAll.click({ force: true });
  assert.equal(await page.locator('.show-all-warning p').count(), 0, 'a click on the disabled button asks nothing');
  // A rule whose leaf the page was not sent: the branch is fetched, then its leaf is selected.
  await page.getByRole('tab', { name: 'Rules' }).click();
  const rules = page.locator('table.rules tbody tr');
  await rules.first().waitFor();
  // The tab's default order (coverage, largest first; ties in the report's order) tells which row leads where.
  const byCoverage = reports.huge.rules.map((r, i) => [r, i]).sort((a, b) => b[0].covered - a[0].covered || a[1] - b[1]).map(([r]) => r.leaf);
  const loaded = new Set(await page.evaluate(() => window.acquireVsCodeApi().getState().shown.report.model.nodes.id));
  const row = byCoverage.findIndex((l, i) => i < 250 && !loaded.has(l));
  assert.ok(row >= 0, 'a rule among the first rows leads to a leaf the page was not sent');
  await rules.nth(row).click();
  await page.waitForSelector(`.stage svg g.node.selected[data-ref="node:${byCoverage[row]}"]`);
  const branches = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'nodes' && m.request.scope === 'branch').map((m) => m.request.nodeId));
  assert.deepEqual(branches, [byCoverage[row]]);
  await page.screenshot({ path: join(artifacts, 'huge-tree.png') });
  await page.close();
});

await check('two classes: ROC curve with AUC', async () => {
  const page = await openPanel('bike');
  await page.getByRole('tab', { name: 'Metrics' }).click();
  await page.locator('svg.roc polyline').first().waitFor();
  assert.match(await page.locator('.roc-figure figcaption').first().textContent(), /AUC = /);
  await page.screenshot({ path: join(artifacts, 'roc.png') });
  await page.close();
});

await check('tree first: at 400, 500, 800 and 1,400 px the tree gets the panel, whole or with an overview, text ≥ 11 px, details only on selection and the page never scrolled', async () => {
  const problems = [];
  for (const [name, theme] of [['iris', 'light'], ['diabetesFull', 'darkModern']]) {
    const page = await openPanel(name, theme);
    for (const width of [400, 500, 800, 1400]) {
      await page.setViewportSize({ width, height: 900 });
      await page.waitForFunction((w) => Math.abs(document.querySelector('.viewport').getBoundingClientRect().width - (w - 26)) < 60, width);
      // The first view of a tree: fitted without shrinking below the editor's font size.
      await page.evaluate(() => window.postMessage({ type: 'busy', message: '', fraction: null }, '*'));
      const at = `${name} ${theme} ${width}px`;
      await page.getByRole('button', { name: 'Fold to default' }).click(); // redraws and fits afresh
      await page.waitForTimeout(300);
      const m = await page.evaluate(treeLayout);
      console.log(`  ${at}: ${JSON.stringify(m)}`);
      if (m.width < 0.7 * m.panelWidth) problems.push(`${at}: the tree is ${m.width} of ${m.panelWidth} px wide`);
      if (m.height < 0.6 * m.panelHeight) problems.push(`${at}: the tree is ${m.height} of ${m.panelHeight} px high`);
      if (m.seenPx < 11 - 0.01) problems.push(`${at}: node text is seen at ${m.seenPx} px, under 11 px`);
      // Whole when it fits legibly, else the overview of the whole tree.
      if (m.whole < m.nodes && m.overview === null) problems.push(`${at}: ${m.whole} of ${m.nodes} nodes in view and no overview`);
      if (name === 'iris' && width >= 800 && m.whole !== m.nodes) problems.push(`${at}: ${m.whole} of ${m.nodes} nodes wholly in view`);
      if (m.details !== null) problems.push(`${at}: the details take room with nothing selected`);
      // Iris opens whole from 500 px; narrower, folded to what fits whole (the overview shows the rest).
      if (name === 'iris' && width >= 500 && (m.nodes !== reports.iris.model.nodes.length || m.stubs > 0)) problems.push(`${at}: iris shows ${m.nodes} nodes and ${m.stubs} stubs`);
      // The first view shows every drawn node whole, at ≥ 11 px: folded to fit rather than cut.
      if (m.whole !== m.nodes) problems.push(`${at}: ${m.whole} of ${m.nodes} drawn nodes wholly in view`);
      if (m.overviewCovers > 0) problems.push(`${at}: the overview lies over ${m.overviewCovers} drawn labels`);
      await page.screenshot({ path: join(artifacts, `layout-${name}-${theme}-${width}.png`) });
      // Fit shows the whole drawing, its text no smaller than the legible minimum.
      await page.getByRole('button', { name: 'Fit', exact: true }).click();
      const fitted = await page.evaluate(treeLayout);
      if (fitted.seenPx < 11 - 0.01) problems.push(`${at}: after Fit node text is ${fitted.seenPx} px`);
      if (fitted.whole !== fitted.nodes) problems.push(`${at}: after Fit ${fitted.whole} of ${fitted.nodes} drawn nodes wholly in view`);
      // Selecting a node opens the details beside the tree (wide) or over it (narrow); Escape closes them.
      await page.locator('.stage svg g.node[data-ref="node:0"]').click();
      await page.locator('.details').waitFor();
      const open = await page.evaluate(treeLayout);
      if (width <= 700 && open.width < m.width - 1) problems.push(`${at}: the bottom sheet narrowed the tree to ${open.width} px`);
      if (width <= 700 && !(open.details.top > 0.3 * open.panelHeight)) problems.push(`${at}: the bottom sheet starts at ${open.details.top} px`);
      if (width > 700 && !(open.details.left >= open.width)) problems.push(`${at}: the details are not beside the tree`);
      if (width > 700 && open.width < 0.55 * open.panelWidth) problems.push(`${at}: with details open the tree is ${open.width} px`);
      if (open.scrollY !== 0) problems.push(`${at}: with details open the page scrolled to ${open.scrollY}`);
      await page.screenshot({ path: join(artifacts, `layout-${name}-${theme}-${width}-details.png`) });
      await page.keyboard.press('Escape');
      await page.locator('.details').waitFor({ state: 'hidden' });
      const focused = await page.evaluate(() => document.activeElement?.getAttribute('data-ref'));
      if (focused !== 'node:0') problems.push(`${at}: after Escape the focus is on ${focused}`);
    }
    await page.close();
  }
  assert.deepEqual(problems, []);
});

await check('a full depth-6 tree (127 nodes) beside the CSV (461 × 700) and wide (780 × 980): the overview has every node, ≥ 15 nodes wholly in view at ≥ 11 px, and Fit shows the whole drawing', async () => {
  const problems = [];
  const total = reports.deep127.model.nodes.length;
  assert.equal(total, 127);
  for (const theme of ['light', 'darkModern']) {
    const page = await openPanel('deep127', theme);
    for (const [width, height] of [[461, 700], [780, 980]]) {
      await page.setViewportSize({ width, height });
      await page.waitForFunction((w) => Math.abs(document.querySelector('.viewport').getBoundingClientRect().width - (w - 26)) < 60, width);
      await page.getByRole('button', { name: 'Fold to default' }).click(); // a fresh first view at this size
      await page.waitForTimeout(300);
      const at = `deep127 ${theme} ${width}×${height}`;
      const m = await page.evaluate(treeLayout);
      console.log(`  ${at}: ${JSON.stringify(m)}`);
      if (m.overview !== total) problems.push(`${at}: the overview shows ${m.overview} cells`);
      if (m.seenPx < 11 - 0.01) problems.push(`${at}: node text seen at ${m.seenPx} px`);
      if (m.whole < 15) problems.push(`${at}: ${m.whole} nodes wholly in view`);
      if (m.overviewCovers > 0) problems.push(`${at}: the overview lies over ${m.overviewCovers} drawn labels`);
      await page.screenshot({ path: join(artifacts, `deep127-${theme}-${width}.png`) });
      await page.getByRole('button', { name: 'Fit', exact: true }).click();
      const fitted = await page.evaluate(treeLayout);
      if (fitted.whole !== fitted.nodes) problems.push(`${at}: after Fit ${fitted.whole} of ${fitted.nodes} drawn nodes wholly in view`);
      if (fitted.seenPx < 11 - 0.01) problems.push(`${at}: after Fit node text seen at ${fitted.seenPx} px`);
    }
    await page.close();
  }
  assert.deepEqual(problems, []);
});

await check('focus on a subtree: only it is drawn, fitted, a breadcrumb leads back; the depth window draws the levels asked for', async () => {
  const model = reports.deep127.model;
  const page = await openPanel('deep127', 'light');
  await page.setViewportSize({ width: 461, height: 700 });
  await page.getByRole('button', { name: 'Fold to default' }).click();
  const drawnIds = () => page.evaluate(() => [...document.querySelectorAll('.stage svg g.node[data-ref^="node:"]')].map((g) => Number(g.getAttribute('data-ref').slice(5))));
  // Node 1's subtree (the root's first child): every node drawn is in it, whole and legible.
  const under = (id, top) => { for (let n = id; n >= 0; n = model.nodes.findIndex((p) => p.children.includes(n))) if (n === top) return true; return false; };
  const focusId = model.nodes[0].children[1];
  await page.locator(`.stage svg g.node[data-ref="node:${focusId}"]`).click();
  await page.locator('.details').getByRole('button', { name: 'Focus on subtree' }).click();
  await page.locator('.breadcrumb:not([hidden])').waitFor();
  await page.waitForFunction((id) => !document.querySelector('.stage svg g.node[data-ref="node:0"]') && !!document.querySelector(`.stage svg g.node[data-ref="node:${id}"]`), focusId);
  await page.keyboard.press('Escape');
  await page.waitForTimeout(300);
  const ids = await drawnIds();
  assert.ok(ids.length >= 7 && ids.every((id) => under(id, focusId)), `drawn: ${ids}`);
  const m = await page.evaluate(treeLayout);
  assert.ok(m.whole === m.nodes && m.seenPx >= 11 - 0.01, JSON.stringify(m));
  const crumbs = await page.locator('.breadcrumb').innerText();
  assert.match(crumbs.replace(/\s+/g, ' '), /^Whole tree › a > 42\.45$/);
  await page.screenshot({ path: join(artifacts, 'focus-subtree-461.png') });
  // The depth window: two levels below the focused node.
  const levels = page.locator('vscode-text-field[aria-label="Levels"]');
  await levels.evaluate((f) => { f.value = '2'; f.dispatchEvent(new Event('change')); });
  await page.waitForFunction(() => document.querySelectorAll('.stage svg g.node[data-ref^="node:"]').length === 3);
  const depths = (await drawnIds()).map((id) => model.nodes[id].depth);
  assert.deepEqual([...new Set(depths)].sort(), [1, 2]);
  await levels.evaluate((f) => { f.value = ''; f.dispatchEvent(new Event('change')); });
  // Back to the whole tree from the breadcrumb.
  await page.locator('.breadcrumb').getByRole('button', { name: 'Whole tree' }).click();
  await page.waitForSelector('.stage svg g.node[data-ref="node:0"]');
  assert.equal(await page.locator('.breadcrumb').isHidden(), true);
  await page.close();
});

await check('node bars: class shares as a stacked bar in each node, a mean and spread marker for regression', async () => {
  const page = await openPanel('iris');
  const model = reports.iris.model;
  const bars = await page.locator('.stage svg g.node[data-ref^="node:"]').evaluateAll((gs) =>
    gs.map((g) => [Number(g.getAttribute('data-ref').slice(5)), [...g.querySelectorAll('.node-bar > rect:not(.node-bar-frame)')].map((r) => Number(r.getAttribute('width')))]),
  );
  assert.equal(bars.length, model.nodes.length);
  for (const [id, widths] of bars) {
    const counts = model.nodes[id].value.filter((c) => c > 0);
    const total = counts.reduce((a, b) => a + b, 0);
    assert.equal(widths.length, counts.length, `node ${id}: a segment per class present`);
    const whole = widths.reduce((a, b) => a + b, 0);
    widths.forEach((w, k) => assert.ok(Math.abs(w / whole - counts[k] / total) < 1e-6, `node ${id}: segment ${k}`));
  }
  // The bar lies inside its node, below the text.
  const inside = await page.locator('.stage svg g.node[data-ref="node:0"]').evaluate((g) => {
    const bar = g.querySelector('.node-bar').getBoundingClientRect();
    const shape = g.querySelector(':scope > rect, :scope > path').getBoundingClientRect();
    const text = g.querySelector('.nodeLabel p, .nodeLabel').getBoundingClientRect();
    return bar.top >= shape.top && bar.bottom <= shape.bottom && bar.left >= shape.left && bar.right <= shape.right && bar.top >= text.top;
  });
  assert.ok(inside, 'the bar sits inside the node');
  await page.locator('.stage svg g.node[data-ref="node:0"]').screenshot({ path: join(artifacts, 'node-bar.png') });
  await page.close();
  const regression = await openPanel('diabetes', 'light');
  const marks = await regression.locator('.stage svg g.node[data-ref^="node:"]').evaluateAll((gs) => gs.map((g) => g.querySelectorAll('.node-bar .node-bar-mean').length));
  assert.ok(marks.length > 0 && marks.every((n) => n === 1), 'every regression node marks its mean');
  await regression.locator('.stage svg g.node[data-ref="node:0"]').screenshot({ path: join(artifacts, 'node-bar-regression.png') });
  await regression.close();
});

await check('node details chart a categorical split: rows per category and class, and the branch each goes to', async () => {
  const page = await openPanel('play', 'light');
  await page.locator('.stage svg g.node[data-ref="node:0"]').click();
  const asked = await page.evaluate(() => window.__posted.find((m) => m.type === 'request' && m.kind === 'splitDistribution'));
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'reply', requestId: asked.requestId, reply: playDistribution });
  await page.waitForSelector('.details svg.split-chart');
  const rows = await page.locator('.details svg.split-chart text:not(.branch)').allTextContents();
  assert.deepEqual(rows, playDistribution.categories);
  const branches = await page.locator('.details svg.split-chart text.branch').allTextContents();
  assert.deepEqual(branches, playDistribution.branchOf.map((b) => `→ ${b + 1}`));
  await page.locator('.details').screenshot({ path: join(artifacts, 'details-categorical.png') });
  // The details offer to leave the split's column out of training (remembered by the host).
  await page.getByRole('button', { name: `Ignore ${reports.play.model.nodes[0].split.feature} and retrain` }).click();
  const ignored = await page.evaluate(() => window.__posted.filter((m) => m.type === 'ignoreColumn'));
  assert.deepEqual(ignored, [{ type: 'ignoreColumn', column: reports.play.model.nodes[0].split.feature }]);
  await page.close();
});

await check('Export as SVG and PNG: a well-formed, self-contained SVG with the labels as escaped text, and PNG bytes', async () => {
  const page = await openPanel('hostile', 'darkModern');
  const model = reports.hostile.model;
  await page.getByRole('button', { name: 'Export ▾' }).click();
  await page.getByRole('menuitem', { name: 'Export as SVG' }).click();
  await page.waitForFunction(() => window.__posted.some((m) => m.type === 'saveDrawing'));
  const svg = await page.evaluate(() => window.__posted.find((m) => m.type === 'saveDrawing'));
  assert.equal(svg.format, 'svg');
  const parsed = await page.evaluate((text) => {
    const doc = new DOMParser().parseFromString(text, 'image/svg+xml');
    const error = doc.querySelector('parsererror');
    return {
      error: error?.textContent ?? null,
      root: doc.documentElement.localName,
      nodes: [...doc.querySelectorAll('g.node[data-ref^="node:"]')].map((g) => [Number(g.getAttribute('data-ref').slice(5)), g.textContent]),
      dangerous: doc.querySelectorAll('script, img, b, iframe').length,
      handlers: [...doc.querySelectorAll('*')].filter((e) => [...e.attributes].some((a) => a.name.startsWith('on'))).length,
      background: doc.documentElement.querySelector(':scope > rect')?.getAttribute('fill'),
      styled: doc.querySelector('.nodeLabel')?.getAttribute('style') ?? '',
    };
  }, svg.data);
  assert.equal(parsed.error, null);
  assert.equal(parsed.root, 'svg');
  assert.equal(parsed.dangerous, 0);
  assert.equal(parsed.handlers, 0);
  assert.equal(parsed.background, 'rgb(31, 31, 31)', 'drawn on the theme background');
  assert.match(parsed.styled, /color: rgb\(204, 204, 204\)/, 'the theme text colour written in');
  assert.ok(parsed.nodes.length > 5);
  for (const [id, text] of parsed.nodes) {
    const node = model.nodes[id];
    // A compact label may break a long name after `_` with a zero-width space: a break, not text.
    assert.ok(text.replaceAll('\u200b', '').includes(node.split ? node.split.feature : String(node.prediction)), `node ${id}: ${text}`);
  }
  assert.ok(svg.data.includes('&lt;img src=x onerror=alert(1)&gt;'), 'the hostile header is escaped in the file');
  // PNG: drawn from the SVG on a canvas in the page (the CSP lets it), bytes to the host.
  await page.getByRole('button', { name: 'Export ▾' }).click();
  await page.getByRole('menuitem', { name: 'Export as PNG' }).click();
  await page.waitForFunction(() => window.__posted.some((m) => m.type === 'saveDrawing' && m.format === 'png'), null, { timeout: 30_000 });
  const png = Buffer.from(await page.evaluate(() => window.__posted.find((m) => m.type === 'saveDrawing' && m.format === 'png').data), 'base64');
  assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const [w, h] = [png.readUInt32BE(16), png.readUInt32BE(20)];
  const drawn = await page.evaluate(() => document.querySelector('.stage svg').viewBox.baseVal.width);
  assert.ok(Math.abs(w - 2 * drawn) <= 2 && h > 100, `PNG ${w}×${h} for a drawing ${drawn} wide`);
  writeFileSync(join(artifacts, 'export.svg'), svg.data);
  writeFileSync(join(artifacts, 'export.png'), png);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.close();
});

/** The column profile view's page showing `name`'s view (reports.ts profileViews). */
async function openProfile(name, theme = 'dark', html = profileHtml) {
  const page = await context.newPage();
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => requests.push(r.url()));
  page.on('pageerror', (e) => console.log(`  page error: ${e.message}`));
  await page.goto(`file://${html}#${theme}`);
  await page.waitForFunction(() => window.__posted.some((m) => m.type === 'ready'));
  await page.evaluate((show) => window.postMessage(show, '*'), { type: 'show', fileName: `${name}.csv`, view: profileViews[name] });
  await page.waitForSelector('.card');
  return page;
}
const profileHtml = writeProfilePage(work);

await check('profile view: a card per column with its figures, sortable, and its choices posted to the host; nothing blocked', async () => {
  const view = profileViews.iris;
  for (const theme of ['light', 'dark', 'hc']) {
    const page = await openProfile('iris', theme);
    assert.equal(await page.locator('.card').count(), view.profile.columns.length);
    const petal = view.profile.columns[2];
    assert.equal(await page.locator('.card[data-column="2"] .distinct').textContent(), String(petal.distinct));
    assert.equal(await page.locator('.card[data-column="2"] svg.chart rect.bar').count(), view.histograms[2].counts.length);
    assert.match(await page.locator('.card[data-column="1"] .split').textContent(), /ignored for training/);
    assert.match(await page.locator('.card[data-column="4"] .heterogeneity').textContent(), new RegExp(`^Gini ${view.profile.columns[4].heterogeneity.gini.toFixed(4)} `));
    await page.screenshot({ path: join(artifacts, `profile-iris-${theme}.png`), fullPage: true });
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    await page.close();
  }
  const page = await openProfile('iris');
  await page.locator('select.sort-key').selectOption('split');
  assert.deepEqual(await page.locator('.card .name').allTextContents(), [...view.splits.splits.map((s) => s.feature), 'sepal_width_cm', 'species']);
  await page.locator('.card[data-column="0"]').getByRole('button', { name: 'Set as target' }).click();
  await page.locator('.card[data-column="1"]').getByRole('button', { name: 'Use for training' }).click();
  await page.locator('.card[data-column="3"] select.type-select').selectOption('categorical');
  const posted = await page.evaluate(() => window.__posted.filter((m) => m.type !== 'ready'));
  assert.deepEqual(posted, [
    { type: 'setTarget', column: 'sepal_length_cm' },
    { type: 'ignore', column: 'sepal_width_cm', ignored: false },
    { type: 'setType', column: 'petal_width_cm', columnType: 'categorical' },
  ]);
  await page.close();
});

await check('profile view in Italian and Finnish: every label from the bundle, numbers with a decimal comma, the choices still post the engine\'s names', async () => {
  const view = profileViews.iris;
  const gini = view.profile.columns[4].heterogeneity.gini.toFixed(4).replace('.', ',');
  const expected = {
    it: { heterogeneity: `Gini ${gini} (normalizzato `, target: 'Imposta come target', ignored: 'ignorata nell\'addestramento', sort: 'Ordina per', rows: 'righe' },
    fi: { heterogeneity: `Gini ${gini} (normalisoitu `, target: 'Aseta kohdesarakkeeksi', ignored: 'jätetty pois koulutuksesta', sort: 'Järjestä', rows: 'riviä' },
  };
  for (const [language, theme, width] of [['it', 'light', 460], ['fi', 'dark', 1400]]) {
    const html = writeProfilePage(work, bundledLanguage(language));
    const page = await openProfile('iris', theme, html);
    await page.setViewportSize({ width, height: 900 });
    const want = expected[language];
    assert.equal(await page.evaluate(() => document.documentElement.lang), language);
    assert.ok((await page.locator('.card[data-column="4"] .heterogeneity').textContent()).startsWith(want.heterogeneity));
    assert.match(await page.locator('.card[data-column="1"] .split').textContent(), new RegExp(want.ignored));
    assert.match(await page.locator('.sort-bar label').textContent(), new RegExp(`^${want.sort}`));
    assert.match(await page.locator('h1.title').textContent(), new RegExp(`150 ${want.rows}`));
    // No English label left on a card: the page's words, not the data's, are what the bundle changes.
    const english = /\b(missing|distinct|Best split|normalised|entropy|continuous|Set as target|Ignore for training|detected)\b/;
    for (const text of await page.locator('.card .facts, .card .heterogeneity, .card .split, .card .actions').allTextContents()) assert.doesNotMatch(text, english, text);
    // A number in a chart's axis reads with a comma (iris's petal widths start at 0.1).
    assert.match(await page.locator('.card[data-column="3"] svg.chart text.axis').first().textContent(), /^0,1$/);
    await page.screenshot({ path: join(artifacts, `profile-iris-${language}-${theme}-${width}.png`), fullPage: true });
    await page.locator('.card[data-column="0"]').getByRole('button', { name: want.target }).click();
    await page.locator('.card[data-column="3"] select.type-select').selectOption('categorical');
    assert.deepEqual(await page.evaluate(() => window.__posted.filter((m) => m.type !== 'ready')), [
      { type: 'setTarget', column: 'sepal_length_cm' },
      { type: 'setType', column: 'petal_width_cm', columnType: 'categorical' },
    ]);
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    await page.close();
  }
});

await check('tree page in Italian and Finnish: tabs, toolbar, details and Metrics from the bundle, thresholds and figures with a decimal comma, the settings still post the engine\'s names', async () => {
  const expected = {
    it: { tabs: ['Albero', 'Regole', 'Importanze', 'Metriche', 'Confronta'], full: 'Etichette complete', retrain: 'Riaddestra', root: 'La radice: ogni riga di addestramento.', chosen: '(scelta)', accuracy: 'accuratezza', measure: 'Misura' },
    fi: { tabs: ['Puu', 'Säännöt', 'Tärkeydet', 'Mittarit', 'Vertaa'], full: 'Täydet nimiöt', retrain: 'Kouluta uudelleen', root: 'Juuri: kaikki koulutusrivit.', chosen: '(valittu)', accuracy: 'tarkkuus', measure: 'Mittari' },
  };
  for (const [language, theme, width] of [['it', 'light', 460], ['fi', 'dark', 1400]]) {
    const want = expected[language];
    const page = await openPanel('iris', theme, writePanelPage(work, bundledLanguage(language)));
    await page.setViewportSize({ width, height: 900 });
    assert.equal(await page.evaluate(() => document.documentElement.lang), language);
    assert.deepEqual((await page.getByRole('tab').allTextContents()).map((text) => text.trim()), want.tabs);
    // The drawing: the root's threshold and its edges with the comma, no number with a point left.
    await page.getByRole('button', { name: want.full }).click();
    await page.waitForFunction(() => /≤ 2,45/.test(document.querySelector('.stage svg g.node[data-ref="node:0"]')?.textContent ?? ''));
    const drawn = (await page.locator('.stage svg g.node, .stage svg g.edgeLabel').allTextContents()).join(' | ');
    assert.match(drawn, /gini = 0,667/);
    assert.doesNotMatch(drawn, /\d\.\d/, `a number with a decimal point in the drawing: ${drawn.match(/.{0,40}\d\.\d.{0,20}/)?.[0]}`);
    assert.deepEqual((await page.locator('.stage svg g.edgeLabel').allTextContents()).filter((e) => /2,45/.test(e)).sort(), ['> 2,45', '≤ 2,45']);
    // The details: the bundle's words, the alternatives' thresholds with the comma.
    await openRootAlternatives(page);
    await page.waitForSelector('.details table.alternatives');
    assert.match(await page.locator('.details').textContent(), new RegExp(want.root.replace('.', '\\.')));
    assert.equal((await page.locator('.details table.alternatives tbody tr.chosen td').first().textContent()).trim(), `petal_length_cm ≤ 2,45 ${want.chosen}`);
    await page.screenshot({ path: join(artifacts, `tree-iris-${language}-${theme}-${width}.png`) });
    await page.getByRole('tab', { name: want.tabs[2] }).click();
    assert.match(await page.locator('.importances-tab .toolbar').textContent(), new RegExp(want.measure));
    await page.getByRole('tab', { name: want.tabs[3] }).click();
    const accuracy = page.locator('.metrics-tab .stat').filter({ hasText: want.accuracy }).first();
    assert.match(await accuracy.locator('.stat-value').textContent(), /^\d+,\d\s?%$/);
    await page.screenshot({ path: join(artifacts, `metrics-iris-${language}-${theme}-${width}.png`), fullPage: true });
    // The settings drawer's Retrain posts the engine's names, whatever the page says.
    await page.getByRole('tab', { name: want.tabs[0] }).click();
    await page.locator('.settings-toggle').click();
    await page.locator('#settings-drawer vscode-button', { hasText: want.retrain }).click();
    const retrain = await page.evaluate(() => window.__posted.find((m) => m.type === 'retrain'));
    assert.equal(retrain.settings.algorithm, 'cart');
    assert.ok(['auto', 'gini'].includes(retrain.settings.criterion), retrain.settings.criterion);
    assert.equal(retrain.settings.prune, 'none');
    assert.deepEqual(await page.evaluate(() => window.__violations), []);
    await page.close();
  }
});

await check('profile view: hostile column names and values render as text', async () => {
  const page = await openProfile('hostile');
  assert.deepEqual(await page.locator('.card .name').allTextContents(), profileViews.hostile.profile.columns.map((c) => c.name));
  assert.equal(await page.locator('#root img, #root script, .card b').count(), 0);
  assert.ok((await page.locator('.card[data-column="3"] svg.chart').textContent()).includes('<script>alert'));
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.screenshot({ path: join(artifacts, 'profile-hostile.png'), fullPage: true });
  await page.close();
});

await check('Compare: Pin, then the pinned depth-3 tree beside the full one, differing nodes outlined, one table, a row path in both', async () => {
  for (const [theme, width] of [['light', 500], ['dark', 1400]]) {
    const page = await openPanel('iris', theme);
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole('tab', { name: 'Compare' }).click();
    await page.getByRole('button', { name: 'Pin this tree' }).click();
    assert.deepEqual(await page.evaluate(() => window.__posted.filter((m) => m.type === 'pin')), [{ type: 'pin', pin: true }]);
    const pinned = reports.irisDepth3;
    const current = reports.iris;
    const compared = await comparison(pinned, panelSettings(pinned), current);
    await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'compare', comparison: compared });
    await page.waitForSelector('.compare-pane:nth-of-type(2) svg g.node');
    const drawn = await page.locator('.compare-pane').evaluateAll((panes) =>
      panes.map((p) => [...p.querySelectorAll('svg g.node[data-ref^="node:"]')].map((g) => [Number(g.getAttribute('data-ref').slice(5)), g.getAttribute('data-diff')])),
    );
    // Every node drawn carries its mark from the diff; the full tree's extra subtrees are its own.
    for (const [k, marks] of [[0, compared.diff.a], [1, compared.diff.b]]) {
      assert.ok(drawn[k].length > 0);
      for (const [id, mark] of drawn[k]) assert.equal(mark, marks[id], `pane ${k} node ${id}`);
    }
    assert.ok(drawn[1].some(([, m]) => m === 'only') && drawn[0].some(([, m]) => m === 'changed'), JSON.stringify(drawn));
    assert.equal(await page.locator('table.compare-metrics tbody tr').count(), 10);
    // The scores named as the Metrics tab names them (src/shared/render/score-names.ts).
    const scoreRows = (await page.locator('table.compare-metrics tbody th').allTextContents()).slice(-2);
    assert.equal(scoreRows[0], 'training accuracy');
    assert.match(scoreRows[1], /^(5-fold CV accuracy of these settings|hold-out accuracy \(\d+% of the rows\)|no unseen rows)$/);
    assert.match(await page.locator('table.compare-metrics tr.differs').first().textContent(), /max depth/);
    assert.match(await page.locator('.compare-summary').textContent(), /\d+ nodes? differ · 0 only in the pinned tree · \d+ only in the current one/);
    // Side by side on a wide panel, stacked on a narrow one.
    const [a, b] = await page.locator('.compare-pane').evaluateAll((ps) => ps.map((p) => p.getBoundingClientRect().toJSON()));
    assert.ok(width > 700 ? b.left >= a.right - 1 : b.top >= a.bottom - 1, JSON.stringify([a, b]));
    // A click selects the node at the same place in the other tree.
    await page.locator('.compare-pane:nth-of-type(1) svg g.node[data-ref="node:0"]').click();
    assert.equal(await page.locator('.compare-pane:nth-of-type(2) svg g.node.selected').getAttribute('data-ref'), 'node:0');
    assert.match(await page.locator('.compare-selection').textContent(), /^Pinned: .* · Current: /);
    // A row's path, through both trees, from the host.
    await page.locator('.compare-tab vscode-text-field[aria-label="Row"]').evaluate((f) => {
      f.value = '120';
    });
    await page.getByRole('button', { name: 'Show path in both' }).click();
    const ask = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'rowPath').at(-1));
    assert.equal(ask.request.row, 119);
    const walk = (model) => {
      const path = [0];
      for (let n = model.nodes[0]; n.split; n = model.nodes[path.at(-1)]) path.push(n.children[n.id % 2]);
      return path;
    };
    const [pa, pb] = [walk(pinned.model), walk(current.model)];
    const leafOf = (model, path) => model.nodes[path.at(-1)].prediction;
    await page.evaluate((msg) => window.postMessage(msg, '*'), {
      type: 'reply',
      requestId: ask.requestId,
      reply: { row: 119, path: pb, nodes: branchSlice(current.model, pb.at(-1)), prediction: leafOf(current.model, pb), actual: 'virginica', pinned: { path: pa, nodes: branchSlice(pinned.model, pa.at(-1)), prediction: leafOf(pinned.model, pa) } },
    });
    await page.waitForFunction(() => /^Row 120: pinned tree predicts/.test(document.querySelector('.compare-tab .path-info')?.textContent ?? ''));
    // Each pane draws its own path (the shared controller's, webview/tree-browser.ts): one thick edge per step.
    await page.waitForFunction(([na, nb]) => {
      const thick = (pane) => [...(pane?.querySelectorAll('path.flowchart-link') ?? [])].filter((e) => getComputedStyle(e).strokeWidth === '4px').length;
      const [p0, p1] = document.querySelectorAll('.compare-pane');
      return thick(p0) === na && thick(p1) === nb;
    }, [pa.length - 1, pb.length - 1]);
    // The selection is each pane's state: drawn again for the path, both panes keep it.
    assert.deepEqual(await page.locator('.compare-pane svg g.node.selected').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-ref'))), ['node:0', 'node:0']);
    // Keyboard: on a node, arrows move to its child, sibling and parent; Enter selects it and its twin.
    const [left, right] = pinned.model.nodes[0].children;
    await page.locator('.compare-pane:nth-of-type(1) svg g.node[data-ref="node:0"]').focus();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-ref'));
    await page.keyboard.press('ArrowDown');
    assert.equal(await focused(), `node:${left}`);
    await page.keyboard.press('ArrowRight');
    assert.equal(await focused(), `node:${right}`);
    await page.keyboard.press('Enter');
    const twin = compared.diff.aToB[right];
    assert.ok(twin >= 0, 'the root\'s right child has a twin');
    assert.deepEqual(await page.locator('.compare-pane svg g.node.selected').evaluateAll((gs) => gs.map((g) => g.getAttribute('data-ref'))), [`node:${right}`, `node:${twin}`]);
    assert.match(await page.locator('.compare-selection').textContent(), /^Pinned: .* · Current: /);
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'node:0');
    await page.keyboard.press('ArrowUp');
    assert.equal(await focused(), 'node:0', 'the root has no parent');
    await page.waitForTimeout(300);
    await page.screenshot({ path: join(artifacts, `compare-${theme}-${width}.png`), fullPage: true });
    await page.getByRole('button', { name: 'Unpin' }).click();
    assert.deepEqual(await page.evaluate(() => window.__posted.filter((m) => m.type === 'pin').at(-1)), { type: 'pin', pin: false });
    await page.evaluate(() => window.postMessage({ type: 'compare', comparison: null }, '*'));
    await page.getByRole('button', { name: 'Pin this tree' }).waitFor();
    await page.close();
  }
});

await check('an edited tree: the Metrics tab shows the CV of the edited structure on the grown tree\'s folds, beside its training rows', async () => {
  const page = await openPanel('irisCvEdited');
  const r = reports.irisCvEdited;
  await page.getByRole('tab', { name: 'Metrics' }).click();
  assert.match(await page.locator('.metrics-what').textContent(), /^5-fold CV of this tree's structure \(stratified, seed 42, the grown tree's folds\): its splits fixed, the leaves refitted per fold/);
  assert.deepEqual(await page.locator('.metrics-set h3').allTextContents(), ["5-fold CV of this tree's structure (out-of-fold predictions of all rows)", 'Training rows (the tree shown, on the rows it learnt from)']);
  const confusionTotal = (await page.locator('.metrics-set').first().locator('table.confusion td').allTextContents()).reduce((a, t) => a + Number(t), 0);
  assert.equal(confusionTotal, 150);
  assert.match(await page.locator('.cv-scores').textContent(), new RegExp(`^5-fold CV accuracy of this tree's structure: ${(r.metrics.crossValidation.mean * 100).toFixed(1)}% ±`));
  assert.equal(await page.locator('.metrics-tab p.muted').count(), 0, 'no advice to choose cross-validation in the settings');
  await page.screenshot({ path: join(artifacts, 'metrics-edited-cv.png') });
  await page.close();
});

await check('Edits: preview the 2nd alternative at the root, apply; the badge counts edits, Undo and Ctrl+Z ask the host; a changed file offers Retrain', async () => {
  const page = await openPanel('iris', 'light');
  await page.setViewportSize({ width: 1400, height: 1000 });
  await openRootAlternatives(page);
  const second = irisAlternatives[0][1];
  await page.locator('.details table.alternatives tbody tr').nth(1).getByRole('button', { name: 'Preview' }).click();
  const preview = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'previewEdit').at(-1));
  assert.deepEqual(preview.request, { edit: { op: 'split', node: 0, split: second.split } });
  const before = { trainingScore: 1, cvScore: 0.953, nodes: 17, leaves: 9, depth: 5 };
  const after = { trainingScore: 1, cvScore: 0.94, nodes: 21, leaves: 11, depth: 6 };
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'reply', requestId: preview.requestId, reply: { before, after, folds: 5 } });
  await page.waitForSelector('.details table.edit-preview');
  assert.deepEqual(await page.locator('.details table.edit-preview tbody tr.differs th').allTextContents(), ["5-fold CV accuracy of this tree's structure", 'nodes', 'leaves', 'depth']);
  assert.match(await page.locator('.details .edit-pending p').first().textContent(), new RegExp(`^Split node 0 by ${second.split.feature}`));
  await page.screenshot({ path: join(artifacts, 'edit-preview.png') });
  // The view the user zoomed to survives the edit.
  await page.locator('.tree-tab .toolbar').getByRole('button', { name: '+', exact: true }).click();
  const zoomed = await page.locator('.tree-tab .stage').evaluate((s) => s.style.transform);
  await page.locator('.details .edit-pending').getByRole('button', { name: 'Apply' }).click();
  assert.deepEqual(await page.evaluate(() => window.__posted.filter((m) => m.type === 'applyEdit')), [{ type: 'applyEdit', edit: { op: 'split', node: 0, split: second.split } }]);

  // The host answers with the edited tree (here: the same one) and its edit list.
  const edits = { applied: [{ op: 'split', node: 0, split: second.split }, { op: 'snip', node: 2 }], redo: [], restorable: [2] };
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'show', report: panelReport(reports.iris), fileName: 'iris.csv', documentUri: 'file:///data/iris.csv', settings: panelSettings(reports.iris), edits });
  await page.waitForFunction(() => document.querySelector('.edited-badge')?.textContent === 'edited · 2');
  await page.waitForFunction(() => !/^Drawing/.test(document.querySelector('.tree-status')?.textContent ?? ''));
  assert.equal(await page.locator('.tree-tab .stage').evaluate((s) => s.style.transform), zoomed, 'Apply keeps the view');
  await page.getByRole('button', { name: 'Undo' }).click();
  await page.locator('.viewport').first().focus();
  await page.keyboard.press('Control+z');
  await page.keyboard.press('Control+Shift+z');
  const steps = await page.evaluate(() => window.__posted.filter((m) => /Edit/.test(m.type) && m.type !== 'applyEdit').map((m) => m.type));
  assert.deepEqual(steps, ['undoEdit', 'undoEdit'], 'nothing to redo yet: Ctrl+Shift+Z asks nothing');
  // A leaf the host says a snip made offers Restore; a typed threshold previews a split of its own.
  await page.locator('.stage svg g.node[data-ref="node:1"]').click();
  await page.getByRole('button', { name: 'Restore subtree' }).waitFor({ state: 'hidden' });
  await page.getByRole('button', { name: 'Grow this leaf' }).waitFor();
  await page.locator('.custom-split vscode-text-field').evaluate((f) => {
    f.value = '1.9';
  });
  await page.locator('.custom-split').getByRole('button', { name: 'Preview' }).click();
  const typed = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'previewEdit').at(-1));
  assert.deepEqual(typed.request.edit, { op: 'split', node: 1, split: { feature: reports.iris.model.features[0].name, kind: 'numeric', threshold: 1.9 } }, 'a leaf offers the first feature');
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'requestFailed', requestId: typed.requestId, message: 'threshold 1.9 is outside the range of "petal_length_cm" at node 1 (1 … 1.9): every row would go the same way' });
  await page.waitForFunction(() => /outside the range/.test(document.querySelector('.details .edit-pending .error')?.textContent ?? ''));
  await page.screenshot({ path: join(artifacts, 'edit-refused.png') });

  await page.evaluate(() => window.postMessage({ type: 'failed', message: 'The file changed since this tree was trained: the data no longer matches the tree (leaf 4 was trained on 46 rows, the data sends 45 there); the file may have changed since training: retrain', retrain: true }, '*'));
  await page.locator('.banner.error').getByRole('button', { name: 'Retrain' }).click();
  assert.deepEqual(await page.evaluate(() => window.__posted.filter((m) => m.type === 'retrain').at(-1)), { type: 'retrain', settings: {} });
  await page.close();
});

await check('500 px: the header with the edit bar wraps inside the panel; the alternatives\' Preview buttons keep their word on one line', async () => {
  const page = await openPanel('iris', 'light');
  await page.setViewportSize({ width: 500, height: 900 });
  await openRootAlternatives(page);
  await page.locator('.details table.alternatives vscode-button').first().waitFor();
  // One client rect per line the button's word takes.
  const lines = await page.locator('.details table.alternatives vscode-button').evaluateAll((bs) =>
    bs.map((b) => {
      const range = document.createRange();
      range.selectNodeContents(b);
      return [b.textContent.trim(), range.getClientRects().length];
    }),
  );
  await page.locator('.details table.alternatives').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'edit-alternatives-500.png') });
  assert.ok(lines.length > 0);
  assert.deepEqual(lines, lines.map(() => ['Preview', 1]), JSON.stringify(lines));

  const edits = { applied: [{ op: 'snip', node: 2 }, { op: 'snip', node: 1 }], redo: [{ op: 'snip', node: 3 }], restorable: [2] };
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'show', report: panelReport(reports.iris), fileName: 'iris.csv', documentUri: 'file:///data/iris.csv', settings: panelSettings(reports.iris), edits });
  await page.waitForFunction(() => document.querySelector('.edited-badge')?.textContent === 'edited · 2');
  await page.getByRole('button', { name: 'Reset to grown tree' }).waitFor();
  await page.evaluate(() => window.scrollTo(0, 0));
  for (const width of [500, 360]) {
    await page.setViewportSize({ width, height: 900 });
    const header = await page.locator('header').evaluate((h) => {
      const box = (sel) => h.querySelector(sel).getBoundingClientRect();
      const right = Math.max(...[...h.querySelectorAll('*')].map((e) => e.getBoundingClientRect().right));
      return { right, width: document.documentElement.clientWidth, scroll: document.documentElement.scrollWidth, toggle: box('.settings-toggle').width, toggleBottom: box('.settings-toggle').bottom, barTop: box('.edit-bar').top };
    });
    assert.ok(header.right <= header.width, `${width} px: the header reaches ${header.right} px of ${header.width}`);
    assert.ok(header.scroll <= header.width, `${width} px: the page scrolls sideways: ${header.scroll} px of ${header.width}`);
    // Not crushed to "CART · g…": the edit bar wraps to the next line instead.
    assert.ok(header.toggle >= 180, `${width} px: the settings line is ${header.toggle} px wide`);
    assert.ok(header.barTop >= header.toggleBottom, `${width} px: the edit bar is below the settings line`);
    await page.screenshot({ path: join(artifacts, `edit-bar-${width}.png`) });
  }
  await page.close();
});

await check('800, 500 and 360 px, light and dark: the alternatives table fits the details drawer (no sideways scroll)', async () => {
  const problems = [];
  for (const theme of ['light', 'darkModern']) {
    const page = await openPanel('iris', theme);
    for (const width of [800, 500, 360]) {
      await page.setViewportSize({ width, height: 900 });
      await openRootAlternatives(page);
      await page.locator('.details table.alternatives vscode-button').first().waitFor();
      const fit = await page.locator('.details').evaluate((d) => {
        const table = d.querySelector('table.alternatives').getBoundingClientRect();
        const drawer = d.getBoundingClientRect();
        // The boxes that would scroll sideways to show it: the drawer and what holds it (the tree pans on its own).
        const holders = [d, ...d.querySelectorAll('*'), document.querySelector('vscode-panels'), document.documentElement];
        const sideways = holders.filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX !== 'visible').map((e) => `${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth}/${e.clientWidth}`);
        return { table: [table.left, table.right], drawer: [drawer.left, drawer.right], sideways, view: document.documentElement.clientWidth };
      });
      const at = `${theme} ${width}px`;
      console.log(`  ${at}: ${JSON.stringify(fit)}`);
      if (fit.table[1] > fit.drawer[1] + 0.5 || fit.table[0] < fit.drawer[0] - 0.5) problems.push(`${at}: the table spans ${fit.table} px, the drawer ${fit.drawer}`);
      if (fit.drawer[1] > fit.view + 0.5) problems.push(`${at}: the drawer ends at ${fit.drawer[1]} px of ${fit.view}`);
      if (fit.sideways.length > 0) problems.push(`${at}: scrolls sideways: ${fit.sideways.join('; ')}`);
      await page.locator('.details table.alternatives').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(artifacts, `edit-alternatives-${theme}-${width}.png`) });
    }
    await page.close();
  }
  assert.deepEqual(problems, []);
});

await check('320 and 460 px, light and dark: the Rules and Metrics tabs reflow, nothing past the right edge, no word cut', async () => {
  const problems = [];
  for (const theme of ['light', 'darkModern']) {
    const page = await openPanel('iris', theme);
    for (const width of [320, 460]) {
      await page.setViewportSize({ width, height: 800 });
      for (const tab of ['Rules', 'Metrics']) {
        await page.getByRole('tab', { name: tab }).click();
        await page.waitForSelector(tab === 'Rules' ? 'table.rules tbody tr' : 'table.confusion tbody tr');
        await page.waitForTimeout(200);
        const fit = await page.evaluate(() => {
          const view = document.documentElement.clientWidth;
          const panel = [...document.querySelectorAll('vscode-panel-view')].find((v) => v.getBoundingClientRect().width > 0 && getComputedStyle(v).display !== 'none');
          // Elements of the shown tab whose box ends past the page's right edge, or whose text is clipped by its own box.
          // What sits in a box that scrolls sideways by itself (a wide confusion matrix) is reached by scrolling it.
          const scrolled = (e) => e.closest('.scroll-x') && e.closest('.scroll-x') !== e;
          const past = [...panel.querySelectorAll('*')].filter((e) => !scrolled(e) && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > view + 0.5).map((e) => `${e.tagName.toLowerCase()}.${e.className} → ${Math.round(e.getBoundingClientRect().right)}`);
          const clipped = [...panel.querySelectorAll('td, th, p, h3, span, div')].filter((e) => e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflowX === 'hidden').map((e) => `${e.tagName.toLowerCase()}.${e.className} ${e.scrollWidth}/${e.clientWidth}`);
          // One word per line: a cell much narrower than its longest word.
          return { view, past: past.slice(0, 8), pastCount: past.length, clipped: clipped.slice(0, 8), pageScroll: document.documentElement.scrollWidth };
        });
        const at = `${theme} ${width}px ${tab}`;
        console.log(`  ${at}: ${JSON.stringify(fit)}`);
        if (tab === 'Metrics') {
          // Reflowed, not hidden: iris's 3-class matrix is seen whole at both widths.
          const matrix = await page.locator('table.confusion').first().evaluate((t) => t.getBoundingClientRect().toJSON());
          if (matrix.width < 150 || matrix.right > width) problems.push(`${at}: the confusion matrix spans ${Math.round(matrix.left)}–${Math.round(matrix.right)} px`);
        }
        if (fit.pastCount > 0) problems.push(`${at}: ${fit.pastCount} elements end past ${fit.view} px: ${fit.past.join('; ')}`);
        if (fit.clipped.length > 0) problems.push(`${at}: text clipped: ${fit.clipped.join('; ')}`);
        if (fit.pageScroll > fit.view) problems.push(`${at}: the page scrolls sideways (${fit.pageScroll} px)`);
        await page.screenshot({ path: join(artifacts, `narrow-${tab.toLowerCase()}-${theme}-${width}.png`) });
      }
    }
    // FOIL gains only when asked for, their formula on hover.
    await page.getByRole('tab', { name: 'Rules' }).click();
    const shownFoil = () => page.locator('table.rules .foil').evaluateAll((fs) => fs.filter((f) => f.getBoundingClientRect().width > 0).length);
    assert.equal(await shownFoil(), 0, 'no FOIL gain before the toggle');
    await page.getByRole('button', { name: 'FOIL gain' }).click();
    assert.ok((await shownFoil()) >= reports.iris.rules.length, 'a FOIL gain on each condition');
    assert.match(await page.locator('table.rules .foil').first().getAttribute('title'), /pos′ · \(log₂\(pos′\/\(pos′\+neg′\)\) − log₂\(pos\/\(pos\+neg\)\)\)/);
    assert.equal(await page.locator('vscode-button', { hasText: 'FOIL gain' }).getAttribute('aria-pressed'), 'true');
    await page.close();
  }
  assert.deepEqual(problems, []);
});

await check('the drawer\'s settings are the panel\'s own: the settings line says "changed from your settings" and which; an edited tree asks before a retrain', async () => {
  const page = await openPanel('iris', 'light');
  const settings = panelSettings(reports.iris);
  const yours = { ...settings, maxDepth: 3 };
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'show', report: panelReport(reports.iris), fileName: 'iris.csv', documentUri: 'file:///data/iris.csv', settings, yours });
  const changed = page.locator('.settings-line .changed-settings');
  await changed.waitFor();
  assert.equal(await changed.textContent(), 'changed from your settings · ');
  assert.match(await changed.getAttribute('title'), /max depth none here, 3 in your settings/);
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'show', report: panelReport(reports.iris), fileName: 'iris.csv', documentUri: 'file:///data/iris.csv', settings, yours: settings });
  await page.waitForFunction(() => !document.querySelector('.settings-line .changed-settings'));

  // Two edits applied: Retrain asks first, and Cancel sends nothing.
  const edits = { applied: [{ op: 'snip', node: 2 }, { op: 'snip', node: 1 }], redo: [], restorable: [2, 1] };
  await page.evaluate((msg) => window.postMessage(msg, '*'), { type: 'show', report: panelReport(reports.iris), fileName: 'iris.csv', documentUri: 'file:///data/iris.csv', settings, yours: settings, edits });
  await page.locator('.settings-toggle').click();
  const retrains = () => page.evaluate(() => window.__posted.filter((m) => m.type === 'retrain' || m.type === 'pin').map((m) => m.type));
  await page.locator('#settings-drawer vscode-button', { hasText: 'Retrain' }).click();
  await page.locator('.banner.ask').waitFor();
  assert.match(await page.locator('.banner.ask').textContent(), /your 2 edits of this one would be lost/);
  await page.screenshot({ path: join(artifacts, 'retrain-edited-ask.png') });
  await page.locator('.banner.ask vscode-button', { hasText: 'Cancel' }).click();
  assert.deepEqual(await retrains(), []);
  await page.locator('#settings-drawer vscode-button', { hasText: 'Retrain' }).click();
  await page.locator('.banner.ask vscode-button', { hasText: 'Pin the edited tree and retrain' }).click();
  assert.deepEqual(await retrains(), ['pin', 'retrain']);
  await page.close();
});

/** Selects node `nodeId` and opens its calculation drawer with the keyboard (the button in the details, Enter); the drawer once its math is set. */
async function openCalculation(page, nodeId) {
  await page.locator(`.stage svg g.node[data-ref="node:${nodeId}"]`).click();
  const opener = page.locator('.details vscode-button', { hasText: 'Show the calculation' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const drawer = page.locator('.calc-drawer');
  await drawer.waitFor({ state: 'visible' });
  await page.waitForSelector('.calc-drawer .katex');
  return drawer;
}

await check('calculation drawer: play tennis root shows the notes\' numbers, typeset, keyboard reachable, Escape gives the focus back', async () => {
  const page = await openPanel('play', 'light');
  await page.setViewportSize({ width: 1400, height: 900 });
  const drawer = await openCalculation(page, 0);
  const asked = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'calculation').map((m) => m.request));
  assert.deepEqual(asked, [{ nodeId: 0 }]);
  assert.equal(await page.evaluate(() => document.activeElement?.closest('.calc-drawer') !== null), true, 'the focus moves into the drawer');
  // As seen (innerText): practice mode's hidden ? marks are not.
  const text = await drawer.evaluate((d) => d.innerText);
  assert.match(text, /Node 0 \(depth 0\): the root: every training row/);
  assert.match(text, /The split chosen: outlook \(3 branches\)\s*information gain: 0\.2467 \(rank 1 of 4\)/);
  assert.match(text, /Candidate 2: humidity ∈ \{high\}\s*information gain: 0\.1518 \(rank 2 of 4\)/);
  // The formulas are KaTeX's (MathML kept for screen readers), with the notes' numbers.
  const annotations = (await drawer.locator('annotation').allTextContents()).map((a) => a.replace(/^\\displaystyle /, ''));
  assert.ok(annotations.includes('H(S) = -\\frac{5}{14}\\log_2\\frac{5}{14} - \\frac{9}{14}\\log_2\\frac{9}{14} = 0.9403'), annotations.join('\n'));
  assert.ok(annotations.some((a) => a.endsWith('= 0.9403 - 0.6935 = 0.2467')));
  // KaTeX's own font, loaded from the page's folder (font-src is the webview's source only).
  assert.equal(await page.evaluate(async () => { await document.fonts.ready; return document.fonts.check('16px KaTeX_Main'); }), true);
  assert.ok(await page.evaluate(() => [...document.fonts].some((f) => f.family.replace(/"/g, '') === 'KaTeX_Main' && f.status === 'loaded')), 'KaTeX_Main loaded');
  // The alternatives are disclosures: Tab reaches their summaries, Enter opens one.
  const humidity = drawer.locator('details.calc-candidate').nth(1);
  assert.equal(await humidity.evaluate((d) => d.open), false);
  await humidity.locator('summary').focus();
  await page.keyboard.press('Enter');
  assert.equal(await humidity.evaluate((d) => d.open), true);
  await page.screenshot({ path: join(artifacts, 'calc-play-light-1400.png') });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Show the calculation', 'the focus is back on the button');
  assert.equal(await page.locator('.details').isVisible(), true, 'Escape in the drawer closes only the drawer');
  // Export as Markdown asks the host for this node's Markdown.
  await openCalculation(page, 0);
  await drawer.locator('vscode-button', { hasText: 'Export as Markdown…' }).click();
  assert.deepEqual(await page.evaluate(() => window.__posted.filter((m) => m.type === 'exportCalculation')), [{ type: 'exportCalculation', nodeId: 0 }]);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.close();
});

await check("calculation drawer from the hover's link: the host's showCalculation opens the root's calculation over the tree with the column's split open and focused", async () => {
  const page = await openPanel('iris', 'light');
  await page.setViewportSize({ width: 1000, height: 900 });
  await page.getByRole('tab', { name: 'Rules' }).click();
  await page.evaluate(() => window.postMessage({ type: 'showCalculation', nodeId: 0, column: 'sepal_width_cm' }, '*'));
  const drawer = page.locator('.calc-drawer');
  await drawer.waitFor({ state: 'visible' });
  await page.waitForSelector('.calc-drawer .katex');
  const asked = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'calculation').map((m) => m.request));
  assert.deepEqual(asked, [{ nodeId: 0, column: 'sepal_width_cm' }]);
  assert.equal(await page.getByRole('tab', { name: 'Tree' }).getAttribute('aria-selected'), 'true', 'the Tree tab is brought up');
  const open = await drawer.locator('details.calc-candidate[open]').evaluateAll((ds) => ds.map((d) => d.dataset.feature));
  assert.deepEqual(open.sort(), ['petal_length_cm', 'sepal_width_cm'], 'the split chosen and the column asked for are open');
  assert.equal(await page.evaluate(() => document.activeElement?.closest('details')?.dataset.feature), 'sepal_width_cm', "the column's summary has the focus");
  assert.match(await drawer.locator('details.calc-candidate.asked summary').evaluate((s) => s.innerText), /sepal_width_cm ≤ [\d.]+\s*Gini decrease: 0\.\d+ \(rank \d of 4\)/);
  await page.screenshot({ path: join(artifacts, 'calc-from-hover.png') });
  await page.close();
});

await check("calculation drawer from the Rules tab: a rule's coverage, accuracy and FOIL gains, typeset; Escape goes back to the Rules tab and its button", async () => {
  const page = await openPanel('play', 'dark');
  await page.setViewportSize({ width: 900, height: 900 });
  await page.getByRole('tab', { name: 'Rules' }).click();
  await page.waitForSelector('tr.rule-row');
  const first = page.locator('tr.rule-row').first();
  const opener = first.locator('vscode-button', { hasText: 'Calculation' });
  await opener.focus();
  await page.keyboard.press('Enter');
  const drawer = page.locator('.calc-drawer');
  await drawer.waitFor({ state: 'visible' });
  await page.waitForSelector('.calc-drawer .katex');
  const asked = await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'ruleCalculation').map((m) => m.request.leaf));
  assert.equal(asked.length, 1);
  const calc = learn.play.rules[asked[0]];
  const text = await drawer.textContent();
  assert.ok(text.includes(calc.text), 'the rule as the Rules tab words it');
  assert.match(text, new RegExp(`coverage ${calc.coverage.toPrecision(4).replace(/\.?0+$/, '')}`));
  assert.equal(await drawer.locator('vscode-button', { hasText: 'Export as Markdown…' }).isVisible(), false, 'no export of a rule from here');
  const annotations = (await drawer.locator('annotation').allTextContents()).map((a) => a.replace(/^\\displaystyle /, ''));
  assert.ok(annotations.some((a) => a.startsWith('coverage = \\frac{|covered|}{|D|}')), annotations.join('\n'));
  if (calc.foil.length > 0) assert.ok(annotations.some((a) => a.startsWith("FOIL = p'")), 'FOIL gain formulas');
  // No pick of the rule: the tree shows no highlighted path.
  assert.equal(await page.evaluate(() => window.__posted.filter((m) => m.type === 'request' && m.kind === 'rowPath').length), 0);
  await page.screenshot({ path: join(artifacts, 'calc-rule-dark.png') });
  await page.keyboard.press('Escape');
  await drawer.waitFor({ state: 'hidden' });
  assert.equal(await page.getByRole('tab', { name: 'Rules' }).getAttribute('aria-selected'), 'true', 'back on the Rules tab');
  assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Calculation', 'the focus is back on the button');
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.close();
});

await check("calculation drawer from the settings: the pruning's weakest links with the α of the report's pruning path, the ones cut at the tree's α in bold, and the pessimistic decisions", async () => {
  const page = await openPanel('irisHoldout', 'light');
  await page.setViewportSize({ width: 1400, height: 900 });
  await page.locator('.settings-toggle').click();
  await page.locator('.settings vscode-button', { hasText: 'Pruning calculation' }).click();
  const drawer = page.locator('.calc-drawer');
  await drawer.waitFor({ state: 'visible' });
  await page.waitForSelector('.calc-drawer .katex');
  const p = learn.irisHoldout.pruning;
  const tables = drawer.locator('table.calc-table');
  assert.equal(await tables.count(), 2);
  const alphas = await tables.nth(0).locator('tbody tr').evaluateAll((rs) => rs.map((r) => r.cells[5].textContent));
  assert.equal(alphas.length, p.costComplexity.length);
  assert.deepEqual(alphas, p.costComplexity.map((s) => String(Number(s.alpha.toPrecision(4)))));
  // The report's pruning path is the same sequence (its first α is 0, the tree as grown).
  assert.deepEqual(p.costComplexity.map((s) => s.alpha), reports.irisHoldout.pruningPath.ccpAlphas.slice(1));
  const bold = await tables.nth(0).locator('tbody tr.chosen').count();
  assert.equal(bold, p.costComplexity.filter((s) => s.alpha <= 0.01 * (1 + 1e-9)).length);
  assert.ok(bold > 0, 'α = 0.01 cuts some links');
  assert.equal(await tables.nth(1).locator('tbody tr').count(), p.pessimistic.length);
  assert.match(await drawer.textContent(), /Pessimistic pruning \(ε = 0\.5\)/);
  await page.screenshot({ path: join(artifacts, 'calc-pruning-light-1400.png') });
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.close();
});

await check('practice mode at 500 and 1,400 px, light and dark: the numbers hidden, a right H(S) accepted, a wrong gain corrected with the worked steps, by keyboard', async () => {
  for (const theme of ['light', 'dark']) {
    for (const width of [500, 1400]) {
      const page = await openPanel('play', theme);
      await page.setViewportSize({ width, height: 900 });
      const drawer = await openCalculation(page, 0);
      const practice = drawer.locator('vscode-checkbox', { hasText: 'Practice: hide the numbers' });
      await practice.focus();
      await page.keyboard.press('Space');
      await drawer.locator('.practice-input').first().waitFor();
      const node = drawer.locator('.calc-node-impurity');
      const outlook = drawer.locator('details.calc-candidate[data-feature="outlook"]');
      const seen = (scope) => scope.evaluate((s) => ({
        hidden: s.classList.contains('practice-hidden'),
        results: [...s.querySelectorAll('.calc-result')].filter((e) => e.getBoundingClientRect().width > 0 && !e.closest('.sr-only')).length,
        marks: [...s.querySelectorAll('.calc-hidden-mark')].filter((e) => e.getBoundingClientRect().width > 0).length,
        text: s.querySelector('.calc-pieces')?.textContent ?? '',
      }));
      const before = await seen(node);
      assert.equal(before.hidden, true);
      assert.equal(before.results, 0, 'no worked value of H(S) in view');
      assert.ok(before.marks >= 1, 'a ? in its place');
      assert.ok(!(await node.evaluate((s) => s.innerText)).includes('0.9403'), 'H(S) = 0.9403 is nowhere to be read');
      const scoreLine = await outlook.locator('summary .calc-score').evaluate((e) => e.innerText);
      assert.match(scoreLine, /^information gain: \? \(rank 1 of 4\)$/);
      assert.ok(!(await outlook.evaluate((d) => d.innerText)).includes('0.2467'), 'the gain of outlook hidden');
      await page.screenshot({ path: join(artifacts, `practice-hidden-${theme}-${width}.png`) });
      // A right H(S), typed and checked with Enter.
      await node.locator('.practice-input').focus();
      await page.keyboard.type('0.9403');
      await page.keyboard.press('Enter');
      assert.equal(await node.locator('.practice-verdict').textContent(), 'Right: H(S) = 0.9403.');
      assert.equal((await seen(node)).hidden, false, 'the worked H(S) is shown once answered');
      assert.ok((await node.evaluate((s) => s.innerText)).includes('0.9403'));
      // A wrong gain for outlook: Tab to its Check button after typing.
      await outlook.locator('.practice-input').focus();
      await page.keyboard.type('0.3');
      await page.keyboard.press('Tab');
      assert.equal(await page.evaluate(() => document.activeElement?.textContent), 'Check');
      await page.keyboard.press('Enter');
      assert.equal(await outlook.locator('.practice-verdict').textContent(), 'Not quite: information gain of outlook = 0.2467, not 0.3. The worked steps are shown.');
      const after = await seen(outlook);
      assert.equal(after.hidden, false);
      assert.ok((await outlook.evaluate((d) => d.innerText)).includes('= 0.9403 − 0.6935 = 0.2467') || (await outlook.locator('annotation').allTextContents()).some((a) => a.endsWith('= 0.9403 - 0.6935 = 0.2467')), 'the worked gain shown');
      // The other candidates stay hidden.
      assert.equal(await drawer.locator('details.calc-candidate.practice-hidden').count(), 3);
      await outlook.locator('.practice-verdict').scrollIntoViewIfNeeded();
      await page.screenshot({ path: join(artifacts, `practice-${theme}-${width}.png`) });
      assert.deepEqual(await page.evaluate(() => window.__violations), []);
      await page.close();
    }
  }
});

await check('calculation drawer on iris and play tennis at 500 and 1,400 px, light and dark: over the tree, scrolling on its own, formulas and tables not cut', async () => {
  const problems = [];
  for (const name of ['iris', 'play']) {
    for (const theme of ['light', 'dark']) {
      for (const width of [500, 1400]) {
        const page = await openPanel(name, theme);
        await page.setViewportSize({ width, height: 900 });
        const drawer = await openCalculation(page, 0);
        // Every candidate open: the longest content the drawer can hold.
        await drawer.locator('details.calc-candidate').evaluateAll((ds) => ds.forEach((d) => (d.open = true)));
        const fit = await page.evaluate(() => {
          const d = document.querySelector('.calc-drawer');
          const box = d.getBoundingClientRect();
          // Formulas and tables scroll sideways in their own boxes; anything else must end inside the drawer.
          const inOwnBox = (e) => e.closest('.calc-math, .calc-table-wrap') !== null;
          const past = [...d.querySelectorAll('*')].filter((e) => !inOwnBox(e) && e.getBoundingClientRect().width > 0 && e.getBoundingClientRect().right > box.right + 0.5).map((e) => `${e.tagName.toLowerCase()}.${e.className}`);
          const boxes = [...d.querySelectorAll('.calc-math, .calc-table-wrap')];
          const unscrollable = boxes.filter((b) => b.scrollWidth > b.clientWidth + 1 && getComputedStyle(b).overflowX !== 'auto').length;
          // A formula's height cut by its box (KaTeX's fractions are taller than a line).
          const cutHigh = [...d.querySelectorAll('.calc-math')].filter((b) => b.scrollHeight > b.clientHeight + 1).length;
          return {
            drawer: [Math.round(box.width), Math.round(box.height)],
            drawerScrolls: d.scrollHeight > d.clientHeight && getComputedStyle(d).overflowY === 'auto',
            pageScrolls: document.documentElement.scrollHeight > window.innerHeight + 1 || document.documentElement.scrollWidth > window.innerWidth + 1,
            past: past.slice(0, 6),
            pastCount: past.length,
            unscrollable,
            cutHigh,
            wideFormulas: boxes.filter((b) => b.scrollWidth > b.clientWidth + 1).length,
            formulas: d.querySelectorAll('.calc-math .katex').length,
            katexErrors: d.querySelectorAll('.katex-error, .calc-math > code').length,
            thresholdsMarked: d.querySelectorAll('.calc-table tr.chosen').length,
          };
        });
        const at = `${name} ${theme} ${width}px`;
        console.log(`  ${at}: ${JSON.stringify(fit)}`);
        if (!fit.drawerScrolls) problems.push(`${at}: the drawer does not scroll on its own`);
        if (fit.pageScrolls) problems.push(`${at}: the page scrolls`);
        if (fit.pastCount > 0) problems.push(`${at}: ${fit.pastCount} elements end past the drawer: ${fit.past.join('; ')}`);
        if (fit.unscrollable > 0) problems.push(`${at}: ${fit.unscrollable} formulas or tables are cut without a scroll bar`);
        if (fit.cutHigh > 0) problems.push(`${at}: ${fit.cutHigh} formulas are cut at the top or bottom`);
        if (fit.katexErrors > 0) problems.push(`${at}: ${fit.katexErrors} formulas KaTeX could not set`);
        if (name === 'iris' && fit.thresholdsMarked < 1) problems.push(`${at}: no chosen threshold marked`);
        if (width >= 1400 && fit.drawer[0] < 900) problems.push(`${at}: the drawer is only ${fit.drawer[0]} px wide`);
        await drawer.evaluate((d) => (d.scrollTop = 0));
        await page.screenshot({ path: join(artifacts, `calc-${name}-${theme}-${width}.png`) });
        if (name === 'iris') {
          // Further down: the chosen threshold among iris's candidate midpoints.
          await drawer.locator('.calc-table tr.chosen').first().evaluate((r) => r.scrollIntoView({ block: 'center' }));
          await page.screenshot({ path: join(artifacts, `calc-${name}-${theme}-${width}-thresholds.png`) });
        }
        assert.deepEqual(await page.evaluate(() => window.__violations), []);
        await page.close();
      }
    }
  }
  assert.deepEqual(problems, []);
});

await check('calculation drawer: hostile column names and categories are text, in the tables and inside the formulas', async () => {
  const page = await openPanel('hostile');
  await page.setViewportSize({ width: 1000, height: 900 });
  const drawer = await openCalculation(page, 0);
  await drawer.locator('details.calc-candidate').evaluateAll((ds) => ds.forEach((d) => (d.open = true)));
  // The drawer's own links go to docs/formulas.md's sections; any other link, image or script would be made from the data.
  assert.equal(await drawer.locator('img, script, b, iframe, a:not(.formulas-link)').count(), 0, 'no element made from the data');
  for (const href of await drawer.locator('a.formulas-link').evaluateAll((as) => as.map((a) => a.getAttribute('href')))) assert.match(href, /^#[a-z0-9-]+$/, href);
  const text = await drawer.textContent();
  const feature = reports.hostile.model.nodes[0].split.feature;
  assert.ok(text.includes(feature), `${feature} shown as text`);
  // Inside the formulas, as KaTeX's MathML says it (one <math> per formula; a \text{} may be cut into several <mtext> at an escape).
  const formulaTexts = await drawer.locator('.calc-math math').evaluateAll((ms) => ms.map((m) => [...m.querySelectorAll('mtext')].map((t) => t.textContent).join('').replace(/\u00a0/g, ' ')));
  assert.ok(formulaTexts.some((t) => t.includes(feature)), `${feature} inside the formulas: ${formulaTexts.slice(0, 6).join(' | ')}`);
  assert.equal(await drawer.locator('.katex-error, .calc-math > code').count(), 0);
  assert.deepEqual(dialogs, []);
  assert.deepEqual(await page.evaluate(() => window.__violations), []);
  await page.screenshot({ path: join(artifacts, 'calc-hostile.png') });
  await page.close();
});

await check('nothing was blocked by the policy, nothing remote was requested, no dialog opened', async () => {
  const page = await openPanel('iris');
  const violations = await page.evaluate(() => window.__violations);
  assert.deepEqual(violations, []);
  assert.deepEqual(requests.filter((u) => !u.startsWith('file://') && !u.startsWith('data:')), []);
  assert.deepEqual(dialogs, []);
  await page.close();
});

await browser.close();
rmSync(work, { recursive: true, force: true });
report(artifacts);
