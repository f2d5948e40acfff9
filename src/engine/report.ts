// ONE assembly from (data, settings, edits) to everything the webview shows (report-types.ts):
// split, grow, choose alpha, prune, simplify, importances, metrics, pruning path, rules, then the
// user's edits (edited-report.ts). The panel's report job, the edit job, the pinned tree and the
// CLI's `train` and `evaluate` all go through it, so none of them can assemble a report its own
// way: `train` stops after the fit (`fitReportTree`), which `buildReportBody` begins with.
import type { Dataset } from './dataset';
import { InputError, throwIfAborted } from './errors';
import type { DecisionThreshold, TrainParams, TreeEdit, TreeModel } from './model';
import { REPORT_FORMAT, REPORT_VERSION, type ReportOptions, type TreeReport } from './report-types';
import { costComplexityPath } from './prune/cost-complexity';
import { atDecisionThreshold, DEFAULT_ALPHA_FOLDS, pruneGrown, resolvePruneOptions, type PrunedTree, type PruneOptions } from './validation/prune-grown';
import { extractRules } from './rules/extract';
import { trainTree, type TrainResult } from './tree/train';
import { foldsProblem, targetStrata } from './validation/split';
import { repeatedHoldout } from './validation/repeated-holdout';
import { crossValidate, summarizeFolds } from './validation/cross-validate';
import { nestedAlphaCv, nestedFits } from './validation/alpha-cv';
import { resolvePositiveClass } from './validation/positive-class';
import type { CrossValidationResult, RepeatedHoldoutResult, ValidationSettings } from './validation/types';
import { decideLeftOut } from './tree/left-out';
import { reportRows, type ReportRows } from './report-rows';
import { scoreTree, treeShape } from './report-score';
import { editReport } from './edited-report';

function checkCount(name: string, value: number, min: number): void {
  if (!Number.isInteger(value) || value < min) throw new InputError('bad-option', `${name} must be an integer ≥ ${min}, got ${value}`);
}

/** `options` without its cross-validation when `cvWhenPossible` and the rows cannot be cut into its folds; `note` says so. */
function feasibleFolds(dataset: Dataset, options: ReportOptions): { options: ReportOptions; note: string | null } {
  if (!options.cvWhenPossible || options.cvFolds === undefined) return { options, note: null };
  const strata = targetStrata(dataset, options.params.target, options.params.task ?? 'auto', options.stratify ?? true);
  const problem = foldsProblem(strata, options.cvFolds);
  if (problem === null) return { options, note: null };
  return { options: { ...options, cvFolds: undefined }, note: `no cross-validation: ${problem}; the metrics are the training rows'` };
}

/** A decision threshold's positive class is the report's: a target without two classes has none. */
function thresholdOf(model: TreeModel, positiveClass: string | undefined, value: number): DecisionThreshold {
  if (positiveClass === undefined) {
    throw new InputError('bad-option', `a decision threshold applies to a target with two classes; "${model.target}" has ${model.task === 'regression' ? 'numeric values' : `${model.classes?.length ?? 0} classes`}`);
  }
  return { positiveClass, value };
}

/** What a report's training decides before anything is scored: its rows, its grown and pruned trees. */
export interface ReportFit {
  /** The options as run: without a cross-validation the rows cannot be cut into (`cvWhenPossible`). */
  options: ReportOptions;
  /** The training parameters with the left-out columns decided on the whole file. */
  params: TrainParams & Required<Pick<TrainParams, 'leftOut'>>;
  rows: ReportRows;
  validation: ValidationSettings;
  pruneOptions: PruneOptions;
  /** ccp_alpha chosen by cross-validation. */
  byCv: boolean;
  seed: number;
  grown: TrainResult;
  pruned: PrunedTree;
  positiveClass: string | undefined;
  warnings: string[];
  /** Counts a fit of choosing alpha, or of its nested estimate (report.ts), into the progress. */
  onFit: () => void;
}

/**
 * The first half of the assembly: the options checked, the left-out columns decided, the rows
 * drawn, the tree grown and pruned (alpha chosen by CV when asked). The CLI's `train` stops here.
 */
