// bench:render — (1) time to turn big trees into Mermaid text (the part that runs on every fold,
// expand and row highlight), folded as the panel opens them, at 400 nodes, and whole; (2) in
// headless Chromium, the real panel (dist/webview.js under its CSP, test/webview/panel-page.ts)
// given real reports of ~1k to ~1M-node trees: the host's share (picking and encoding what is
// sent: a tree over 10,000 nodes goes in slices), then from posting the report to the first
// view's SVG in the page (median of 3 fresh pages), and "Show all" (every node drawn) where it is
// offered and expected to finish in reasonable time. Printed, not asserted.
// Run: node scripts/build.mjs && node dist/bench/render.js   (RENDER_BROWSER=0 skips part 2;
// RENDER_ROWS=730,5850 picks the training rows of the trees timed in the browser)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { MODEL_FORMAT, MODEL_VERSION, type ModelNode, type TreeModel } from '../src/engine/model';
import { buildReport } from '../src/engine/report';
import { panelReport } from '../src/panel/panel-report';
import { packReport } from '../src/shared/report-transfer';
import { DEFAULT_TRAIN_SETTINGS, reportOptions } from '../src/shared/train-settings';
import { PANEL_SETTING_KEYS, type PanelSettings, type ShowMessage } from '../src/shared/protocol';
import { treeToMermaid, type MermaidOptions } from '../src/shared/render/mermaid';
import { writePanelPage } from '../test/webview/panel-page';
import { makeBenchData } from './lib/tree-data';

/** A complete binary tree of the given depth over 8 features and 3 classes, in preorder. */
function syntheticTree(depth: number): TreeModel {
  const nodes: ModelNode[] = [];
  const grow = (d: number, counts: number[]): number => {
    const id = nodes.length;
    const samples = counts.reduce((a, b) => a + b, 0);
    const node: ModelNode = {
      id,
      depth: d,
      samples,
      impurity: 0.5,
      value: counts,
      prediction: `class ${counts.indexOf(Math.max(...counts))}`,
      split: d < depth ? { feature: `feature_${d % 8}`, kind: 'numeric', threshold: id * 0.37 } : null,
      missingGoesTo: d < depth ? 0 : null,
      children: [],
    };
    nodes.push(node);
    if (d < depth) {
      const left = counts.map((c, k) => Math.ceil(c * (k === d % 3 ? 0.8 : 0.3)));
      const right = counts.map((c, k) => Math.max(0, c - left[k]));
      node.children = [grow(d + 1, left), grow(d + 1, right)];
    }
    return id;
  };
  grow(0, [4000, 3000, 3000]);
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    task: 'classification',
    target: 'y',
    classes: ['class 0', 'class 1', 'class 2'],
    features: Array.from({ length: 8 }, (_, i) => ({ name: `feature_${i}`, type: 'numeric' as const })),
    params: { target: 'y', criterion: 'gini', algorithm: 'cart' },
    nodes,
    featureImportances: {},
  };
}

function time(model: TreeModel, options: MermaidOptions): { ms: number; shown: number; chars: number } {
  const runs = 5;
  treeToMermaid(model, options); // warm-up, so the JIT is not timed
  let shown = 0;
  let chars = 0;
  const start = performance.now();
  for (let i = 0; i < runs; i++) {
    const d = treeToMermaid(model, options);
    shown = d.shownNodes;
    chars = d.text.length;
  }
  return { ms: (performance.now() - start) / runs, shown, chars };
}

function textFigures(): void {
  for (const depth of [9, 12, 15]) {
    const model = syntheticTree(depth);
    const path: number[] = [];
    for (let id = 0; ; ) {
      path.push(id);
      const n = model.nodes[id];
      if (n.children.length === 0) break;
      id = n.children[n.children.length - 1];
    }
    const cases: [string, MermaidOptions][] = [
      ['folded (depth 4 / 60 nodes)', {}],
      ['folded + row path to the deepest leaf', { path }],
      ['400 nodes breadth-first', { maxDepth: Infinity, maxNodes: 400 }],
      ['whole tree', { maxDepth: Infinity, maxNodes: Infinity }],
    ];
    for (const [name, options] of cases) {
      const r = time(model, options);
      console.log(
        `${String(model.nodes.length).padStart(6)} nodes  ${name.padEnd(40)} ${r.ms.toFixed(2).padStart(9)} ms  ${String(r.shown).padStart(6)} shown  ${(r.chars / 1024).toFixed(0).padStart(6)} KiB`,
      );
    }
  }
}

interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

/** The e2e suite's Chromium launcher (an ES module, loaded at run time from the checkout). */
async function launchBrowser(): Promise<Browser> {
  const url = pathToFileURL(path.join(process.cwd(), 'test/e2e/browser.mjs')).href;
  const module = (await import(url)) as { launchBrowser(): Promise<Browser> };
  return module.launchBrowser();
}

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
}

/**
 * The show message of a fully grown regression tree on `rows` generated rows, made as the extension
 * makes it (default settings: 30% held out, so about 1.4 × rows nodes) and posted as the panel host
 * posts it (the report without its rules, which the Rules tab asks for a page at a time).
 */
function showMessage(rows: number): { show: ShowMessage; total: number; hostMs: number } {
  const report = buildReport(makeBenchData('regression', rows, 11).dataset, reportOptions(DEFAULT_TRAIN_SETTINGS, 'y'));
  const settings = Object.fromEntries(PANEL_SETTING_KEYS.map((k) => [k, DEFAULT_TRAIN_SETTINGS[k]])) as unknown as PanelSettings;
  // The host's share of the first view: what goes out of a big tree is picked and encoded.
  const packed = packReport(report); // as the worker sends it
  const started = performance.now();
  const wire = panelReport(packed);
  const hostMs = performance.now() - started;
  const show: ShowMessage = { type: 'show', report: wire, fileName: `bench-${rows}.csv`, documentUri: `file:///bench/bench-${rows}.csv`, settings };
  return { show, total: report.model.nodes.length, hostMs };
}

