// The t() of the texts both sides word alike (src/shared/terms.ts): @vscode/l10n's own, which the
// host (src/host/l10n.ts useLanguage) and each page (webview/l10n.ts) configure with the bundle of
// the language they speak (docs/architecture.md "Languages"). Its messages are extracted as every
// other t()'s (scripts/l10n-extract.mjs).
export { t } from '@vscode/l10n';
