// package.json as VS Code shows it in a language: each `%key%` replaced by package.nls.json's
// English or package.nls.<language>.json's translation (docs/architecture.md "Languages").
import { readFileSync } from 'node:fs';

export type NlsLanguage = 'en' | 'it' | 'fi';

export function nlsBundle(language: NlsLanguage): Record<string, string> {
  return JSON.parse(readFileSync(language === 'en' ? 'package.nls.json' : `package.nls.${language}.json`, 'utf8')) as Record<string, string>;
}

/** The manifest with every `%key%` string resolved; a key no bundle holds throws, naming it. */
export function localizedManifest<T = unknown>(language: NlsLanguage = 'en'): T {
  const nls = nlsBundle(language);
  const resolve = (value: unknown): unknown => {
    if (typeof value === 'string') {
      const key = /^%(.+)%$/.exec(value)?.[1];
      if (key === undefined) return value;
      if (typeof nls[key] !== 'string') throw new Error(`package.nls${language === 'en' ? '' : `.${language}`}.json has no ${key}`);
      return nls[key];
    }
    if (Array.isArray(value)) return value.map(resolve);
    if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v)]));
    return value;
  };
  return resolve(JSON.parse(readFileSync('package.json', 'utf8'))) as T;
}
