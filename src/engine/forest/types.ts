// The forest contract (docs/model-format.md "Forest model", docs/formulas.md "Ensembles"): bagging
// and random forests of the engine's trees. The engine trains a forest in three steps so that a pool
// of threads can run the middle one anywhere and still give the same forest for the same seed:
// planForest (once) → trainMember (once per tree, any thread, depends only on the plan and the
// tree's index) → assembleForest (once: model, OOB, importances).
import type { DecisionThreshold, ModelFeature, Task, TrainParams } from '../model';
import type { Metrics } from '../metrics/types';
import type { CrossValidationResult, RepeatedHoldoutResult } from '../validation/types';
import type { LeftOutColumn } from '../model';
import type { PackedTree } from './packed-tree';

export const FOREST_FORMAT = 'decision-tree-explorer/forest';
/** The version written; version 1 files (trees as node objects) are still read (model-json.ts). */
export const FOREST_VERSION = 2;
export const FOREST_REPORT_FORMAT = 'decision-tree-explorer/forest-report';
export const FOREST_REPORT_VERSION = 1;

/** bagging: every feature at every split; forest: a fresh random subset of `maxFeatures` per split. */
export type Ensemble = 'forest' | 'bagging';

/**
 * Features tried per split. 'sqrt' (classification default, the course notes' m = √p), 'third'
 * (regression default, the notes' m = p/3; scikit-learn now defaults to all), 'log2', 'all', an
 * integer ≥ 1 (a count) or a number in (0, 1) (a fraction of p, at least 1).
 */
export type MaxFeatures = 'sqrt' | 'third' | 'log2' | 'all' | number;

/** soft: mean of the trees' class shares (scikit-learn); hard: majority of the trees' labels (the notes). */
export type Voting = 'soft' | 'hard';

/** The base tree's parameters (any algorithm for bagging, CART for a forest) plus the ensemble's. */
export interface ForestParams extends TrainParams {
  ensemble: Ensemble;
  /** Default 100. */
  nTrees?: number;
  /** Default: forest 'sqrt' (classification) / 'third' (regression); bagging 'all' (no other value). */
  maxFeatures?: MaxFeatures;
  /** Rows drawn per tree: an integer ≥ 1 or a fraction in (0, 1]; default every training row. */
  maxSamples?: number | null;
  /** Draw each tree's rows with replacement. Default true; false: every tree sees every row (no OOB). */
  bootstrap?: boolean;
  /** Classification only. Default 'soft'. */
  voting?: Voting;
  /** Seed of the bootstrap draws and feature subsets. Default 0. */
  seed?: number;
}

/**
 * One tree of a forest: its nodes as columns (packed-tree.ts; the model file holds them as a tree
 * model's `nodes`, memberModel gives them so), in the forest's features and classes.
 */
export interface ForestTree {
  packed: PackedTree;
  /** The tree's own MDI, normalised to sum 1 (all 0 for a single leaf). */
  featureImportances: Record<string, number>;
}

/** A forest model: what `train --ensemble … --out` writes (model-json.ts: each tree's nodes as model JSON nodes) and `predict`/`rules` read. */
export interface ForestModel {
  format: typeof FOREST_FORMAT;
  version: typeof FOREST_VERSION;
  task: Task;
  target: string;
  /** Classification only: the order of every node's `value` and of the votes. */
  classes?: string[];
  features: ModelFeature[];
  /** With every default filled in; `maxFeatures` as the resolved count. */
  params: ForestParams & { nTrees: number; maxFeatures: number; voting: Voting; bootstrap: boolean; seed: number };
  trees: ForestTree[];
  /** Mean of the trees' MDI. */
  featureImportances: Record<string, number>;
  /**
   * Binary classification only: the forest predicts `positiveClass` where its share of it (the
   * mean leaf share, or the vote fraction with hard voting) is ≥ `value`, else the other class
   * (docs/model-format.md "Decision threshold"). Absent: the class with the most shares or votes.
   */
  decisionThreshold?: DecisionThreshold;
}

/** What compiling and tallying a member tree read of its forest: the model without its trees and their mean importances. */
export type ForestHead = Omit<ForestModel, 'trees' | 'featureImportances' | 'decisionThreshold'>;

/** Per tree, for the panel's tree picker and the CLI's per-tree table. */
export interface ForestTreeSummary {
  index: number;
  depth: number;
  leaves: number;
  nodes: number;
  /** Rows out of the tree's bootstrap sample. */
  oobRows: number;
  /** The tree's own accuracy (classification) or R² (regression) on its OOB rows; null when it has none. */
  oobScore: number | null;
}

/** A feature's importance across the trees. */
export interface SpreadImportance {
  feature: string;
  mean: number;
  /** Standard deviation across trees (MDI) or across repeats (permutation). */
  std: number;
}

export interface OutOfBag {
  /** Training rows out of at least one tree's sample (the rows scored). */
  rows: number;
  /** accuracy or r2 on those rows; null without bootstrap or when no row is ever out of bag. */
  score: number | null;
  scoreName: 'accuracy' | 'r2';
  /** The existing metrics report on the OOB predictions; null as `score`. */
  metrics: Metrics | null;
  /** OOB error (1 − accuracy, or MSE for regression) of the first k trees, k = trees[i]. */
  curve: { trees: number[]; error: number[] } | null;
}

export interface ForestReport {
  format: typeof FOREST_REPORT_FORMAT;
  version: typeof FOREST_REPORT_VERSION;
  model: ForestModel;
  trainingRows: number;
  droppedMissingTarget: number;
  leftOut: LeftOutColumn[];
  trees: ForestTreeSummary[];
  oob: OutOfBag;
  importances: {
    /** Mean MDI ± spread across trees, sorted by mean, largest first. */
    mdi: SpreadImportance[];
    /** Drop of the OOB score when a column is permuted in each tree's OOB rows; null when not computed (no bootstrap, or not asked for). */
    oobPermutation: SpreadImportance[] | null;
  };
  metrics: {
    training: Metrics;
    holdout: Metrics | null;
    /** `evaluate --test-size F --repeats K`: each draw's forest on its split (the first is `holdout`'s), every figure's mean and std. */
    repeatedHoldout?: RepeatedHoldoutResult | null;
    crossValidation: CrossValidationResult | null;
  };
  warnings: string[];
}

/** A row's votes: per class, the trees whose label it is, and the mean class share (soft vote). */
export interface RowVotes {
  classes: string[];
  labels: number[];
  shares: number[];
  prediction: string | number;
}
