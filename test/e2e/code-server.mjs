/* global AbortSignal */
// Starts and stops a local code-server (the real VS Code, served to a browser) for the e2e tests
// and for `npm start`. Each run gets a fresh state folder with HOME, TMPDIR and XDG_* pointed into
// it, so nothing leaks into the user's home; the server runs in its own process group and is
// stopped by killing the whole group (it leaves a file watcher and other children behind otherwise).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, openSync, closeSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { cacheDir, codeServerEntry, node24 } from './paths.mjs';

// Quiet, deterministic workbench: no welcome page, no trust prompt, no update or telemetry calls.
const defaultSettings = {
  'workbench.startupEditor': 'none',
  'workbench.tips.enabled': false,
  'workbench.enableExperiments': false,
  'security.workspace.trust.enabled': false,
  'telemetry.telemetryLevel': 'off',
  'update.mode': 'none',
  'extensions.autoCheckUpdates': false,
  'extensions.autoUpdate': false,
  'extensions.ignoreRecommendations': true,
  'chat.disableAIFeatures': true,
  'git.enabled': false,
  'window.commandCenter': false,
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
};

/** A new state folder under .vscode-test/runs/ (git-ignored). */
export function makeStateDir(prefix = 'run-') {
  mkdirSync(join(cacheDir, 'runs'), { recursive: true });
  return mkdtempSync(join(cacheDir, 'runs', prefix));
}

/** Environment for code-server and its CLI: everything user-level lives in the state folder. */
export function isolatedEnv(stateDir, extra = {}) {
  const env = { ...process.env };
  // Variables of an enclosing VS Code (its terminal) would make the server talk to that instance.
  for (const key of Object.keys(env)) {
    if (key.startsWith('VSCODE_') || key === 'ELECTRON_RUN_AS_NODE') delete env[key];
  }
  const dirs = {
    HOME: join(stateDir, 'home'),
    TMPDIR: join(stateDir, 'tmp'),
    XDG_CONFIG_HOME: join(stateDir, 'xdg', 'config'),
    XDG_DATA_HOME: join(stateDir, 'xdg', 'data'),
    XDG_CACHE_HOME: join(stateDir, 'xdg', 'cache'),
    XDG_STATE_HOME: join(stateDir, 'xdg', 'state'),
    XDG_RUNTIME_DIR: join(stateDir, 'xdg', 'runtime'),
  };
  for (const dir of Object.values(dirs)) mkdirSync(dir, { recursive: true, mode: 0o700 });
  return { ...env, ...dirs, ...extra };
}

/** The folders code-server keeps user data and extensions in, inside the state folder. */
export function stateLayout(stateDir) {
  return {
    userDataDir: join(stateDir, 'udd'),
    extensionsDir: join(stateDir, 'exts'),
    configFile: join(stateDir, 'config.yaml'),
    logFile: join(stateDir, 'server.log'),
  };
}

/**
 * Runs code-server's CLI (e.g. `--install-extension x.vsix`, `--list-extensions`) against the
 * state folder's extensions dir. Returns { status, stdout, stderr }.
 */
export function codeServerCli(stateDir, args) {
  const layout = stateLayout(stateDir);
  const r = spawnSync(
    node24,
    [codeServerEntry, '--user-data-dir', layout.userDataDir, '--extensions-dir', layout.extensionsDir,
      '--config', layout.configFile, ...args],
    { env: isolatedEnv(stateDir), encoding: 'utf8', timeout: 120_000 },
  );
  return { status: r.status, stdout: r.stdout ?? '', stderr: r.stderr ?? '' };
}

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
  });
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts code-server and resolves once /healthz answers.
 * @param {{ stateDir?: string, port?: number, settings?: object, env?: object, args?: string[], timeoutMs?: number }} options
 *   `args`: more code-server flags (e.g. `['--locale', 'it']`)
 * @returns {Promise<{ url: string, port: number, stateDir: string, pid: number, logFile: string, stop: () => Promise<void> }>}
 */
