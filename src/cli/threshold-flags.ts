// --threshold T|youden|f1|precision>=P|recall>=R on train, evaluate and predict (docs/cli.md
// "Decision threshold"): a binary tree predicts its positive class when that class's share of the
// leaf is ≥ T. A rule chooses T from out-of-fold scores (k-fold cross-validation of the same
// settings); the text form prints the figures at T beside those at 0.5 and at the curve's thresholds.
import type { Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import type { ClassificationMetrics } from '../engine/metrics/types';
import { chooseThreshold, parseThresholdRule, ruleText, type ThresholdPoint, type ThresholdRule, type ThresholdSection } from '../engine/metrics/threshold';
import type { DecisionThreshold, TrainParams } from '../engine/model';
import type { PostProcessing } from '../engine/prune/post-process';
import { formatName } from '../engine/rules/text';
import { crossValidate } from '../engine/validation/cross-validate';
import { stringFlag, type ParsedArgs } from './args';
import type { CliOption } from './options';
import { f4, table } from './report-text';
import { formatNumber } from '../shared/render/tree-labels';
import type { LoadedModel } from '../engine/import/read';
import { thresholdClass } from '../engine/tree/decision-threshold';

/** A threshold as a line of text shows it: 4 significant digits (the model file keeps every digit). */
export const thresholdValueText = (t: number): string => formatNumber(t, 4);

export const THRESHOLD_OPTION: CliOption = {
  name: 'threshold',
  value: 'T|youden|f1|precision>=P|recall>=R',
  default: 'none: each leaf predicts its largest class',
  meaning: "binary target: predict the positive class (--positive-class) when its share of the leaf is ≥ T (a forest: its mean leaf share); a rule chooses T from out-of-fold scores (--cv K folds, default 5; a forest: its OOB scores)",
};

export const thresholdRuleFromArgs = (args: ParsedArgs): ThresholdRule | undefined => {
  const text = stringFlag(args, 'threshold');
  return text === undefined ? undefined : parseThresholdRule(text);
};

/** Where a rule's out-of-fold scores come from: folds of the training rows with the settings of the tree trained. */
export interface FoldChoice {
  params: TrainParams;
  post: PostProcessing;
  folds: number;
  seed: number;
  stratify: boolean;
}

/** A threshold for a tree trained on `dataset`: a number as given, or a rule applied to the out-of-fold scores of `fold`'s cross-validation; warnings go to `warn`. */
export function decideThreshold(rule: ThresholdRule, positiveClass: string, dataset: Dataset, fold: FoldChoice, warn: (w: string[]) => void): DecisionThreshold {
  if (rule.kind === 'value') return { positiveClass, value: rule.value };
  const cv = crossValidate(dataset, fold.params, fold.post, fold.folds, fold.seed, { stratify: fold.stratify, positiveClass });
  warn(cv.warnings);
  const pooled = cv.pooled as ClassificationMetrics;
  const value = chooseThreshold(rule, pooled);
  return { positiveClass, value, chosenBy: `${ruleText(rule)} on ${fold.folds}-fold out-of-fold scores (seed ${fold.seed}${fold.stratify ? ', stratified' : ''})` };
}

/**
 * The class a threshold given to a loaded model bounds: as asked, else a tree's or forest's
 * recorded threshold's, else a tree's less frequent class by its root's counts, a forest's over its
 * trees' root counts (their bootstrap samples), a model trained elsewhere's second class (the one a
 * binary model's probability is of). `classes`: an imported model's, bound to its data.
 */
export function loadedThresholdClass(loaded: LoadedModel, asked: string | undefined, classes: readonly string[]): string {
  if (asked !== undefined) return asked;
  if (loaded.kind === 'tree') return thresholdClass(loaded.model, undefined);
  if (loaded.kind === 'ensemble') return classes[1];
  const forest = loaded.model;
  if (forest.decisionThreshold) return forest.decisionThreshold.positiveClass;
  const totals = [0, 0];
  // Node 0's class counts are the first `dim` numbers of a packed tree's values.
  for (const { packed } of forest.trees) for (let k = 0; k < 2; k++) totals[k] += packed.value[k];
  return (forest.classes ?? [])[totals[0] < totals[1] ? 0 : 1];
}

/** The rule must be a number where no true values are at hand (predict). */
export function givenValue(rule: ThresholdRule): number {
  if (rule.kind !== 'value') throw new InputError('bad-option', `--threshold ${ruleText(rule)} chooses from true values; predict has none: choose it with train or evaluate, or give a number`);
  return rule.value;
}

const row = (label: string, p: ThresholdPoint): string[] => [label, f4(p.threshold), ...[p.tp, p.fp, p.fn, p.tn].map((x) => String(x)), f4(p.accuracy), f4(p.precision), f4(p.recall), f4(p.specificity), f4(p.fpr), f4(p.f1)];
const HEADER = ['', 'threshold', 'TP', 'FP', 'FN', 'TN', 'accuracy', 'precision', 'recall', 'specificity', 'FPR', 'F1'];

/** The threshold section of evaluate's text: the figures at T and at 0.5, then at each distinct score. */
export function thresholdText(s: ThresholdSection, on: string): string[] {
  const how = s.chosenBy === null ? 'given' : `chosen by ${s.chosenBy}`;
  return [
    `decision threshold ${thresholdValueText(s.threshold)} on the share of ${formatName(s.positiveClass)} (${how}), measured on ${on}: positive when the share is ≥ the threshold`,
    ...table(HEADER, [row('at the threshold', s.at), row('at 0.5', s.atHalf)]),
    `metrics at each of the curve's ${s.curve.length} thresholds (the distinct scores, highest first):`,
    ...table(HEADER.slice(1), s.curve.map((p) => row('', p).slice(1))),
    '',
  ];
}
