// How a report scores its tree, the same for a tree as trained (report.ts) and as edited
// (edited-report.ts): importances (permutation importance on the held-out rows when there are
// some, else the training rows) and the metrics on the training and held-out rows.
import { throwIfAborted } from './errors';
import { computeImportances } from './importance/importances';
import type { TreeModel } from './model';
import type { ReportPhase, TreeReport, TreeShape } from './report-types';
import type { ReportRows } from './report-rows';
import { evaluateModel } from './validation/evaluate';

export function treeShape(model: TreeModel): TreeShape {
  let leaves = 0;
  let depth = 0;
  for (const n of model.nodes) {
    if (n.children.length === 0) leaves++;
    depth = Math.max(depth, n.depth);
  }
  return { nodes: model.nodes.length, leaves, depth };
}

export interface ScoreSettings {
  positiveClass: string | undefined;
  permutationRepeats: number;
  seed: number;
  signal?: AbortSignal;
  onProgress?: (phase: ReportPhase, fraction: number) => void;
}

export type TreeScores = Pick<TreeReport, 'importances'> & Pick<TreeReport['metrics'], 'training' | 'holdout'>;

export function scoreTree(model: TreeModel, rows: Pick<ReportRows, 'train' | 'test'>, s: ScoreSettings): TreeScores {
  const { train, test } = rows;
  s.onProgress?.('importances', 0.6);
  const importances = computeImportances(
    model,
    s.permutationRepeats > 0 ? { dataset: test ?? train, set: test ? 'holdout' : 'training', repeats: s.permutationRepeats, seed: s.seed } : undefined,
  );
  throwIfAborted(s.signal);
  s.onProgress?.('evaluate', 0.8);
  return { importances, training: evaluateModel(model, train, s.positiveClass), holdout: test ? evaluateModel(model, test, s.positiveClass) : null };
}
