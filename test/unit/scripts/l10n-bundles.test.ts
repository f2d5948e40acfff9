// The translations are complete (docs/architecture.md "Languages"): every message of a t() in src/
// and webview/ (found by scripts/l10n-extract.mjs, as `npm run l10n:export` writes them) is in the
// Italian and the Finnish bundle with the same placeholders, and no bundle holds a message no code
// uses any more; every contributed title and description of package.json is a package.nls key,
// translated in package.nls.it.json and package.nls.fi.json.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { localizedManifest, nlsBundle } from '../helpers/manifest';

const EXTRACT = path.join(process.cwd(), 'scripts/l10n-extract.mjs');
const LANGUAGES = ['it', 'fi'];

function extracted(): Record<string, string> {
  const r = spawnSync(process.execPath, [EXTRACT], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Record<string, string>;
}

/** Each message with the places (file:line) that use it. */
function places(): Record<string, string[]> {
  const r = spawnSync(process.execPath, [EXTRACT, '--places'], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Record<string, string[]>;
}

const bundle = (language: string) => JSON.parse(readFileSync(`l10n/bundle.l10n.${language}.json`, 'utf8')) as Record<string, string>;
const placeholders = (text: string) => [...text.matchAll(/\{(\d+)\}/g)].map((m) => m[1]).sort();

test('every message of the code is translated into Italian and Finnish, with the same placeholders', () => {
  const messages = Object.keys(extracted());
  assert.ok(messages.length > 0);
  for (const language of LANGUAGES) {
    const translated = bundle(language);
    const missing = messages.filter((m) => typeof translated[m] !== 'string' || translated[m].trim() === '');
    assert.deepEqual(missing, [], `${language}: ${missing.length} of ${messages.length} messages untranslated`);
    const wrong = messages.filter((m) => placeholders(m).join() !== placeholders(translated[m]).join());
    assert.deepEqual(wrong, [], `${language}: placeholders differ`);
  }
});

test('the pages\' messages are counted: the tree page, its drawers, the forest and imported-model views, the profile page', () => {
  const where = places();
  const inFiles = (test: (file: string) => boolean) => Object.keys(where).filter((m) => where[m].some((p) => test(p.split(':')[0])));
  const pages = inFiles((file) => file.startsWith('webview/'));
  // About 440 messages the pages draw (the profile page's, the tree page's, the forest's); all translated by the test above.
  assert.ok(pages.length >= 420, `${pages.length} page messages`);
  for (const file of ['webview/main.ts', 'webview/tree-view.ts', 'webview/details.ts', 'webview/controls.ts', 'webview/metrics-view.ts', 'webview/rules-view.ts', 'webview/importances-view.ts', 'webview/compare-view.ts', 'webview/threshold-view.ts', 'webview/calculation-drawer.ts', 'webview/practice.ts', 'webview/forest/main.ts', 'webview/forest/ensemble-view.ts', 'webview/profile/cards.ts']) {
    assert.ok(inFiles((f) => f === file).length > 0, `${file} has no message`);
  }
  // The tab names the tree page draws, and the column types the pickers and pages share (src/shared/terms.ts).
  for (const m of ['Tree', 'Rules', 'Importances', 'Metrics', 'Compare', 'numeric', 'categorical']) assert.ok(m in where, m);
  const italian = bundle('it');
  assert.deepEqual(['Tree', 'Rules', 'Importances', 'Metrics', 'Compare'].map((m) => italian[m]), ['Albero', 'Regole', 'Importanze', 'Metriche', 'Confronta']);
});

test('no bundle keeps a message the code no longer uses', () => {
  const messages = new Set(Object.keys(extracted()));
  for (const language of LANGUAGES) {
    assert.deepEqual(Object.keys(bundle(language)).filter((m) => !messages.has(m)), [], language);
  }
});

/** Every string of package.json a user reads: command titles and categories, settings, walkthroughs. */
function contributedTexts(manifest: { contributes: Record<string, unknown> }): string[] {
  const texts: string[] = [];
  const visit = (value: unknown, key: string) => {
    if (typeof value === 'string' && /^(title|category|description|markdownDescription|deprecationMessage|markdownDeprecationMessage|enumDescriptions|markdownEnumDescriptions|label|shortTitle)$/.test(key)) texts.push(value);
    else if (Array.isArray(value)) value.forEach((v) => visit(v, key));
    else if (value !== null && typeof value === 'object') for (const [k, v] of Object.entries(value)) visit(v, k);
  };
  visit(manifest.contributes, 'contributes');
  return texts;
}

test('every contributed title, category, setting and walkthrough text of package.json is a package.nls key', () => {
  const raw = JSON.parse(readFileSync('package.json', 'utf8')) as { contributes: Record<string, unknown> };
  const texts = contributedTexts(raw);
  assert.ok(texts.length >= 90, `${texts.length} texts`);
  assert.deepEqual(texts.filter((text) => !/^%[\w.-]+%$/.test(text)), [], 'written in package.json, not in package.nls.json');
});

test('package.nls.it.json and package.nls.fi.json translate every key of package.nls.json, and no other', () => {
  const english = nlsBundle('en');
  for (const language of ['it', 'fi'] as const) {
    const translated = nlsBundle(language);
    assert.deepEqual(Object.keys(translated).sort(), Object.keys(english).sort(), language);
    // Each resolves: localizedManifest throws on a key the bundle lacks.
    const texts = contributedTexts(localizedManifest<{ contributes: Record<string, unknown> }>(language));
    assert.equal(texts.length, contributedTexts(localizedManifest<{ contributes: Record<string, unknown> }>('en')).length);
    // Setting references (`#decisionTree.x#`), code spans and command links survive translation.
    for (const key of Object.keys(english)) {
      const marks = (text: string) => [...text.matchAll(/#decisionTree\.[\w.]+#|\(command:[\w.]+\)/g)].map((m) => m[0]).sort();
      assert.deepEqual(marks(translated[key]), marks(english[key]), `${language} ${key}`);
    }
  }
  // The command titles do change (a bundle copied from English would pass the counts).
  assert.notEqual(nlsBundle('it')['command.train.title'], english['command.train.title']);
  assert.equal(nlsBundle('fi')['command.train.title'], 'Kouluta päätöspuu');
});
