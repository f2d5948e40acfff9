// Obtains the suite's source files on a machine that lacks them: Debian packages through apt-get
// (when run as root), npm's vega-datasets through `npm pack` into the git-ignored cache folder (it
// is not a project dependency). Each file is converted to CSV once and cached.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { arffToCsv, jsonRowsToCsv } from './convert';
import type { Source } from './datasets';

const DEBIAN_PACKAGES = ['weka', 'r-cran-palmerpenguins'];
const WEKA_DIRS = ['/usr/share/doc/weka/examples', '/usr/share/weka/data', '/usr/share/java/weka/data'];
const PENGUINS_DIR = '/usr/lib/R/site-library/palmerpenguins/extdata';
/** Pinned so the figures stay comparable between runs. */
export const VEGA_PACKAGE = 'vega-datasets@3.2.1';

function run(command: string, args: string[], cwd?: string): void {
  const r = spawnSync(command, args, { cwd, encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  if (r.status !== 0) throw new Error(`${command} ${args.join(' ')} failed: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n').slice(-3).join(' | ')}`);
}

/** The file in a Debian directory, plain or gzipped (Debian compresses large docs), else null. */
function findDebianFile(dirs: readonly string[], file: string): string | null {
  for (const dir of dirs) {
    for (const candidate of [path.join(dir, file), path.join(dir, file + '.gz')]) if (existsSync(candidate)) return candidate;
  }
  return null;
}

let aptTried = false;

function debianFile(dirs: readonly string[], file: string): string {
  let found = findDebianFile(dirs, file);
  if (found === null && !aptTried) {
    aptTried = true;
    if (process.getuid?.() !== 0) throw new Error(`${file} not found: run \`sudo apt-get install -y ${DEBIAN_PACKAGES.join(' ')}\``);
    process.stderr.write(`installing Debian packages ${DEBIAN_PACKAGES.join(', ')}…\n`);
    try {
      run('apt-get', ['install', '-y', ...DEBIAN_PACKAGES]);
    } catch {
      run('apt-get', ['update']);
      run('apt-get', ['install', '-y', ...DEBIAN_PACKAGES]);
    }
    found = findDebianFile(dirs, file);
  }
  if (found === null) throw new Error(`${file} not found under ${dirs.join(', ')} (Debian packages ${DEBIAN_PACKAGES.join(', ')})`);
  return found;
}

function readMaybeGzipped(file: string): string {
  const bytes = readFileSync(file);
  return (file.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8');
}

/** vega-datasets' data/FILE, unpacked from the package's tarball in the cache. */
function vegaFile(cache: string, file: string): string {
  const dir = path.join(cache, 'vega-datasets');
  const unpacked = path.join(dir, 'package', 'data', file);
  if (existsSync(unpacked)) return unpacked;
  mkdirSync(dir, { recursive: true });
  const tarball = path.join(dir, `${VEGA_PACKAGE.replace('@', '-')}.tgz`);
  if (!existsSync(tarball)) {
    process.stderr.write(`npm pack ${VEGA_PACKAGE} into ${dir}…\n`);
    run('npm', ['pack', VEGA_PACKAGE, '--pack-destination', dir, '--silent']);
  }
  run('tar', ['xzf', path.basename(tarball), `package/data/${file}`], dir);
  return unpacked;
}

/** The source as a CSV file in the cache (converted from ARFF/JSON on first use). */
export function sourceCsv(source: Source, cache: string): string {
  const csvName = source.file.replace(/\.(arff|json)$/, '.csv');
  const out = path.join(cache, 'csv', csvName);
  if (existsSync(out)) return out;
  const file = source.kind === 'weka' ? debianFile(WEKA_DIRS, source.file) : source.kind === 'penguins' ? debianFile([PENGUINS_DIR], source.file) : vegaFile(cache, source.file);
  const text = readMaybeGzipped(file);
  mkdirSync(path.dirname(out), { recursive: true });
  writeFileSync(out, source.file.endsWith('.arff') ? arffToCsv(text) : source.file.endsWith('.json') ? jsonRowsToCsv(text) : text);
  return out;
}
