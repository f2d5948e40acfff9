// "Train on Dask Cluster…" in a real VS Code (README "When your data outgrow one machine"), with the
// scheduler `local`: the job starts a LocalCluster of 2 worker processes, which read the data where
// it lies. From the Explorer on a folder of Parquet part files (iris in three parts) and from the
// palette on a CSV: the progress notification shows the cluster and the rows, and the model the
// job saved opens in the panel. Cancel on the notification ends the job's process group, its
// workers included, and writes no model. Screenshots: test-artifacts/dask-*.png.
//
// Needs a Python with xgboost, dask, distributed and pyarrow: .ci/run makes it at
// ~/.cache/decision-tree-explorer/dask-venv (DTE_DASK_PYTHON overrides); skipped without it.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { repoRoot } from '../paths.mjs';
import { groupMembers, pidsRunning } from '../processes.mjs';
import { startSession } from '../session.mjs';
import {
  answer,
  answerPath,
  clickContextMenuItem,
  explorerContextMenu,
  openFile,
  openWorkbench,
  pickQuickItem,
  runCommand,
  runCommandRetried,
  screenshot,
  screenshotFrame,
  waitForNotification,
  waitForWebviewFrame,
} from '../workbench.mjs';

const python = process.env.DTE_DASK_PYTHON ?? join(homedir(), '.cache/decision-tree-explorer/dask-venv/bin/python');
const ready = existsSync(python) && spawnSync(python, ['-c', 'import xgboost, dask.dataframe, distributed, pyarrow']).status === 0;
const JOB = 'dask_train.py';

/** 200,000 rows of 8 numbers and a class: reading them and growing 100 trees on 2 workers takes a while. */
function slowCsv() {
  let seed = 11;
  const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
  const lines = [[...Array.from({ length: 8 }, (_, j) => `x${j}`), 'class'].join(',')];
  for (let r = 0; r < 200_000; r++) lines.push([...Array.from({ length: 8 }, () => (next() * 1000).toFixed(2)), ['a', 'b', 'c'][Math.floor(next() * 3)]].join(','));
  return lines.join('\n') + '\n';
}

