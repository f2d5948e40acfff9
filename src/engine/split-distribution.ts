// The split feature's distribution at one node of a trained tree, per class (README "Run it in
// VS Code", node details): what the panel's node details chart with the threshold drawn on it, as dtreeviz does.
// A numeric (date, ordinal) feature gives a histogram of equal-width bins; a categorical one a
// count per category and the branch it goes to. Counted on the training rows that reach the node.
import { columnIndex, isNumeric, type Dataset } from './dataset';
import { isPresenceThreshold, type TreeModel } from './model';
import { rowsAtNode } from './node-alternatives';
import type { ReportSettings } from './report-types';

export interface SplitDistribution {
  feature: string;
  kind: 'numeric' | 'categorical';
  /** Numeric: the bins' edges, ascending (one more than the bins); dates in ms, ordinal columns by code. */
  edges: number[];
  /** Categorical: the categories charted, most rows first; ordinal: every category, by code. */
  categories: string[];
  /** What the counts are split by: the class names, or one series of all rows (regression). */
  series: string[];
  /** counts[s][b]: rows of series s in bin (or category) b. */
  counts: number[][];
  /** Rows at the node missing the feature, per series. */
  missing: number[];
  /** Numeric: the node's threshold on the same axis, or null ("is present" splits). */
  threshold: number | null;
  /** Categorical: the branch each charted category goes to (−1: none seen in training). */
  branchOf: number[];
  /** Categorical: rows in categories left out of the chart (beyond the most frequent). */
  otherRows: number;
}

/** At most this many bins (numeric) or bars (categorical) are charted. */
export const MAX_BINS = 20;

/** The distribution of the feature node `nodeId` splits on, or null for a leaf. */
export function splitDistributionAt(dataset: Dataset, model: TreeModel, settings: ReportSettings, nodeId: number): SplitDistribution | null {
  return distributionOf(rowsAtNode(dataset, model, settings, nodeId), model, nodeId);
}

/** The distribution of the feature node `nodeId` splits on among `atNode` (the rows at it), or null for a leaf. */
export function distributionOf(atNode: Dataset, model: TreeModel, nodeId: number): SplitDistribution | null {
  const split = model.nodes[nodeId].split;
  if (!split) return null;
  const column = atNode.columns[columnIndex(atNode, split.feature)];
  const target = atNode.columns[columnIndex(atNode, model.target)];
  if (!column || !target) return null;
  const classes = model.classes ?? [];
  const classOfCode = isNumeric(target) ? [] : target.categories.map((c) => classes.indexOf(c));
  // A row's series: its class's index in the model (the target's own codes may be in another order).
  const seriesOf = (row: number): number => {
    if (model.task !== 'classification') return 0;
    if (isNumeric(target)) return Number.isNaN(target.values[row]) ? -1 : classes.indexOf(String(target.values[row]));
    return target.codes[row] < 0 ? -1 : classOfCode[target.codes[row]];
  };
  const series = model.task === 'classification' ? [...classes] : ['rows'];
  const zeros = (n: number) => series.map(() => new Array<number>(n).fill(0));
  const missing = new Array<number>(series.length).fill(0);
  const base = { feature: split.feature, series, missing, edges: [] as number[], categories: [] as string[], threshold: null as number | null, branchOf: [] as number[], otherRows: 0 };

  if (split.kind === 'numeric') {
    const values = isNumeric(column) ? column.values : Float64Array.from(column.codes, (c) => (c < 0 ? NaN : c));
    let lo = Infinity;
    let hi = -Infinity;
    for (const v of values) {
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
    const ordinal = !isNumeric(column);
    const bins = !(hi > lo) ? 1 : ordinal ? Math.min(MAX_BINS, hi - lo + 1) : MAX_BINS;
    const from = ordinal ? lo - 0.5 : lo;
    const width = hi > lo ? (ordinal ? hi + 0.5 - from : hi - lo) / bins : 1;
    const counts = zeros(bins);
    for (let r = 0; r < values.length; r++) {
      const s = seriesOf(r);
      if (s < 0) continue;
      if (Number.isNaN(values[r])) missing[s]++;
      else counts[s][Math.min(bins - 1, Math.floor((values[r] - from) / width))]++;
    }
    const edges = Array.from({ length: bins + 1 }, (_, i) => from + i * width);
    const threshold = isPresenceThreshold(split.threshold) ? null : split.threshold;
    return { ...base, kind: 'numeric', edges, categories: ordinal ? [...(column as { categories: readonly string[] }).categories] : [], counts, threshold };
  }

  if (isNumeric(column)) return null;
  const perCategory = new Array<number>(column.categories.length).fill(0);
  for (const code of column.codes) if (code >= 0) perCategory[code]++;
  const shown = perCategory.map((n, code) => [n, code]).filter(([n]) => n > 0).sort((a, b) => b[0] - a[0] || a[1] - b[1]).slice(0, MAX_BINS).map(([, code]) => code);
  const slot = new Map(shown.map((code, i) => [code, i]));
  const counts = zeros(shown.length);
  let otherRows = 0;
  for (let r = 0; r < column.codes.length; r++) {
    const s = seriesOf(r);
    const code = column.codes[r];
    if (s < 0) continue;
    if (code < 0) missing[s]++;
    else if (slot.has(code)) counts[s][slot.get(code)!]++;
    else otherRows++;
  }
  const categories = shown.map((code) => column.categories[code]);
  const branchOf = categories.map((c) => split.branches.findIndex((b) => b.includes(c)));
  return { ...base, kind: 'categorical', categories, counts, branchOf, otherRows };
}
