// A CART tree grown on some rows with its root's split chosen by the user ("choose a split",
// docs/formulas.md "Edited trees"): the rows are routed by the split, then each child grows as the engine grows any tree
// (trainTree) on its own rows with the same parameters, max depth one less and the limits
// relative to the whole tree rescaled to the child's rows (part-params.ts). So a subtree regrown
// under a chosen split is by construction the engine's trees on the children's rows. A child the
// stopping rules keep from splitting, or whose every feature is constant, is a leaf. A tree trained
// with weights regrows with the weights it gave its rows (part.ts), counting by weight where the
// engine does (docs/formulas.md "Sample and class weights").
import { isOrderedType } from '../dataset';
import { InputError } from '../errors';
import type { ModelNode, ModelSplit, TrainParams, TreeModel } from '../model';
import type { GrowHooks } from '../tree/grow-hooks';
import { chooseSplitter } from '../tree/hist/choose-splitter';
import { mdiImportances } from '../tree/mdi';
import { type ResolvedParams, resolveParams } from '../tree/params';
import { mightSplit } from '../tree/stopping';
import { modelFrame } from '../tree/to-model';
import { withWeights } from '../tree/sample-weights';
import { buildTrainingSet, type FeatureColumn, type TrainingSet } from '../tree/training-set';
import { type Part, partParams, subPart, trainPart } from './part';
import { paramsForPart } from './part-params';
import { type GroupStats, groupStats, nodeOfGroup, remapNodes } from './node-stats';

/** Branch of every training sample under `split`; −1 for a missing value or a category in no branch. */
function branchOfSamples(feature: FeatureColumn, split: ModelSplit): Int32Array {
  const { x } = feature;
  const out = new Int32Array(x.length);
  if (split.kind === 'numeric') {
    for (let i = 0; i < x.length; i++) out[i] = Number.isNaN(x[i]) ? -1 : x[i] <= split.threshold ? 0 : 1;
    return out;
  }
  const branchOfCode = feature.categories.map((name) => split.branches.findIndex((b) => b.includes(name)));
  for (let i = 0; i < x.length; i++) out[i] = Number.isNaN(x[i]) ? -1 : branchOfCode[x[i]];
  return out;
}

/**
 * Where missing values go: as the engine's split search decides (tree/cart-splitter.ts), the side
 * with the lower weighted child impurity, the right one on a tie; with none at the node, the
 * heavier child (the right one on a tie, scikit-learn ≥ 1.3).
 */
function missingSide(set: TrainingSet, params: ResolvedParams, branch: Int32Array): number {
  const sides = [0, 1].map((b) => samplesWhere(branch, (v) => v === b));
  const missing = samplesWhere(branch, (v) => v < 0);
  const stats = (samples: Int32Array): GroupStats => groupStats(set, params, samples);
  if (missing.length === 0) return stats(sides[0]).weight > stats(sides[1]).weight ? 0 : 1;
  const cost = (m: number): number =>
    [0, 1].reduce((acc, b) => {
      const samples = b === m ? concat(sides[b], missing) : sides[b];
      if (samples.length === 0) return acc;
      const s = stats(samples);
      return acc + s.weight * s.impurity;
    }, 0);
  const right = cost(1);
  return cost(0) < right - 1e-12 * Math.max(1, right) ? 0 : 1;
}

function samplesWhere(branch: Int32Array, keep: (b: number) => boolean): Int32Array {
  const out: number[] = [];
  for (let i = 0; i < branch.length; i++) if (keep(branch[i])) out.push(i);
  return Int32Array.from(out);
}

function concat(a: Int32Array, b: Int32Array): Int32Array {
  const out = new Int32Array(a.length + b.length);
  out.set(a);
  out.set(b, a.length);
  return out;
}

/** The categorical split with each branch cut to the categories present in the rows, as the engine lists them. */
function presentBranches(feature: FeatureColumn, split: ModelSplit): ModelSplit {
  if (split.kind === 'numeric') return split;
  const present = new Set<string>();
  for (const c of feature.x) if (!Number.isNaN(c)) present.add(feature.categories[c]);
  return { ...split, branches: split.branches.map((b) => b.filter((name) => present.has(name))) };
}

/** A child's subtree: a leaf when it may not split, else the engine's tree on its rows. */
function growChild(part: Part, set: TrainingSet, params: TrainParams, resolved: ResolvedParams, stats: GroupStats, samples: Int32Array, hooks: GrowHooks): ModelNode[] {
  const leaf = [nodeOfGroup(set, stats, 0)];
  if (!mightSplit(resolved, 1, samples.length, stats.impurity, stats.weight)) return leaf;
  const rows = Int32Array.from(samples, (i) => set.rows[i]);
  const childParams: TrainParams = {
    ...paramsForPart(params, set.weightedN, stats.weight),
    task: set.task,
    leftOut: [...set.leftOut],
    maxDepth: resolved.maxDepth === null ? null : resolved.maxDepth - 1,
  };
  try {
    const child = trainPart(subPart(part, rows), childParams, hooks);
    return remapNodes(child.nodes, child.classes, set.classes);
  } catch (err) {
    // No feature varies on the child's rows: nothing to split on, as the engine's own search finds.
    if (err instanceof InputError && err.code === 'bad-feature') return leaf;
    throw err;
  }
}

/**
 * The tree grown on the part's rows (with a target) with `split` at the root. Throws InputError
 * when the split leaves a branch without rows. `params` as a model records them (CART only).
 */
export function growUnderSplit(part: Part, params: TrainParams, split: ModelSplit, hooks: GrowHooks = {}): TreeModel {
  const given = partParams(part, params);
  const set = withWeights(part.rows, buildTrainingSet(part.rows, params.target, params.task ?? 'auto', params), given, part.weight);
  const resolved = resolveParams({ ...params, splitter: chooseSplitter(params, set.n) }, set.task, set.weightedN);
  if (resolved.algorithm !== 'cart') throw new InputError('bad-option', `choosing a split regrows CART trees only, not ${resolved.algorithm}`);
  const feature = set.features.find((f) => f.name === split.feature);
  if (feature === undefined || isOrderedType(feature.type) !== (split.kind === 'numeric')) {
    throw new InputError('bad-option', `"${split.feature}" is not a ${split.kind} feature of the tree`);
  }
  const branch = branchOfSamples(feature, split);
  const missing = missingSide(set, resolved, branch);
  const children = [0, 1].map((b) => samplesWhere(branch, (v) => v === b || (v < 0 && b === missing)));
  const empty = children.findIndex((c) => c.length === 0);
  if (empty >= 0) throw new InputError('bad-option', `the split sends no row to its ${empty === 0 ? 'first' : 'second'} branch`);
  const all = Int32Array.from({ length: set.n }, (_, i) => i);
  const root: ModelNode = { ...nodeOfGroup(set, groupStats(set, resolved, all), 0), split: presentBranches(feature, split), missingGoesTo: missing, sawMissing: feature.x.some(Number.isNaN) };
  const nodes = [root];
  for (const samples of children) {
    root.children.push(nodes.length);
    const sub = growChild(part, set, params, resolved, groupStats(set, resolved, samples), samples, hooks);
    const offset = nodes.length;
    for (const node of sub) nodes.push({ ...node, id: node.id + offset, depth: node.depth + 1, children: node.children.map((c) => c + offset) });
  }
  const model: TreeModel = { ...modelFrame(set, params, resolved), nodes, featureImportances: {} };
  return { ...model, featureImportances: mdiImportances(model) };
}
