// Predictions of an imported ensemble (docs/model-format.md "Models trained elsewhere"): every tree
// routes every row through the engine's compiled trees (tree/compiled-tree.ts), its leaf value is
// added to its output (in float32 where the library sums so), then the base score, the average of
// a random forest and the link give probabilities or values, as the source library computes them.
import type { Dataset } from '../dataset';
import { compileNodes, leafFrom, type CompiledTree } from '../tree/compiled-tree';
import { routeRows } from '../tree/route-rows';
import { completeLeaves, completeTree, steppedTree, stepLeaves } from './block-routing';
import { treesPerOutput, type EnsembleTree, type ImportedEnsemble } from './ensemble';

function compiled(tree: EnsembleTree, dataset: Dataset): CompiledTree {
  const { nodes } = tree.model;
  // Each compiled leaf's "prediction" is its node id, to look its value up.
  return compileNodes(tree.model, nodes.length, (id) => ({ ...nodes[id], prediction: id }), dataset);
}

/**
 * Rows are routed this many at a time through every tree (block-routing.ts): the block's feature
 * values (20 columns × 1,024 rows = 160 KiB) stay in the CPU's cache across the trees.
 */
const ROW_BLOCK = 1024;

/**
 * Each row's raw score per output (row-major, rows × outputs) as the library reports it: the sum
 * of the trees' leaf values, XGBoost's starting from its base margin (its output_margin; LightGBM's
 * raw_score is the sum alone, before a random forest's average). Each row adds its trees' values
 * in tree order, in float32 where the library does.
 */
export function ensembleMargins(e: ImportedEnsemble, dataset: Dataset): Float64Array {
  const k = e.outputs;
  const rows = dataset.rowCount;
  const margin = new Float64Array(rows * k);
  const f32 = e.float32;
  const round = f32 ? Math.fround : (v: number) => v;
  if (baseFirst(e)) for (let r = 0; r < rows; r++) for (let o = 0; o < k; o++) margin[r * k + o] = round(e.base[o]);
  // The numeric columns any tree splits on, each a column of the row-major block.
  const blockColumn = new Map<string, number>();
  const columns: Float64Array[] = [];
  const trees = e.trees.map((tree) => {
    const c = compiled(tree, dataset);
    const nodes = tree.model.nodes;
    // Its leaves' values by compiled node (k per leaf for a vector-leaf tree).
    const width = tree.output === null ? k : 1;
    const value = new Float64Array(c.nodeCount * width);
    for (let i = 0; i < c.nodeCount; i++) {
      const id = c.prediction[i];
      if (id === undefined) continue; // not a leaf
      const v = nodes[id as number].value;
      if (width === 1) value[i] = round(v as number);
      else for (let o = 0; o < k; o++) value[i * k + o] = (v as number[])[o];
    }
    const slots = Int32Array.from(c.slotNames.numeric, (name, slot) => {
      let at = blockColumn.get(name);
      if (at === undefined) {
        blockColumn.set(name, (at = columns.length));
        columns.push(c.numeric[slot]);
      }
      return at;
    });
    const stepped = steppedTree(c, slots);
    return { c, stepped, complete: stepped === null ? null : completeTree(stepped), value, output: tree.output };
  });
  const stride = columns.length;
  const values = new Float64Array(ROW_BLOCK * stride);
  const block = new Int32Array(ROW_BLOCK);
  for (let start = 0; start < rows; start += ROW_BLOCK) {
    const leaves = block.subarray(0, Math.min(ROW_BLOCK, rows - start));
    const n = leaves.length;
    for (let g = 0; g < stride; g++) {
      const column = columns[g];
      for (let r = 0; r < n; r++) values[r * stride + g] = column[start + r];
    }
    for (const { c, stepped, complete, value, output } of trees) {
      if (complete !== null) completeLeaves(complete, values, stride, leaves);
      else if (stepped !== null) stepLeaves(stepped, values, stride, leaves);
      else for (let r = 0; r < n; r++) leaves[r] = leafFrom(c, 0, start + r);
      if (output === null) {
        for (let r = 0; r < n; r++) for (let o = 0; o < k; o++) margin[(start + r) * k + o] = round(margin[(start + r) * k + o] + value[leaves[r] * k + o]);
      } else if (f32) {
        for (let r = 0; r < n; r++) margin[(start + r) * k + output] = Math.fround(margin[(start + r) * k + output] + value[leaves[r]]);
      } else {
        for (let r = 0; r < n; r++) margin[(start + r) * k + output] += value[leaves[r]];
      }
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
