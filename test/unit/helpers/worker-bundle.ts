// The engine worker bundled afresh from src/worker/node-port.ts, for tests that drive the real worker.
import { createRequire } from 'node:module';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Bundles src/worker/node-port.ts into a temporary folder and returns the file's path. */
export async function bundleWorker(): Promise<string> {
  // Loaded at run time from the project: esbuild's API cannot itself be bundled by the fast test runner.
  const esbuild = createRequire(path.join(process.cwd(), 'package.json'))('esbuild') as typeof import('esbuild');
  const outfile = path.join(mkdtempSync(path.join(tmpdir(), 'dte-worker-')), 'worker.js');
  await esbuild.build({ entryPoints: [path.join(process.cwd(), 'src/worker/node-port.ts')], outfile, bundle: true, platform: 'node', format: 'cjs', logLevel: 'warning' });
  return outfile;
}
