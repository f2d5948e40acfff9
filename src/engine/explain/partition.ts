// A split's partition of a node's cases: per branch the class weights (or the target's sums), and
// the cases whose value is unknown. What the calculation's tables show and its scores are made of.
import { isPresenceThreshold, type ModelSplit } from '../model';
import { formatNumber } from '../number-text';
import type { Cases } from '../tree/multiway-builder';
import type { TrainingSet } from '../tree/training-set';

export interface BranchStats {
  /** Classification: class weights (K per branch); regression: empty. */
  counts: Float64Array;
  weight: number;
  /** Regression: Σ w·y and Σ w·(y − m)² about the node mean m handed in. */
  sum: number;
  centred: number;
  /** Row count (unweighted), for min_samples_leaf. */
  rows: number;
}

export interface Partition {
  branches: BranchStats[];
  /** Cases whose value is unknown (or a category no branch lists). */
  missing: BranchStats;
}

/** The branch of each value of the split's column: −1 for unknown. Null when the set lacks the column. */
export function branchOfValue(set: TrainingSet, split: ModelSplit): { f: number; of: (v: number) => number; count: number } | null {
  const f = set.features.findIndex((c) => c.name === split.feature);
  if (f < 0) return null;
  if (split.kind === 'numeric') {
    const t = split.threshold;
    return { f, of: (v) => (Number.isNaN(v) ? -1 : v <= t ? 0 : 1), count: 2 };
  }
  const byName = new Map(split.branches.flatMap((names, b) => names.map((name) => [name, b] as const)));
  const byCode = Int32Array.from(set.features[f].categories, (name) => byName.get(name) ?? -1);
  return { f, of: (v) => (Number.isNaN(v) ? -1 : byCode[v]), count: split.branches.length };
}

const emptyStats = (k: number): BranchStats => ({ counts: new Float64Array(k), weight: 0, sum: 0, centred: 0, rows: 0 });

/** The cases partitioned by `branch` (from branchOfValue); `mean`: the node's mean target (regression). */
export function partitionCases(set: TrainingSet, cases: Cases, f: number, branch: (v: number) => number, count: number, mean: number): Partition {
  const k = set.task === 'classification' ? set.classes.length : 0;
  const branches = Array.from({ length: count }, () => emptyStats(k));
  const missing = emptyStats(k);
  const x = set.features[f].x;
  for (let j = 0; j < cases.ids.length; j++) {
    const i = cases.ids[j];
    const w = cases.weights[j];
    const b = branch(x[i]);
    const into = b < 0 ? missing : branches[b];
    into.weight += w;
    into.rows += 1;
    if (k > 0) into.counts[set.yClass[i]] += w;
    else {
      into.sum += w * set.yValue[i];
      into.centred += w * (set.yValue[i] - mean);
    }
  }
  return { branches, missing };
}

/** Σ w·(y − ȳ_b)² / w_b for each group of cases (regression), in a second pass once the means are known. */
export function variances(set: TrainingSet, cases: Cases, groupOf: (j: number) => number, means: readonly number[], weights: readonly number[]): number[] {
  const ss = new Array<number>(means.length).fill(0);
  for (let j = 0; j < cases.ids.length; j++) {
    const g = groupOf(j);
    if (g >= 0) ss[g] += cases.weights[j] * (set.yValue[cases.ids[j]] - means[g]) ** 2;
  }
  return ss.map((s, g) => (weights[g] > 0 ? s / weights[g] : 0));
}

/** A branch's condition as a label: `≤ 2.45`, `> 2.45`, `present`, or its categories. */
export function branchLabel(split: ModelSplit, b: number): string {
  if (split.kind === 'categorical') return split.branches[b].join(', ');
  if (isPresenceThreshold(split.threshold)) return b === 0 ? 'present' : 'missing';
  return `${b === 0 ? '≤' : '>'} ${formatNumber(split.threshold)}`;
}
