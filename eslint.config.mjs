import js from '@eslint/js';
import { builtinModules } from 'node:module';
import tseslint from 'typescript-eslint';

// One folder per runtime (docs/architecture.md "Layers and folders"): each folder may import only
// the layers below it. `scripts/check-imports.mjs` (run by `npm run lint` after ESLint) checks the
// same table on the whole import graph, and import circles.
const NODE = [...builtinModules, ...builtinModules.map((m) => `node:${m}`)];
const VSCODE = { name: 'vscode', message: 'only src/host, src/panel, src/hover and src/extension.ts run in the extension host' };
const noNode = NODE.map((name) => ({ name, message: 'runs in every runtime (Node, browser, Web Worker): no Node built-ins' }));
/** Relative imports of these top folders of src/ (or src/extension.ts), or of webview/, from anywhere in src/. */
const above = (...given) => {
  const folders = [...given, 'webview'];
  return {
    regex: `^\\.{1,2}/(\\.\\./)*(${folders.join('|')})(/|$)`,
    message: `this layer must not import ${folders.join(', ')} (docs/architecture.md "Layers and folders")`,
  };
};
/** The worker files that may use worker_threads. */
const THREAD_FILES = ['src/worker/node-port.ts', 'src/worker/pool/threads.ts'];
/**
 * The vscode side runs in a browser too (the web extension, docs/architecture.md "Web extension"):
 * only the Node runtime's half of the platform seam (src/host/platform.ts) touches node:*.
 */
const NODE_HOST_FILES = ['src/host/node-platform.ts', 'src/host/gzip-size.ts', 'src/host/dask-run.ts'];
/** The extension's entries and the activation both share. */
const ENTRY_FILES = ['src/extension.ts', 'src/web-extension.ts', 'src/activate.ts'];
/** The web bundles' own modules: the browser's halves of the seams, and the Web Worker's entry. */
const WEB_WORKER_FILES = ['src/worker/**/*.web.ts', 'src/worker/web-port.ts'];
const layer = (files, paths, patterns, ignores = []) => ({ files, ignores, rules: { 'no-restricted-imports': ['error', { paths, patterns }] } });

export default tseslint.config(
  { ignores: ['dist/**', 'out/**', 'node_modules/**', '.vscode-test/**', '*.vsix'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'smart'],
      'no-restricted-imports': 'off',
    },
  },
  layer(['src/engine/**/*.ts'], [VSCODE, ...noNode], [above('shared', 'worker', 'cli', 'host', 'panel', 'hover', 'extension')]),
  layer(['src/shared/**/*.ts'], [VSCODE, ...noNode], [above('worker', 'cli', 'host', 'panel', 'hover', 'extension')]),
  // Job code runs behind a JobPort (src/worker/job-port.ts): only the Node adapter and the pool's
  // Node threads (src/worker/pool/threads.ts) touch worker_threads.
  layer(['src/worker/**/*.ts'], [VSCODE, ...['worker_threads', 'node:worker_threads'].map((name) => ({ name, message: `only ${THREAD_FILES.join(', ')} may use worker_threads` }))], [above('cli', 'host', 'panel', 'hover', 'extension')], THREAD_FILES),
  layer(THREAD_FILES, [VSCODE], [above('cli', 'host', 'panel', 'hover', 'extension')]),
  layer(WEB_WORKER_FILES, [VSCODE, ...noNode], [above('cli', 'host', 'panel', 'hover', 'extension')]),
  layer(['src/cli/**/*.ts', 'src/cli.ts'], [VSCODE], [above('host', 'panel', 'hover', 'extension')]),
  layer(['src/host/**/*.ts'], noNode, [above('worker', 'cli', 'panel', 'hover', 'extension')], NODE_HOST_FILES),
  layer(NODE_HOST_FILES, [], [above('worker', 'cli', 'panel', 'hover', 'extension')]),
  layer(['src/panel/**/*.ts'], noNode, [above('worker', 'cli', 'hover', 'extension')]),
  layer(['src/hover/**/*.ts'], noNode, [above('worker', 'cli', 'extension')]),
  layer(ENTRY_FILES, [], [above('worker', 'cli')]),
  layer(['webview/**/*.ts'], [VSCODE, ...noNode], [{ regex: '^(\\.\\./)+src/(?!(engine|shared)/)', message: 'the webview may import only src/engine and src/shared' }]),
  {
    files: ['scripts/**/*.mjs', 'test/e2e/**/*.mjs'],
    languageOptions: {
      globals: { process: 'readonly', console: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', fetch: 'readonly' },
    },
  },
);
