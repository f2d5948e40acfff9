// Assembling a forest (ForestAssembly): its members, added in index order as they are grown (from
// any thread), tallied row by row from the leaves each member reached — OOB evaluation (in-bag
// rows re-derived from the plan's seed, bootstrap.ts), per-tree summaries — then the model,
// importances and training metrics. Adding a member is cheap (no routing: the member did that), so
// a pool's main thread keeps up while its workers grow the next trees.
import type { Dataset } from '../dataset';
import { InputError, throwIfAborted } from '../errors';
import { classificationMetrics } from '../metrics/classification';
import { regressionMetrics } from '../metrics/regression';
import type { Metrics } from '../metrics/types';
import type { GrowHooks } from '../tree/grow-hooks';
import { minorityCode, resolvePositiveClass } from '../validation/positive-class';
import { readTruth } from '../validation/truth';
import { inBagCounts } from './bootstrap';
import { mdiSpread, oobPermutation, PermutationPicks } from './importances';
import type { ForestMember } from './member';
import { curveTrees, oobError, outOfBag, type SampleTruth } from './out-of-bag';
import { forestHead, type ForestPlan } from './plan';
import { isPackedLeaf, nodeCount, type PackedTree } from './packed-tree';
import { argmax, leafTable, Tally, tallyDim } from './tally';
import { FOREST_REPORT_FORMAT, FOREST_REPORT_VERSION, type ForestHead, type ForestModel, type ForestReport, type ForestTree, type ForestTreeSummary } from './types';

function sampleTruth(head: ForestHead, dataset: Dataset, plan: ForestPlan): SampleTruth {
  const truth = readTruth(head, dataset);
  if (truth.rows.length !== plan.trainingRows) throw new InputError('bad-option', 'the data changed between planning the forest and assembling it');
  return { classes: head.task === 'classification' ? plan.classes : [], codes: truth.codes, values: truth.values };
}

