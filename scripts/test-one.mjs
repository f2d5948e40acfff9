// Runs chosen unit test files without type-checking the whole project (esbuild bundles each file),
// for a fast edit-test loop: `node scripts/test-one.mjs test/unit/engine/csv-quoting.test.ts [...]`.
// `npm test` remains the full, type-checked run.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync } from 'node:fs';
import { join, basename } from 'node:path';

const files = process.argv.slice(2);
if (files.length === 0) {
  console.error('usage: node scripts/test-one.mjs test/unit/<folder>/<file>.test.ts [...]');
  process.exit(2);
}
// Inside node_modules so that external packages resolve from the bundle.
mkdirSync('node_modules/.cache', { recursive: true });
const outdir = mkdtempSync(join('node_modules/.cache', 'dte-test-'));
await esbuild.build({
  entryPoints: files,
  outdir,
  bundle: true,
  platform: 'node',
  format: 'cjs',
  sourcemap: 'inline',
  external: ['vscode', 'sql.js'],
  logLevel: 'warning',
});
const outs = files.map((f) => join(outdir, basename(f).replace(/\.ts$/, '.js')));
const r = spawnSync(process.execPath, ['--enable-source-maps', '--test', ...outs], { stdio: 'inherit', cwd: process.cwd() });
process.exit(r.status ?? 1);
