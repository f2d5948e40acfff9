// The one in-memory form of a tree ensemble trained elsewhere (XGBoost, LightGBM, ONNX; docs/model-format.md
// "Models trained elsewhere"): each tree is one of our tree models (model.ts), so the tree view, rules,
// row paths and exporters read it as they read ours, plus what the ensemble adds up: which output
// each tree adds to, a base score and the link function from the summed raw scores to predictions.
import type { ModelFeature, Task, TreeModel } from '../model';

export type Library = 'xgboost' | 'lightgbm' | 'onnx';

/**
 * From an output's summed raw score to a prediction: identity (regression, or the probabilities
 * themselves), logistic 1/(1+e^(−scale·x)) of one output (binary: the second class's probability),
 * softmax across the outputs, exp (log-link regression).
 */
export type Link = 'identity' | 'logistic' | 'softmax' | 'exp';

export interface EnsembleTree {
  /**
   * The tree as one of ours. XGBoost and LightGBM: a regression tree whose leaf `value` is the raw
   * score it adds to output `output`. ONNX classifiers: a classification tree whose leaf `value`
   * holds the weight it adds to each class (`output` null). Node `samples` are the library's cover
   * (XGBoost: sum of hessians; LightGBM: row count; ONNX: 0, not stored).
   */
  model: TreeModel;
  output: number | null;
  /** The library's id of each node, by our node id (its pred_leaf id for leaves). */
  sourceId: Int32Array;
  /** Each split's gain (loss reduction) as the library stored it, by our node id; NaN where not stored. */
  gain: Float64Array;
}

export interface ImportedEnsemble {
  library: Library;
  /** What it is, for people: e.g. "XGBoost 1.7.4 gbtree, objective binary:logistic". */
  description: string;
  /** The library's objective or post-transform name. */
  objective: string;
  task: Task;
  /** The target's name when known (bound to a CSV: the target column), else "target". */
  target: string;
  /** Whether the file names the target (our Dask job's XGBoost model): a CSV's column of that name is then its target. */
  targetNamed: boolean;
  /** Classification: class names in output order (before binding to a CSV XGBoost's and LightGBM's are the indices "0", "1", …). */
  classes?: string[];
  /** How `classes` were named, said with the predictions. */
  classNames: 'model' | 'indices' | 'target values';
  features: ModelFeature[];
  /** Feature names are by position (the file names none; bound to a CSV: its columns in order). */
  positional: boolean;
  /** Categorical features whose categories are codes the file does not name (XGBoost): named from a CSV. */
  unnamedCategories: string[];
  trees: EnsembleTree[];
  /** Raw-score outputs: 1 (regression, binary) or the class count. */
  outputs: number;
  /** Raw score each output starts from (XGBoost's base margin, ONNX base_values). */
  base: number[];
  /** LightGBM random forests (average_output), ONNX AVERAGE: an output's sum is divided by its tree count. */
  average: boolean;
  link: Link;
  /** The logistic link's scale (LightGBM's sigmoid parameter); 1 otherwise. */
  scale: number;
  /** Raw scores are summed in float32, tree by tree, as XGBoost and onnxruntime do. */
  float32: boolean;
  label: LabelRule;
}

/**
 * How a classifier's label follows from its scores: the largest probability (first on a tie);
 * 'probability': the second class when its probability is above 0.5 (XGBoost's binary:logistic);
 * onnxruntime's two-class rules on the score before the link: 'score-above-half' /
 * 'score-above-zero', the second class when its score is above 0.5 (every leaf weight positive) /
 * above 0 (binary case: one class weighted), 'any-score-positive', the second class when either
 * class's score is positive (both classes weighted).
 */
export type LabelRule = 'argmax' | 'probability' | 'score-above-half' | 'score-above-zero' | 'any-score-positive';

/** The number of trees adding to each output (an ONNX vector-leaf tree adds to all). */
export function treesPerOutput(e: Pick<ImportedEnsemble, 'trees' | 'outputs'>): number[] {
  const count = new Array<number>(e.outputs).fill(0);
  for (const t of e.trees) {
    if (t.output === null) for (let k = 0; k < e.outputs; k++) count[k]++;
    else count[t.output]++;
  }
  return count;
}

/** The link, stated plainly: "sum of 100 trees' leaf values, then the logistic function". */
export function linkText(e: ImportedEnsemble): string {
  const n = e.trees.length;
  const perClass = e.outputs > 1 && e.trees.every((t) => t.output !== null);
  const trees = (k: number) => `${k} tree${k === 1 ? "'s" : "s'"}`;
  const sum = perClass ? `per class, the sum of its ${trees(n / e.outputs)} leaf values` : `the sum of ${trees(n)} leaf values`;
  const base = e.base.some((b) => b !== 0) ? ` plus a base score of ${e.base.length === 1 || e.base.every((b) => b === e.base[0]) ? fmt(e.base[0]) : e.base.map(fmt).join(', ')}` : '';
  const mean = e.average ? ', divided by the number of trees' : '';
  const link =
    e.link === 'logistic'
      ? `, then the logistic function${e.scale !== 1 ? ` of ${fmt(e.scale)}×` : ''} (the probability of class ${e.classes?.[1] ?? '1'})`
      : e.link === 'softmax'
        ? ', then the softmax across the classes'
        : e.link === 'exp'
          ? ', then the exponential'
          : e.task === 'classification'
            ? ' (the class probabilities)'
            : '';
  return `${sum}${mean}${base}${link}`;
}

const fmt = (v: number): string => String(Number(v.toPrecision(7)));
