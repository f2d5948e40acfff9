// Settings `decisionTree.forest.*` and the "Train Random Forest with Options…" answers → the
// forest's engine parameters (docs/formulas.md "Ensembles"). Pure, like train-settings.ts: every
// value is a user's JSON, checked before use. The base trees take the `decisionTree.*` tree
// settings (depth, leaf size, criterion, splitter); pruning and validation are single-tree only,
// a forest is measured out of bag.
import type { ForestParams, MaxFeatures, Voting } from '../engine/forest/types';
import { criterionSpec } from '../engine/tree/criteria';
import type { TrainSettings } from './train-settings';
import { validEntries, type SettingRules } from './setting-rules';

export interface ForestSettings {
  nTrees: number;
  /** 'default': sqrt for classification, third for regression (the course notes' m). */
  maxFeatures: MaxFeatures | 'default';
  /** Rows drawn per tree: a count ≥ 1 or a fraction in (0, 1]; null = every training row. */
  maxSamples: number | null;
  voting: Voting;
  bootstrap: boolean;
  /** Worker threads; null = every core (a setting of 0 means the same). */
  jobs: number | null;
  seed: number;
}

export const DEFAULT_FOREST_SETTINGS: Readonly<ForestSettings> = {
  nTrees: 100,
  maxFeatures: 'default',
  maxSamples: null,
  voting: 'soft',
  bootstrap: true,
  jobs: null,
  seed: 0,
};

const isInteger = (v: unknown, min: number, max: number) => typeof v === 'number' && Number.isInteger(v) && v >= min && v <= max;
const MAX_FEATURE_NAMES: readonly unknown[] = ['default', 'sqrt', 'third', 'log2', 'all'];

/** What each setting accepts, and the sentence a user reads when a value is rejected. */
const RULES: SettingRules<ForestSettings> = {
  nTrees: { check: (v) => isInteger(v, 1, 100_000), expected: 'an integer from 1 to 100000' },
  maxFeatures: {
    check: (v) => MAX_FEATURE_NAMES.includes(v) || isInteger(v, 1, 1e6) || (typeof v === 'number' && v > 0 && v < 1),
    expected: 'one of default, sqrt, third, log2, all, an integer ≥ 1 or a fraction between 0 and 1',
  },
  maxSamples: {
    check: (v) => v === null || isInteger(v, 1, 1e12) || (typeof v === 'number' && v > 0 && v <= 1),
    expected: 'null (every row), an integer ≥ 1 or a fraction in (0, 1]',
  },
  voting: { check: (v) => v === 'soft' || v === 'hard', expected: 'soft or hard' },
  bootstrap: { check: (v) => typeof v === 'boolean', expected: 'true or false' },
  jobs: { check: (v) => v === null || isInteger(v, 0, 1024), expected: 'an integer from 0 to 1024, or null (0 and null: every core)' },
  seed: { check: (v) => isInteger(v, 0, 2 ** 31 - 1), expected: 'an integer from 0 to 2147483647' },
};

/** A checked value as it enters the settings: jobs 0 is null (every core). */
const entering = (key: keyof ForestSettings, value: unknown): unknown => (key === 'jobs' && value === 0 ? null : value);

/** Reads `decisionTree.forest.<key>` through `get`, keeping the default for an absent or invalid value. */
export function readForestSettings(get: (key: `forest.${keyof ForestSettings}`) => unknown): { settings: ForestSettings; problems: string[] } {
  const settings: ForestSettings = { ...DEFAULT_FOREST_SETTINGS };
  const problems: string[] = [];
  for (const key of Object.keys(RULES) as (keyof ForestSettings)[]) {
    const value = get(`forest.${key}`);
    if (value === undefined || (value === null && key !== 'maxSamples' && key !== 'jobs')) continue;
    if (RULES[key].check(value)) (settings as unknown as Record<string, unknown>)[key] = entering(key, value);
    else problems.push(`decisionTree.forest.${key} must be ${RULES[key].expected} (got ${JSON.stringify(value)}); using ${JSON.stringify(DEFAULT_FOREST_SETTINGS[key])}`);
  }
  return { settings, problems };
}

/** The valid entries of remembered or saved forest settings (workspace state, a reloaded view's state); the rest is dropped. */
export function validForestOverrides(overrides: unknown): Partial<ForestSettings> {
  return validEntries(RULES, entering, overrides);
}

/** The problem with one value typed into a "with Options…" prompt, or undefined. */
export function forestSettingProblem(key: keyof ForestSettings, value: unknown): string | undefined {
  return RULES[key].check(value) ? undefined : `must be ${RULES[key].expected}`;
}

/** The engine's parameters for a random forest of CART trees grown with the tree settings `tree`. */
export function forestParams(tree: TrainSettings, forest: ForestSettings, target: string): ForestParams {
  const params: ForestParams = {
    target,
    ensemble: 'forest',
    algorithm: 'cart',
    maxDepth: tree.maxDepth,
    minSamplesSplit: tree.minSamplesSplit,
    minSamplesLeaf: tree.minSamplesLeaf,
    maxLeafNodes: tree.maxLeafNodes,
    minImpurityDecrease: tree.minImpurityDecrease,
    splitter: tree.splitter,
    histogramAboveRows: tree.histogramAboveRows,
    minCategorySamples: tree.minCategorySamples,
    nTrees: forest.nTrees,
    maxSamples: forest.maxSamples,
    bootstrap: forest.bootstrap,
    seed: forest.seed,
  };
  // Soft is the engine's default; hard is passed only when asked, so a regression forest is
  // refused only when hard voting was really asked of it.
  if (forest.voting === 'hard') params.voting = 'hard';
  // A single tree's criterion choice when CART grows with it; ID3's and C4.5's are not CART's.
  if (tree.criterion !== 'auto' && criterionSpec(tree.criterion).algorithms.includes('cart')) params.criterion = tree.criterion;
  if (forest.maxFeatures !== 'default') params.maxFeatures = forest.maxFeatures;
  return params;
}

/** The pool size for a `jobs` setting given the machine's cores: null (or 0, read as null) = every core. */
export function poolSize(jobs: number | null, cores: number): number {
  return jobs ?? Math.max(1, cores);
}

/**
 * The cores a browser's forest pool may use: several Web Workers only where the page is
 * cross-origin isolated (SharedArrayBuffer exists, so they read one copy of the data), else one
 * (docs/architecture.md "Web extension"). `scope`: the worker's or extension host's globalThis.
 */
export function browserCores(scope: { crossOriginIsolated?: boolean; navigator?: { hardwareConcurrency?: number } }): number {
  return scope.crossOriginIsolated === true && typeof SharedArrayBuffer === 'function' ? Math.max(1, scope.navigator?.hardwareConcurrency ?? 1) : 1;
}
