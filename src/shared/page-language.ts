// What a webview page is told of its language (docs/architecture.md "Languages"): the host puts it
// in the page's HTML (src/panel/html.ts) and webview/l10n.ts reads it before anything is drawn.

/** The id of the page's `<script type="application/json">` language block. */
export const PAGE_LANGUAGE_ID = 'dte-l10n';

export interface PageLanguage {
  /** A BCP 47 tag: `en`, `it` or `fi`, for `<html lang>` and Intl's number formats. */
  language: string;
  /** English source text → translation (l10n/bundle.l10n.<language>.json); empty for English. */
  bundle: Readonly<Record<string, string>>;
}
