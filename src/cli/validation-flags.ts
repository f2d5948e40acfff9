// Flags of how rows are split for validation, shared by `train` (folds that choose ccp_alpha) and
// `evaluate`: --no-stratify (plain seeded shuffles instead of class-stratified splits) and, for
// `evaluate`, --positive-class LABEL (the class binary measures call positive).
import { stringFlag, type ParsedArgs } from './args';
import type { CliOption } from './options';

export const STRATIFY_OPTION: CliOption = { name: 'no-stratify', meaning: 'plain seeded shuffles instead of class-stratified folds' };
export const POSITIVE_CLASS_OPTION: CliOption = {
  name: 'positive-class',
  value: 'LABEL',
  default: 'the second class in sorted order, for two classes',
  meaning: 'the class binary measures (precision, recall, F1, ROC AUC) call positive',
};

export const stratifyFromArgs = (args: ParsedArgs): boolean => !args.flags.has('no-stratify');
export const positiveClassFromArgs = (args: ParsedArgs): string | undefined => stringFlag(args, 'positive-class');

/** Each warning on stderr, one line each, as `warning: …`. */
export function writeWarnings(warnings: readonly string[]): void {
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
}
