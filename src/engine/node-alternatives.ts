// The best splits at one node of a trained tree: every column's best question for the training
// rows that reach the node, ranked by the tree's criterion — why the chosen question won. Reuses
// the per-column search of splits/column-splits.ts on those rows, so the scores are the tree's own.
import { columnIndex, isNumeric, type Dataset } from './dataset';
import { InputError } from './errors';
import { isPresenceThreshold, type ModelSplit, type TreeModel } from './model';
import type { ReportSettings } from './report-types';
import { formatNumber } from './number-text';
import { columnSplits } from './splits/column-splits';
import { criterionSpec } from './tree/criteria';
import type { ColumnSplit } from './splits/types';
import { nodeCases } from './edit/multiway-regrow';
import { type AttributeScore, scoreAttributes, splitOfAttribute } from './tree/multiway-builder';
import { resolveParams } from './tree/params';
import { predictLeaves } from './tree/predict';
import { lastInSubtree } from './tree/subtree';
import { holdoutSplit, targetStrata } from './validation/split';
import { subsetDataset } from './validation/subset';

export interface NodeSplit {
  feature: string;
  /** Readable condition, e.g. `petal_width ≤ 0.8` or `outlook ∈ {sunny, rain}`. */
  condition: string;
  /** The criterion's score (Gini decrease, information gain, gain ratio or variance reduction). */
  score: number;
  scoreName: string;
  /** Training rows at the node sent to each branch (rows missing the feature not counted); ID3/C4.5: the known weight of its cases (fractional). */
  childSamples: number[];
  /** True for the split the tree uses at this node. */
  chosen: boolean;
  /** The split as the model states it: what an edit puts at the node (src/engine/edit/apply.ts). */
  split: ModelSplit;
}

/** The rows the tree was trained on: the report's hold-out split is re-drawn from its seed (what edits take, src/engine/edit/apply.ts). */
export function trainingRows(dataset: Dataset, model: TreeModel, settings: ReportSettings): Dataset {
  const v = settings.validation;
  if (v.kind !== 'holdout') return dataset;
  const strata = targetStrata(dataset, model.target, model.task, v.stratified);
  return subsetDataset(dataset, holdoutSplit(strata, v.testSize, v.seed).train);
}

function conditionOf(split: Pick<ColumnSplit, 'feature' | 'kind' | 'threshold' | 'thresholdText' | 'branches'>): string {
  if (split.kind === 'numeric') return isPresenceThreshold(split.threshold ?? NaN) ? `${split.feature} is present` : `${split.feature} ≤ ${split.thresholdText ?? formatNumber(split.threshold ?? NaN)}`;
  const branches = split.branches ?? [];
  return branches.length === 2 ? `${split.feature} ∈ {${branches[0].join(', ')}}` : `${split.feature} (${branches.length} branches)`;
}

function modelSplitOf(split: ColumnSplit): ModelSplit {
  return split.kind === 'numeric' ? { feature: split.feature, kind: 'numeric', threshold: split.threshold ?? NaN } : { feature: split.feature, kind: 'categorical', branches: split.branches ?? [] };
}

function branchCounts(data: Dataset, split: ColumnSplit): number[] {
  const column = data.columns[columnIndex(data, split.feature)];
  if (split.kind === 'numeric' && isNumeric(column)) {
    const counts = [0, 0];
    for (const x of column.values) if (!Number.isNaN(x)) counts[x <= (split.threshold ?? 0) ? 0 : 1]++;
    return counts;
  }
  if (split.kind === 'numeric' && column.type === 'ordinal') {
    const counts = [0, 0];
    for (const c of column.codes) if (c >= 0) counts[c <= (split.threshold ?? 0) ? 0 : 1]++;
    return counts;
  }
  const branches = split.branches ?? [];
  const counts = new Array<number>(branches.length).fill(0);
  if (isNumeric(column)) return counts;
  const branchOf = column.categories.map((c) => branches.findIndex((b) => b.includes(c)));
  for (const code of column.codes) if (code >= 0 && branchOf[code] >= 0) counts[branchOf[code]]++;
  return counts;
}

