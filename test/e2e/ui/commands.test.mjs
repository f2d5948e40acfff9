// The contributions as a user meets them: which Decision Tree commands the palette offers with a
// CSV open, with another file open (and which wait for a trained model), and the Explorer's
// right-click menu on a CSV versus another file.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSession } from '../session.mjs';
import { explorerContextMenu, openFile, openWorkbench, paletteCommands, screenshot } from '../workbench.mjs';

describe('Decision Tree contributions in the workbench', () => {
  let session;
  let page;
  before(async () => {
    session = await startSession({ files: ['media/samples/iris.csv', 'test/fixtures/models/README.md'] });
    page = await openWorkbench(session.context, session.server.url, { folder: session.folder });
  });
  after(async () => {
    await session?.close();
  });

  it('offers the training commands in the palette for a CSV, and the model commands only after training', async () => {
    await openFile(page, 'iris.csv');
    const offered = await paletteCommands(page, 'Decision Tree:');
    await screenshot(page, 'commands-palette');
    for (const title of ['Train Decision Tree', 'Train Decision Tree with Options…', 'Set Target Column', 'Set Column Type…']) {
      assert.ok(offered.includes(`Decision Tree: ${title}`), `palette lacks "${title}": ${offered}`);
    }
    for (const title of ['Show Tree Panel', 'Export Model (JSON)', 'Predict on Another CSV…']) {
      assert.ok(!offered.includes(`Decision Tree: ${title}`), `palette offers "${title}" before any training`);
    }
  });

  it('keeps Train / Options / Profile / Rank in the palette with a folder open whatever the editor (they then ask for a CSV); the column commands stay CSV-only', async () => {
    await openFile(page, 'README.md');
    const offered = await paletteCommands(page, 'Decision Tree:');
    for (const title of ['Train Decision Tree', 'Train Decision Tree with Options…', 'Profile CSV Columns', 'Rank Columns by Split Score']) {
      assert.ok(offered.includes(`Decision Tree: ${title}`), `palette lacks "${title}" with a .md file open: ${offered}`);
    }
    for (const title of ['Set Target Column', 'Set Column Type…']) {
      assert.ok(!offered.includes(`Decision Tree: ${title}`), `offered for a .md file: ${title}`);
    }
  });

  it('puts "Train Decision Tree" in the Explorer context menu of a CSV only', async () => {
    const onCsv = await explorerContextMenu(page, 'iris.csv');
    await screenshot(page, 'commands-explorer-menu');
    await page.keyboard.press('Escape');
    assert.ok(onCsv.includes('Train Decision Tree'), `menu on iris.csv: ${onCsv}`);
    const onMarkdown = await explorerContextMenu(page, 'README.md');
    await page.keyboard.press('Escape');
    assert.ok(!onMarkdown.includes('Train Decision Tree'), `menu on README.md: ${onMarkdown}`);
  });
});
