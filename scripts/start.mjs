// `npm start`: builds, then opens the extension on media/samples/ — in VS Code desktop
// (`--extensionDevelopmentPath`) when a `code` command exists, otherwise in the local code-server
// of the e2e harness (installed on first use into .vscode-test/), whose URL is printed. Ctrl+C
// stops the server. `--code-server` skips the desktop check.
import { spawn, spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../test/e2e/paths.mjs';

const samples = join(repoRoot, 'media', 'samples');

function run(cmd, args) {
  const r = spawnSync(cmd, args, { stdio: 'inherit', cwd: repoRoot });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

function hasCodeCommand() {
  const r = spawnSync('code', ['--version'], { stdio: 'ignore', timeout: 20_000 });
  return r.status === 0;
}

run(process.execPath, ['scripts/build.mjs']);

if (!process.argv.includes('--code-server') && hasCodeCommand()) {
  console.log(`Opening VS Code on ${samples} with this extension under development.`);
  const child = spawn('code', ['--new-window', `--extensionDevelopmentPath=${repoRoot}`, samples], { stdio: 'inherit', detached: true });
  child.unref();
} else {
  const { install, isInstalled } = await import('../test/e2e/install.mjs');
  const { startCodeServer, workbenchUrl } = await import('../test/e2e/code-server.mjs');
  if (!isInstalled()) {
    console.log('No `code` command: installing the local code-server into .vscode-test/ (once, several minutes)…');
    await install();
  }
  const server = await startCodeServer();
  const url = workbenchUrl(server.url, { folder: samples, extensionDevelopmentPath: repoRoot });
  console.log(`\nDecision Tree Explorer in code-server: ${server.url}\nOpen this URL (samples folder, extension loaded):\n\n  ${url}\n\nServer log: ${server.logFile}\nPress Ctrl+C to stop.`);
  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await server.stop();
    process.exit(0);
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
  // Keep the process alive while the server runs.
  globalThis.setInterval(() => undefined, 1 << 30);
}
