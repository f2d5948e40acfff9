// ID3/C4.5 subtrees regrown under a node (choose a split, grow a leaf: docs/formulas.md "Edited trees"), as the multiway
// builder (tree/multiway-builder.ts) grows them inside the whole tree: from the node's cases as
// training made them — every training row sent down from the root by the tree's splits, a row
// missing an ancestor's attribute going down every branch with that branch's share of the known
// weight (C4.5's fractional cases) — with the categorical attributes used above it spent, at its
// depth, and against the whole training set's totals, so that min_impurity_decrease and the min
// weight fraction need no restating. A chosen split is the node's; below it the builder chooses.
import type { Dataset } from '../dataset';
import { InputError } from '../errors';
import type { ModelNode, ModelSplit, TrainParams, TreeModel } from '../model';
import type { GrowHooks } from '../tree/grow-hooks';
import { type AttributeScore, type Cases, distribute, growMultiway, rootCases, scoreSplit } from '../tree/multiway-builder';
import { resolveParams } from '../tree/params';
import { withWeights } from '../tree/sample-weights';
import { toModel } from '../tree/to-model';
import { buildTrainingSet, type TrainingSet } from '../tree/training-set';

/** `split` as the builder's partition of `set`'s feature; null when the set has no such feature. */
function scoreOf(set: TrainingSet, cases: Cases, split: ModelSplit): AttributeScore | null {
  const f = set.features.findIndex((c) => c.name === split.feature);
  if (f < 0) return null;
  if (split.kind === 'numeric') return scoreSplit(set, f, cases, split.threshold, null, 2);
  const branch = new Map(split.branches.flatMap((names, b) => names.map((name) => [name, b] as const)));
  const branchOfCode = Int32Array.from(set.features[f].categories, (name) => branch.get(name) ?? -1);
  return scoreSplit(set, f, cases, NaN, branchOfCode, split.branches.length);
}

/** The path from the root to `at`: each node and the branch taken from it. */
function pathTo(model: TreeModel, at: number): Array<{ node: ModelNode; branch: number }> {
  const parent = new Int32Array(model.nodes.length).fill(-1);
  for (const n of model.nodes) for (const c of n.children) parent[c] = n.id;
  const path: Array<{ node: ModelNode; branch: number }> = [];
  for (let id = at; parent[id] >= 0; id = parent[id]) path.unshift({ node: model.nodes[parent[id]], branch: model.nodes[parent[id]].children.indexOf(id) });
  return path;
}

/** The training set of the rows `model` was trained on (its weights included), the node's cases in it, and the categorical attributes spent above the node. */
export function nodeCases(dataset: Dataset, model: TreeModel, at: number, params: TrainParams = model.params): { set: TrainingSet; cases: Cases; used: Uint8Array } {
  const set = withWeights(dataset, buildTrainingSet(dataset, model.target, model.task, params), params);
  let cases = rootCases(set);
  const used = new Uint8Array(set.features.length);
  for (const { node, branch } of pathTo(model, at)) {
    const split = node.split as ModelSplit;
    const score = scoreOf(set, cases, split);
    if (score === null) throw new InputError('stale-model', `the data no longer matches the tree (no training row reaches node ${node.id} with a value of "${split.feature}"); the file may have changed since training: retrain`);
    cases = distribute(set, cases, score)[branch];
    if (score.branchOfCode !== null) used[score.feature] = 1;
  }
  return { set, cases, used };
}

/** The split without the categories no case at the node has, and without the branches left empty. */
function presentBranches(set: TrainingSet, cases: Cases, split: ModelSplit): ModelSplit {
  if (split.kind === 'numeric') return split;
  const feature = set.features.find((c) => c.name === split.feature);
  const present = new Set<string>();
  for (const id of cases.ids) if (feature !== undefined && !Number.isNaN(feature.x[id])) present.add(feature.categories[feature.x[id]]);
  return { ...split, branches: split.branches.map((b) => b.filter((name) => present.has(name))).filter((b) => b.length > 0) };
}

/**
 * The subtree at `at` regrown, ids from 0 and depths as in the tree: under `split` when given
 * (else the builder's own choice), at most `maxDepth` deep (absolute). `dataset`: the rows the
 * tree was trained on. Throws InputError for a split that leaves fewer than two branches with cases.
 */
export function regrowMultiway(dataset: Dataset, model: TreeModel, at: number, split: ModelSplit | null, maxDepth: number | null, hooks: GrowHooks = {}): ModelNode[] {
  const params = { ...model.params, maxDepth };
  const { set, cases, used } = nodeCases(dataset, model, at, params);
  const resolved = resolveParams(params, set.task, set.weightedN);
  const algorithm = resolved.algorithm;
  if (algorithm === 'cart') throw new Error('regrowMultiway grows ID3/C4.5 trees');
  let first: AttributeScore | undefined;
  if (split !== null) {
    const score = scoreOf(set, cases, presentBranches(set, cases, split));
    if (score === null) throw new InputError('bad-option', `the split of "${split.feature}" sends every case of node ${at} the same way`);
    first = score;
  }
  const store = growMultiway(set, resolved, algorithm, hooks, { cases, depth: model.nodes[at].depth, used, ...(first === undefined ? {} : { first }) });
  return toModel(store, set, params, resolved).nodes;
}
