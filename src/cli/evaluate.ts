// `evaluate <csv> --target COL [train options] [pruning options] [--test-size F --seed N | --cv K|loo]
// [--permutation-repeats N] [--json]`: trains as the webview does (buildReport) and prints the
// validation metrics and importances; --json prints the whole TreeReport. `evaluate --model M.json
// <csv>` measures a saved (maybe edited) tree instead (evaluate-model.ts).
import { basename } from 'node:path';
import { InputError } from '../engine/errors';
import { buildReport } from '../engine/report';
import { treeShape } from '../engine/report-score';
import { extractRules } from '../engine/rules/extract';
import { simplifyTree } from '../engine/prune/simplify';
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
import { THRESHOLD_OPTION, thresholdRuleFromArgs, thresholdText } from './threshold-flags';
import { chooseThreshold, ruleText, thresholdSection, type ThresholdRule, type ThresholdSection } from '../engine/metrics/threshold';
import { withDecisionThreshold } from '../engine/tree/decision-threshold';
import type { TreeReport } from '../engine/report-types';
import type { ClassificationMetrics } from '../engine/metrics/types';

const OPTIONS: OptionTable = [
  ...TRAIN_OPTIONS,
  ...pruneOptions(true),
  { name: 'test-size', value: 'F', meaning: 'hold out this share of the rows (0 < F < 1) to test on' },
  { name: 'repeats', value: 'K', default: '1', meaning: 'with --test-size: draw the hold-out K times (seeds N, N+1, …; stratified unless --no-stratify) and report each metric\'s mean ± std' },
  EVALUATE_CV_OPTION,
  { name: 'seed', value: 'N', default: '0', meaning: 'seed of the hold-out split, the folds and the permutations' },
  STRATIFY_OPTION,
  POSITIVE_CLASS_OPTION,
  { ...THRESHOLD_OPTION, meaning: 'binary target: report the confusion matrix and metrics at T (positive class\'s share ≥ T) beside 0.5, and at every distinct score; a rule chooses T from the --cv out-of-fold scores; --json: the model records it' },
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
  const thresholdRule = thresholdRuleFromArgs(args);
  if (forest !== null) {
    return evaluateForestCli(args, forest);
  }
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
  // With a threshold the tree is simplified at it, not at 0.5 (atThreshold).
  const built = await namingFile(args.positional[0], () => buildReport(dataset, thresholdRule === undefined ? options : { ...options, simplify: false }));
  process.stderr.write(leftOutNotes(built.leftOut));
  writeWarnings(built.warnings);
  const { report, threshold, on } = thresholdRule === undefined ? { report: built, threshold: null, on: '' } : atThreshold(built, thresholdRule, prune.simplify === true);
  if (args.flags.has('json')) process.stdout.write(jsonText(threshold ? { ...report, threshold } : report) + '\n');
  else process.stdout.write(reportText(report, basename(args.positional[0]), threshold ? thresholdText(threshold, on) : []));
}

/**
 * The report's tree with the threshold recorded, and the figures at it on the rows that measure
 * the tree: the hold-out rows, else the out-of-fold predictions, else the training rows. A rule
 * chooses from the out-of-fold scores, so it needs --cv. The figures are the unsimplified tree's
 * (simplifying at 0.5 would merge leaves the threshold tells apart).
 */
function atThreshold(report: TreeReport, rule: ThresholdRule, simplify: boolean): { report: TreeReport; threshold: ThresholdSection; on: string } {
  const positiveClass = report.settings.positiveClass;
  if (positiveClass === null) throw new InputError('bad-option', `--threshold applies to a target with two classes; "${report.model.target}" has ${report.model.task === 'regression' ? 'numeric values' : `${report.model.classes?.length ?? 0} classes`}`);
  const { holdout, crossValidation: cv, training } = report.metrics;
  let value: number;
  let chosenBy: string | null = null;
  if (rule.kind === 'value') value = rule.value;
  else {
    if (!cv) throw new InputError('bad-option', `--threshold ${ruleText(rule)} chooses from out-of-fold scores: add --cv K (or loo)`);
    value = chooseThreshold(rule, cv.pooled as ClassificationMetrics);
    chosenBy = `${ruleText(rule)} on the ${cv.leaveOneOut ? 'leave-one-out' : `${cv.folds}-fold`} out-of-fold scores (seed ${cv.seed})`;
  }
  const [measured, on] = holdout ? [holdout, 'the hold-out rows'] : cv ? [cv.pooled, 'the out-of-fold predictions (the scores the threshold was chosen on, so optimistic for a rule)'] : [training, 'the training rows (optimistic)'];
  const threshold = thresholdSection(measured as ClassificationMetrics, value, chosenBy);
  if (!threshold) throw new InputError('bad-option', `--threshold: ${on} hold only one class of "${report.model.target}"; no figures at a threshold`);
  const thresholded = withDecisionThreshold(report.model, { positiveClass, value, ...(chosenBy ? { chosenBy } : {}) });
  // Simplified at the threshold: leaves merge by their decision at it (a merged leaf's share lies between theirs).
  const model = simplify ? simplifyTree(thresholded) : thresholded;
  return { report: { ...report, model, rules: extractRules(model), final: treeShape(model), settings: { ...report.settings, simplify } }, threshold, on };
}
