// Regression metrics (docs/formulas.md "Validation"): MSE, RMSE, MAE and R², with scikit-learn's
// conventions.
import type { RegressionMetrics } from './types';

export function regressionMetrics(yTrue: ArrayLike<number>, yPred: ArrayLike<number>): RegressionMetrics {
  const rows = yTrue.length;
  let mean = 0;
  for (let i = 0; i < rows; i++) mean += yTrue[i];
  mean = rows > 0 ? mean / rows : 0;
  let ssRes = 0;
  let ssTot = 0;
  let absSum = 0;
  for (let i = 0; i < rows; i++) {
    const e = yTrue[i] - yPred[i];
    ssRes += e * e;
    absSum += Math.abs(e);
    ssTot += (yTrue[i] - mean) ** 2;
  }
  const mse = rows > 0 ? ssRes / rows : 0;
  // Constant truth: R² is undefined; scikit-learn reports 1 for a perfect fit, else 0.
  const r2 = ssTot > 0 ? 1 - ssRes / ssTot : ssRes === 0 ? 1 : 0;
  return { task: 'regression', rows, mse, rmse: Math.sqrt(mse), mae: rows > 0 ? absSum / rows : 0, r2 };
}
