// The model JSON contract (docs/model-format.md): what `train --out` writes and every reader (CLI,
// webview, exporters, tools outside the repo) relies on. Fields may be added; none may change meaning.
import type { ColumnType } from './dataset';

export const MODEL_FORMAT = 'decision-tree-explorer/model';
/** The layout of a tree in memory, in the printed model (`train` without `--out`) and in reports: nodes as objects. */
export const MODEL_VERSION = 1;
/** The layout of a tree's model file (train --out, Export Model): nodes as columns (docs/model-format.md "Versioning"). */
export const MODEL_FILE_VERSION = 2;

/** Why a column was left out of training (tree/left-out.ts decides it; the model records it). */
export type LeftOutReason = 'id-like' | 'constant';

export interface LeftOutColumn {
  column: string;
  reason: LeftOutReason;
  /** Why, in words: e.g. `every value distinct`, `the integers 1 to 344, one per row`, `every row holds "a"`. */
  detail: string;
}

export type Task = 'classification' | 'regression';
export type Algorithm = 'cart' | 'id3' | 'c45';
/** A split criterion's name: one of the table in tree/criteria.ts (gini, entropy, gain_ratio, squared_error), checked there. */
export type Criterion = string;
export type PruneMethod = 'none' | 'cost-complexity' | 'pessimistic';
export type Splitter = 'exact' | 'hist';

/** Training parameters; defaults follow scikit-learn's DecisionTreeClassifier/Regressor. */
export interface TrainParams {
  target: string;
  task?: 'auto' | Task;
  algorithm?: Algorithm;
  criterion?: Criterion;
  maxDepth?: number | null;
  minSamplesSplit?: number;
  minSamplesLeaf?: number;
  maxLeafNodes?: number | null;
  minImpurityDecrease?: number;
  ccpAlpha?: number;
  prune?: PruneMethod;
  /** Recorded by pessimistic pruning: the ε it pruned with (docs/formulas.md "Pessimistic pruning"). */
  pessimisticEpsilon?: number;
  /** Columns left out of the features. */
  ignore?: string[];
  /** Columns used even when ID-like or constant (otherwise left out; tree/left-out.ts). */
  keep?: string[];
  /**
   * The ID-like and constant columns left out, and why. A trained model always records it (absent:
   * a model from before it existed, trained on every column); given as input, it is used as is.
   */
  leftOut?: LeftOutColumn[];
  /** CART's split search; 'auto': hist above `histogramAboveRows` training rows, else exact. */
  splitter?: Splitter | 'auto';
  /** Row count above which 'auto' chooses the histogram splitter (default HIST_ABOVE_ROWS). */
  histogramAboveRows?: number;
  /** CART: a category with fewer rows in a node joins the missing values in subset splits (default 10; 0 or 1: never). */
  minCategorySamples?: number;
  /**
   * Classification: per-class weights multiplied into the sample weights (scikit-learn's
   * class_weight): 'balanced' = n / (k · count of the class), or a weight per class label.
   */
  classWeight?: 'balanced' | Record<string, number>;
  /** A numeric column holding each row's weight (scikit-learn's sample_weight); not a feature. */
  sampleWeightColumn?: string;
  /** Each leaf needs at least this fraction of the total weight (scikit-learn's min_weight_fraction_leaf, default 0). */
  minWeightFractionLeaf?: number;
}

/**
 * Numeric: children = [x ≤ threshold, x > threshold]; threshold +Infinity splits present values
 * (all left) from missing ones (right), as scikit-learn ≥ 1.3. Categorical/boolean: one child per branch.
 */
export type ModelSplit =
  | { feature: string; kind: 'numeric'; threshold: number }
  | { feature: string; kind: 'categorical'; branches: string[][] };

/** Whether a numeric threshold is the "missing vs present" split's +Infinity (text says "is present"/"is missing"). */
export const isPresenceThreshold = (threshold: number): boolean => threshold === Infinity;

