// webview/l10n.ts reads the page's language block (src/panel/html.ts) once, when the page's script
// starts: its t() speaks the bundle and formatNumber() the language's decimal comma.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { PAGE_LANGUAGE_ID, type PageLanguage } from '../../../src/shared/page-language';

test('a page speaks the language and bundle of its HTML block', () => {
  const block: PageLanguage = { language: 'it', bundle: { '{0} rows': '{0} righe' } };
  const scope = globalThis as { document?: unknown };
  scope.document = { getElementById: (id: string) => (id === PAGE_LANGUAGE_ID ? { textContent: JSON.stringify(block) } : null) };
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports -- loaded after the page's block exists, as in a webview
    const page = require('../../../webview/l10n') as typeof import('../../../webview/l10n');
    assert.equal(page.language, 'it');
    assert.equal(page.t('{0} rows', 150), '150 righe');
    const n = 150;
    assert.equal(page.t`${n} rows`, '150 righe');
    assert.equal(page.t('Untranslated'), 'Untranslated');
    assert.equal(page.formatNumber(0.9733, { maximumFractionDigits: 3 }), '0,973');
    // The tree labels' numbers keep their digits and take the comma (src/shared/render/tree-labels.ts NumberStyle).
    assert.equal(page.labelNumber('5.45'), '5,45');
    assert.equal(page.labelNumber('-1234.5'), '-1234,5');
    assert.equal(page.figure(0.66666), '0,6667');
  } finally {
    delete scope.document;
  }
});
