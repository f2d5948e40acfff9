// trainMember: tree `index` of a forest, a function of (dataset, plan, index) only, so any thread
// grows the same tree: its bootstrap counts as sample weights (bootstrap.ts, scikit-learn's way)
// and, for a random forest, a fresh feature subset per split (GrowHooks.featureDraw), both seeded
// from the plan's seed and the index. The tree is packed (packed-tree.ts) straight from its store
// as soon as it is grown, so a forest never holds its trees as node objects. The member also
// routes the training rows (the leaf each one reaches: all that assembly tallies), so a pool does
// that in its workers too.
import type { Dataset } from '../dataset';
import type { GrowHooks } from '../tree/grow-hooks';
import type { RowWeights } from '../tree/sample-weights';
import { routeRows } from '../tree/route-rows';
import { importances } from '../tree/to-model';
import { growTree, type GrownTree } from '../tree/train';
import { buildTrainingSet, type TrainingSet } from '../tree/training-set';
import { featureSeed, inBagCounts, wideCounts } from './bootstrap';
import { grownNodes } from './grown-nodes';
import { nodeCount, packNodes } from './packed-tree';
import { forestHead, sampleIndexOf, type ForestPlan } from './plan';
import { compileTree } from './predict';
import type { ForestTree } from './types';

export interface ForestMember {
  index: number;
  tree: ForestTree;
  /** The leaf (packed node id) training sample i reaches in this tree, at i: 16 bits while the ids fit (half the bytes to post). */
  leaves: Uint16Array | Int32Array;
}

/** Tree `index` as grown, before packing. */
export function growMember(dataset: Dataset, plan: ForestPlan, index: number, hooks: GrowHooks = {}): GrownTree {
  const { params, features } = plan;
  // Without bootstrap every row counts once: no weights at all, the single tree's own code path.
  let weights: RowWeights | undefined;
  if (params.bootstrap) {
    const { scratch } = hooks;
    const n = plan.trainingRows;
    const counts = inBagCounts(plan, index, scratch === undefined ? undefined : wideCounts(plan) ? scratch.ints('inBag', n) : scratch.shorts('inBag', n));
    // Every row a training row: the counts are the rows' weights as they are (no 8-byte copy, 8 MB at 1M rows).
    if (plan.trainingRows === dataset.rowCount) weights = counts;
    else {
      weights = scratch?.doubles('rowWeights', dataset.rowCount).fill(0) ?? new Float64Array(dataset.rowCount);
      for (let i = 0; i < plan.trainingRows; i++) weights[plan.rows[i]] = counts[i];
    }
  }
  // max_features = every feature: no draw at all, so a 1-tree forest without bootstrap is the plain tree.
  const draw = params.maxFeatures < features.length ? { featureDraw: { maxFeatures: params.maxFeatures, seed: featureSeed(params.seed, index) } } : {};
  return growTree(dataset, plan.treeParams, { ...hooks, ...draw, trainingSet: baseSet(dataset, plan) }, weights);
}

/** The set every member's growTree starts from (before its sample), built once per plan and dataset. */
const baseSets = new WeakMap<ForestPlan, { dataset: Dataset; set: TrainingSet }>();

function baseSet(dataset: Dataset, plan: ForestPlan): TrainingSet {
  let found = baseSets.get(plan);
  if (found === undefined || found.dataset !== dataset) {
    const params = plan.treeParams;
    found = { dataset, set: buildTrainingSet(dataset, params.target, params.task ?? 'auto', params) };
    baseSets.set(plan, found);
  }
  return found.set;
}

export function trainMember(dataset: Dataset, plan: ForestPlan, index: number, hooks: GrowHooks = {}): ForestMember {
  const grown = growMember(dataset, plan, index, hooks);
  const own = importances(grown.store, grown.set);
  const featureImportances: Record<string, number> = {};
  for (const f of plan.features) featureImportances[f.name] = own[f.name] ?? 0;
  const tree = { packed: packNodes(forestHead(plan), grownNodes(forestHead(plan), grown)), featureImportances };
  return { index, tree, leaves: trainingLeaves(dataset, plan, tree) };
}

function trainingLeaves(dataset: Dataset, plan: ForestPlan, tree: ForestTree): Uint16Array | Int32Array {
  const compiled = compileTree(forestHead(plan), tree, dataset);
  const leaves = nodeCount(tree.packed) <= 0x10000 ? new Uint16Array(plan.trainingRows) : new Int32Array(plan.trainingRows);
  // Every row a training row: row r is sample r, without a map (4 MB a thread at 1M rows).
  if (plan.trainingRows === dataset.rowCount) {
    routeRows(compiled, dataset.rowCount, (leaf, row) => {
      leaves[row] = compiled.modelId[leaf];
    });
    return leaves;
  }
  const sampleOf = sampleIndexOf(plan, dataset.rowCount);
  routeRows(compiled, dataset.rowCount, (leaf, row) => {
    const i = sampleOf[row];
    if (i >= 0) leaves[i] = compiled.modelId[leaf];
  });
  return leaves;
}
