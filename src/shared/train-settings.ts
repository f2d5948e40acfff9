// Settings (`decisionTree.*`) and the "with Options…" answers → engine parameters. Pure (no vscode),
// so it is unit-tested; settings are JSON a user typed, so every value is checked, never trusted.
import type { Algorithm, Criterion, PruneMethod, Splitter, Task, TrainParams } from '../engine/model';
import { criteriaOfTask, criterionNames, isCriterion } from '../engine/tree/criteria';
import { HIST_ABOVE_ROWS } from '../engine/tree/hist/choose-splitter';
import { DEFAULT_MIN_CATEGORY_SAMPLES } from '../engine/tree/rare-categories';
import type { ReportOptions } from '../engine/report-types';
import { validEntries, type SettingRules } from './setting-rules';

/** ReportOptions without the parts only the worker can fill in. */
export type ReportRequest = Omit<ReportOptions, 'signal' | 'onProgress' | 'onNodesGrown'>;

export interface TrainSettings {
  algorithm: Algorithm;
  /** 'auto' lets the engine pick the criterion that fits the algorithm and the task. */
  criterion: Criterion | 'auto';
  /** null = unlimited. */
  maxDepth: number | null;
  minSamplesSplit: number;
  minSamplesLeaf: number;
  /** null = unlimited (depth-first growth). */
  maxLeafNodes: number | null;
  minImpurityDecrease: number;
  /** 'auto': the algorithm's default (C4.5 pessimistic, CART and ID3 none). */
  prune: PruneMethod | 'auto';
  ccpAlpha: number;
  /** Share of rows held out to measure the tree; 0 = evaluate on the training rows. */
  holdOutFraction: number;
  /** Draws of that hold-out (seeds seed, seed + 1, …): > 1 reports each figure's mean ± std. */
  holdOutRepeats: number;
  /**
   * How the metrics are measured: 'cv' = k-fold cross-validation of the same settings, the tree
   * shown trained on all rows (as `train`); 'holdout' = the tree trained on the rows not held out;
   * 'leave-one-out' = cross-validation with a fold per row, the tree shown trained on all rows.
   */
  validation: 'cv' | 'holdout' | 'leave-one-out';
  /** k of `validation: 'cv'`. */
  cvFolds: number;
  seed: number;
  /** CART's split search; 'auto' = histogram above `histogramAboveRows` training rows. */
  splitter: Splitter | 'auto';
  histogramAboveRows: number;
  /** CART: categories with fewer rows in a node join the missing values in subset splits; 0 = never. */
  minCategorySamples: number;
  /** Merge sibling leaves that predict the same (`train --simplify`); off, the tree is `train`'s. */
  mergeLeaves: boolean;
  /** Two classes: the positive class's share of a leaf from which it is predicted (docs/model-format.md "Decision threshold"); null = each leaf's largest class. */
  decisionThreshold: number | null;
}

export const DEFAULT_TRAIN_SETTINGS: Readonly<TrainSettings> = {
  algorithm: 'cart',
  criterion: 'auto',
  maxDepth: null,
  minSamplesSplit: 2,
  minSamplesLeaf: 1,
  maxLeafNodes: null,
  minImpurityDecrease: 0,
  prune: 'auto',
  ccpAlpha: 0,
  holdOutFraction: 0.3,
  holdOutRepeats: 1,
  validation: 'cv',
  cvFolds: 5,
  seed: 42,
  splitter: 'auto',
  histogramAboveRows: HIST_ABOVE_ROWS,
  minCategorySamples: DEFAULT_MIN_CATEGORY_SAMPLES,
  mergeLeaves: false,
  decisionThreshold: null,
};

type Check = (value: unknown) => boolean;

const oneOf =
  (...allowed: string[]): Check =>
  (v) =>
    typeof v === 'string' && allowed.includes(v);
const integerIn =
  (min: number, max: number): Check =>
  (v) =>
    typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const numberIn =
  (min: number, max: number, maxExclusive = false): Check =>
  (v) =>
    typeof v === 'number' && Number.isFinite(v) && v >= min && (maxExclusive ? v < max : v <= max);
/** A limit: null for none, or 0 — how settings saved before spelled none (read as null). */
const limitIn =
  (min: number, max: number): Check =>
  (v) =>
    v === null || v === 0 || integerIn(min, max)(v);
/** The limits, whose old spelling 0 of "unlimited" enters as null (the one spelling from here on). */
const LIMITS: ReadonlySet<keyof TrainSettings> = new Set(['maxDepth', 'maxLeafNodes']);
/** A checked value as it enters the settings: a limit's 0 becomes null. */
export const entering = (key: keyof TrainSettings, value: unknown): unknown => (LIMITS.has(key) && value === 0 ? null : value);

/** The panel's criterion list for a tree of `task`: auto, then the task's criteria as the registry names them. */
export function criterionChoices(task: Task): { value: Criterion | 'auto'; label: string }[] {
  return [{ value: 'auto', label: 'auto' }, ...criteriaOfTask(task).map((c) => ({ value: c.name, label: c.label }))];
}

