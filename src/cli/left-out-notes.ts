// The stderr note of every command that trains or scores splits: one line per column left out as
// ID-like or constant, with the --keep option that keeps it (README "CLI", "Left-out columns").
import type { LeftOutColumn } from '../engine/model';
import { leftOutText } from '../engine/tree/left-out';

/** The name as one POSIX shell word: bare when safe, else quoted (JSON's escapes for control characters). */
export function shellWord(name: string): string {
  if (/^[\w.@%+=:/-]+$/.test(name)) return name;
  if (/[$`!]/.test(name) && !/[\p{Cc}]/u.test(name)) return `'${name.replace(/'/g, `'\\''`)}'`;
  return JSON.stringify(name);
}

export function leftOutNotes(leftOut: readonly LeftOutColumn[] | undefined): string {
  return (leftOut ?? []).map((c) => `note: left out ${leftOutText(c)}; --keep ${shellWord(c.column)} keeps it\n`).join('');
}
