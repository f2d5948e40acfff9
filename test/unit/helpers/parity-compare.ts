// Compares a trained CART model with a scikit-learn parity fixture's `canonical` tree, node for
// node: structure, features, thresholds (1e-4 relative; +inf exactly), the side missing values
// take, impurities, samples, weighted samples (weighted fixtures), values (1e-6), and the test
// predictions (rows on a threshold, where float32 rounding decides, may take either listed label).
import assert from 'node:assert/strict';
import type { ModelNode, TreeModel } from '../../../src/engine/model';
import { dedupPath } from '../../../src/engine/prune/cost-complexity';
import type { ParityNode } from './parity-json';

export type ExpectedNode = ParityNode & { weighted_samples?: number };

export interface CanonicalExpected {
  task: 'classification' | 'regression';
  float32_effects?: { ambiguous_test_rows?: Array<{ row: number; prediction_by_mode: Record<string, string | number> }> };
  canonical: { nodes: ExpectedNode[]; feature_importances: Record<string, number>; predictions: Array<string | number> };
}

export function close(a: number, b: number, abs: number, rel = 0): boolean {
  return Math.abs(a - b) <= abs + rel * Math.abs(b);
}

/**
 * Differences between `model` and the canonical tree, as readable lines (empty: equal).
 * `thresholds` false: the partitions only (the histogram splitter's thresholds are bin bounds).
 */
export function compareTree(model: TreeModel, exp: CanonicalExpected, thresholds = true): string[] {
  const diffs: string[] = [];
  const reg = exp.task === 'regression';
  const rec = (e: ExpectedNode, g: ModelNode, where: string): void => {
    if (g.samples !== e.samples) diffs.push(`${where}: samples ${g.samples} != ${e.samples}`);
    if (e.weighted_samples !== undefined && !close(g.weightedSamples ?? NaN, e.weighted_samples, 1e-9, 1e-12)) {
      diffs.push(`${where}: weighted samples ${g.weightedSamples} != ${e.weighted_samples}`);
    }
    if (!close(g.impurity, e.impurity, 1e-6, reg ? 1e-9 : 0)) diffs.push(`${where}: impurity ${g.impurity} != ${e.impurity}`);
    if (reg) {
      if (!close(g.value as number, e.value as number, 1e-6, 1e-9)) diffs.push(`${where}: value ${String(g.value)} != ${String(e.value)}`);
    } else {
      const gv = g.value as number[];
      const ev = e.value as number[];
      if (gv.length !== ev.length || gv.some((v, k) => !close(v, ev[k], 1e-6))) diffs.push(`${where}: value ${gv.join(',')} != ${ev.join(',')}`);
    }
    if (e.feature === null || g.split === null) {
      if ((e.feature === null) !== (g.split === null)) diffs.push(`${where}: leaf mismatch (expected ${e.feature ?? 'leaf'}, got ${g.split?.feature ?? 'leaf'})`);
      return;
    }
    if (g.split.kind !== 'numeric' || g.split.feature !== e.feature) {
      diffs.push(`${where}: split on ${g.split.feature} != ${e.feature}`);
      return;
    }
    // +Infinity ("missing vs present") must be exact; a finite threshold is compared at 1e-4 relative.
    const t = e.threshold as number;
    if (thresholds && (Number.isFinite(t) ? !close(g.split.threshold, t, 1e-12, 1e-4) : g.split.threshold !== t)) diffs.push(`${where}: threshold ${g.split.threshold} != ${e.threshold}`);
    if (e.missing_go_to_left !== undefined && e.missing_go_to_left !== null && (g.missingGoesTo === 0) !== e.missing_go_to_left) {
      diffs.push(`${where}: missing values go ${g.missingGoesTo === 0 ? 'left' : 'right'}, expected ${e.missing_go_to_left ? 'left' : 'right'}`);
    }
    const byId = (id: number | null): ExpectedNode => exp.canonical.nodes[id as number];
    rec(byId(e.left), model.nodes[g.children[0]], where + 'L');
    rec(byId(e.right), model.nodes[g.children[1]], where + 'R');
  };
  rec(exp.canonical.nodes[0], model.nodes[0], 'root.');
  return diffs;
}

/** Test rows whose prediction differs from the canonical one (beyond the float32-ambiguous rows). */
export function predictionDiffs(got: Array<string | number>, exp: CanonicalExpected): string[] {
  const ambiguous = new Map((exp.float32_effects?.ambiguous_test_rows ?? []).map((r) => [r.row, Object.values(r.prediction_by_mode).map(String)]));
  const diffs: string[] = [];
  exp.canonical.predictions.forEach((want, row) => {
    const g = got[row];
    const ok = exp.task === 'regression' ? close(g as number, want as number, 1e-9, 1e-9) : String(g) === String(want) || (ambiguous.get(row)?.includes(String(g)) ?? false);
    if (!ok) diffs.push(`row ${row}: predicted ${g}, expected ${want}`);
  });
  return diffs;
}

/** A cost-complexity path equal to scikit-learn's `cost_complexity_pruning_path` (duplicates merged; 1e-6). */
export function assertPathClose(got: { ccpAlphas: number[]; impurities: number[] }, want: { ccp_alphas: number[]; impurities: number[] }, what: string): void {
  const g = dedupPath(got);
  const w = dedupPath({ ccpAlphas: want.ccp_alphas, impurities: want.impurities });
  assert.equal(g.ccpAlphas.length, w.ccpAlphas.length, `${what}: deduplicated path length`);
  g.ccpAlphas.forEach((a, i) => {
    const tol = 1e-6 + 1e-6 * Math.abs(w.ccpAlphas[i]);
    assert.ok(Math.abs(a - w.ccpAlphas[i]) <= tol, `${what}: alpha[${i}] ${a} != ${w.ccpAlphas[i]}`);
    assert.ok(Math.abs(g.impurities[i] - w.impurities[i]) <= 1e-6 + 1e-6 * Math.abs(w.impurities[i]), `${what}: impurity[${i}]`);
  });
}