function trainingMetrics(tally: Tally, truth: SampleTruth, positive: number): Metrics {
  const n = tally.rows;
  if (truth.classes.length === 0) return regressionMetrics(truth.values, Float64Array.from({ length: n }, (_, i) => tally.predicted(i, true)));
  const yPred = Int32Array.from({ length: n }, (_, i) => tally.predicted(i, false));
  const scores = truth.classes.length === 2 ? Float64Array.from({ length: n }, (_, i) => tally.sum[i * 2 + positive] / tally.trees[i]) : undefined;
  return classificationMetrics(truth.classes, truth.codes, yPred, scores, positive);
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

export class ForestAssembly {
  private readonly head: ForestHead;
  private readonly truth: SampleTruth;
  private readonly all: Tally;
  private readonly oob: Tally;
  private readonly marks: Set<number>;
  private readonly curve = { trees: [] as number[], error: [] as number[] };
  private readonly summaries: ForestTreeSummary[] = [];
  private readonly trees: ForestTree[] = [];
  // Per-tree arrays written over for each tree: on a pool's main thread little else is allocated,
  // so fresh ones (~1 MB a tree at 100,000 rows) were collected late and raised the peak RSS.
  private counts: Uint16Array | Int32Array | undefined;
  private table: Float64Array | undefined;
  /** The tree's OOB rows, for its permutation picks. */
  private oobRows: Int32Array | undefined;

  private readonly permutation: PermutationPicks;
  /** The code of a binary target's positive class for the OOB and training metrics. */
  private readonly positive: number;

  /**
   * `positiveClass`: the binary target's class whose precision, recall, ROC and PR the OOB and
   * training metrics report (checked here, before any tree is grown); by default the training
   * rows' less frequent class (validation/positive-class.ts), as a single tree's report.
   */
  constructor(
    private readonly dataset: Dataset,
    private readonly plan: ForestPlan,
    positiveClass?: string,
  ) {
    this.head = forestHead(plan);
    this.permutation = new PermutationPicks(plan.params.seed);
    this.truth = sampleTruth(this.head, dataset, plan);
    this.positive = positiveClass === undefined ? minorityCode(this.truth.codes) : this.truth.classes.indexOf(resolvePositiveClass(this.head, dataset, positiveClass) as string);
    this.all = new Tally(tallyDim(this.head), plan.trainingRows);
    this.oob = new Tally(tallyDim(this.head), plan.trainingRows);
    this.marks = new Set(curveTrees(plan.params.nTrees));
  }

  /** The next member: members arrive in index order, so the forest does not depend on which thread grew which. */
  add(member: ForestMember): void {
    const t = this.trees.length;
    if (member.index !== t || t >= this.plan.params.nTrees) throw new InputError('bad-option', `a forest of ${this.plan.params.nTrees} trees takes its members in order: expected ${t}, got ${member.index}`);
    const { tree, leaves } = member;
    const { truth, plan, all, oob } = this;
    const regression = this.head.task === 'regression';
    const counts = (this.counts = inBagCounts(plan, t, this.counts));
    const table = (this.table = leafTable(this.head, tree.packed, undefined, this.table));
    const { value, dim } = tree.packed;
    // The tree's own OOB score: correct labels, or squared errors and the targets' sums for R².
    let out = 0;
    let hit = 0;
    let sse = 0;
    let sum = 0;
    let sumSq = 0;
    const mine = (this.oobRows ??= new Int32Array(plan.trainingRows));
    for (let i = 0; i < plan.trainingRows; i++) {
      const leaf = leaves[i];
      all.add(i, table, leaf);
      if (counts[i] > 0) continue;
      oob.add(i, table, leaf);
      mine[out++] = plan.rows[i];
      if (regression) {
        const y = truth.values[i];
        sse += (value[leaf] - y) ** 2;
        sum += y;
        sumSq += y * y;
      } else if (argmax(value, leaf * dim, dim) === truth.codes[i]) hit++;
    }
    // Training rows ascend with the samples, so the OOB rows are in order.
    this.permutation.add(mine.subarray(0, out));
    const ssTot = sumSq - (sum * sum) / Math.max(out, 1);
    const ownScore = out === 0 ? null : regression ? (ssTot > 0 ? 1 - sse / ssTot : sse === 0 ? 1 : 0) : hit / out;
    this.summaries.push({ index: t, ...shape(tree.packed), oobRows: out, oobScore: ownScore });
    if (plan.params.bootstrap && this.marks.has(t + 1)) {
      this.curve.trees.push(t + 1);
      this.curve.error.push(oobError(oob, truth));
    }
    this.trees.push(tree);
  }

  /**
   * The report, once every member is in. `oobPermutation: false` leaves its OOB permutation
   * importance out (null): a caller that only writes the model skips re-routing every tree.
   */
  finish(hooks: GrowHooks = {}, { oobPermutation: permutation = true } = {}): ForestReport {
    const { plan, trees, dataset } = this;
    if (trees.length !== plan.params.nTrees) throw new InputError('bad-option', `a forest of ${plan.params.nTrees} trees needs members 0..${plan.params.nTrees - 1} once each, got ${trees.length}`);
    throwIfAborted(hooks.signal);
    const featureImportances: Record<string, number> = {};
    for (const f of plan.features) featureImportances[f.name] = trees.reduce((a, t) => a + (t.featureImportances[f.name] ?? 0), 0) / trees.length;
    const model: ForestModel = { ...this.head, trees, featureImportances };
    const n = plan.trainingRows;
    const outOfBagResult = outOfBag(this.oob, this.truth, this.positive, plan.params.bootstrap, this.curve);
    const warnings: string[] = [];
    if (plan.params.bootstrap && outOfBagResult.rows < n) warnings.push(`${n - outOfBagResult.rows} of ${n} training rows were in every tree's sample and have no OOB prediction; more trees give every row one`);
    return {
      format: FOREST_REPORT_FORMAT,
      version: FOREST_REPORT_VERSION,
      model,
      trainingRows: n,
      droppedMissingTarget: plan.droppedMissingTarget,
      leftOut: [...(plan.params.leftOut ?? [])],
      trees: this.summaries,
      oob: outOfBagResult,
      importances: {
        mdi: mdiSpread(model),
        oobPermutation: plan.params.bootstrap && permutation ? oobPermutation(model, dataset, this.permutation.picked) : null,
      },
      metrics: { training: trainingMetrics(this.all, this.truth, this.positive), holdout: null, crossValidation: null },
      warnings,
    };
  }
}

/** The forest of `members` (any order, each once). */
export function assembleForest(dataset: Dataset, plan: ForestPlan, members: readonly ForestMember[], hooks: GrowHooks = {}, positiveClass?: string): ForestReport {
  const assembly = new ForestAssembly(dataset, plan, positiveClass);
  for (const m of [...members].sort((a, b) => a.index - b.index)) {
    throwIfAborted(hooks.signal);
    assembly.add(m);
  }
  return assembly.finish(hooks);
}