/** The training rows that reach `nodeId` (its subtree's leaves), as a dataset of their own. */
export function rowsAtNode(dataset: Dataset, model: TreeModel, settings: ReportSettings, nodeId: number): Dataset {
  return rowsReaching(trainingRows(dataset, model, settings), model, nodeId);
}

/** The rows of `train` that reach `nodeId` of `model`, as a dataset of their own. */
export function rowsReaching(train: Dataset, model: TreeModel, nodeId: number): Dataset {
  if (!Number.isInteger(nodeId) || model.nodes[nodeId] === undefined) throw new InputError('bad-option', `the tree has no node ${nodeId}`);
  const leaves = predictLeaves(model, train);
  const last = lastInSubtree(model, nodeId);
  const rows: number[] = [];
  for (let r = 0; r < leaves.length; r++) if (leaves[r] >= nodeId && leaves[r] <= last) rows.push(r);
  return subsetDataset(train, Int32Array.from(rows));
}

/**
 * ID3/C4.5: each attribute's split of the node's cases as training made them (C4.5's fractional
 * cases for missing values; the categorical attributes used above left out, edit/multiway-regrow.ts),
 * ranked by the algorithm's measure — what an edit regrows from, so the node's own split gives the tree back.
 */
function multiwaySplitsAt(train: Dataset, model: TreeModel, nodeId: number, count: number): NodeSplit[] {
  const { set, cases, used } = nodeCases(train, model, nodeId);
  const resolved = resolveParams(model.params, set.task, set.weightedN);
  const measure = (a: AttributeScore): number => (resolved.algorithm === 'c45' ? a.gainRatio : a.gain);
  const ranked = scoreAttributes(set, cases, (f) => used[f] === 0, resolved.minSamplesLeaf).sort((a, b) => measure(b) - measure(a) || a.feature - b.feature);
  return ranked.slice(0, count).map((a) => {
    const split = splitOfAttribute(set, a);
    return {
      feature: split.feature,
      condition: conditionOf(split.kind === 'numeric' ? { ...split, thresholdText: formatNumber(split.threshold) } : split),
      score: measure(a),
      scoreName: criterionSpec(resolved.criterion).measure,
      childSamples: a.branchWeights,
      chosen: model.nodes[nodeId].split?.feature === split.feature,
      split,
    };
  });
}

/**
 * The `count` best splits, one per column, for the training rows reaching `nodeId`, best first.
 * `dataset` is the whole file the report was built from.
 */
export function bestSplitsAt(dataset: Dataset, model: TreeModel, settings: ReportSettings, nodeId: number, count = 5): NodeSplit[] {
  const node = model.nodes[nodeId];
  if (node !== undefined && (model.params.algorithm ?? 'cart') !== 'cart') return multiwaySplitsAt(trainingRows(dataset, model, settings), model, nodeId, count);
  return cartSplitsOn(rowsAtNode(dataset, model, settings, nodeId), model, nodeId, count);
}

/** CART: the `count` best splits, one per column, of `atNode` (the rows at `nodeId`), best first. */
export function cartSplitsOn(atNode: Dataset, model: TreeModel, nodeId: number, count: number): NodeSplit[] {
  const node = model.nodes[nodeId];
  if (atNode.rowCount < 2) return [];
  const p = model.params;
  const report = columnSplits(atNode, {
    target: model.target,
    task: model.task,
    algorithm: p.algorithm,
    criterion: p.criterion,
    minSamplesLeaf: p.minSamplesLeaf,
    minCategorySamples: p.minCategorySamples,
    ignore: p.ignore,
    // The tree's own columns: at a node a column may look constant without having been left out.
    leftOut: p.leftOut ?? [],
    curvePoints: 0,
  });
  return report.splits.slice(0, count).map((s) => ({
    feature: s.feature,
    condition: conditionOf(s),
    score: s.score,
    scoreName: criterionSpec(report.criterion).measure,
    childSamples: branchCounts(atNode, s),
    chosen: node.split?.feature === s.feature,
    split: modelSplitOf(s),
  }));
}
