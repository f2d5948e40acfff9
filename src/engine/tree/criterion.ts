// Split criteria as "proxies": for a candidate split, proxy(left) + proxy(right) ranks candidates
// exactly as the weighted child impurity does (larger proxy = smaller N_L·imp_L + N_R·imp_R),
// without the parts that are constant within a node — scikit-learn's proxy_impurity_improvement.
// Stats vectors are class weights (classification, dim = K) or [Σ w·y] (regression, dim = 1).
// Which criterion uses which proxy: criteria.ts.
/** Proxy of one side of a split from its stats `s[off .. off+dim)` and total weight `w` (> 0). */
export type SideProxy = (s: Float64Array, off: number, dim: number, w: number) => number;

/** Σc²/w = w − w·Gini. */
export function giniProxy(s: Float64Array, off: number, dim: number, w: number): number {
  let sq = 0;
  for (let k = off; k < off + dim; k++) sq += s[k] * s[k];
  return sq / w;
}

/** Σ c·ln c − w·ln w = −w·H (nats): the natural-log scale ranks the same as bits. */
export function entropyProxy(s: Float64Array, off: number, dim: number, w: number): number {
  let acc = 0;
  for (let k = off; k < off + dim; k++) {
    const c = s[k];
    if (c > 0) acc += c * Math.log(c);
  }
  return acc - w * Math.log(w);
}

/** (Σy)²/w = Σy² − w·MSE, up to the node constant Σy². */
export function squaredErrorProxy(s: Float64Array, off: number, _dim: number, w: number): number {
  return (s[off] * s[off]) / w;
}

/** Weighted sum Σw·y, weight Σw, weighted mean and MSE of the targets `y` over the samples order[start:end]. */
function weightedRegressionStats(y: Float64Array, weight: Float64Array, order: ArrayLike<number>, start: number, end: number): { sum: number; weight: number; mean: number; mse: number } {
  let sum = 0;
  let w = 0;
  for (let p = start; p < end; p++) {
    const i = order[p];
    sum += weight[i] * y[i];
    w += weight[i];
  }
  const mean = sum / w;
  let ss = 0;
  for (let p = start; p < end; p++) {
    const i = order[p];
    const d = y[i] - mean;
    ss += weight[i] * d * d;
  }
  return { sum, weight: w, mean, mse: ss / w };
}

/** Class weights of the samples order[start:end] (`slot`: each sample's class) into `counts` (zeroed here); their total weight. */
export function classNodeStats(slot: ArrayLike<number>, weight: Float64Array, order: ArrayLike<number>, start: number, end: number, counts: Float64Array): number {
  counts.fill(0);
  let w = 0;
  for (let p = start; p < end; p++) {
    const i = order[p];
    counts[slot[i]] += weight[i];
    w += weight[i];
  }
  return w;
}

/**
 * Regression node statistics over the samples order[start:end]: targets `y`, weights `weight`
 * (null: all 1, `amount` is then y itself).
 */
export function regressionStatsOf(y: Float64Array, weight: Float64Array | null, order: ArrayLike<number>, start: number, end: number): { sum: number; weight: number; mean: number; mse: number } {
  return weight === null ? regressionNodeStats(y, order, start, end) : weightedRegressionStats(y, weight, order, start, end);
}

/** Sum, mean and MSE (the squared_error impurity) of `amount` over the samples order[start:end]. */
function regressionNodeStats(amount: Float64Array, order: ArrayLike<number>, start: number, end: number): { sum: number; weight: number; mean: number; mse: number } {
  let sum = 0;
  for (let p = start; p < end; p++) sum += amount[order[p]];
  const mean = sum / (end - start);
  let ss = 0;
  for (let p = start; p < end; p++) {
    const d = amount[order[p]] - mean;
    ss += d * d;
  }
  return { sum, weight: end - start, mean, mse: ss / (end - start) };
}