export function fitReportTree(dataset: Dataset, asked: ReportOptions): ReportFit {
  const { options, note } = feasibleFolds(dataset, asked);
  const { signal } = options;
  // Decided on the whole file, so the hold-out part and every fold leave out the same columns.
  const params = decideLeftOut(dataset, options.params.target, options.params);
  const progress = options.onProgress ?? (() => undefined);
  const seed = options.seed ?? 0;
  const repeats = options.permutationRepeats ?? 5;
  checkCount('the number of permutation repeats', repeats, 0);
  if (!Number.isFinite(seed)) throw new InputError('bad-option', `the seed must be a number, got ${seed}`);
  const pruneOptions: PruneOptions = {
    prune: options.prune ?? params.prune,
    ccpAlpha: options.ccpAlpha ?? params.ccpAlpha ?? 0,
    pessimisticEpsilon: options.pessimisticEpsilon,
    simplify: options.simplify,
    alphaRule: options.alphaRule,
    folds: options.cvFolds,
    seed,
    stratify: options.stratify,
    algorithm: params.algorithm,
  };
  const stratify = options.stratify ?? true;
  const { byCv } = resolvePruneOptions(pruneOptions);
  const loo = options.leaveOneOut === true;
  if (options.testSize !== undefined && (options.cvFolds !== undefined || loo)) {
    throw new InputError('bad-option', 'choose a hold-out split (test size) or cross-validation (folds), not both');
  }
  if (loo && options.cvFolds !== undefined) throw new InputError('bad-option', 'choose k folds or leave-one-out, not both');
  // Choosing alpha inside each of n folds would grow about n × (k + 1) trees for one estimate.
  if (loo && byCv) throw new InputError('bad-option', 'leave-one-out with ccp_alpha chosen by cross-validation grows a tree per row per alpha fold; give ccp_alpha, or use k folds (--cv K)');
  if (options.cvFolds !== undefined) checkCount('the number of folds', options.cvFolds, 2);
  const holdoutRepeats = options.holdoutRepeats ?? 1;
  checkCount('the number of hold-out repeats', holdoutRepeats, 1);
  if (holdoutRepeats > 1 && options.testSize === undefined) throw new InputError('bad-option', `${holdoutRepeats} repeats need a hold-out split to repeat (a test size)`);

  // 1. Which rows train and which test.
  progress('split', 0);
  const draw = options.testSize === undefined ? null : { testSize: options.testSize, seed, stratify };
  const rows = reportRows(dataset, params.target, params.task ?? 'auto', draw);
  let validation: ValidationSettings = { kind: 'none' };
  if (options.testSize !== undefined && rows.strata !== null) {
    validation = { kind: 'holdout', testSize: options.testSize, seed, stratified: rows.strata.strata !== null, ...(holdoutRepeats > 1 ? { repeats: holdoutRepeats } : {}) };
  } else if (options.cvFolds !== undefined) {
    validation = { kind: 'cv', folds: options.cvFolds, seed, stratified: targetStrata(dataset, params.target, params.task ?? 'auto', stratify).strata !== null };
  } else if (loo) {
    validation = { kind: 'cv', folds: targetStrata(dataset, params.target, params.task ?? 'auto', false).rows.length, seed, stratified: false, leaveOneOut: true };
  }

  // 2. Grow, choose alpha, prune, simplify.
  progress('train', 0.05);
  const grown = trainTree(rows.train, params, { signal, onProgress: options.onNodesGrown });
  throwIfAborted(signal);
  // Chosen once on the training rows, so every fold and the hold-out score the same class.
  const positiveClass = resolvePositiveClass(grown.model, rows.train, options.positiveClass);
  progress(byCv ? 'alpha-cv' : 'prune', 0.3);
  // Choosing alpha grows k trees, its nested estimate k² more: progress counts them.
  const k = options.cvFolds ?? DEFAULT_ALPHA_FOLDS;
  let fits = 0;
  const onFit = () => progress('alpha-cv', 0.3 + (0.3 * ++fits) / (k + nestedFits(k)));
  const grownPruned = pruneGrown(grown.model, rows.train, params, pruneOptions, { signal, onFit });
  const pruned = options.decisionThreshold === undefined ? grownPruned : atDecisionThreshold(grownPruned, thresholdOf(grown.model, positiveClass, options.decisionThreshold));
  const warnings: string[] = [...(note === null ? [] : [note]), ...pruned.warnings];
  return { options, params, rows, validation, pruneOptions, byCv, seed, grown, pruned, positiveClass, warnings, onFit };
}

/** The whole report: the assembly with the rules (the CLI's `evaluate`). */
export function buildReport(dataset: Dataset, options: ReportOptions, edits: readonly TreeEdit[] = []): TreeReport {
  const body = buildReportBody(dataset, options, edits);
  options.onProgress?.('rules', 1);
  return { ...body, rules: extractRules(body.model) };
}

