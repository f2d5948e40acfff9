// Forest prediction (docs/formulas.md "Ensembles"): classification by soft voting (mean of the
// trees' class shares, scikit-learn's) or hard voting (majority of the trees' labels, first class
// on a tie); regression by the mean of the trees. Each tree is compiled once, straight from its
// packed columns (packed-tree.ts), and routes every row.
import type { Dataset } from '../dataset';
import { MODEL_FORMAT, MODEL_VERSION, type DecisionThreshold, type ModelNode, type TreeModel } from '../model';
import { checkDecisionThreshold, decideShares } from '../tree/decision-threshold';
import type { RoutedTree } from '../importance/permutation';
import { compileNodes, type CompiledTree } from '../tree/compiled-tree';
import { criteriaFor } from '../tree/criteria';
import { compiledPath } from '../tree/predict';
import { routeRows } from '../tree/route-rows';
import { nodeCount, packedValue, packedRoute, unpackTree } from './packed-tree';
import { treeParamsOf } from './params';
import { argmax, leafTable, Tally, tallyDim } from './tally';
import type { ForestHead, ForestModel, ForestTree, RowVotes } from './types';

export interface ForestPrediction {
  predictions: Array<string | number>;
  /** Classification: row-major mean class shares (soft) or vote fractions (hard), row r class k at [r · classes + k]; regression: null. */
  shares: Float64Array | null;
}

export function memberOf(model: ForestModel, index: number): ForestModel['trees'][number] {
  const tree = model.trees[index];
  if (tree === undefined) throw new RangeError(`tree ${index} is not in 0..${model.trees.length - 1}`);
  return tree;
}

/** A tree model with the forest's head (target, classes, features, the base tree's parameters) and these nodes. */
export function asTreeModel(model: ForestHead, nodes: ModelNode[], featureImportances: Record<string, number>): TreeModel {
  const params = treeParamsOf(model.params);
  return {
    format: MODEL_FORMAT,
    version: MODEL_VERSION,
    task: model.task,
    target: model.target,
    ...(model.classes ? { classes: model.classes } : {}),
    features: model.features,
    params: { ...params, algorithm: params.algorithm ?? 'cart', criterion: params.criterion ?? criteriaFor(params.algorithm ?? 'cart', model.task)[0].name },
    nodes,
    featureImportances,
    ...(model.params.bootstrap && params.sampleWeightColumn === undefined && params.classWeight === undefined ? { weightsAreDraws: true } : {}),
  };
}

/** Tree `index` of the forest as an ordinary tree model, its nodes unpacked (tree view, rules, a row's path): one tree at a time. */
export function memberModel(model: ForestModel, index: number): TreeModel {
  const tree = memberOf(model, index);
  return asTreeModel(model, unpackTree(tree.packed, model), tree.featureImportances);
}

/** A member tree as its routing reads it, node by node off the columns (no node objects kept). */
function routedTree(head: ForestHead, { packed, featureImportances }: ForestTree): RoutedTree {
  return { model: asTreeModel(head, [], featureImportances), count: nodeCount(packed), node: (id) => packedRoute(packed, head, id) };
}

/** Tree `index` as its routing reads it. */
export function routedMember(model: ForestModel, index: number): RoutedTree {
  return routedTree(model, memberOf(model, index));
}

/** A member tree of the forest `head` compiled against `dataset` from its columns. */
export function compileTree(head: ForestHead, tree: ForestTree, dataset: Dataset): CompiledTree {
  const { model, count, node } = routedTree(head, tree);
  return compileNodes(model, count, node, dataset);
}

/** Tree `index` compiled against `dataset` from its columns. */
export function compileMember(model: ForestModel, index: number, dataset: Dataset): CompiledTree {
  return compileTree(model, memberOf(model, index), dataset);
}

/** Every tree's contribution to every row of `dataset`. */
export function tallyForest(model: ForestModel, dataset: Dataset): Tally {
  const tally = new Tally(tallyDim(model), dataset.rowCount);
  model.trees.forEach((tree, t) => {
    const compiled = compileMember(model, t, dataset);
    const table = leafTable(model, tree.packed, compiled);
    routeRows(compiled, dataset.rowCount, (leaf, row) => tally.add(row, table, leaf));
  });
  return tally;
}

/** With a decision threshold the forest decides on its shares at it (decideShares), as every reader of its predictions then does. */
export function predictForest(model: ForestModel, dataset: Dataset): ForestPrediction {
  const tally = tallyForest(model, dataset);
  const regression = model.task === 'regression';
  const classes = model.classes ?? [];
  if (regression) return { predictions: Array.from({ length: dataset.rowCount }, (_, r) => tally.predicted(r, true)), shares: null };
  const shares = tally.shares();
  const t = model.decisionThreshold;
  const predictions = t ? decideShares(classes, shares, t) : Array.from({ length: dataset.rowCount }, (_, r) => classes[tally.predicted(r, false)]);
  return { predictions, shares };
}

/** The forest with `t` recorded (null: none), checked as a tree's is: a binary forest, one of its classes, a value in [0, 1]. */
export function forestWithThreshold(model: ForestModel, t: DecisionThreshold | null): ForestModel {
  const { decisionThreshold: _old, ...rest } = model;
  void _old;
  if (t === null) return rest;
  checkDecisionThreshold(model, t);
  return { ...rest, decisionThreshold: { ...t } };
}

/** Row `row`'s votes: per class, the trees whose label it is, and the mean class share. */
export function rowVotes(model: ForestModel, dataset: Dataset, row: number): RowVotes {
  if (!Number.isInteger(row) || row < 0 || row >= dataset.rowCount) throw new RangeError(`row ${row} is not in 0..${dataset.rowCount - 1}`);
  const classes = model.classes ?? [];
  const labels = new Array<number>(classes.length).fill(0);
  const shares = new Array<number>(classes.length).fill(0);
  let sum = 0;
  model.trees.forEach((tree, t) => {
    const path = compiledPath(compileMember(model, t, dataset), row);
    const value = packedValue(tree.packed, model, path[path.length - 1]);
    if (model.task === 'regression') {
      sum += value as number;
      return;
    }
    const counts = value as number[];
    const total = counts.reduce((a, b) => a + b, 0);
    labels[argmax(counts)]++;
    counts.forEach((c, k) => (shares[k] += total > 0 ? c / total / model.trees.length : 0));
  });
  if (model.task === 'regression') return { classes: [], labels: [], shares: [], prediction: sum / model.trees.length };
  const decide = model.params.voting === 'hard' ? labels : shares;
  const t = model.decisionThreshold;
  if (t === undefined) return { classes: [...classes], labels, shares, prediction: classes[argmax(decide)] };
  // At a threshold: the positive class's share (hard voting: its vote fraction), as predictForest decides.
  const fractions = model.params.voting === 'hard' ? labels.map((n) => n / model.trees.length) : shares;
  return { classes: [...classes], labels, shares, prediction: decideShares(classes, fractions, t)[0] };
}
