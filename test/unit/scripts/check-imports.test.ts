// scripts/check-imports.mjs (run by `npm run lint`): it passes on the real tree and fails, naming
// the problem, on a tree with an import circle, an upward import, a circle between engine folders
// or a file outside every layer (docs/architecture.md "Layers and folders").
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const CHECKER = path.join(process.cwd(), 'scripts/check-imports.mjs');

function check(root: string): { status: number | null; output: string } {
  const r = spawnSync(process.execPath, [CHECKER, root], { encoding: 'utf8' });
  return { status: r.status, output: r.stdout + r.stderr };
}

/** A temporary project holding these files (path → text). */
function tree(files: Record<string, string>): string {
  const root = mkdtempSync(path.join(tmpdir(), 'dte-imports-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

test('the real tree has no import circle and no upward import', () => {
  const { status, output } = check(process.cwd());
  assert.equal(status, 0, output);
  assert.match(output, /no circle, no upward import/);
});

test('a clean layered tree passes', () => {
  const root = tree({
    'src/engine/a.ts': 'export const a = 1;\n',
    'src/shared/b.ts': "import { a } from '../engine/a';\nexport const b = a;\n",
    'src/worker/c.ts': "import { b } from '../shared/b';\nexport const c = b;\n",
    'webview/d.ts': "import { b } from '../src/shared/b';\nexport const d = b;\n",
  });
  assert.equal(check(root).status, 0);
});

test('a circle between two worker files fails, naming the circle', () => {
  const root = tree({
    'src/worker/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
    'src/worker/b.ts': "import type { a } from './a';\nexport const b: typeof a | null = null;\n",
  });
  const { status, output } = check(root);
  assert.equal(status, 1);
  assert.match(output, /import circle: src\/worker\/a\.ts → src\/worker\/b\.ts → src\/worker\/a\.ts/);
});

test('an upward import fails, naming both files and the layers', () => {
  const root = tree({
    'src/host/settings.ts': 'export const s = 1;\n',
    'src/shared/protocol.ts': "import { s } from '../host/settings';\nexport const p = s;\n",
    'webview/main.ts': "import { s } from '../src/host/settings';\nexport const m = s;\n",
  });
  const { status, output } = check(root);
  assert.equal(status, 1);
  assert.match(output, /upward import: src\/shared\/protocol\.ts \(shared\) imports src\/host\/settings\.ts \(host\)/);
  assert.match(output, /upward import: webview\/main\.ts \(webview\) imports src\/host\/settings\.ts \(host\)/);
});

test('a circle between two engine folders fails even without a file circle', () => {
  const root = tree({
    'src/engine/prune/grown.ts': "import { cv } from '../validation/cv';\nexport const grown = cv;\n",
    'src/engine/prune/path.ts': 'export const path = 1;\n',
    'src/engine/validation/cv.ts': "import { path } from '../prune/path';\nexport const cv = path;\n",
  });
  const { status, output } = check(root);
  assert.equal(status, 1);
  assert.match(output, /folder import circle: src\/engine\/prune\/ → src\/engine\/validation\/ → src\/engine\/prune\//);
});

test('a file outside every layer fails', () => {
  const { status, output } = check(tree({ 'src/render/x.ts': 'export const x = 1;\n' }));
  assert.equal(status, 1);
  assert.match(output, /src\/render\/x\.ts is in no layer/);
});

test("a circle between an engine folder and a file at the engine's root fails", () => {
  const root = tree({
    'src/engine/model.ts': "import type { Why } from './tree/left-out';\nexport interface Model { why: Why }\n",
    'src/engine/tree/left-out.ts': "export type Why = 'id';\n",
    'src/engine/tree/grow.ts': "import type { Model } from '../model';\nexport const grow = (m: Model) => m;\n",
  });
  const { status, output } = check(root);
  assert.equal(status, 1);
  assert.match(output, /folder import circle: src\/engine\/model\.ts → src\/engine\/tree\/ → src\/engine\/model\.ts/);
});

test('the vscode side may not import the worker: it reaches it through the bridge', () => {
  const root = tree({
    'src/worker/gzip.ts': 'export const g = 1;\n',
    'src/host/csv-source.ts': "import { g } from '../worker/gzip';\nexport const c = g;\n",
  });
  const { status, output } = check(root);
  assert.equal(status, 1);
  assert.match(output, /upward import: src\/host\/csv-source\.ts \(host\) imports src\/worker\/gzip\.ts \(worker\)/);
});
