// The worker's part of steering a tree (docs/formulas.md "Edited trees"): the report of the tree
// after the user's edits, and the preview of one more edit. Both are the engine's one assembly
// (src/engine/edited-report.ts, the end of report.ts's buildReportBody) on the report as trained,
// so an edited tree reads as it would had the report been built with its edits.
import { editFolds, editedTree, editReport } from '../../engine/edited-report';
import { previewEdit } from '../../engine/edit/preview';
import { decodeModel } from '../../engine/model-columns';
import { packModel, type PackedReport } from '../../shared/report-transfer';
import type { EditPreview, EditReportJob, EditReportResult, PreviewEditJob } from '../../shared/worker-messages';

/** The report as trained, its tree decoded from its columns. */
function trainedParts(report: PackedReport) {
  return { model: decodeModel(report.model).model, settings: report.settings, metrics: report.metrics };
}

export function editReportJob(job: EditReportJob): EditReportResult {
  const { parts, restorable } = editReport(job.dataset, trainedParts(job.report), job.edits);
  return { report: { ...job.report, ...parts, model: packModel(parts.model) }, restorable };
}

export function previewEditJob(job: PreviewEditJob): EditPreview {
  const { model, train } = editedTree(job.dataset, trainedParts(job.report), job.edits);
  const folds = editFolds(job.report.settings);
  const { before, after } = previewEdit(train, model, job.edit, folds);
  return { before, after, folds: folds.k };
}
