// Bundles the extension host, the webview, the engine worker and the CLI with esbuild.
import * as esbuild from 'esbuild';
import { chmodSync, copyFileSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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
  { in: 'src/worker/node-port.ts', out: 'worker' },
  // The forest's pool workers, started by src/worker/forest-pool.ts from beside the running bundle.
  { in: 'src/worker/forest-worker.ts', out: 'forest-worker' },
].filter((e) => existsSync(e.in));

const { version } = JSON.parse(readFileSync('package.json', 'utf8'));

const benchEntries = ['csv', 'tree', 'forest', 'predict', 'report', 'hover', 'render', 'realdata', 'export', 'import']
  .map((name) => ({ in: `bench/${name}.ts`, out: `bench/${name}` }))
  .filter((e) => existsSync(e.in));

/**
 * The browser bundles take `name.web.ts` wherever a module imports `./name` and that sibling exists:
 * the few runtime-specific modules (the worker's gunzip, pool threads and sample job) sit beside
 * their Node twins, with the same exports (docs/architecture.md "Web extension").
 */
const webSiblings = {
  name: 'web-siblings',
  setup(build) {
    build.onResolve({ filter: /^\.\.?\// }, (args) => {
      const web = `${path.resolve(args.resolveDir, args.path)}.web.ts`;
      return existsSync(web) ? { path: web } : undefined;
    });
  },
};

/** The web extension (package.json `browser`) and its Web Worker: one file each, no Node built-ins (esbuild refuses any). */
const webBuilds = [
  { in: 'src/web-extension.ts', out: 'web/extension', format: 'cjs', external: ['vscode'] },
  { in: 'src/worker/web-port.ts', out: 'web/worker', format: 'iife', external: [] },
]
  .filter((e) => existsSync(e.in))
  .map(({ in: entry, out, format, external }) => ({
    ...common,
    entryPoints: [{ in: entry, out }],
    outdir: 'dist',
    platform: 'browser',
    format,
    external,
    plugins: [webSiblings],
  }));

const builds = [
  ...webBuilds,
  {
    ...common,
    entryPoints: [...nodeEntries, ...benchEntries],
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    external: ['vscode'],
  },
  // The CLI on its own: package.json's `bin` runs it directly (shebang), and its version is fixed at build time.
  {
    ...common,
    entryPoints: [{ in: 'src/cli.ts', out: 'cli' }],
    outdir: 'dist',
    platform: 'node',
    format: 'cjs',
    banner: { js: '#!/usr/bin/env node' },
    define: { DTE_VERSION: JSON.stringify(version) },
  },
  {
    ...common,
    entryPoints: [
      { in: 'webview/main.ts', out: 'webview' },
      // The column profile view's page (src/panel/profile-panel.ts).
      { in: 'webview/profile/main.ts', out: 'profile' },
      // The forest view's page (src/panel/forest-panel.ts).
      { in: 'webview/forest/main.ts', out: 'forest' },
    ],
    outdir: 'dist',
    platform: 'browser',
    format: 'iife',
  },
];

/**
 * KaTeX's style sheet and fonts for the tree panel's calculation drawer, served from dist/katex
 * (nothing loads from the network): the woff2 fonts only, which every webview reads, so the sheet's
 * woff and ttf fallbacks are dropped.
 */
function copyKatex() {
  const from = 'node_modules/katex/dist';
  mkdirSync('dist/katex/fonts', { recursive: true });
  const css = readFileSync(`${from}/katex.min.css`, 'utf8').replace(/,url\(fonts\/[^)]+\.(?:woff|ttf)\) format\("(?:woff|truetype)"\)/g, '');
  writeFileSync('dist/katex/katex.min.css', css);
  for (const f of readdirSync(`${from}/fonts`)) if (f.endsWith('.woff2')) copyFileSync(`${from}/fonts/${f}`, `dist/katex/fonts/${f}`);
}
copyKatex();

/** The Dask training job (python/dask_train.py), beside the CLI that runs it (src/cli/dask-train.ts). */
function copyPythonJob() {
  mkdirSync('dist/python', { recursive: true });
  copyFileSync('python/dask_train.py', 'dist/python/dask_train.py');
}
copyPythonJob();

if (watch) {
  for (const options of builds) {
    const ctx = await esbuild.context(options);
    await ctx.watch();
  }
  console.log('esbuild: watching for changes');
} else {
  await Promise.all(builds.map((options) => esbuild.build(options)));
  chmodSync('dist/cli.js', 0o755);
}
