// What the webview gets of a report: the transfer form the host holds (src/shared/report-transfer.ts)
// as plain arrays (JSON), with a big tree's nodes only in part (tree-slices.ts) and the pruning
// path thinned to what the α slider can use (pruning-steps.ts). The rules never go with it: the
// webview asks for them a page at a time (rules-page.ts).
import type { PackedReport } from '../shared/report-transfer';
import type { WireReport } from '../shared/protocol';
import { sliderSteps } from '../shared/pruning-steps';
import { firstSlice } from '../shared/tree-slices';

export function panelReport(report: PackedReport<ArrayLike<number>>): WireReport {
  const { model, pruningPath, ...rest } = report;
  const path = { ccpAlphas: Array.from(pruningPath.ccpAlphas), impurities: Array.from(pruningPath.impurities), nodeCounts: Array.from(pruningPath.nodeCounts), leafCounts: Array.from(pruningPath.leafCounts) };
  return { ...rest, pruningPath: sliderSteps(path, report.settings.ccpAlpha), model: firstSlice(model) };
}
