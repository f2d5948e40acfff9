// Header names as columns need them: every column named, every name unique. Changes are reported.
import type { RenamedHeader } from '../dataset';

export function uniqueHeaderNames(raw: readonly string[]): { names: string[]; renamed: RenamedHeader[] } {
  const taken = new Set(raw);
  const used = new Set<string>();
  const names: string[] = [];
  const renamed: RenamedHeader[] = [];
  raw.forEach((original, index) => {
    let name = original;
    let reason: RenamedHeader['reason'] | null = null;
    if (original === '') {
      reason = 'blank';
      name = freeName(`column_${index + 1}`, taken, used);
    } else if (used.has(original)) {
      reason = 'duplicate';
      name = freeName(original, taken, used);
    }
    used.add(name);
    names.push(name);
    if (reason !== null) renamed.push({ index, original, name, reason });
  });
  return { names, renamed };
}

/** `base` if free, else base_2, base_3, …: never a name that some other header already has. */
function freeName(base: string, taken: ReadonlySet<string>, used: ReadonlySet<string>): string {
  if (!taken.has(base) && !used.has(base)) return base;
  for (let k = 2; ; k++) {
    const name = `${base}_${k}`;
    if (!taken.has(name) && !used.has(name)) return name;
  }
}

/** How a rename is reported (profile, and every CLI command's note); `quote` shows a name. */
export function renamedHeaderText(r: RenamedHeader, quote: (name: string) => string = JSON.stringify): string {
  return `renamed column ${r.index + 1}: ${r.reason} name ${quote(r.original)} is now ${quote(r.name)}`;
}
