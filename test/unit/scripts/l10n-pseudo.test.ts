// A pseudo-localized run (docs/architecture.md "Languages"): `npm run l10n:pseudo`'s steps (the
// messages extracted by scripts/l10n-extract.mjs, then @vscode/l10n-dev generate-pseudo) make a
// bundle in which every message reads differently; with it loaded, every host message t() gives
// changes, placeholders still filled, and the host's own texts (a failure, progress, pickers, the
// hover, a page's loading line) come out pseudo-localized: none of them is hard-coded English.
import '../helpers/fake-vscode';
import { before, after, test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { t, useLanguage, type Bundle } from '../../../src/host/l10n';
import { describeFailure } from '../../../src/host/failure-text';
import { progressText } from '../../../src/host/progress-text';
import { csvFileItems } from '../../../src/host/csv-file-items';
import { leftOutMessage } from '../../../src/host/left-out-offer';
import { computingHover } from '../../../src/hover/column-hover';
import { score } from '../../../src/hover/markdown-text';
import { panelHtml } from '../../../src/panel/html';

let english: Bundle;
let pseudo: Bundle;

before(() => {
  const dir = mkdtempSync(path.join(tmpdir(), 'dte-pseudo-'));
  const source = path.join(dir, 'bundle.l10n.json');
  const extract = spawnSync(process.execPath, ['scripts/l10n-extract.mjs', source], { encoding: 'utf8' });
  assert.equal(extract.status, 0, extract.stderr);
  const cli = path.join(process.cwd(), 'node_modules/@vscode/l10n-dev/dist/cli.js');
  const generate = spawnSync(process.execPath, [cli, 'generate-pseudo', '-o', dir, source], { encoding: 'utf8' });
  assert.equal(generate.status, 0, generate.stderr);
  english = JSON.parse(readFileSync(source, 'utf8')) as Bundle;
  pseudo = JSON.parse(readFileSync(path.join(dir, 'bundle.l10n.qps-ploc.json'), 'utf8')) as Bundle;
  useLanguage('en', pseudo);
});

after(() => useLanguage('en', {}));

/** The pseudo alphabet's letters (ƀ, ḗ, ŧ…): a text holding one came through the bundle. */
const PSEUDO = /[\u0180-\u024f\u1e00-\u1eff]/;

test('every host message changes under the pseudo bundle, with its arguments still filled', () => {
  const messages = Object.keys(english);
  assert.ok(messages.length > 200, `${messages.length} messages`);
  const unchanged: string[] = [];
  for (const message of messages) {
    const count = new Set(message.match(/\{\d+\}/g) ?? []).size;
    const args = Array.from({ length: count }, (_, i) => `ARG${i}`);
    const text = t(message, ...args);
    if (text === message.replace(/\{(\d+)\}/g, (_, i: string) => `ARG${i}`) || !PSEUDO.test(text)) unchanged.push(message);
    for (const arg of args) assert.ok(text.includes(arg), `${message}: ${arg} lost`);
  }
  assert.deepEqual(unchanged, []);
});

test("the host's own texts come out pseudo-localized: a failure, progress, pickers, the hover, a page", () => {
  const texts = [
    describeFailure(t('train a tree on'), '/d/iris.csv', new Error('boom'))?.summary ?? '',
    progressText({ phase: 'train', nodesGrown: 12 }).message,
    progressText({ phase: 'forest', treesDone: 3, nTrees: 10 }).message,
    csvFileItems([])[0].label,
    leftOutMessage('f.csv', [{ column: 'id', reason: 'id-like', detail: 'every value distinct' }]),
    computingHover('sepal_length'),
    score(null),
  ];
  for (const text of texts) assert.match(text, PSEUDO, text);
  assert.ok(describeFailure(t('train a tree on'), '/d/iris.csv', new Error('boom'))?.summary.includes('iris.csv: boom'));
  const html = panelHtml({ cspSource: 'https://w', nonce: 'N', scriptUri: 'https://w/a.js', styleUri: 'https://w/a.css', title: 'iris.csv' });
  assert.match(/<p class="loading">([^<]*)<\/p>/.exec(html)?.[1] ?? '', PSEUDO);
});
