// Pruning flags shared by `train`, `evaluate` and `prune-path`'s siblings (docs/cli.md):
// --ccp-alpha X|cv, --prune none|cost-complexity|pessimistic, --epsilon E (pessimistic ε),
// --alpha-rule best|one-se, --simplify / --no-simplify. With `--ccp-alpha cv` the alpha is chosen
// by k-fold cross-validation (--cv K, default 5; --seed N).
import { InputError } from '../engine/errors';
import type { PruneMethod } from '../engine/model';
import type { PruneOptions } from '../engine/validation/prune-grown';
import { numberFlag, stringFlag, type ParsedArgs } from './args';
import type { OptionTable } from './options';

/** `simplifyDefault` says what the command does without --simplify/--no-simplify (pruneOptionsFromArgs' `simplifyByDefault`). */
export const pruneOptions = (simplifyDefault: boolean): OptionTable => [
  { name: 'ccp-alpha', value: 'X|cv', default: '0', meaning: 'cost-complexity pruning alpha; "cv" chooses it by k-fold cross-validation' },
  { name: 'alpha-rule', value: 'best|one-se', default: 'best', meaning: 'with --ccp-alpha cv: the best mean, or the largest alpha within one standard error of it' },
  { name: 'prune', value: 'none|cost-complexity|pessimistic', default: 'pessimistic for c45, else none', meaning: 'pruning method' },
  { name: 'epsilon', value: 'E', default: '0.5', meaning: 'pessimistic pruning: the continuity correction per leaf' },
  { name: 'simplify', ...(simplifyDefault ? { default: 'on' } : {}), meaning: 'merge sibling leaves that predict the same' },
  { name: 'no-simplify', ...(simplifyDefault ? {} : { default: 'on' }), meaning: 'keep sibling leaves that predict the same' },
];

function choice<T extends string>(args: ParsedArgs, name: string, allowed: readonly T[]): T | undefined {
  const v = stringFlag(args, name);
  if (v !== undefined && !(allowed as readonly string[]).includes(v)) throw new InputError('bad-option', `--${name} must be one of ${allowed.join(', ')}, got "${v}"`);
  return v as T | undefined;
}

/** Pruning options from the flags; `simplifyByDefault` differs: off for `train` (scikit-learn's tree), on for `evaluate`. */
export function pruneOptionsFromArgs(args: ParsedArgs, simplifyByDefault: boolean): PruneOptions {
  let ccpAlpha: number | 'cv' | undefined;
  if (stringFlag(args, 'ccp-alpha') === 'cv') ccpAlpha = 'cv';
  else {
    ccpAlpha = numberFlag(args, 'ccp-alpha');
    if (ccpAlpha !== undefined && ccpAlpha < 0) throw new InputError('bad-option', `--ccp-alpha must be ≥ 0 (or "cv"), got ${ccpAlpha}`);
  }
  if (args.flags.has('simplify') && args.flags.has('no-simplify')) throw new InputError('bad-option', '--simplify and --no-simplify contradict each other');
  return {
    ccpAlpha,
    prune: choice<PruneMethod>(args, 'prune', ['none', 'cost-complexity', 'pessimistic']),
    pessimisticEpsilon: numberFlag(args, 'epsilon', { min: 0 }),
    alphaRule: choice(args, 'alpha-rule', ['best', 'one-se'] as const),
    simplify: args.flags.has('simplify') ? true : args.flags.has('no-simplify') ? false : simplifyByDefault,
  };
}
