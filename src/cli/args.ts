// A small, strict argv parser: unknown flags and missing values are usage errors (exit 2), so a
// typo never silently falls back to a default; an unknown one is answered with the nearest known one.
import { InputError } from '../engine/errors';
import { suggestion } from './nearest';
import type { OptionTable } from './options';

export interface ParsedArgs {
  readonly positional: string[];
  readonly flags: Map<string, string | true>;
}

/** Accepts the table's options as `--flag value` and `--flag=value` (a switch: `--flag`). */
export function parseArgs(argv: readonly string[], options: OptionTable): ParsedArgs {
  const spec = new Map(options.map((o) => [o.name, o.value !== undefined]));
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    const takesValue = spec.get(name);
    if (takesValue === undefined) throw new InputError('bad-option', `unknown option --${name}${suggestion(name, [...spec.keys()], '--')}`);
    if (!takesValue) {
      if (eq >= 0) throw new InputError('bad-option', `option --${name} takes no value`);
      flags.set(name, true);
      continue;
    }
    const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
    if (value === undefined) throw new InputError('bad-option', `option --${name} needs a value`);
    flags.set(name, value);
  }
  return { positional, flags };
}

export function stringFlag(args: ParsedArgs, name: string): string | undefined {
  const v = args.flags.get(name);
  return typeof v === 'string' ? v : undefined;
}

/** A comma-separated list of names (`--ignore a,b`), blanks dropped. */
export function listFlag(args: ParsedArgs, name: string): string[] | undefined {
  return stringFlag(args, name)?.split(',').map((s) => s.trim()).filter((s) => s !== '');
}

export function requiredFlag(args: ParsedArgs, name: string): string {
  const v = stringFlag(args, name);
  if (v === undefined) throw new InputError('bad-option', `--${name} is required`);
  return v;
}

export function numberFlag(args: ParsedArgs, name: string, opts: { integer?: boolean; min?: number; max?: number } = {}): number | undefined {
  const raw = stringFlag(args, name);
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (raw.trim() === '' || !Number.isFinite(n) || (opts.integer && !Number.isInteger(n))) {
    throw new InputError('bad-option', `--${name} must be ${opts.integer ? 'an integer' : 'a number'}, got "${raw}"`);
  }
  if (opts.min !== undefined && n < opts.min) throw new InputError('bad-option', `--${name} must be ≥ ${opts.min}, got ${n}`);
  if (opts.max !== undefined && n > opts.max) throw new InputError('bad-option', `--${name} must be ≤ ${opts.max}, got ${n}`);
  return n;
}

/** A limit flag: an integer ≥ `min`, or `none` (null, unlimited — as when the flag is absent). */
export function limitFlag(args: ParsedArgs, name: string, min: number): number | null | undefined {
  return stringFlag(args, name)?.trim().toLowerCase() === 'none' ? null : numberFlag(args, name, { integer: true, min });
}
