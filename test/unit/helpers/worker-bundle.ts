// A worker script bundled afresh from its source, for tests that drive real worker threads: the
// engine worker (src/worker/node-port.ts) by default, or another entry (a pool's task module).
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Bundles `entry` (relative to the project) into `dir` (default: a new temporary folder) and
 * returns the file's path. Bundles that start others (the engine worker's forest pool starts
 * forest-worker.js beside itself) go into one folder.
 */
export async function bundleWorker(entry = 'src/worker/node-port.ts', dir = mkdtempSync(path.join(tmpdir(), 'dte-worker-'))): Promise<string> {
  // Loaded at run time from the project: esbuild's API cannot itself be bundled by the fast test runner.
  const esbuild = createRequire(path.join(process.cwd(), 'package.json'))('esbuild') as typeof import('esbuild');
  const name = path.basename(entry).replace(/\.ts$/, '.js');
  const outfile = path.join(dir, name);
  await esbuild.build({ entryPoints: [path.join(process.cwd(), entry)], outfile, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  return outfile;
}