/** What each setting accepts, and the sentence a user reads when a value is rejected. */
const RULES: SettingRules<TrainSettings> = {
  algorithm: { check: oneOf('cart', 'id3', 'c45'), expected: 'one of cart, id3, c45' },
  // Read at each check: the criteria are those of the registry (engine/tree/criteria.ts).
  criterion: {
    check: (v) => v === 'auto' || isCriterion(v),
    get expected() {
      return `one of ${['auto', ...criterionNames()].join(', ')}`;
    },
  },
  maxDepth: { check: limitIn(1, 1000), expected: 'an integer from 1 to 1000, or null (unlimited)' },
  minSamplesSplit: { check: integerIn(2, 1e9), expected: 'an integer ≥ 2' },
  minSamplesLeaf: { check: integerIn(1, 1e9), expected: 'an integer ≥ 1' },
  maxLeafNodes: { check: limitIn(2, 1e9), expected: 'an integer ≥ 2, or null (unlimited)' },
  minImpurityDecrease: { check: numberIn(0, Infinity), expected: 'a number ≥ 0' },
  prune: { check: oneOf('auto', 'none', 'cost-complexity', 'pessimistic'), expected: 'one of auto, none, cost-complexity, pessimistic' },
  ccpAlpha: { check: numberIn(0, Infinity), expected: 'a number ≥ 0' },
  holdOutFraction: { check: numberIn(0, 0.9), expected: 'a number from 0 to 0.9' },
  holdOutRepeats: { check: integerIn(1, 100), expected: 'an integer from 1 to 100' },
  validation: { check: oneOf('cv', 'holdout', 'leave-one-out'), expected: 'one of cv, holdout, leave-one-out' },
  cvFolds: { check: integerIn(2, 100), expected: 'an integer from 2 to 100' },
  seed: { check: integerIn(0, 2 ** 31 - 1), expected: 'an integer from 0 to 2147483647' },
  splitter: { check: oneOf('auto', 'exact', 'hist'), expected: 'one of auto, exact, hist' },
  histogramAboveRows: { check: integerIn(0, 1e12), expected: 'an integer ≥ 0' },
  minCategorySamples: { check: integerIn(0, 1e9), expected: 'an integer ≥ 0' },
  mergeLeaves: { check: (v) => typeof v === 'boolean', expected: 'true or false' },
  decisionThreshold: { check: (v) => v === null || numberIn(0, 1)(v), expected: 'a number from 0 to 1, or null (none)' },
};

export interface SettingsReading {
  settings: TrainSettings;
  /** One line per rejected value, e.g. `decisionTree.maxDepth must be … (got -3); using 0`. */
  problems: string[];
}

/**
 * Reads every training setting through `get` (e.g. `configuration.get`), keeping the default for
 * a value that is absent or invalid and saying so in `problems`.
 */
export function readTrainSettings(get: (key: keyof TrainSettings) => unknown): SettingsReading {
  const settings: TrainSettings = { ...DEFAULT_TRAIN_SETTINGS };
  const problems: string[] = [];
  for (const key of Object.keys(RULES) as (keyof TrainSettings)[]) {
    const value = get(key);
    // Absent or null: the default (null for the limits, i.e. unlimited).
    if (value === undefined || value === null) continue;
    if (RULES[key].check(value)) {
      (settings as unknown as Record<string, unknown>)[key] = entering(key, value);
    } else {
      problems.push(
        `decisionTree.${key} must be ${RULES[key].expected} (got ${JSON.stringify(value)}); using ${JSON.stringify(DEFAULT_TRAIN_SETTINGS[key])}`,
      );
    }
  }
  return { settings, problems };
}

/** The engine call for these settings (already checked) and the chosen target. */
export function reportOptions(settings: TrainSettings, target: string): ReportRequest {
  const params: TrainParams = {
    target,
    algorithm: settings.algorithm,
    maxDepth: settings.maxDepth,
    minSamplesSplit: settings.minSamplesSplit,
    minSamplesLeaf: settings.minSamplesLeaf,
    maxLeafNodes: settings.maxLeafNodes,
    minImpurityDecrease: settings.minImpurityDecrease,
    splitter: settings.splitter,
    histogramAboveRows: settings.histogramAboveRows,
    minCategorySamples: settings.minCategorySamples,
  };
  if (settings.criterion !== 'auto') params.criterion = settings.criterion;
  const options: ReportRequest = { params, seed: settings.seed, simplify: settings.mergeLeaves };
  if (settings.decisionThreshold !== null) options.decisionThreshold = settings.decisionThreshold;
  // 'auto' leaves pruning to the engine's default for the algorithm.
  if (settings.prune !== 'auto') params.prune = options.prune = settings.prune;
  if (settings.prune === 'cost-complexity') {
    params.ccpAlpha = settings.ccpAlpha;
    options.ccpAlpha = settings.ccpAlpha;
  }
  // A file too small for the folds still gets its tree (the report says why there is no CV).
  if (settings.validation === 'cv') Object.assign(options, { cvFolds: settings.cvFolds, cvWhenPossible: true });
  else if (settings.validation === 'leave-one-out') options.leaveOneOut = true;
  else if (settings.holdOutFraction > 0) {
    options.testSize = settings.holdOutFraction;
    if (settings.holdOutRepeats > 1) options.holdoutRepeats = settings.holdOutRepeats;
  }
  return options;
}

/** Checks one value the user typed into a "with Options…" prompt; the problem, or undefined. */
export function settingProblem<K extends keyof TrainSettings>(key: K, value: unknown): string | undefined {
  return RULES[key].check(value) ? undefined : `must be ${RULES[key].expected}`;
}

/**
 * The valid entries of remembered or received overrides (workspace state may hold values from an
 * older version, a webview sends untrusted data); anything unknown or invalid is dropped.
 */
export function validOverrides(overrides: unknown): Partial<TrainSettings> {
  return validEntries(RULES, entering, overrides);
}
