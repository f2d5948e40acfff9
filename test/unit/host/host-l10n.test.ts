// The l10n layer (docs/architecture.md "Languages"): the language the setting and VS Code's display
// language choose, t() with a bundle (arguments, the template tag, English when a message has no
// translation), numbers with the language's decimal comma, and the language block a webview page
// reads (src/panel/html.ts → webview/l10n.ts).
import './../helpers/fake-vscode';
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { currentLanguage, formatNumber, pageLanguage, t, useLanguage, type Bundle } from '../../../src/host/l10n';
import { chooseLanguage } from '../../../src/host/language-setting';
import { panelHtml } from '../../../src/panel/html';
import { targetItems } from '../../../src/host/target-items';
import { typeName } from '../../../src/shared/terms';

const bundle = (language: string): Bundle => JSON.parse(readFileSync(`l10n/bundle.l10n.${language}.json`, 'utf8')) as Bundle;

test('auto follows VS Code\'s display language when it is Italian or Finnish, else English; the setting wins', () => {
  assert.equal(chooseLanguage('auto', 'it'), 'it');
  assert.equal(chooseLanguage(undefined, 'fi'), 'fi');
  assert.equal(chooseLanguage('auto', 'pt-br'), 'en');
  assert.equal(chooseLanguage('auto', 'en-US'), 'en');
  assert.equal(chooseLanguage('fi', 'en'), 'fi'); // no Finnish language pack: the setting is the way
  assert.equal(chooseLanguage('en', 'it'), 'en');
  assert.equal(chooseLanguage('xx', 'it'), 'en');
});

test('t() looks the message up in the chosen bundle, fills its arguments, and tags templates', () => {
  try {
    useLanguage('it', bundle('it'));
    assert.equal(currentLanguage(), 'it');
    assert.equal(t('Loading {0}…', 'iris.csv'), 'Caricamento di iris.csv…');
    const name = 'iris.csv';
    assert.equal(t`Loading ${name}…`, 'Caricamento di iris.csv…');
    useLanguage('fi', bundle('fi'));
    assert.equal(t('Loading {0}…', 'iris.csv'), 'Ladataan iris.csv…');
    // A message no bundle has yet stays English, with its arguments.
    assert.equal(t('Not in any bundle {0}', 7), 'Not in any bundle 7');
    useLanguage('en', {});
    assert.equal(t('Loading {0}…', 'iris.csv'), 'Loading iris.csv…');
  } finally {
    useLanguage('en', {});
  }
});

test('VS Code\'s own lookup is used when handed in (the display language\'s bundle)', () => {
  try {
    useLanguage('it', bundle('it'), (message, ...args) => `vscode:${message}:${args.join(',')}`);
    const n = 3;
    assert.equal(t`Keep ${n}`, 'vscode:Keep {0}:3');
  } finally {
    useLanguage('en', {});
  }
});

test('numbers take the language\'s decimal comma: Italian and Finnish 0,973, English 0.973', () => {
  try {
    useLanguage('it', {});
    assert.equal(formatNumber(0.973), '0,973');
    assert.equal(formatNumber(1234.5, { maximumFractionDigits: 1 }), '1234,5'); // Italian groups from 10 000
    useLanguage('fi', {});
    assert.equal(formatNumber(0.973), '0,973');
    assert.equal(formatNumber(12345.5, { maximumFractionDigits: 1 }), '12\u00a0345,5');
    useLanguage('en', {});
    assert.equal(formatNumber(12345.5, { maximumFractionDigits: 1 }), '12,345.5');
  } finally {
    useLanguage('en', {});
  }
});

test('a page gets its language and bundle as a JSON block no bundle text can break out of', () => {
  try {
    useLanguage('fi', { ...bundle('fi'), 'x</script><script>alert(1)</script>': '</script>' });
    const html = panelHtml({ cspSource: 'https://w', nonce: 'N', scriptUri: 'https://w/webview.js', styleUri: 'https://w/panel.css', title: 'iris.csv' });
    assert.match(html, /<html lang="fi">/);
    assert.ok(html.includes('Ladataan iris.csv…'));
    const block = /<script type="application\/json" id="dte-l10n">([^<]*)<\/script>/.exec(html);
    assert.ok(block, 'the block holds no < at all');
    assert.deepEqual(JSON.parse(block[1]), pageLanguage());
    assert.equal([...html.matchAll(/<\/script>/g)].length, 2);
  } finally {
    useLanguage('en', {});
  }
});

test('the target picker and the header hover name column types in the language; the picked item still carries the column, the engine keeps its type names', () => {
  const columns = [
    { name: 'species', type: 'categorical' as const, distinct: 3, missing: 0 },
    { name: 'petal_length_cm', type: 'numeric' as const, distinct: 43, missing: 2 },
  ];
  try {
    useLanguage('it', bundle('it'));
    const it = targetItems(columns, 'species');
    assert.deepEqual(
      it.map((i) => [i.column, i.description]),
      [
        ['species', 'categorico · 3 distinti · predefinito'],
        ['petal_length_cm', 'numerico · 43 distinti · 2 mancanti'],
      ],
    );
    useLanguage('fi', bundle('fi'));
    assert.match(targetItems(columns, 'species')[1].description, /^numeerinen · /);
    assert.equal(typeName('ordinal'), 'järjestysasteikollinen');
    useLanguage('en', {});
    assert.match(targetItems(columns, 'species')[0].description, /^categorical · 3 distinct/);
  } finally {
    useLanguage('en', {});
  }
});