/** Milliseconds from posting `window.__show` to the first <svg> node in the diagram, in the page. */
function timeFirstView(): Promise<number> {
  return new Promise((resolve) => {
    const stage = document.querySelector('.stage') as HTMLElement;
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (!stage.querySelector('svg g.node')) return;
      observer.disconnect();
      resolve(performance.now() - started);
    });
    observer.observe(stage, { childList: true, subtree: true });
    window.postMessage((window as unknown as { __show: unknown }).__show, '*');
  });
}

/** Milliseconds from confirming "Show all" to the status line saying every node is shown. */
function timeShowAll(total: number): Promise<number> {
  return new Promise((resolve) => {
    const status = document.querySelector('.tree-status') as HTMLElement;
    const started = performance.now();
    const observer = new MutationObserver(() => {
      if (!status.textContent?.startsWith(`${total} of ${total} nodes shown`)) return;
      observer.disconnect();
      resolve(performance.now() - started);
    });
    observer.observe(status, { childList: true, characterData: true, subtree: true });
    const confirm = [...document.querySelectorAll('.show-all-warning vscode-button')].find((b) => b.textContent?.startsWith('Show all'));
    (confirm as HTMLElement).click();
  });
}

async function openPanel(context: BrowserContext, index: string, showJson: string): Promise<{ page: Page; ms: number }> {
  const page = await context.newPage();
  await page.goto(`${pathToFileURL(index).href}#dark`);
  await page.waitForFunction(() => (window as unknown as { __posted: { type: string }[] }).__posted.some((m) => m.type === 'ready'));
  // Handing the report to the page is the harness's cost, not the panel's: not timed. JSON text
  // crosses the DevTools pipe far faster than Playwright's object-by-object serialisation, in
  // pieces: one message of a 200k-node report (~170 MB) closes the page.
  const piece = 16 << 20;
  for (let at = 0; at < showJson.length; at += piece) {
    await page.evaluate((text) => {
      const w = window as unknown as { __json?: string[] };
      (w.__json ??= []).push(text);
    }, showJson.slice(at, at + piece));
  }
  await page.evaluate(() => {
    const w = window as unknown as { __json?: string[]; __show: unknown };
    w.__show = JSON.parse((w.__json ?? []).join(''));
    delete w.__json;
  });
  const ms = await page.evaluate(timeFirstView);
  return { page, ms };
}

/** "Show all" is timed only where the panel's own estimate stays under this. */
const SHOW_ALL_LIMIT_MS = 60_000;

async function browserFigures(): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-bench-render-'));
  const index = writePanelPage(dir);
  const browser = await launchBrowser();
  try {
    console.log('\nPanel in headless Chromium (real reports, default settings; median of 3 fresh pages)');
    for (const rows of (process.env.RENDER_ROWS ?? '730,5850,46800,143000,700000').split(',').map(Number)) {
      await panelFigures(browser, index, rows).catch((err: unknown) => console.log(`${rows} rows: failed: ${String(err).split('\n')[0]}`));
    }
  } finally {
    await browser.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

/** First view (median of 3) and "Show all" for the tree grown on `rows` rows. */
async function panelFigures(browser: Browser, index: string, rows: number): Promise<void> {
  const { show, total, hostMs } = showMessage(rows);
  const showJson = JSON.stringify(show);
  const times: number[] = [];
  for (let run = 0; run < 2; run++) {
    const { page, ms } = await openPanel(browser.context, index, showJson);
    times.push(ms);
    await page.close();
  }
  const { page, ms } = await openPanel(browser.context, index, showJson);
  times.push(ms);
  try {
    const shown = await page.locator('.tree-status').textContent();
    let showAll = 'not run';
    await page.getByRole('button', { name: 'Show all', exact: true }).click();
    const warning = (await page.locator('.show-all-warning p').textContent({ timeout: 5000 }).catch(() => null)) ?? '(no warning)';
    const estimate = /takes? (.*?) here/.exec(warning)?.[1] ?? '?';
    const seconds = /about (\d+) s/.exec(estimate);
    const estimateMs = seconds ? Number(seconds[1]) * 1000 : estimate.startsWith('under') ? 0 : Infinity;
    if (estimateMs < SHOW_ALL_LIMIT_MS && show.report.model.nodes.id.length === total) {
      const drawn = await page.evaluate(timeShowAll, total);
      showAll = `${(drawn / 1000).toFixed(2)} s (${(drawn / total).toFixed(2)} ms/node)`;
    }
    console.log(
      `${String(total).padStart(7)} nodes (${show.report.model.nodes.id.length} sent, ${(showJson.length / 1048576).toFixed(1)} MiB posted; host ${hostMs.toFixed(0)} ms)  first view ${median(times).toFixed(0).padStart(6)} ms ` +
        `(runs ${times.map((t) => t.toFixed(0)).join(', ')}; ${shown?.split(' · ')[0]})  Show all: warned "${estimate}", ${showAll}`,
    );
  } finally {
    await page.close();
  }
}

async function main(): Promise<void> {
  textFigures();
  if (process.env.RENDER_BROWSER !== '0') await browserFigures();
}

// Exit explicitly: a browser whose page crashed (a huge report) can keep the process alive.
main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
