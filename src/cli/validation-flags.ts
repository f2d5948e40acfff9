// Flags of how rows are split for validation, shared by `train` (folds that choose ccp_alpha) and
// `evaluate`: --no-stratify (plain seeded shuffles instead of class-stratified splits) and, for
// `evaluate`, --cv K|loo (k folds or leave-one-out) and --positive-class LABEL (the class binary
// measures call positive).
import { numberFlag, stringFlag, type ParsedArgs } from './args';
import type { CliOption } from './options';

export const STRATIFY_OPTION: CliOption = { name: 'no-stratify', meaning: 'plain seeded shuffles instead of class-stratified folds' };
export const POSITIVE_CLASS_OPTION: CliOption = {
  name: 'positive-class',
  value: 'LABEL',
  default: 'the less frequent of two classes',
  meaning: 'the class binary measures (precision, recall, F1, ROC and PR AUC) call positive',
};

export const EVALUATE_CV_OPTION: CliOption = {
  name: 'cv',
  value: 'K|loo',
  meaning: 'K-fold cross-validation (also the folds of --ccp-alpha cv, default 5); loo: leave-one-out, a fold per row, never stratified',
};

/** `evaluate`'s --cv: k folds, leave-one-out, or neither. */
export function cvFromArgs(args: ParsedArgs): { cvFolds?: number; leaveOneOut: boolean } {
  if (stringFlag(args, 'cv')?.trim().toLowerCase() === 'loo') return { leaveOneOut: true };
  return { cvFolds: numberFlag(args, 'cv', { integer: true, min: 2 }), leaveOneOut: false };
}

export const stratifyFromArgs = (args: ParsedArgs): boolean => !args.flags.has('no-stratify');
export const positiveClassFromArgs = (args: ParsedArgs): string | undefined => stringFlag(args, 'positive-class');

/** Each warning on stderr, one line each, as `warning: …`. */
export function writeWarnings(warnings: readonly string[]): void {
  for (const w of warnings) process.stderr.write(`warning: ${w}\n`);
}
