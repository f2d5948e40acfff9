// Regression metrics (docs/formulas.md "Validation"): MSE, RMSE, MAE and R², with scikit-learn's
// conventions; with sample weights, weighted means (and R² around the weighted mean) as its sample_weight.
import type { RegressionMetrics } from './types';

/** `sampleWeight`: each row's weight (absent: 1); `rows` stays the row count. */
export function regressionMetrics(yTrue: ArrayLike<number>, yPred: ArrayLike<number>, sampleWeight?: ArrayLike<number>): RegressionMetrics {
  const rows = yTrue.length;
  const weight = (i: number): number => (sampleWeight === undefined ? 1 : sampleWeight[i]);
  let mean = 0;
  let total = 0;
  for (let i = 0; i < rows; i++) {
    mean += weight(i) * yTrue[i];
    total += weight(i);
  }
  mean = total > 0 ? mean / total : 0;
  let ssRes = 0;
  let ssTot = 0;
  let absSum = 0;
  for (let i = 0; i < rows; i++) {
    const e = yTrue[i] - yPred[i];
    const w = weight(i);
    ssRes += w * e * e;
    absSum += w * Math.abs(e);
    ssTot += w * (yTrue[i] - mean) ** 2;
  }
  const mse = total > 0 ? ssRes / total : 0;
  // Constant truth: R² is undefined; scikit-learn reports 1 for a perfect fit, else 0.
  const r2 = ssTot > 0 ? 1 - ssRes / ssTot : ssRes === 0 ? 1 : 0;
  return { task: 'regression', rows, mse, rmse: Math.sqrt(mse), mae: total > 0 ? absSum / total : 0, r2 };
}
