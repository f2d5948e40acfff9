// Which language the extension speaks (docs/architecture.md "Languages"): decisionTree.language,
// or with `auto` VS Code's display language. VS Code has no Finnish language pack, hence the
// setting. The chosen bundle is read through workspace.fs (so the web extension reads it too) and
// handed to src/host/l10n.ts; when the language is VS Code's own, vscode.l10n.t looks it up.
import * as vscode from 'vscode';
import { LANGUAGES, useLanguage, type Bundle, type Language } from './l10n';

/** What decisionTree.language and VS Code's display language (vscode.env.language: `it`, `pt-br`…) choose. */
export function chooseLanguage(setting: string | undefined, displayLanguage: string): Language {
  const wanted = setting === undefined || setting === 'auto' ? displayLanguage.toLowerCase().split('-')[0] : setting;
  return (LANGUAGES as readonly string[]).includes(wanted) ? (wanted as Language) : 'en';
}

/** The extension's l10n/bundle.l10n.<language>.json; English (the source text) has none. */
async function readBundle(extensionUri: vscode.Uri, language: Language): Promise<Bundle> {
  if (language === 'en') return {};
  const bytes = await vscode.workspace.fs.readFile(vscode.Uri.joinPath(extensionUri, 'l10n', `bundle.l10n.${language}.json`));
  return JSON.parse(new TextDecoder().decode(bytes)) as Bundle;
}

/** Reads the setting and the bundle it chooses; activate awaits it before registering anything. */
export async function loadLanguage(extensionUri: vscode.Uri, log: (line: string) => void = () => undefined): Promise<Language> {
  const display = chooseLanguage('auto', vscode.env.language);
  const language = chooseLanguage(vscode.workspace.getConfiguration('decisionTree').get<string>('language', 'auto'), vscode.env.language);
  let bundle: Bundle = {};
  try {
    bundle = await readBundle(extensionUri, language);
  } catch (err) {
    // A missing or broken bundle leaves the English source text: the extension still works.
    log(`The ${language} bundle could not be read, so the extension speaks English: ${err instanceof Error ? err.message : String(err)}`);
  }
  useLanguage(language, bundle, language !== 'en' && language === display ? (message, ...args) => vscode.l10n.t(message, ...args) : undefined);
  return language;
}

/**
 * Reloads the language when decisionTree.language changes, then calls `onChange` (activate makes the
 * status bar item and the open pages again in it). Messages, pickers and hovers, made when shown,
 * speak it at once.
 */
export function watchLanguage(extensionUri: vscode.Uri, onChange: () => void = () => undefined): vscode.Disposable {
  return vscode.workspace.onDidChangeConfiguration(async (e) => {
    if (!e.affectsConfiguration('decisionTree.language')) return;
    await loadLanguage(extensionUri);
    onChange();
  });
}
