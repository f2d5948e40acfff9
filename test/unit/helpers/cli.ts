// The CLI end to end: bundled afresh from src/cli.ts into a temporary folder (esbuild's own
// binary, so it runs however the test itself was compiled) and run in a child process.
import { after, before } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export interface CliResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

export interface CliHarness {
  /** The temporary folder holding the bundle; tests may write their own files there. */
  readonly dir: string;
  run(...args: string[]): CliResult;
}

/** Registers before/after hooks in the calling test file that bundle the CLI and clean up. */
export function useCli(): CliHarness {
  let dir = '';
  before(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'dte-cli-'));
    const esbuild = path.join(process.cwd(), 'node_modules/.bin/esbuild');
    // The version as scripts/build.mjs puts it in.
    const { version } = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string };
    const args = ['src/cli.ts', '--bundle', '--platform=node', '--format=cjs', '--external:vscode', `--define:DTE_VERSION=${JSON.stringify(version)}`, `--outfile=${path.join(dir, 'cli.js')}`, '--log-level=error'];
    const r = spawnSync(esbuild, args, { encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    // The forest's pool workers, beside cli.js as scripts/build.mjs puts them in dist/.
    const pool = spawnSync(esbuild, ['src/worker/forest-worker.ts', '--bundle', '--platform=node', '--format=cjs', `--outfile=${path.join(dir, 'forest-worker.js')}`, '--log-level=error'], { encoding: 'utf8' });
    assert.equal(pool.status, 0, pool.stderr);
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  return {
    get dir() {
      return dir;
    },
    run(...args: string[]): CliResult {
      const r = spawnSync(process.execPath, [path.join(dir, 'cli.js'), ...args], { encoding: 'utf8', cwd: process.cwd() });
      return { status: r.status, stdout: r.stdout, stderr: r.stderr };
    },
  };
}
