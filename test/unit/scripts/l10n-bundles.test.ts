// The translations are complete (docs/architecture.md "Languages"): every message of a t() in src/
// and webview/ (found by scripts/l10n-extract.mjs, as `npm run l10n:export` writes them) is in the
// Italian and the Finnish bundle with the same placeholders, and no bundle holds a message no code
// uses any more.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

const EXTRACT = path.join(process.cwd(), 'scripts/l10n-extract.mjs');
const LANGUAGES = ['it', 'fi'];

function extracted(): Record<string, string> {
  const r = spawnSync(process.execPath, [EXTRACT], { encoding: 'utf8' });
  assert.equal(r.status, 0, r.stderr);
  return JSON.parse(r.stdout) as Record<string, string>;
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

test('no bundle keeps a message the code no longer uses', () => {
  const messages = new Set(Object.keys(extracted()));
  for (const language of LANGUAGES) {
    assert.deepEqual(Object.keys(bundle(language)).filter((m) => !messages.has(m)), [], language);
  }
});
