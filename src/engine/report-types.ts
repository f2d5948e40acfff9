// The TreeReport: everything the webview and the extension worker show about one trained tree,
// produced by ONE engine assembly (`buildReport` in report.ts, edits included), so no caller
// recomputes pieces.
// Plain JSON (no typed arrays, no Infinity/NaN except where noted), safe to postMessage.
import type { TrainParams, TreeModel, PruneMethod } from './model';
import type { Metrics } from './metrics/types';
import type { Rule } from './rules/types';
import type { Importances } from './importance/types';
import type { PruningPath } from './prune/types';
import type { AlphaSelection, CrossValidationResult, RepeatedHoldoutResult, ValidationSettings } from './validation/types';
import type { LeftOutColumn } from './model';

export const REPORT_FORMAT = 'decision-tree-explorer/report';
export const REPORT_VERSION = 1;

/** What the caller asks for; every field but `params` has a default. */
export interface ReportOptions {
  params: TrainParams;
  /** A number ≥ 0, or 'cv' to choose it by k-fold cross-validation. Default: params.ccpAlpha ?? 0. */
  ccpAlpha?: number | 'cv';
  /** Rule for `ccpAlpha: 'cv'`. Default 'best'. */
  alphaRule?: 'best' | 'one-se';
  /** Default: params.prune ?? ('cost-complexity' when ccpAlpha > 0 or 'cv', else 'none'). */
  prune?: PruneMethod;
  /** ε of pessimistic pruning. Default 0.5. */
  pessimisticEpsilon?: number;
  /** Merge sibling leaves with the same prediction. Default true. */
  simplify?: boolean;
  /** Hold-out fraction in (0, 1); when set, the tree is trained on the rest. */
  testSize?: number;
  /** With `testSize`: draw the hold-out this many times (seeds seed, seed + 1, …), the tree shown being the first's. Default 1. */
  holdoutRepeats?: number;
  /** k-fold cross-validation of the settings (k ≥ 2); the shown tree is trained on all rows. */
  cvFolds?: number;
  /** Leave-one-out cross-validation (a fold per row, never stratified) instead of `cvFolds`; the shown tree is trained on all rows. */
  leaveOneOut?: boolean;
  /**
   * When the rows cannot be cut into `cvFolds` folds (a tiny file): no cross-validation, said in
   * the warnings, instead of a failure (the panel; `evaluate --cv` fails). Default false.
   */
  cvWhenPossible?: boolean;
  /** Stratify the hold-out split and the folds by class. Default true. */
  stratify?: boolean;
  /** Two classes: the class ROC/PR curves and their areas call positive. Default: the training rows' less frequent class. */
  positiveClass?: string;
  /**
   * Two classes: predict the positive class where its share of the leaf is ≥ this (the tree's
   * decision threshold, docs/model-format.md); the tree records it and the training and hold-out
   * figures are those at it. Default: none, each leaf predicts its largest class.
   */
  decisionThreshold?: number;
  /** Seed of the split, the folds and the permutations. Default 0. */
  seed?: number;
  /** Repeats of permutation importance; 0 turns it off. Default 5. */
  permutationRepeats?: number;
  signal?: AbortSignal;
  /** Coarse progress: which phase runs, and the fraction of the whole call done so far. */
  onProgress?: (phase: ReportPhase, fraction: number) => void;
  /** Fine progress while the shown tree grows: nodes grown so far (the tree builder's hook). */
  onNodesGrown?: (nodesGrown: number) => void;
}

export type ReportPhase = 'split' | 'train' | 'alpha-cv' | 'prune' | 'rules' | 'importances' | 'evaluate' | 'cross-validate' | 'repeat-holdout';

/** The settings that produced the report, defaults filled in. */
export interface ReportSettings {
  params: TrainParams;
  prune: PruneMethod;
  /** The alpha actually applied (0 when not cost-complexity pruned). */
  ccpAlpha: number;
  ccpAlphaSource: 'given' | 'cv';
  pessimisticEpsilon: number;
  simplify: boolean;
  validation: ValidationSettings;
  /** The class binary figures call positive: as asked, else the training rows' less frequent class (validation/positive-class.ts); null: not a binary target. */
  positiveClass: string | null;
  seed: number;
  permutationRepeats: number;
}

export interface TreeShape {
  nodes: number;
  leaves: number;
  depth: number;
}

export interface TreeReport {
  format: typeof REPORT_FORMAT;
  version: typeof REPORT_VERSION;
  settings: ReportSettings;
  /** The tree shown and used for predictions: grown, pruned, then simplified as the settings say. */
  model: TreeModel;
  /** Size of the tree as grown and as shown. */
  grown: TreeShape;
  final: TreeShape;
  /** Rows the tree was trained on (hold-out rows excluded), and rows dropped for a missing target. */
  trainingRows: number;
  droppedMissingTarget: number;
  /** ID-like and constant columns left out of training, and why (`settings.params.keep` keeps one). */
  leftOut: LeftOutColumn[];
  /** One rule per leaf of `model`, sorted by coverage, largest first. */
  rules: Rule[];
  importances: Importances;
  metrics: {
    training: Metrics;
    /** On the hold-out rows when `testSize` was given (with repeats: the first's, the tree shown). */
    holdout: Metrics | null;
    /** With `holdoutRepeats` > 1: every repeat's figures, their mean and std. */
    repeatedHoldout: RepeatedHoldoutResult | null;
    /** When `cvFolds` was given (with ccpAlpha 'cv': nested, alpha chosen inside each fold). */
    crossValidation: CrossValidationResult | null;
  };
  /** Cost-complexity path of the grown tree (before any pruning), e.g. for an alpha slider. */
  pruningPath: PruningPath;
  /** When ccpAlpha was 'cv': the score curve, the chosen alpha and the nested estimate of its score. */
  alphaSelection: AlphaSelection | null;
  /** Things the user should know (e.g. rows dropped, pruning settings ignored for regression). */
  warnings: string[];
}
