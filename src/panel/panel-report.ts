// What the webview gets of a report: everything but the rules, which it asks for a page at a time
// (rules-page.ts), with the tree's nodes as columns (src/engine/model-columns.ts), a big tree's only in part
// (tree-slices.ts), and the pruning path thinned to what the α slider can use (pruning-steps.ts).
// The rules are most of a big tree's report (37 of 51 MiB at 65k nodes), and a first view must
// not wait for them.
import type { ReportBody } from '../engine/report';
import type { TreeReport } from '../engine/report-types';
import type { WireReport } from '../shared/protocol';
import { sliderSteps } from '../shared/pruning-steps';
import { firstSlice } from '../shared/tree-slices';

export function panelReport(report: ReportBody): WireReport {
  // A whole report (the CLI's, tests') carries its rules too: they never go with the rest.
  const { model, pruningPath, ...rest } = report;
  delete (rest as Partial<TreeReport>).rules;
  return { ...rest, pruningPath: sliderSteps(pruningPath, report.settings.ccpAlpha), model: firstSlice(model) };
}