export interface ModelNode {
  /** Preorder index: the root is 0 and `nodes[id].id === id`. */
  id: number;
  depth: number;
  /** Training rows at the node (ID3/C4.5: weight, cases being split fractionally at missing values). */
  samples: number;
  /** Their total weight, only when training used sample or class weights (scikit-learn's weighted_n_node_samples). */
  weightedSamples?: number;
  impurity: number;
  /** Class counts (weighted when trained with weights) in the order of `classes`, or the (weighted) mean for regression. */
  value: number[] | number;
  prediction: string | number;
  split: ModelSplit | null;
  /** Index into `children` taken by missing values and unseen categories; null for leaves. */
  missingGoesTo: number | null;
  /**
   * Split nodes: whether training rows with a missing value of the split's feature reached the
   * node (the rules say "or missing" only then). Absent where not recorded (files written before
   * it, models trained elsewhere): read as true, as before.
   */
  sawMissing?: boolean;
  children: number[];
  /**
   * Edited models only: a leaf made by a snip keeps the subtree it replaced, to restore it — that
   * subtree's nodes in preorder, itself first with its split, ids relative to it (0), depths as in the tree.
   */
  snipped?: ModelNode[];
  /**
   * A model trained elsewhere (`importedFrom`): the split's gain (loss reduction) as its library
   * stored it; absent for leaves and where the file stores none.
   */
  gain?: number;
}

/** `node` without what only a split node has (`sawMissing`): the start of a leaf made from it. */
export function withoutSplitFacts(node: ModelNode): ModelNode {
  if (node.sawMissing === undefined) return node;
  const { sawMissing: _, ...rest } = node;
  return rest;
}

/** A user's change to a trained tree (src/engine/edit/, docs/model-format.md "Edits"). */
export type TreeEdit =
  /** Replace the node's split; its rows are routed by it and each child regrown with the model's params. */
  | { op: 'split'; node: number; split: ModelSplit }
  /** Make the node a leaf, keeping its subtree to restore. */
  | { op: 'snip'; node: number }
  /** Put a snipped node's subtree back. */
  | { op: 'restore'; node: number }
  /** A leaf grows one level with its best split. */
  | { op: 'grow'; node: number };

/** An applied edit, with the node's split before and after it (null: a leaf). */
export interface EditRecord {
  edit: TreeEdit;
  before: ModelSplit | null;
  after: ModelSplit | null;
}

/** A node's total weight: what its `value`, impurity and importances are measured in (its row count without weights). */
export const nodeWeight = (node: Pick<ModelNode, 'samples' | 'weightedSamples'>): number => node.weightedSamples ?? node.samples;

export interface ModelFeature {
  name: string;
  type: ColumnType;
  /** Categorical and boolean features: the category names seen in training. */
  categories?: string[];
  /**
   * The column's header as written in the file when the reader renamed it (blank → column_N,
   * duplicate → x_2): exported code also finds the value under it (docs/model-format.md).
   */
  header?: string;
  /** A numeric feature read with a decimal comma (`14,5`): exported code reads values so too. */
  decimal?: ',';
}

export interface TreeModel {
  format: typeof MODEL_FORMAT;
  version: typeof MODEL_VERSION;
  task: Task;
  target: string;
  /** Classification only: the order of every `value` array. */
  classes?: string[];
  features: ModelFeature[];
  params: TrainParams & { criterion: Criterion; algorithm: Algorithm };
  nodes: ModelNode[];
  featureImportances: Record<string, number>;
  /**
   * A forest's tree grown on a bootstrap draw without sample or class weights: each node's
   * `weightedSamples` counts the rows it drew with their repeats, `samples` the distinct rows
   * (the panel says "91 distinct rows, 150 with repeats"). Set by forest/predict.ts asTreeModel.
   */
  weightsAreDraws?: boolean;
  /** True once the user has changed the grown tree; absent for a tree as trained. */
  edited?: boolean;
  /**
   * A tree of a model trained elsewhere, as the views show it (docs/model-format.md "Models trained
   * elsewhere"): the library's name. Node `samples` are then its cover and impurities are not stored.
   */
  importedFrom?: string;
  /** The edits in the order applied (node ids as they were at each edit). */
  edits?: EditRecord[];
  /**
   * Binary classification only: the leaves' `prediction` is `positiveClass` when its share of the
   * leaf's (weighted) rows is ≥ `value`, else the other class (tree/decision-threshold.ts,
   * docs/model-format.md "Decision threshold"). Absent: each leaf predicts its largest class.
   */
  decisionThreshold?: DecisionThreshold;
}

export interface DecisionThreshold {
  positiveClass: string;
  /** In [0, 1]: the smallest share of the positive class predicted positive. */
  value: number;
  /** How it was chosen (`youden`, `f1`, `precision>=0.9`, `recall>=0.8`) and from what; absent: given as a number. */
  chosenBy?: string;
}
