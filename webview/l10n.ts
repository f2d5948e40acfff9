// The page's language (docs/architecture.md "Languages"): the host puts its language tag and
// bundle in the page's HTML (src/panel/html.ts, a `<script type="application/json">` block the
// browser never runs), read once here when the page's script starts. Every user-visible string a
// page draws goes through `t()`, every number it shows through `formatNumber()` (Italian and
// Finnish write a decimal comma). A page without the block (a test page) speaks English.
import * as l10n from '@vscode/l10n';
import { PAGE_LANGUAGE_ID, type PageLanguage } from '../src/shared/page-language';
import { formatNumber as plainNumber, numberStyleOf, type NumberStyle } from '../src/shared/render/tree-labels';

function readPageLanguage(): PageLanguage {
  const block = typeof document === 'undefined' ? null : document.getElementById(PAGE_LANGUAGE_ID);
  if (block?.textContent) {
    try {
      return JSON.parse(block.textContent) as PageLanguage;
    } catch {
      // A broken block leaves English: the page still works.
    }
  }
  return { language: 'en', bundle: {} };
}

const page = readPageLanguage();
l10n.config({ contents: { ...page.bundle } });

/** The page's language tag: `en`, `it` or `fi`. */
export const language: string = page.language;

/**
 * The translation of `message` (English, `{0}`, `{1}` for `args`), or `message` itself; also a
 * template tag: t`${n} rows` looks up `{0} rows`. The same bundles as the host's t() (src/host/l10n.ts).
 */
export const t: typeof l10n.t = l10n.t;

const formats = new Map<string, Intl.NumberFormat>();

/** A number in the page's language (`0,973` in Italian and Finnish); `options` as Intl.NumberFormat's. */
export function formatNumber(value: number, options: Intl.NumberFormatOptions = {}): string {
  const key = JSON.stringify(options);
  let format = formats.get(key);
  if (format === undefined) formats.set(key, (format = new Intl.NumberFormat(language, options)));
  return format.format(value);
}

/**
 * The tree labels' numbers (src/shared/render/tree-labels.ts NumberStyle) with the page's decimal
 * mark: `≤ 5.45` reads `≤ 5,45` in Italian and Finnish. Only the mark changes: a label keeps its
 * digits, with no grouping, as the CLI and the exports word it.
 */
export const labelNumber: NumberStyle = numberStyleOf(language);

/** A figure as the tree labels word it (at most `significant` digits, no trailing zeros), with the page's decimal mark. */
export function figure(x: number, significant = 4): string {
  return labelNumber(plainNumber(x, significant));
}