/**
 * The report without its rules, which follow from the tree and cost more than the rest of the
 * report to copy between threads (src/shared/report-transfer.ts reads them off the tree on demand).
 * With `edits`, the report of the trained tree after them (edited-report.ts).
 */
export function buildReportBody(dataset: Dataset, asked: ReportOptions, edits: readonly TreeEdit[] = []): Omit<TreeReport, 'rules'> {
  const fit = fitReportTree(dataset, asked);
  const { options, params, rows, validation, pruneOptions, byCv, seed, grown, pruned, positiveClass, warnings, onFit } = fit;
  const { signal } = options;
  const { train, strata } = rows;
  const progress = options.onProgress ?? (() => undefined);
  const stratify = options.stratify ?? true;
  const repeats = options.permutationRepeats ?? 5;
  const holdoutRepeats = options.holdoutRepeats ?? 1;
  const k = options.cvFolds ?? DEFAULT_ALPHA_FOLDS;
  const { model, trained, post } = pruned;
  let crossValidation: CrossValidationResult | null = null;
  const alphaSelection = pruned.alphaSelection;
  if (alphaSelection) {
    const nested = nestedAlphaCv(pruned.foldTrees, params, { k, seed, rule: alphaSelection.rule, stratify }, { signal, onFit, positiveClass });
    warnings.push(...nested.warnings);
    const summary = summarizeFolds(nested.parts, trained, { k, seed }, nested.alphas);
    const { scoreName, scores, mean, std } = summary;
    alphaSelection.nested = { folds: k, seed, scoreName, alphas: nested.alphas, scores, mean, std, fits: k + nestedFits(k) };
    // With --cv the alpha folds are the CV folds (same k and seed): the nested run is the cross-validation.
    if (options.cvFolds !== undefined) crossValidation = summary;
  }
  throwIfAborted(signal);

  // 3. What the tree says and how good it is: all from the tree as trained, not as simplified for drawing.
  const { importances, training, holdout } = scoreTree(trained, rows, { positiveClass, permutationRepeats: repeats, seed, signal, onProgress: progress });
  let repeated: RepeatedHoldoutResult | null = null;
  if (holdout && strata && options.testSize !== undefined && holdoutRepeats > 1) {
    progress('repeat-holdout', 0.82);
    const r = { testSize: options.testSize, seed, repeats: holdoutRepeats, positiveClass, signal, onRepeat: (done: number, of: number) => progress('repeat-holdout', 0.82 + (0.18 * done) / of) };
    repeated = repeatedHoldout(dataset, strata, params, pruneOptions, holdout, r);
  }
  if (validation.kind === 'cv' && !crossValidation) {
    progress('cross-validate', 0.85);
    const { warnings: cvWarnings, ...result } = crossValidate(train, params, post, validation.folds, seed, {
      stratify,
      leaveOneOut: options.leaveOneOut === true,
      positiveClass,
      signal,
      onFold: (done, k) => progress('cross-validate', 0.85 + (0.15 * done) / k),
    });
    crossValidation = result;
    warnings.push(...cvWarnings);
  }

  const droppedMissingTarget = strata !== null ? dataset.rowCount - strata.rows.length : grown.droppedMissingTarget;
  if (droppedMissingTarget > 0) warnings.push(`${droppedMissingTarget} rows with a missing target were left out`);
  progress('evaluate', 1);
  const body: Omit<TreeReport, 'rules'> = {
    format: REPORT_FORMAT,
    version: REPORT_VERSION,
    settings: {
      params: { ...model.params },
      prune: post.prune,
      ccpAlpha: post.prune === 'cost-complexity' ? post.ccpAlpha : 0,
      ccpAlphaSource: byCv ? 'cv' : 'given',
      pessimisticEpsilon: post.pessimisticEpsilon,
      simplify: post.simplify,
      validation,
      positiveClass: positiveClass ?? null,
      seed,
      permutationRepeats: repeats,
    },
    model,
    grown: treeShape(grown.model),
    final: treeShape(model),
    trainingRows: grown.trainingRows,
    droppedMissingTarget,
    leftOut: params.leftOut,
    importances,
    metrics: { training, holdout, repeatedHoldout: repeated, crossValidation },
    pruningPath: costComplexityPath(grown.model),
    alphaSelection,
    warnings,
  };
  return edits.length === 0 ? body : { ...body, ...editReport(dataset, body, edits).parts };
}
