// The panel's pinned tree (README "Compare"): the tree shown when the user pressed Pin, kept to
// compare each later tree of the same file with. The host holds both trees as columns; the worker
// diffs them (src/worker/jobs/diff.ts: the host thread decodes no whole tree) and the webview gets
// the pinned report as it gets any report.
import type { PackedReport } from '../shared/report-transfer';
import type { Comparison, PanelSettings, RowPath } from '../shared/protocol';
import type { TreeColumns } from '../engine/model-columns';
import type { RowPathResult } from '../shared/row-path';
import type { TreeDiff } from '../shared/tree-diff';
import { branchSlice } from '../shared/tree-slices';
import { panelReport } from './panel-report';

export interface Pinned {
  report: PackedReport;
  settings: PanelSettings;
}

/** What the webview needs to draw the pinned tree beside `shown`, differences marked; `diffOf` diffs two trees in the worker. */
export async function comparisonOf(pinned: Pinned, shown: PackedReport, diffOf: (a: TreeColumns<Float64Array>, b: TreeColumns<Float64Array>) => Promise<TreeDiff>): Promise<Comparison> {
  const diff = await diffOf(pinned.report.model, shown.model);
  return { pinned: { report: panelReport(pinned.report), settings: pinned.settings }, diff };
}

/**
 * The row's path through the pinned tree, added to its path through the tree shown; `walk` finds
 * a path in a given tree (the file's data may have changed since the pin: then only the shown one).
 */
export async function withPinnedPath(path: RowPath, pinned: Pinned | undefined, walk: (tree: TreeColumns) => Promise<RowPathResult>): Promise<RowPath> {
  if (!pinned) return path;
  try {
    const other = await walk(pinned.report.model);
    return { ...path, pinned: { path: other.path, prediction: other.prediction, nodes: branchSlice(pinned.report.model, other.path[other.path.length - 1]) } };
  } catch {
    return path;
  }
}
