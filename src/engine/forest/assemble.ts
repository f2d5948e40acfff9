// assembleForest: the members (in any order, from any thread) → the forest model, its OOB
// evaluation (in-bag rows re-derived from the plan's seed, bootstrap.ts), per-tree summaries,
// importances and training metrics. Every tree is compiled once and routes every row once.
import type { Dataset } from '../dataset';
import { InputError, throwIfAborted } from '../errors';
import { classificationMetrics } from '../metrics/classification';
import { regressionMetrics } from '../metrics/regression';
import type { Metrics } from '../metrics/types';
import type { GrowHooks } from '../tree/grow-hooks';
import { routeRows } from '../tree/route-rows';
import { readTruth } from '../validation/truth';
import { inBagCounts } from './bootstrap';
import { mdiSpread, oobPermutation } from './importances';
import type { ForestMember } from './member';
import { curveTrees, oobError, outOfBag, type SampleTruth } from './out-of-bag';
import type { ForestPlan } from './plan';
import { isPackedLeaf, nodeCount, type PackedTree } from './packed-tree';
import { compileMember } from './predict';
import { argmax, leafTable, Tally, tallyDim } from './tally';
import { FOREST_FORMAT, FOREST_REPORT_FORMAT, FOREST_REPORT_VERSION, FOREST_VERSION, type ForestModel, type ForestReport, type ForestTreeSummary } from './types';

function modelOf(plan: ForestPlan, members: readonly ForestMember[]): ForestModel {
  const sorted = [...members].sort((a, b) => a.index - b.index);
  if (sorted.length !== plan.params.nTrees || sorted.some((m, i) => m.index !== i)) {
    throw new InputError('bad-option', `a forest of ${plan.params.nTrees} trees needs members 0..${plan.params.nTrees - 1} once each, got ${members.length}`);
  }
  const trees = sorted.map((m) => m.tree);
  const featureImportances: Record<string, number> = {};
  for (const f of plan.features) featureImportances[f.name] = trees.reduce((a, t) => a + (t.featureImportances[f.name] ?? 0), 0) / trees.length;
  return {
    format: FOREST_FORMAT,
    version: FOREST_VERSION,
    task: plan.task,
    target: plan.params.target,
    ...(plan.task === 'classification' ? { classes: [...plan.classes] } : {}),
    features: plan.features,
    params: plan.params,
    trees,
    featureImportances,
  };
}

function sampleTruth(model: ForestModel, dataset: Dataset, plan: ForestPlan): SampleTruth {
  const truth = readTruth(model, dataset);
  if (truth.rows.length !== plan.trainingRows) throw new InputError('bad-option', 'the data changed between planning the forest and assembling it');
  return { classes: model.task === 'classification' ? plan.classes : [], codes: truth.codes, values: truth.values };
}

function trainingMetrics(tally: Tally, truth: SampleTruth): Metrics {
  const n = tally.rows;
  if (truth.classes.length === 0) return regressionMetrics(truth.values, Float64Array.from({ length: n }, (_, i) => tally.predicted(i, true)));
  const yPred = Int32Array.from({ length: n }, (_, i) => tally.predicted(i, false));
  const scores = truth.classes.length === 2 ? Float64Array.from({ length: n }, (_, i) => tally.sum[i * 2 + 1] / tally.trees[i]) : undefined;
  return classificationMetrics(truth.classes, truth.codes, yPred, scores);
}

/** Depth, leaves and nodes of a tree. */
function shape(tree: PackedTree): { depth: number; leaves: number; nodes: number } {
  const nodes = nodeCount(tree);
  let depth = 0;
  let leaves = 0;
  for (let id = 0; id < nodes; id++) {
    depth = Math.max(depth, tree.depth[id]);
    if (isPackedLeaf(tree, id)) leaves++;
  }
  return { depth, leaves, nodes };
}

export function assembleForest(dataset: Dataset, plan: ForestPlan, members: ForestMember[], hooks: GrowHooks = {}): ForestReport {
  const model = modelOf(plan, members);
  const truth = sampleTruth(model, dataset, plan);
  const regression = model.task === 'regression';
  const n = plan.trainingRows;
  const sampleOf = new Int32Array(dataset.rowCount).fill(-1);
  plan.rows.forEach((r, i) => (sampleOf[r] = i));
  const all = new Tally(tallyDim(model), n);
  const oob = new Tally(tallyDim(model), n);
  const marks = new Set(curveTrees(model.trees.length));
  const curve = { trees: [] as number[], error: [] as number[] };
  const summaries: ForestTreeSummary[] = [];
  const oobRows: Int32Array[] = [];
  model.trees.forEach((tree, t) => {
    throwIfAborted(hooks.signal);
    const counts = inBagCounts(plan, t);
    const compiled = compileMember(model, t, dataset);
    const table = leafTable(model, compiled, tree.packed);
    // The tree's own OOB score: correct labels, or squared errors and the targets' sums for R².
    let out = 0;
    let hit = 0;
    let sse = 0;
    let sum = 0;
    let sumSq = 0;
    const mine: number[] = [];
    routeRows(compiled, dataset.rowCount, (leaf, row) => {
      const i = sampleOf[row];
      if (i < 0) return;
      all.add(i, table, leaf);
      if (counts[i] > 0) return;
      oob.add(i, table, leaf);
      mine.push(row);
      out++;
      const { value, dim } = tree.packed;
      const id = compiled.modelId[leaf];
      if (regression) {
        const y = truth.values[i];
        sse += (value[id] - y) ** 2;
        sum += y;
        sumSq += y * y;
      } else if (argmax(value, id * dim, dim) === truth.codes[i]) hit++;
    });
    oobRows.push(Int32Array.from(mine).sort());
    const ssTot = sumSq - (sum * sum) / Math.max(out, 1);
    const ownScore = out === 0 ? null : regression ? (ssTot > 0 ? 1 - sse / ssTot : sse === 0 ? 1 : 0) : hit / out;
    summaries.push({ index: t, ...shape(tree.packed), oobRows: out, oobScore: ownScore });
    if (plan.params.bootstrap && marks.has(t + 1)) {
      curve.trees.push(t + 1);
      curve.error.push(oobError(oob, truth));
    }
  });
  const outOfBagResult = outOfBag(oob, truth, plan.params.bootstrap, curve);
  const warnings: string[] = [];
  if (plan.params.bootstrap && outOfBagResult.rows < n) warnings.push(`${n - outOfBagResult.rows} of ${n} training rows were in every tree's sample and have no OOB prediction; more trees give every row one`);
  return {
    format: FOREST_REPORT_FORMAT,
    version: FOREST_REPORT_VERSION,
    model,
    trainingRows: n,
    droppedMissingTarget: plan.droppedMissingTarget,
    leftOut: [...(plan.params.leftOut ?? [])],
    trees: summaries,
    oob: outOfBagResult,
    importances: {
      mdi: mdiSpread(model),
      oobPermutation: plan.params.bootstrap ? oobPermutation(model, dataset, oobRows) : null,
    },
    metrics: { training: trainingMetrics(all, truth), holdout: null, crossValidation: null },
    warnings,
  };
}
