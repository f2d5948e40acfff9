/* global setInterval, clearInterval */
// `npm run bench:bigfile` (not part of CI: it writes a ~1 GB CSV and takes minutes): trains on a
// ~1 GB CSV in a real VS Code (code-server) from the Explorer menu, accepts the offer to train on a
// random sample (the file is above decisionTree.sampleAboveMB), waits for the panel, and prints
// the extension host's memory from /proc: its peak RSS (VmHWM) and its RSS over the run. The
// engine worker is a thread of the extension host, so its memory is part of that process's; the
// rise during the sampling job is the worker's share; the bytes the process read (/proc/<pid>/io)
// show one pass over the file, so the host itself never read it. The CSV is kept in bench/data/ (git-ignored)
// for the next run. Options: --rows N (default 4,400,000 ≈ 1 GB), --max-depth N (default 12; 0
// grows the tree fully, which on the random labels of this file takes many minutes).
import * as esbuild from 'esbuild';
import { existsSync, linkSync, mkdirSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { repoRoot } from './paths.mjs';
import { bytesRead, memoryMiB, waitForExtensionHost } from './processes.mjs';
import { startSession } from './session.mjs';
import { clickContextMenuItem, explorerContextMenu, openWorkbench, pickQuickItem, runCommand, screenshot, waitForWebviewFrame } from './workbench.mjs';

const { values } = parseArgs({ options: { rows: { type: 'string', default: '4400000' }, 'max-depth': { type: 'string', default: '12' } } });
const rows = Number(values.rows);
const maxDepth = Number(values['max-depth']);

/** The benchmarks' own synthetic CSV (bench/lib/synthetic-csv.ts), written once and reused. */
async function bigCsv() {
  const file = join(repoRoot, 'bench', 'data', `bigfile-${rows}x20n5c-seed3.csv`);
  if (existsSync(file)) return file;
  mkdirSync(join(repoRoot, 'bench', 'data'), { recursive: true });
  const work = mkdtempSync(join(tmpdir(), 'dte-bigfile-'));
  try {
    await esbuild.build({ entryPoints: [join(repoRoot, 'bench/lib/synthetic-csv.ts')], outfile: join(work, 'synthetic.cjs'), bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
    const { writeSyntheticCsv } = createRequire(import.meta.url)(join(work, 'synthetic.cjs'));
    const t0 = Date.now();
    writeSyntheticCsv(file, { rows, numeric: 20, categorical: 5, seed: 3 });
    console.log(`wrote ${file} in ${((Date.now() - t0) / 1000).toFixed(0)} s`);
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
  return file;
}

const mib = (bytes) => `${(bytes / 1048576).toFixed(0)} MiB`;
const csv = await bigCsv();
const size = statSync(csv).size;
const name = csv.slice(csv.lastIndexOf('/') + 1);
console.log(`${name}: ${mib(size)}, ${rows.toLocaleString('en-US')} rows; max depth ${maxDepth || 'none'}`);

const session = await startSession({ files: [], viewport: { width: 1600, height: 1000 }, settings: { 'decisionTree.maxDepth': maxDepth } });
// A hard link, not a copy: the same 1 GB file appears in the workspace at no cost.
linkSync(csv, join(session.folder, name));
// Memory over the run, sampled every 100 ms, with the step the user was at.
const samples = [];
let phase = 'start-up';
let host = null;
const sampler = setInterval(() => {
  if (host !== null) samples.push({ phase, t: Date.now(), ...memoryMiB(host) });
}, 100);
try {
  const page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  host = await waitForExtensionHost(session.server.pid);
  phase = 'idle';
  await page.waitForTimeout(2000);
  const t0 = Date.now();
  const readBefore = bytesRead(host);
  for (let attempt = 1; !(await explorerContextMenu(page, name)).includes('Train Decision Tree'); attempt++) {
    if (attempt >= 30) throw new Error('the Explorer menu never offered Train Decision Tree');
    await page.keyboard.press('Escape');
    await page.waitForTimeout(1000);
  }
  await clickContextMenuItem(page, 'Train Decision Tree');
  await runCommand(page, 'Notifications: Show Notifications');
  const offer = page.locator('.notification-list-item', { hasText: name }).locator('.monaco-button', { hasText: /^Train on [\d,]+ random rows$/ }).first();
  await offer.waitFor({ timeout: 60_000 });
  const offerText = await page.locator('.notification-list-item', { hasText: 'sampleAboveMB' }).first().innerText();
  console.log(`offer: ${offerText.replace(/\s+/g, ' ')}`);
  await screenshot(page, 'bigfile-offer');
  await offer.click();
  phase = 'sampling';
  const tSample = Date.now();
  // The target is asked once the worker has read the whole file and parsed the sample.
  await page.locator('.quick-input-widget .quick-input-box input').waitFor({ timeout: 1_800_000 });
  await pickQuickItem(page, 'class');
  const sampled = (Date.now() - tSample) / 1000;
  phase = 'training';
  const tTrain = Date.now();
  const panel = await waitForWebviewFrame(page, '.stage svg g.node', { timeout: 1_800_000 });
  const trained = (Date.now() - tTrain) / 1000;
  phase = 'panel';
  const status = await panel.locator('.tree-status').textContent();
  const shown = await panel.locator('.settings-shown').textContent();
  await screenshot(page, 'bigfile-panel');
  await page.waitForTimeout(3000);
  console.log(`panel: ${status}; ${shown}`);
  console.log(`offer accepted → target asked after sampling: ${sampled.toFixed(1)} s; target → panel: ${trained.toFixed(1)} s; total ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  const byPhase = new Map();
  for (const s of samples) byPhase.set(s.phase, Math.max(byPhase.get(s.phase) ?? 0, s.rss));
  const idle = samples.filter((s) => s.phase === 'idle').map((s) => s.rss);
  const base = idle.length > 0 ? Math.min(...idle) : NaN;
  console.log(`extension host (pid ${host}) RSS, MiB: idle ${base.toFixed(0)}; highest while sampling ${byPhase.get('sampling')?.toFixed(0)} (+${(byPhase.get('sampling') - base).toFixed(0)}: the worker reading the file), training ${byPhase.get('training')?.toFixed(0)}, with the panel open ${byPhase.get('panel')?.toFixed(0)}`);
  // The worker reads the file once; were the host to read it too (fs.readFile, a TextDocument), the
  // process would have read it twice.
  console.log(`bytes read by the extension host process (all threads) from the click to the panel: ${mib(bytesRead(host) - readBefore)} for a ${mib(size)} file`);
  console.log(`extension host peak RSS (VmHWM): ${memoryMiB(host).peak.toFixed(0)} MiB for a ${mib(size)} file`);
} finally {
  clearInterval(sampler);
  await session.close();
}
