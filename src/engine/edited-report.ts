// A report's tree after the user's edits (docs/formulas.md "Edited trees"): the edits are replayed
// on the tree as trained, on the rows it was trained on (report-rows.ts draws the hold-out again
// from the report's settings), so undo (a shorter list) gives back the identical tree. What the
// edits change is scored as report.ts scores a trained tree (`scoreTree`); for cross-validation an
// edited tree has no recipe to rerun per fold, so its CV is that of its structure on the report's
// folds (leaves refitted per fold, edit/structure-cv.ts). Part of the one assembly: report.ts's
// `buildReportBody(data, options, edits)` ends here, and so does the worker's edit job.
import type { Dataset } from './dataset';
import { replayEdits } from './edit/apply';
import { structureCv } from './edit/structure-cv';
import type { TreeEdit, TreeModel } from './model';
import { reportRows, type ReportRows } from './report-rows';
import { scoreTree, treeShape } from './report-score';
import type { ReportSettings, TreeReport } from './report-types';
import type { FoldSettings } from './validation/cross-validate';

/** Folds of the structure CV when the report has none of its own. */
const PREVIEW_FOLDS = 5;

/** What an edited report takes from the report as trained. */
export type TrainedParts = Pick<TreeReport, 'model' | 'settings' | 'metrics'>;
/** The fields of a report that edits change; every other field stays the trained report's. */
export type EditedParts = Pick<TreeReport, 'model' | 'final' | 'importances' | 'metrics'>;

/** The rows the report's tree was trained on and, for a hold-out report, the held-out ones. */
export function trainedRows(dataset: Dataset, model: TreeModel, settings: ReportSettings): ReportRows {
  const v = settings.validation;
  return reportRows(dataset, model.target, model.task, v.kind === 'holdout' ? { testSize: v.testSize, seed: v.seed, stratify: v.stratified } : null);
}

/** The folds of the report's own CV (the grown tree's), else 5 seeded by 0: the preview and the Metrics tab then agree. */
export function editFolds(settings: ReportSettings): FoldSettings {
  const v = settings.validation;
  return v.kind === 'cv' ? { k: v.folds, seed: v.seed, stratify: v.stratified, leaveOneOut: v.leaveOneOut } : { k: PREVIEW_FOLDS, seed: 0 };
}

/** The trained tree after `edits`, with the rows it is scored on. */
export function editedTree(dataset: Dataset, trained: Pick<TreeReport, 'model' | 'settings'>, edits: readonly TreeEdit[]): ReportRows & { model: TreeModel } {
  const rows = trainedRows(dataset, trained.model, trained.settings);
  return { ...rows, model: replayEdits(rows.train, trained.model, edits) };
}

/**
 * The trained tree's scores as an edited tree's are measured: under cross-validation, the CV of its
 * structure on the same folds rather than of its settings, so a tree grown by hand and the
 * algorithm's are scored alike (README "Learn mode").
 */
export function scoredAsEdited(dataset: Dataset, trained: TrainedParts): TreeReport['metrics'] {
  const s = trained.settings;
  if (s.validation.kind !== 'cv') return { ...trained.metrics, repeatedHoldout: null };
  const { train } = trainedRows(dataset, trained.model, s);
  return { ...trained.metrics, repeatedHoldout: null, crossValidation: structureCv(train, trained.model, editFolds(s), s.positiveClass ?? undefined) };
}

/** The report's changed fields after `edits`, and the snipped nodes that can be restored. */
export function editReport(dataset: Dataset, trained: TrainedParts, edits: readonly TreeEdit[]): { parts: EditedParts; restorable: number[] } {
  const { model, train, test } = editedTree(dataset, trained, edits);
  const s = trained.settings;
  const positive = s.positiveClass ?? undefined;
  const scored = scoreTree(model, { train, test }, { positiveClass: positive, permutationRepeats: s.permutationRepeats, seed: s.seed });
  const edited = edits.length > 0;
  const crossValidation = s.validation.kind === 'cv' && edited ? structureCv(train, model, editFolds(s), positive) : trained.metrics.crossValidation;
  return {
    parts: {
      model,
      final: treeShape(model),
      importances: scored.importances,
      metrics: {
        training: scored.training,
        holdout: scored.holdout,
        // The other repeats' trees were grown by the recipe, not edited: their spread is not the edited tree's.
        repeatedHoldout: edited ? null : trained.metrics.repeatedHoldout,
        crossValidation,
      },
    },
    restorable: model.nodes.filter((n) => n.snipped !== undefined).map((n) => n.id),
  };
}
