// What the panel says about which rows trained the tree and how its metrics were measured: the
// "Shown:" line's short form and the Metrics tab's sentence (README "Run it in VS Code").
import type { WireReport } from '../src/shared/protocol';
import { figure, t } from './l10n';

const share = (x: number) => `${figure(x * 100, 3)}%`;

/** E.g. `tree: all 150 rows · metrics: 5-fold CV`, or `tree: 105 training rows · metrics: hold-out 30%`. */
export function validationSummary(report: WireReport): string {
  const v = report.settings.validation;
  const rows = report.trainingRows;
  if (v.kind === 'holdout') return t('tree: {0} training rows · metrics: hold-out {1}', rows, `${share(v.testSize)}${report.metrics.repeatedHoldout ? ` × ${report.metrics.repeatedHoldout.repeats}` : ''}`);
  return t('tree: all {0} rows · metrics: {1}', rows, v.kind === 'cv' ? (v.leaveOneOut ? t('leave-one-out CV') : t('{0}-fold CV', v.folds)) : t('training rows'));
}

/** The Metrics tab's first sentence: what its numbers measure. */
export function validationSentence(report: WireReport): string {
  const v = report.settings.validation;
  const rows = report.trainingRows;
  const how = (stratified: boolean, seed: number) => (stratified ? t('stratified, seed {0}', seed) : t('not stratified, seed {0}', seed));
  if (v.kind === 'cv' && v.leaveOneOut) {
    const what = report.metrics.crossValidation?.structure
      ? t("Leave-one-out CV of this tree's structure (a fold per row): its splits fixed, the leaves refitted on every row but one and scored on that row; optimistic, since the splits saw all {0} rows. The tree shown is the grown tree after your edits.", rows)
      : t('Leave-one-out CV of these settings (not stratified): {0} trees, each trained on every row but one and scored on the row left out. The tree shown is trained on all {1} rows.', v.folds, rows);
    return what;
  }
  if (v.kind === 'cv' && report.metrics.crossValidation?.structure) {
    return t(
      "{0}-fold CV of this tree's structure ({1}, the grown tree's folds): its splits fixed, the leaves refitted per fold on the other {2} parts and scored on the part left out; optimistic, since the splits saw all {3} rows. The tree shown is the grown tree after your edits.",
      v.folds,
      how(v.stratified, v.seed),
      v.folds - 1,
      rows,
    );
  }
  if (v.kind === 'cv') {
    return t('{0}-fold CV of these settings ({1}): {0} trees, each trained on {2} of {0} parts of the {3} rows and scored on the part it did not see. The tree shown is trained on all {3} rows.', v.folds, how(v.stratified, v.seed), v.folds - 1, rows);
  }
  const draws = report.metrics.repeatedHoldout;
  if (v.kind === 'holdout' && draws) {
    return t(
      "Hold-out {0} drawn {1} times with the same proportions ({2}, seeds {3}–{4}): each draw's tree trained on its other rows and scored on its held-out ones. The tree shown is the first draw's, trained on {5} rows.",
      share(v.testSize),
      draws.repeats,
      v.stratified ? t('stratified') : t('not stratified'),
      draws.seeds[0],
      draws.seeds[draws.seeds.length - 1],
      rows,
    );
  }
  if (v.kind === 'holdout') {
    return t('Hold-out {0} ({1}): the tree shown is trained on the other {2} rows and scored on the held-out ones.', share(v.testSize), how(v.stratified, v.seed), rows);
  }
  return t('The tree shown is trained on all {0} rows; no rows were held out, so only training metrics (optimistic) are shown.', rows);
}
