// Predictions of an imported ensemble (docs/model-format.md "Models trained elsewhere"): every tree
// routes every row through the engine's compiled trees (tree/compiled-tree.ts), its leaf value is
// added to its output (in float32 where the library sums so), then the base score, the average of
// a random forest and the link give probabilities or values, as the source library computes them.
import type { Dataset } from '../dataset';
import { compileNodes, type CompiledTree } from '../tree/compiled-tree';
import { routeRows } from '../tree/route-rows';
import { treesPerOutput, type EnsembleTree, type ImportedEnsemble } from './ensemble';

function compiled(tree: EnsembleTree, dataset: Dataset): CompiledTree {
  const { nodes } = tree.model;
  // Each compiled leaf's "prediction" is its node id, to look its value up.
  return compileNodes(tree.model, nodes.length, (id) => ({ ...nodes[id], prediction: id }), dataset);
}

/**
 * Each row's raw score per output (row-major, rows × outputs) as the library reports it: the sum
 * of the trees' leaf values, XGBoost's starting from its base margin (its output_margin; LightGBM's
 * raw_score is the sum alone, before a random forest's average).
 */
export function ensembleMargins(e: ImportedEnsemble, dataset: Dataset): Float64Array {
  const k = e.outputs;
  const rows = dataset.rowCount;
  const margin = new Float64Array(rows * k);
  const round = e.float32 ? Math.fround : (v: number) => v;
  if (baseFirst(e)) for (let r = 0; r < rows; r++) for (let o = 0; o < k; o++) margin[r * k + o] = round(e.base[o]);
  for (const tree of e.trees) {
    const c = compiled(tree, dataset);
    const nodes = tree.model.nodes;
    if (tree.output !== null) {
      const o = tree.output;
      const value = Float64Array.from(nodes, (n) => round(n.value as number));
      routeRows(c, rows, (leaf, row) => (margin[row * k + o] = round(margin[row * k + o] + value[c.prediction[leaf] as number])));
    } else {
      routeRows(c, rows, (leaf, row) => {
        const w = nodes[c.prediction[leaf] as number].value as number[];
        for (let o = 0; o < k; o++) margin[row * k + o] = round(margin[row * k + o] + w[o]);
      });
    }
  }
  return margin;
}

/** XGBoost starts each row's sum at the base margin; onnxruntime adds base_values after the trees (and their average). */
const baseFirst = (e: ImportedEnsemble): boolean => e.library === 'xgboost';

/** The score the link reads: the raw score, averaged over the output's trees (random forests), plus a base added last. */
function linkInputs(e: ImportedEnsemble, margins: Float64Array): Float64Array {
  if (!e.average && (baseFirst(e) || e.base.every((b) => b === 0))) return margins;
  const k = e.outputs;
  const round = e.float32 ? Math.fround : (v: number) => v;
  const counts = treesPerOutput(e);
  return margins.map((m, i) => {
    const o = i % k;
    if (e.average) m = round(m / counts[o]);
    return baseFirst(e) ? m : round(m + e.base[o]);
  });
}

/** The library's leaf id (its pred_leaf) of each row in each tree, row-major (rows × trees). */
export function ensembleLeaves(e: ImportedEnsemble, dataset: Dataset): Int32Array {
  const n = e.trees.length;
  const out = new Int32Array(dataset.rowCount * n);
  e.trees.forEach((tree, t) => {
    const c = compiled(tree, dataset);
    routeRows(c, dataset.rowCount, (leaf, row) => (out[row * n + t] = libraryLeafId(tree.sourceId[c.prediction[leaf] as number])));
  });
  return out;
}

/** LightGBM's leaves are kept as ~leaf (its child encoding); every other id is the library's own. */
export const libraryLeafId = (sourceId: number): number => (sourceId < 0 ? ~sourceId : sourceId);

export interface EnsemblePredictions {
  /** The class label or value of each row. */
  predictions: Array<string | number>;
  /** Classification: rows × classes probabilities; null for regression. */
  probabilities: Float64Array | null;
  margins: Float64Array;
}

export function predictEnsemble(e: ImportedEnsemble, dataset: Dataset): EnsemblePredictions {
  const margins = ensembleMargins(e, dataset);
  const scores = linkInputs(e, margins);
  const rows = dataset.rowCount;
  const k = e.outputs;
  const predictions = new Array<string | number>(rows);
  const logistic = (x: number): number => 1 / (1 + Math.exp(-e.scale * x));
  if (e.task === 'regression') {
    for (let r = 0; r < rows; r++) predictions[r] = e.link === 'logistic' ? logistic(scores[r]) : e.link === 'exp' ? Math.exp(scores[r]) : scores[r];
    return { predictions, probabilities: null, margins };
  }
  const classes = e.classes as string[];
  const c = classes.length;
  const probabilities = new Float64Array(rows * c);
  for (let r = 0; r < rows; r++) {
    const p = probabilities.subarray(r * c, (r + 1) * c);
    const m = scores.subarray(r * k, (r + 1) * k);
    if (k === 1 && c === 2) {
      const p1 = e.link === 'logistic' ? logistic(m[0]) : m[0];
      p[0] = 1 - p1;
      p[1] = p1;
    } else if (e.link === 'softmax') {
      let max = -Infinity;
      for (const v of m) max = Math.max(max, v);
      let sum = 0;
      for (let o = 0; o < k; o++) sum += p[o] = Math.exp(m[o] - max);
      for (let o = 0; o < k; o++) p[o] /= sum;
    } else for (let o = 0; o < k; o++) p[o] = e.link === 'logistic' ? logistic(m[o]) : m[o];
    let best = 0;
    if (e.label === 'argmax') for (let o = 1; o < c; o++) best = p[o] > p[best] ? o : best;
    else if (e.label === 'probability') best = p[1] > 0.5 ? 1 : 0;
    else if (e.label === 'score-above-half') best = m[k - 1] > 0.5 ? 1 : 0;
    else if (e.label === 'score-above-zero') best = m[k - 1] > 0 ? 1 : 0;
    else best = Math.max(m[0], m[1]) > 0 ? 1 : 0;
    predictions[r] = classes[best];
  }
  return { predictions, probabilities, margins };
}
