// A small, strict argv parser: unknown flags and missing values are usage errors (exit 2), so a
// typo never silently falls back to a default.
import { InputError } from '../engine/errors';

export interface ParsedArgs {
  readonly positional: string[];
  readonly flags: Map<string, string | true>;
}

/**
 * `spec` maps each accepted flag (without `--`) to whether it takes a value.
 * Accepts `--flag value` and `--flag=value`.
 */
export function parseArgs(argv: readonly string[], spec: Readonly<Record<string, boolean>>): ParsedArgs {
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
    if (!(name in spec)) throw new InputError('bad-option', `unknown option --${name}`);
    if (!spec[name]) {
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
