// A tree too big to go to the webview whole (over 10,000 nodes, src/shared/tree-slices.ts), in a
// real VS Code: the panel opens folded at once, a row's path to a deep leaf comes with the nodes it
// needs, and opening a stub below what was sent fetches that subtree from the extension host and
// brings it into view, the overview of the whole tree on show. Then beside the CSV in a 1,280 × 800
// window, dark and light, as a user first sees it ("Fold to default"): every drawn node wholly in
// view at ≥ 11 px and the overview of the whole tree on show, over no drawn node or edge label.
/* global document -- evaluated in the panel's frame */
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { defaultReport } from '../expected.mjs';
import { startSession } from '../session.mjs';
import { treeLayout } from '../../webview/tree-layout.mjs';
import { openFile, openWorkbench, pickQuickItem, runCommand, screenshot, screenshotFrame, switchTheme, waitForWebviewFrame } from '../workbench.mjs';

const FILE = 'many-leaves.csv';
const nodes = '.stage svg g.node';

/** 10,000 rows of 4 numeric columns and a noisy numeric target: fully grown, ~14,000 nodes. */
function manyLeavesCsv() {
  let seed = 11;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const lines = ['a,b,c,d,y'];
  for (let r = 0; r < 10_000; r++) {
    const x = Array.from({ length: 4 }, () => Math.round(next() * 100_000) / 100);
    lines.push([...x, (x[0] * 2 - x[1] + next() * 300).toFixed(2)].join(','));
  }
  return lines.join('\n') + '\n';
}

describe('a tree too big to send whole', () => {
  let session;
  let page;
  let csv;

  before(async () => {
    session = await startSession({ files: [], viewport: { width: 1920, height: 1200 } });
    csv = join(session.folder, FILE);
    writeFileSync(csv, manyLeavesCsv());
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  it('opens folded, shows a deep row path, and opens a stub below what was sent', async () => {
    const report = defaultReport(csv, 'y');
    const model = report.model;
    assert.ok(model.nodes.length > 10_000, `${model.nodes.length} nodes`);
    await openFile(page, FILE);
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    await pickQuickItem(page, 'y');
    const panel = await waitForWebviewFrame(page, nodes, { timeout: 120_000 });
    await panel.locator('.tree-status', { hasText: ` of ${model.nodes.length} nodes shown` }).waitFor();

    // Row 1's leaf, walked here over the same model (numeric splits only).
    const [header, first] = manyLeavesCsv().split('\n');
    const columns = header.split(',');
    const values = first.split(',').map(Number);
    const path = [0];
    for (let node = model.nodes[0]; node.split; node = model.nodes[path.at(-1)]) {
      path.push(node.children[values[columns.indexOf(node.split.feature)] <= node.split.threshold ? 0 : 1]);
    }
    const leaf = path.at(-1);
    assert.ok(model.nodes[leaf].depth >= 12, `row 1 ends at depth ${model.nodes[leaf].depth}`);
    await panel.getByRole('button', { name: 'Show path' }).click();
    await panel.locator(`${nodes}.selected[data-ref="node:${leaf}"]`).waitFor({ timeout: 30_000 });

    // The deepest subtree beside the path: far below the first slice, so the panel must ask for it.
    const beside = path.flatMap((id) => model.nodes[id].children).filter((c) => !path.includes(c) && model.nodes[c].children.length > 0);
    const stub = beside.at(-1);
    assert.ok(model.nodes[stub].depth >= 11, `deepest subtree beside the path at depth ${model.nodes[stub].depth}`);
    await panel.locator(`${nodes}[data-ref="stub:${stub}"]`).click();
    for (const child of model.nodes[stub].children) await panel.locator(`${nodes}[data-ref="node:${child}"]`).waitFor({ timeout: 30_000 });
    // The view follows: the opened node and its children are wholly in view, and the overview of the whole tree is on show.
    await panel.waitForTimeout(500);
    const seen = await panel.evaluate((ids) => {
      const area = document.querySelector('.viewport').getBoundingClientRect();
      const inside = (id) => {
        const b = document.querySelector(`.stage svg g.node[data-ref="node:${id}"]`)?.getBoundingClientRect();
        return !!b && b.left >= area.left && b.right <= area.right && b.top >= area.top && b.bottom <= area.bottom;
      };
      const overview = document.querySelector('.overview');
      return { inView: ids.filter(inside), overview: overview && !overview.hidden ? Number(overview.querySelector('canvas').dataset.cells) : null };
    }, [stub, ...model.nodes[stub].children]);
    assert.deepEqual(seen.inView, [stub, ...model.nodes[stub].children], 'the opened subtree is brought into view');
    assert.ok(seen.overview > 0, 'the overview is on show');
    await screenshotFrame(panel, 'big-tree-opened-stub');
  });

  it('beside the CSV at 1,280 × 800, dark and light: the first view shows every drawn node whole at ≥ 11 px, with the overview of the whole tree', async () => {
    const total = defaultReport(csv, 'y').model.nodes.length;
    const problems = [];
    for (const theme of ['dark', 'light']) {
      await switchTheme(page, theme === 'light' ? 'Light Modern' : 'Dark Modern', theme === 'light' ? 'vs' : 'vs-dark');
      for (const window of [{ width: 1280, height: 800 }, { width: 1920, height: 1200 }]) {
        await page.setViewportSize(window);
        const panel = await waitForWebviewFrame(page, 'header', { hasText: FILE });
        const clear = panel.getByRole('button', { name: 'Clear path' });
        if (await clear.isVisible()) await clear.click();
        // The row's leaf details from the test before would cover the drawing's lower half: a first view has none.
        const close = panel.locator('.details:not([hidden]) .details-close');
        if (await close.isVisible()) await close.click();
        await panel.getByRole('button', { name: 'Fold to default' }).click(); // a fresh first view at this size
        await panel.locator('.tree-status', { hasText: ` of ${total} nodes shown` }).waitFor();
        await page.waitForTimeout(800);
        const at = `${window.width}×${window.height} ${theme}`;
        const m = await panel.evaluate(treeLayout);
        console.log(`  ${at}: ${JSON.stringify(m)}`);
        await screenshot(page, `big-tree-beside-${window.width}-${theme}`);
        await screenshotFrame(panel, `big-tree-beside-${window.width}-${theme}-view`);
        if (window.width === 1280 && m.panelWidth > 470) problems.push(`${at}: the panel is ${m.panelWidth} px, not beside the CSV`);
        if (m.whole !== m.nodes) problems.push(`${at}: ${m.whole} of ${m.nodes} drawn nodes wholly in view`);
        if (m.nodes < 7) problems.push(`${at}: only ${m.nodes} nodes drawn`);
        if (m.seenPx < 11 - 0.01) problems.push(`${at}: node text seen at ${m.seenPx} px`);
        if (!(m.overview > 0)) problems.push(`${at}: no overview`);
        if (m.overviewCovers > 0) problems.push(`${at}: the overview lies over ${m.overviewCovers} drawn nodes or edge labels`);
        if (m.scrollY !== 0) problems.push(`${at}: the page scrolled to ${m.scrollY}`);
        if (m.details !== null) problems.push(`${at}: the details are open over the first view`);
      }
    }
    assert.deepEqual(problems, []);
  });
});