async function until(condition, timeoutMs, what) {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`${what} after ${timeoutMs / 1000} s`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** Right-clicks `name` in the Explorer until the menu has the extension's items (they come once its contributions are read). */
async function contextMenuWith(page, name, label) {
  let items = [];
  for (let attempt = 1; attempt <= 15 && !items.includes(label); attempt++) {
    if (attempt > 1) {
      await page.keyboard.press('Escape');
      await page.waitForTimeout(2000);
    }
    items = await explorerContextMenu(page, name);
  }
  assert.ok(items.includes(label), items.join(' | '));
}

/** Answers the input box titled `title` (the file dialog before it may still be closing). */
async function answerTitled(page, title, value) {
  await page.locator('.quick-input-widget .quick-input-title', { hasText: title }).waitFor({ timeout: 30_000 });
  await answer(page, value);
}

/** The progress notification's text, read from the notification center (code-server's headless workbench often shows it only there). */
async function progressText(page, file) {
  return (await page.locator('.notification-list-item', { hasText: `training on Dask, ${file}` }).first().innerText().catch(() => '')).replace(/\s+/g, ' ');
}

describe('Train on Dask Cluster… with a local 2-worker cluster', { skip: ready ? false : `needs ${python} with xgboost, dask, distributed and pyarrow (.ci/run makes it)` }, () => {
  let session;
  let page;

  before(async () => {
    session = await startSession({
      files: ['test/fixtures/imported/dask-data.csv'],
      viewport: { width: 1600, height: 1000 },
      settings: { 'workbench.colorTheme': 'Default Light Modern', 'decisionTree.dask.python': python, 'decisionTree.dask.scheduler': 'local', 'decisionTree.dask.workers': 2 },
    });
    cpSync(join(repoRoot, 'test/fixtures/parquet/parts'), join(session.folder, 'parts'), { recursive: true });
    writeFileSync(join(session.folder, 'slow.csv'), slowCsv());
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  it('from the Explorer on a folder of Parquet parts: progress, then the forest in the panel', async () => {
    await openFile(page, 'dask-data.csv');
    await contextMenuWith(page, 'parts', 'Train on Dask Cluster…');
    await screenshot(page, 'dask-explorer-menu');
    await clickContextMenuItem(page, 'Train on Dask Cluster…');
    await answerTitled(page, 'the target column of parts', 'species');
    await pickQuickItem(page, 'Random forest (100 trees)');
    // The rows the workers read, in the progress notification (or the log line, once it has gone).
    await runCommand(page, 'Notifications: Show Notifications');
    let seen = '';
    const deadline = Date.now() + 120_000;
    while (!/150 rows in 3 partitions/.test(seen) && Date.now() < deadline) {
      const text = await progressText(page, 'parts');
      if (text !== '') seen = text;
      if (/local cluster tcp:\/\/127\.0\.0\.1:\d+: 2 workers/.test(text)) await screenshot(page, 'dask-explorer-progress');
      if ((await page.locator('.tabs-container .tab', { hasText: 'parts.xgb.json' }).count()) > 0) break;
      await page.waitForTimeout(100);
    }
    console.log(`  last progress seen: ${seen}`);
    assert.match(seen, /training on Dask, parts/);
    const view = await waitForWebviewFrame(page, 'header', { hasText: 'XGBoost model · parts.xgb.json · 300 trees', timeout: 180_000 });
    assert.match(await view.locator('.ensemble-description').textContent(), /trained on a Dask cluster: held-out accuracy [\d.]+ on \d+ rows/);
    assert.match(await view.locator('.summary-tab').textContent(), /Classes: 0 = setosa, 1 = versicolor, 2 = virginica\./);
    assert.ok(existsSync(join(session.folder, 'parts.xgb.json')));
    await waitForNotification(page, /parts\.xgb\.json trained on Dask\. hold-out accuracy/);
    await screenshot(page, 'dask-explorer-model');
    await screenshotFrame(view, 'dask-explorer-model-frame');
    assert.deepEqual(pidsRunning(JOB), [], 'the job ended');
  });

  it('from the palette on a CSV: a single tree, opened with its rows', async () => {
    await page.keyboard.press('Escape');
    await page.locator('.explorer-folders-view .monaco-list-row[aria-label^="dask-data.csv"]').first().click();
    await runCommandRetried(page, 'Decision Tree: Train on Dask Cluster…');
    await answerPath(page, join(session.folder, 'dask-data.csv'));
    await answerTitled(page, 'the target column of dask-data.csv', 'label');
    await page.locator('.quick-input-widget .quick-input-title', { hasText: 'what XGBoost grows' }).waitFor();
    await screenshot(page, 'dask-palette-kind');
    await pickQuickItem(page, 'Single tree');
    const view = await waitForWebviewFrame(page, 'header', { hasText: 'XGBoost model · dask-data.xgb.json', timeout: 180_000 });
    assert.match(await view.locator('header').first().textContent(), /XGBoost model · dask-data\.xgb\.json · 3 trees/);
    assert.match(await view.locator('.summary-tab').textContent(), /Classes: 0 = high, 1 = low, 2 = mid\./);
    // One tree per class: "its 1 tree's", not "its 1 trees'".
    assert.match(await view.locator('.summary-tab').textContent(), /per class, the sum of its 1 tree's leaf values/);
    await waitForNotification(page, /dask-data\.xgb\.json trained on Dask\. hold-out accuracy/);
    await screenshot(page, 'dask-palette-model');
  });

  it('Cancel on the notification ends the job and its workers; no model is written', async () => {
    await page.keyboard.press('Escape');
    await contextMenuWith(page, 'slow.csv', 'Train on Dask Cluster…');
    await clickContextMenuItem(page, 'Train on Dask Cluster…');
    await answerTitled(page, 'the target column of slow.csv', 'class');
    await pickQuickItem(page, 'Random forest (100 trees)');
    await until(() => pidsRunning(JOB).length > 0, 60_000, 'no Dask job started');
    const [job] = pidsRunning(JOB);
    // The job leads its process group; its LocalCluster's 2 worker processes (multiprocessing's spawn) join it.
    const workers = () => groupMembers(job).filter((pid) => pidsRunning('spawn_main').includes(pid));
    await until(() => workers().length === 2, 120_000, 'the local cluster never had its 2 workers');
    await runCommand(page, 'Notifications: Show Notifications');
    const training = page.locator('.notification-list-item', { hasText: 'training on Dask, slow.csv' }).first();
    const cancel = training.locator('.monaco-button', { hasText: /^Cancel$/ });
    await cancel.waitFor({ timeout: 60_000 });
    // Cancel while the workers grow the trees.
    await page.waitForFunction(() => /growing \d+ trees|training, \d+ s/.test(globalThis.document.querySelector('.notifications-center')?.textContent ?? ''), null, { timeout: 120_000 });
    console.log(`  before Cancel: ${await progressText(page, 'slow.csv')}; job ${job} and workers ${workers().join(', ')}`);
    await screenshot(page, 'dask-cancel-before');
    await cancel.click();
    const clicked = Date.now();
    await until(() => groupMembers(job).length === 0, 20_000, `processes of the job's group still run (${groupMembers(job).join(', ')})`);
    console.log(`  Cancel clicked → the job and its workers gone in ${Date.now() - clicked} ms`);
    assert.deepEqual(pidsRunning(JOB), []);
    await page.waitForTimeout(2000);
    assert.ok(!existsSync(join(session.folder, 'slow.xgb.json')), 'no model written');
    const tabs = await page.locator('.tabs-container .tab').allInnerTexts();
    assert.ok(!tabs.some((t) => t.includes('slow.xgb.json')), `a panel opened: ${tabs}`);
    await screenshot(page, 'dask-cancel-after');
  });
});
