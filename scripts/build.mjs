// Bundles the extension host, the webview, the engine worker and the CLI with esbuild.
import * as esbuild from 'esbuild';
import { existsSync } from 'node:fs';

const watch = process.argv.includes('--watch');
const production = process.argv.includes('--production');

const common = {
  bundle: true,
  sourcemap: production ? false : 'linked',
  minify: production,
  logLevel: 'warning',
  target: 'es2022',
};

const nodeEntries = [
  { in: 'src/extension.ts', out: 'extension' },
  { in: 'src/cli.ts', out: 'cli' },
  { in: 'src/worker.ts', out: 'worker' },
].filter((e) => existsSync(e.in));

const benchEntries = ['csv', 'tree', 'predict', 'report', 'hover', 'render', 'realdata', 'export']
  .map((name) => ({ in: `bench/${name}.ts`, out: `bench/${name}` }))
  .filter((e) => existsSync(e.in));

const builds = [
  {
    ...common,
    entryPoints: [...nodeEntries, ...benchEntries],
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
  },
  {
    ...common,
    entryPoints: [{ in: 'webview/main.ts', out: 'webview' }],
    outdir: 'dist',
    platform: 'browser',
    format: 'iife',
  },
];

if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  console.log('esbuild: watching for changes');
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
}
