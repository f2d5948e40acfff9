// The tree panel's HTML: a strict Content-Security-Policy with a per-load nonce
// (docs/architecture.md, "The tree panel's Content-Security-Policy"). Pure, so the policy is
// unit-tested: scripts run only with the nonce; styles are relaxed just enough for Mermaid's inline
// <style> in its SVG and the toolkit's constructed style sheets.
import { hostPlatform } from '../host/platform';
import { pageLanguage, t } from '../host/l10n';
import { PAGE_LANGUAGE_ID, type PageLanguage } from '../shared/page-language';

export interface PanelHtmlInput {
  /** `webview.cspSource`: the origin the webview may load its own resources from. */
  cspSource: string;
  nonce: string;
  /** `webview.asWebviewUri(...)` of dist/webview.js and media/panel.css. */
  scriptUri: string;
  styleUri: string;
  /** More style sheets from the extension (the tree panel's KaTeX sheet, dist/katex/katex.min.css), loaded before `styleUri`. */
  extraStyleUris?: readonly string[];
  /** Shown while the script loads (e.g. the CSV's file name); escaped here. */
  title: string;
  /** The page's language and bundle, read by webview/l10n.ts; the host's current one unless given. */
  language?: PageLanguage;
}

/** 128 random bits, base64: unguessable by anything the page might load (the runtime's random source). */
export function makeNonce(): string {
  return hostPlatform().nonce();
}

export function contentSecurityPolicy(cspSource: string, nonce: string): string {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src ${cspSource} 'unsafe-inline'`,
    `img-src ${cspSource} data:`,
    `font-src ${cspSource}`,
  ].join('; ');
}

const HTML_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

/** Escapes text for HTML content and for double-quoted attribute values (the only kind used here). */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (ch) => HTML_ESCAPES[ch]);
}

/**
 * The language block: JSON in a `<script type="application/json">`, which the browser never runs
 * (so the nonce-only script-src allows it); `<` is escaped so no text in it can end the element.
 */
export function pageLanguageBlock(language: PageLanguage): string {
  const json = JSON.stringify(language).replace(/</g, '\\u003c');
  return `<script type="application/json" id="${PAGE_LANGUAGE_ID}">${json}</script>`;
}

export function panelHtml(input: PanelHtmlInput): string {
  const csp = escapeHtml(contentSecurityPolicy(input.cspSource, input.nonce));
  const language = input.language ?? pageLanguage();
  return `<!DOCTYPE html>
<html lang="${language.language}">
<head>
<meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<meta name="viewport" content="width=device-width, initial-scale=1.0">
${(input.extraStyleUris ?? []).map((uri) => `<link rel="stylesheet" href="${escapeHtml(uri)}">\n`).join('')}<link rel="stylesheet" href="${escapeHtml(input.styleUri)}">
<title>${escapeHtml(input.title)}</title>
</head>
<body>
<div id="root"><p class="loading">${escapeHtml(t('Loading {0}…', input.title))}</p></div>
${pageLanguageBlock(language)}
<script nonce="${escapeHtml(input.nonce)}" src="${escapeHtml(input.scriptUri)}"></script>
</body>
</html>
`;
}
