// Flags of how rows are split for validation, shared by `train` (folds that choose ccp_alpha) and
// `evaluate`: --no-stratify (plain seeded shuffles instead of class-stratified splits) and, for
// `evaluate`, --positive-class LABEL (the class binary measures call positive).
import { stringFlag, type ParsedArgs } from './args';

export const STRATIFY_FLAGS = { 'no-stratify': false } as const;
export const POSITIVE_CLASS_FLAGS = { 'positive-class': true } as const;

export const stratifyFromArgs = (args: ParsedArgs): boolean => !args.flags.has('no-stratify');
export const positiveClassFromArgs = (args: ParsedArgs): string | undefined => stringFlag(args, 'positive-class');

/** Each warning on stderr, one line each, as `warning: …`. */
export function writeWarnings(warnings: readonly string[]): void {
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
}