export async function startCodeServer(options = {}) {
  const stateDir = options.stateDir ?? makeStateDir();
  const port = options.port ?? (await freePort());
  const layout = stateLayout(stateDir);
  mkdirSync(join(layout.userDataDir, 'User'), { recursive: true });
  mkdirSync(layout.extensionsDir, { recursive: true });
  writeFileSync(
    join(layout.userDataDir, 'User', 'settings.json'),
    JSON.stringify({ ...defaultSettings, ...options.settings }, null, 2),
  );
  // An explicit (empty-auth) config, so code-server does not write a default one with a password.
  writeFileSync(layout.configFile, `bind-addr: 127.0.0.1:${port}\nauth: none\ncert: false\n`);

  const args = [
    codeServerEntry,
    '--auth', 'none',
    '--bind-addr', `127.0.0.1:${port}`,
    '--disable-telemetry',
    '--disable-update-check',
    '--disable-workspace-trust',
    '--disable-getting-started-override',
    '--user-data-dir', layout.userDataDir,
    '--extensions-dir', layout.extensionsDir,
    '--config', layout.configFile,
    // Without this the workbench ignores the `payload` URL parameter (extension tests).
    '--vscode-option', 'enable-smoke-test-driver',
    ...(options.args ?? []),
  ];
  const log = openSync(layout.logFile, 'a');
  // detached: the child calls setsid(), so it leads a new process group we can kill as a whole.
  const child = spawn(node24, args, {
    detached: true,
    stdio: ['ignore', log, log],
    env: isolatedEnv(stateDir, options.env),
    cwd: stateDir,
  });
  closeSync(log);
  const pid = child.pid;
  let exited = null;
  const exitPromise = new Promise((resolve) => {
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    });
  });
  // Never leave a server behind if the test process dies or is interrupted.
  const killGroup = (signal) => {
    try {
      process.kill(-pid, signal);
    } catch {
      // the group is already gone
    }
  };
  const onParentExit = () => killGroup('SIGKILL');
  process.once('exit', onParentExit);
  // Interrupted (Ctrl+C, a CI timeout): 'exit' handlers do not run on a signal's default action.
  const onSignal = (signal) => {
    killGroup('SIGKILL');
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);

  // A state folder made here is removed on stop, unless DTE_E2E_KEEP_STATE=1 keeps it (logs,
  // settings); a server that failed to start keeps it for its log.
  const ownState = !options.stateDir && !process.env.DTE_E2E_KEEP_STATE;
  const shutdown = async (removeState) => {
    process.removeListener('exit', onParentExit);
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    killGroup('SIGTERM');
    const done = await Promise.race([exitPromise.then(() => true), sleep(5000).then(() => false)]);
    // The group leader may be gone while children linger: always finish with SIGKILL.
    killGroup('SIGKILL');
    if (!done) await exitPromise;
    if (removeState) removeStateDir(stateDir);
  };

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 60_000);
  for (;;) {
    if (exited) {
      await shutdown(false);
      throw new Error(`code-server exited (${JSON.stringify(exited)}) before it was healthy; see ${layout.logFile}`);
    }
    try {
      const res = await fetch(`${url}/healthz`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await shutdown(false);
      throw new Error(`code-server did not answer ${url}/healthz in time; see ${layout.logFile}`);
    }
    await sleep(200);
  }
  return { url, port, stateDir, pid, logFile: layout.logFile, stop: () => shutdown(ownState) };
}

/**
 * The workbench URL for a folder, optionally loading an extension under development and running
 * its extension-host tests (the smoke-test driver's `payload` parameter). `extensionDevelopmentKind:
 * 'web'` runs that extension in the browser's Web Worker extension host (its package.json
 * `browser` entry), as VS Code for the Web does, instead of code-server's Node one.
 * @param {string} serverUrl
 * @param {{ folder?: string, extensionDevelopmentPath?: string, extensionTestsPath?: string, extensionDevelopmentKind?: 'web' }} options
 */
export function workbenchUrl(serverUrl, options = {}) {
  const url = new URL(serverUrl);
  const remote = (path) => `vscode-remote://${url.host}${path}`;
  if (options.folder) url.searchParams.set('folder', options.folder);
  const payload = [];
  if (options.extensionDevelopmentPath) {
    payload.push(['extensionDevelopmentPath', remote(options.extensionDevelopmentPath)]);
  }
  if (options.extensionTestsPath) payload.push(['extensionTestsPath', remote(options.extensionTestsPath)]);
  if (options.extensionDevelopmentKind) payload.push(['extensionDevelopmentKind', options.extensionDevelopmentKind]);
  if (payload.length > 0) url.searchParams.set('payload', JSON.stringify(payload));
  return url.toString();
}

/** Removes a state folder made by makeStateDir (the server must be stopped). */
export function removeStateDir(stateDir) {
  rmSync(stateDir, { recursive: true, force: true });
}
