// `t()`, through which every user-visible string of the vscode side goes, and the language it
// speaks (docs/architecture.md "Languages"). English is the source text; l10n/bundle.l10n.it.json
// and l10n/bundle.l10n.fi.json map it to Italian and Finnish. src/host/language-setting.ts chooses
// the language and hands the bundle in; this module touches no vscode API, so pure modules (the
// panels' HTML, the hover's Markdown) and their tests use it as they are.
import * as l10n from '@vscode/l10n';
import type { PageLanguage } from '../shared/page-language';
import { numberStyleOf, type NumberStyle } from '../shared/render/tree-labels';

export const LANGUAGES = ['en', 'it', 'fi'] as const;
export type Language = (typeof LANGUAGES)[number];
/** A bundle's contents: English source text → translation. */
export type Bundle = Readonly<Record<string, string>>;
export type Replacement = string | number | boolean;
/** A lookup of a message with `{0}` placeholders: vscode.l10n.t when the language is VS Code's own. */
export type Lookup = (message: string, ...args: Replacement[]) => string;

interface Current {
  language: Language;
  bundle: Bundle;
  lookup: Lookup;
}

let current: Current = { language: 'en', bundle: {}, lookup: l10n.t };

/**
 * Speaks `language` from now on, with `bundle` (what webview pages get too). `lookup` is vscode.l10n.t
 * when the language is VS Code's display language (it holds the same bundle); @vscode/l10n otherwise.
 */
export function useLanguage(language: Language, bundle: Bundle, lookup?: Lookup): void {
  l10n.config({ contents: { ...bundle } });
  current = { language, bundle, lookup: lookup ?? l10n.t };
}

export function currentLanguage(): Language {
  return current.language;
}

/** What a webview page needs to speak the host's language (src/panel/html.ts puts it in the page). */
export function pageLanguage(): PageLanguage {
  return { language: current.language, bundle: current.bundle };
}

/** `t\`Trained ${name}\`` → the message `Trained {0}`: the key the bundles and scripts/l10n-extract.mjs use. */
function templateMessage(parts: TemplateStringsArray): string {
  return parts.reduce((message, part, i) => (i === 0 ? part : `${message}{${i - 1}}${part}`), '');
}

/**
 * The translation of `message` (English, with `{0}`, `{1}` for `args`), or `message` itself.
 * Also a template tag: t`Trained ${name}` looks up `Trained {0}`.
 */
export function t(message: string, ...args: Replacement[]): string;
export function t(parts: TemplateStringsArray, ...args: Replacement[]): string;
export function t(message: string | TemplateStringsArray, ...args: Replacement[]): string {
  return current.lookup(typeof message === 'string' ? message : templateMessage(message), ...args);
}

/** A number for the UI in the chosen language (Italian and Finnish: decimal comma). */
export function formatNumber(value: number, options?: Intl.NumberFormatOptions): string {
  return new Intl.NumberFormat(current.language, options).format(value);
}

/** How tree labels and split phrases write their numbers in the chosen language (src/shared/render/tree-labels.ts NumberStyle): `≤ 5,45` in Italian and Finnish. */
export function labelNumber(): NumberStyle {
  return numberStyleOf(current.language);
}
