// The packaged extension, as a user gets it: `npm run package` builds the .vsix, code-server's CLI
// installs it (`--install-extension`), and the installed copy (no development path) activates and
// answers its main command in the workbench. Set DTE_E2E_VSIX to test an existing .vsix instead.
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { codeServerCli, makeStateDir, removeStateDir } from '../code-server.mjs';
import { repoRoot } from '../paths.mjs';
import { startSession } from '../session.mjs';
import { openFile, openWorkbench, quickPickLabels, runCommand, screenshot } from '../workbench.mjs';

const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8'));
const extensionId = `${manifest.publisher}.${manifest.name}`;

function packageVsix() {
  if (process.env.DTE_E2E_VSIX) return process.env.DTE_E2E_VSIX;
  const r = spawnSync('npm', ['run', 'package'], { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  assert.equal(r.status, 0, `npm run package failed:\n${r.stdout}\n${r.stderr}`);
  const vsix = /-o\s+(\S+\.vsix)/.exec(manifest.scripts.package)?.[1] ?? `${manifest.name}.vsix`;
  return join(repoRoot, vsix);
}

describe('the packaged .vsix', () => {
  let stateDir;
  let session;
  before(() => {
    stateDir = makeStateDir('vsix-');
  });
  after(async () => {
    await session?.close();
    if (!process.env.DTE_E2E_KEEP_STATE) removeStateDir(stateDir);
  });

  it('installs with code-server --install-extension and is listed', () => {
    const vsix = packageVsix();
    assert.ok(existsSync(vsix), `${vsix} was not produced`);
    const installed = codeServerCli(stateDir, ['--install-extension', vsix]);
    assert.equal(installed.status, 0, `install failed:\n${installed.stdout}\n${installed.stderr}`);
    const listed = codeServerCli(stateDir, ['--list-extensions', '--show-versions']);
    assert.equal(listed.status, 0, listed.stderr);
    assert.ok(
      listed.stdout.split('\n').includes(`${extensionId}@${manifest.version}`),
      `--list-extensions printed:\n${listed.stdout}`,
    );
  });

  it('activates from the installed copy and asks for the target column of a CSV', async () => {
    session = await startSession({ stateDir, files: ['media/samples/iris.csv'] });
    const page = await openWorkbench(session.context, session.server.url, {
      folder: session.folder,
      extensionDevelopmentPath: null,
    });
    await openFile(page, 'iris.csv');
    await runCommand(page, 'Decision Tree: Train Decision Tree');
    const labels = await quickPickLabels(page);
    await screenshot(page, 'vsix-target-pick');
    const header = readFileSync(join(repoRoot, 'media/samples/iris.csv'), 'utf8').split(/\r?\n/)[0].split(',');
    assert.deepEqual([...labels].sort(), [...header].sort());
  });
});
