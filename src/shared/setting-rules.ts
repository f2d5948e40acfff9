// What the settings modules (train-settings.ts, forest-settings.ts) share: a rule per setting, and
// the reading of overrides that come from outside the code (workspace state written by an older
// version, a webview's saved state), which keeps only the valid entries.

export interface SettingRule {
  check: (value: unknown) => boolean;
  /** What the setting accepts, in the words a user reads when a value is rejected. */
  expected: string;
}

export type SettingRules<S> = { [K in keyof S]: SettingRule };

/** The valid entries of `overrides` under `rules`, each as it enters the settings; anything unknown or invalid is dropped. */
export function validEntries<S>(rules: SettingRules<S>, entering: (key: keyof S, value: unknown) => unknown, overrides: unknown): Partial<S> {
  if (typeof overrides !== 'object' || overrides === null) return {};
  const valid: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(overrides)) {
    if (Object.hasOwn(rules, key) && rules[key as keyof S].check(value)) valid[key] = entering(key as keyof S, value);
  }
  return valid as Partial<S>;
}
