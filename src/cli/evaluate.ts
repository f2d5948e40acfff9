// `evaluate <csv> --target COL [train options] [pruning options] [--test-size F --seed N | --cv K|loo]
// [--permutation-repeats N] [--json]`: trains as the webview does (buildReport) and prints the
// validation metrics and importances; --json prints the whole TreeReport. `evaluate --model M.json
// <csv>` measures a saved (maybe edited) tree instead (evaluate-model.ts).
import { basename } from 'node:path';
import { InputError } from '../engine/errors';
import { buildReport } from '../engine/report';
import { jsonText } from '../engine/json-text';
import { numberFlag, parseArgs } from './args';
import { DATA_OPTIONS, loadDataFile, namingFile } from './data-flags';
import { pruneOptions, pruneOptionsFromArgs } from './prune-flags';
import { reportText } from './report-text';
import { leftOutNotes } from './left-out-notes';
import { FOREST_OPTIONS, forestParamsFromArgs } from './forest-flags';
import { evaluateForestCli } from './forest-run';
import { TRAIN_OPTIONS, trainParamsFromArgs } from './train';
import { EVALUATE_CV_OPTION, POSITIVE_CLASS_OPTION, STRATIFY_OPTION, cvFromArgs, positiveClassFromArgs, stratifyFromArgs, writeWarnings } from './validation-flags';
import { usageError } from './help';
import { evaluateSaved } from './evaluate-model';
import type { CliCommand, OptionTable } from './options';
import { checkWeightColumn } from './weight-flags';

const OPTIONS: OptionTable = [
  ...TRAIN_OPTIONS,
  ...pruneOptions(true),
  { name: 'test-size', value: 'F', meaning: 'hold out this share of the rows (0 < F < 1) to test on' },
  { name: 'repeats', value: 'K', default: '1', meaning: 'with --test-size: draw the hold-out K times (seeds N, N+1, …; stratified unless --no-stratify) and report each metric\'s mean ± std' },
  EVALUATE_CV_OPTION,
  { name: 'seed', value: 'N', default: '0', meaning: 'seed of the hold-out split, the folds and the permutations' },
  STRATIFY_OPTION,
  POSITIVE_CLASS_OPTION,
  { name: 'permutation-repeats', value: 'N', default: '5', meaning: 'shuffles per column for permutation importance' },
  { name: 'json', meaning: 'print the whole report as JSON' },
  { name: 'force', meaning: 'with --ensemble: run --cv loo anyway (a forest per row; the OOB score is the cheap estimate)' },
  { name: 'model', value: 'model.json', meaning: 'measure this saved (maybe edited) tree on the CSV instead of training one; no hold-out or CV' },
  ...FOREST_OPTIONS,
  ...DATA_OPTIONS,
];

export const evaluateCommand: CliCommand = {
  name: 'evaluate',
  summary: 'train, prune and report validation metrics and importances',
  usage: '<csv> --target COL [options] | --model model.json <csv>',
  options: OPTIONS,
  example: 'iris.csv --target species --cv 5 --ccp-alpha cv',
  run: evaluate,
};

async function evaluate(argv: string[]): Promise<void> {
  const args = parseArgs(argv, OPTIONS);
  if (args.flags.has('model')) return evaluateSaved(args, DATA_OPTIONS.map((o) => o.name));
  if (args.positional.length !== 1) throw usageError(evaluateCommand);
  const params = trainParamsFromArgs(args);
  const forest = forestParamsFromArgs(args, params, numberFlag(args, 'seed', { integer: true }));
  if (forest !== null) return evaluateForestCli(args, forest);
  if (args.flags.has('force')) throw new InputError('bad-option', '--force applies to --cv loo with --ensemble (a forest per row); a single tree runs leave-one-out without it');
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
    holdoutRepeats: numberFlag(args, 'repeats', { integer: true, min: 1 }),
    ...cvFromArgs(args),
    seed: numberFlag(args, 'seed', { integer: true }),
    permutationRepeats: numberFlag(args, 'permutation-repeats', { integer: true, min: 0 }),
    stratify: stratifyFromArgs(args),
    positiveClass: positiveClassFromArgs(args),
  };
  const dataset = await loadDataFile(args.positional[0], args);
  await checkWeightColumn(args.positional[0], dataset, params);
  const report = await namingFile(args.positional[0], () => buildReport(dataset, options));
  process.stderr.write(leftOutNotes(report.leftOut));
  writeWarnings(report.warnings);
  process.stdout.write(args.flags.has('json') ? jsonText(report) + '\n' : reportText(report, basename(args.positional[0])));
}
