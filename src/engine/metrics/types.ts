// Result shapes of the validation metrics (docs/formulas.md "Validation"). Plain JSON: the CLI
// prints them, the webview shows them, the report bundles them.

/** One class against the rest. Undefined ratios (0/0) are 0, as scikit-learn's `zero_division=0`. */
export interface ClassMetrics {
  class: string;
  /** Rows whose true class is this one. */
  support: number;
  precision: number;
  /** True-positive rate (sensitivity). */
  recall: number;
  /** True-negative rate. */
  specificity: number;
  /** False-positive rate = 1 − specificity. */
  fpr: number;
  /** False-discovery rate = 1 − precision (0 when nothing is predicted as this class). */
  fdr: number;
  f1: number;
}

export type AveragedMetrics = Omit<ClassMetrics, 'class' | 'support'>;

/** Binary ROC curve, one point per distinct score threshold (ties form one step). */
export interface RocCurve {
  positiveClass: string;
  fpr: number[];
  tpr: number[];
  /** Score threshold of each point: predicted positive when score ≥ threshold; the first is +Infinity → null in JSON. */
  thresholds: (number | null)[];
  auc: number;
}

/** Binary precision–recall curve, one point per distinct score threshold, then scikit-learn's end point (recall 0, precision 1). */
export interface PrCurve {
  positiveClass: string;
  precision: number[];
  recall: number[];
  thresholds: number[];
  /** Trapezoidal area under the (recall, precision) points, as `sklearn.metrics.auc(recall, precision)`. */
  auc: number;
  /** Step-wise area Σ (Rₙ − Rₙ₋₁) Pₙ, as `sklearn.metrics.average_precision_score`. */
  averagePrecision: number;
}

export interface ClassificationMetrics {
  task: 'classification';
  rows: number;
  classes: string[];
  /** Rows = true class, columns = predicted class, both in the order of `classes`. */
  confusion: number[][];
  accuracy: number;
  errorRate: number;
  perClass: ClassMetrics[];
  macro: AveragedMetrics;
  /** Averaged with weights = support. */
  weighted: AveragedMetrics;
  /** Two classes: the one binary measures (ROC, PR) call positive; null otherwise. */
  positiveClass: string | null;
  /** Two classes with both present among the true values only. */
  roc: RocCurve | null;
  pr: PrCurve | null;
}

export interface RegressionMetrics {
  task: 'regression';
  rows: number;
  mse: number;
  rmse: number;
  mae: number;
  /** 1 − SS_res/SS_tot; for constant true values 1 when perfect, else 0 (scikit-learn's convention). */
  r2: number;
}

export type Metrics = ClassificationMetrics | RegressionMetrics;
