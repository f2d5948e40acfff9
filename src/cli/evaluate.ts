// `evaluate <csv> --target COL [train options] [pruning options] [--test-size F --seed N | --cv K]
// [--permutation-repeats N] [--json]`: trains as the webview does (buildReport) and prints the
// validation metrics and importances; --json prints the whole TreeReport.
import { basename } from 'node:path';
import { InputError } from '../engine/errors';
import { buildReport } from '../engine/report';
import { numberFlag, parseArgs } from './args';
import { DATA_FLAGS, DATA_USAGE, loadDataFile } from './data-flags';
import { PRUNE_FLAGS, PRUNE_USAGE, pruneOptionsFromArgs } from './prune-flags';
import { reportText } from './report-text';
import { leftOutNotes } from './left-out-notes';
import { TRAIN_FLAGS, trainParamsFromArgs } from './train';
import { POSITIVE_CLASS_FLAGS, STRATIFY_FLAGS, positiveClassFromArgs, stratifyFromArgs, writeWarnings } from './validation-flags';

const USAGE = `usage: evaluate <csv> --target COL [train options] ${PRUNE_USAGE} [--test-size F] [--cv K] [--seed N] [--no-stratify] [--positive-class LABEL] [--permutation-repeats N] [--json] ${DATA_USAGE}`;

export async function evaluateCommand(argv: string[]): Promise<void> {
  const args = parseArgs(argv, {
    ...TRAIN_FLAGS,
    ...PRUNE_FLAGS,
    ...STRATIFY_FLAGS,
    ...POSITIVE_CLASS_FLAGS,
    ...DATA_FLAGS,
    'test-size': true,
    cv: true,
    seed: true,
    'permutation-repeats': true,
    json: false,
  });
  if (args.positional.length !== 1) throw new InputError('bad-option', USAGE);
  const params = trainParamsFromArgs(args);
  const prune = pruneOptionsFromArgs(args, true);
  const testSize = numberFlag(args, 'test-size');
  if (testSize !== undefined && !(testSize > 0 && testSize < 1)) throw new InputError('bad-option', `--test-size must be strictly between 0 and 1, got ${testSize}`);
  const options = {
    params,
    ccpAlpha: prune.ccpAlpha,
    prune: prune.prune,
    pessimisticEpsilon: prune.pessimisticEpsilon,
    simplify: prune.simplify,
    alphaRule: prune.alphaRule,
    testSize,
    cvFolds: numberFlag(args, 'cv', { integer: true, min: 2 }),
    seed: numberFlag(args, 'seed', { integer: true }),
    permutationRepeats: numberFlag(args, 'permutation-repeats', { integer: true, min: 0 }),
    stratify: stratifyFromArgs(args),
    positiveClass: positiveClassFromArgs(args),
  };
  const dataset = await loadDataFile(args.positional[0], args);
  const report = buildReport(dataset, options);
  process.stderr.write(leftOutNotes(report.leftOut));
  writeWarnings(report.warnings);
  process.stdout.write(args.flags.has('json') ? JSON.stringify(report) + '\n' : reportText(report, basename(args.positional[0])));
}
