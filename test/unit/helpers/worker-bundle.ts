// A worker script bundled afresh from its source, for tests that drive real worker threads: the
// engine worker (src/worker/node-port.ts) by default, or another entry (a pool's task module).
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const FOREST_WORKER = 'src/worker/forest-worker.ts';

/**
 * Bundles `entry` (relative to the project) into a temporary folder and returns the file's path.
 * The forest's pool worker goes beside it, as in dist/, so a worker that trains a forest finds it.
 */
export async function bundleWorker(entry = 'src/worker/node-port.ts'): Promise<string> {
  // Loaded at run time from the project: esbuild's API cannot itself be bundled by the fast test runner.
  const esbuild = createRequire(path.join(process.cwd(), 'package.json'))('esbuild') as typeof import('esbuild');
  const outdir = mkdtempSync(path.join(tmpdir(), 'dte-worker-'));
  const entryPoints = [...new Set([entry, FOREST_WORKER])].map((e) => ({ in: path.join(process.cwd(), e), out: path.basename(e, '.ts') }));
  await esbuild.build({ entryPoints, outdir, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  return path.join(outdir, `${path.basename(entry, '.ts')}.js`);
}
