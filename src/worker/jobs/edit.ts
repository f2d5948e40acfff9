// The worker's part of steering a tree (docs/formulas.md "Edited trees"): the report of the tree after the user's edits,
// and the preview of one more edit. Edits are always replayed on the tree as trained, so undo (a
// shorter list) gives back the identical tree. The edited tree's scores: training and hold-out
// rows as any report; for cross-validation, an edited tree has no recipe to rerun per fold, so its
// CV is that of its structure on the grown tree's folds (leaves refitted per fold, structure-cv.ts).
import type { Dataset } from '../../engine/dataset';
import { replayEdits } from '../../engine/edit/apply';
import { previewEdit } from '../../engine/edit/preview';
import { structureCv } from '../../engine/edit/structure-cv';
import type { FoldSettings } from '../../engine/validation/cross-validate';
import { computeImportances } from '../../engine/importance/importances';
import { decodeModel } from '../../engine/model-columns';
import type { TreeModel } from '../../engine/model';
import { treeShape } from '../../engine/report';
import type { ReportSettings } from '../../engine/report-types';
import { evaluateModel } from '../../engine/validation/evaluate';
import { holdoutSplit, targetStrata } from '../../engine/validation/split';
import { subsetDataset } from '../../engine/validation/subset';
import { packReport, type PackedReport } from '../../shared/report-transfer';
import type { EditPreview, EditReportJob, EditReportResult, PreviewEditJob } from '../../shared/worker-messages';

/** Folds of the structure CV when the report has none of its own. */
const PREVIEW_FOLDS = 5;

/** The rows the tree was trained on and, for a hold-out report, the held-out ones (re-drawn from the seed). */
function reportRows(dataset: Dataset, model: TreeModel, settings: ReportSettings): { train: Dataset; test: Dataset | null } {
  const v = settings.validation;
  if (v.kind !== 'holdout') return { train: dataset, test: null };
  const split = holdoutSplit(targetStrata(dataset, model.target, model.task, v.stratified), v.testSize, v.seed);
  return { train: subsetDataset(dataset, split.train), test: subsetDataset(dataset, split.test) };
}

/** The folds of the report's own CV (the grown tree's), else 5 seeded by 0: the preview and the Metrics tab then agree. */
function foldsOf(settings: ReportSettings): FoldSettings {
  const v = settings.validation;
  return v.kind === 'cv' ? { k: v.folds, seed: v.seed, stratify: v.stratified, leaveOneOut: v.leaveOneOut } : { k: PREVIEW_FOLDS, seed: 0 };
}

function edited(job: { dataset: Dataset; report: PackedReport; edits: EditReportJob['edits'] }): { model: TreeModel; train: Dataset; test: Dataset | null } {
  const grown = decodeModel(job.report.model).model;
  const { train, test } = reportRows(job.dataset, grown, job.report.settings);
  return { model: replayEdits(train, grown, job.edits), train, test };
}

export function editReportJob(job: EditReportJob): EditReportResult {
  const { model, train, test } = edited(job);
  const s = job.report.settings;
  const positive = s.positiveClass ?? undefined;
  const importances = computeImportances(model, s.permutationRepeats > 0 ? { dataset: test ?? train, set: test ? 'holdout' : 'training', repeats: s.permutationRepeats, seed: s.seed } : undefined);
  const crossValidation =
    s.validation.kind === 'cv' && job.edits.length > 0 ? structureCv(train, model, foldsOf(s), positive) : job.report.metrics.crossValidation;
  const { pruningPath, model: _grown, ...rest } = job.report;
  const report = packReport({
    ...rest,
    model,
    final: treeShape(model),
    importances,
    metrics: {
      training: evaluateModel(model, train, positive),
      holdout: test ? evaluateModel(model, test, positive) : null,
      // The other repeats' trees were grown by the recipe, not edited: their spread is not the edited tree's.
      repeatedHoldout: job.edits.length > 0 ? null : job.report.metrics.repeatedHoldout,
      crossValidation,
    },
    pruningPath: { ccpAlphas: Array.from(pruningPath.ccpAlphas), impurities: Array.from(pruningPath.impurities), nodeCounts: Array.from(pruningPath.nodeCounts), leafCounts: Array.from(pruningPath.leafCounts) },
  });
  return { report, restorable: model.nodes.filter((n) => n.snipped !== undefined).map((n) => n.id) };
}

export function previewEditJob(job: PreviewEditJob): EditPreview {
  const { model, train } = edited(job);
  const folds = foldsOf(job.report.settings);
  const { before, after } = previewEdit(train, model, job.edit, folds);
  return { before, after, folds: folds.k };
}
