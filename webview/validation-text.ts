// What the panel says about which rows trained the tree and how its metrics were measured: the
// "Shown:" line's short form and the Metrics tab's sentence (README "Run it in VS Code").
import type { WireReport } from '../src/shared/protocol';
import { formatNumber } from '../src/shared/render/tree-labels';

const share = (x: number) => `${formatNumber(x * 100, 3)}%`;

/** E.g. `tree: all 150 rows · metrics: 5-fold CV`, or `tree: 105 training rows · metrics: hold-out 30%`. */
export function validationSummary(report: WireReport): string {
  const v = report.settings.validation;
  const rows = report.trainingRows;
  if (v.kind === 'holdout') return `tree: ${rows} training rows · metrics: hold-out ${share(v.testSize)}${report.metrics.repeatedHoldout ? ` × ${report.metrics.repeatedHoldout.repeats}` : ''}`;
  return `tree: all ${rows} rows · metrics: ${v.kind === 'cv' ? (v.leaveOneOut ? 'leave-one-out CV' : `${v.folds}-fold CV`) : 'training rows'}`;
}

/** The Metrics tab's first sentence: what its numbers measure. */
export function validationSentence(report: WireReport): string {
  const v = report.settings.validation;
  const rows = report.trainingRows;
  const how = (stratified: boolean, seed: number) => `${stratified ? 'stratified' : 'not stratified'}, seed ${seed}`;
  if (v.kind === 'cv' && v.leaveOneOut) {
    const what = report.metrics.crossValidation?.structure
      ? `Leave-one-out CV of this tree's structure (a fold per row): its splits fixed, the leaves refitted on every row but one and scored on that row; optimistic, since the splits saw all ${rows} rows. The tree shown is the grown tree after your edits.`
      : `Leave-one-out CV of these settings (not stratified): ${v.folds} trees, each trained on every row but one and scored on the row left out. The tree shown is trained on all ${rows} rows.`;
    return what;
  }
  if (v.kind === 'cv' && report.metrics.crossValidation?.structure) {
    return `${v.folds}-fold CV of this tree's structure (${how(v.stratified, v.seed)}, the grown tree's folds): its splits fixed, the leaves refitted per fold on the other ${v.folds - 1} parts and scored on the part left out; optimistic, since the splits saw all ${rows} rows. The tree shown is the grown tree after your edits.`;
  }
  if (v.kind === 'cv') {
    return `${v.folds}-fold CV of these settings (${how(v.stratified, v.seed)}): ${v.folds} trees, each trained on ${v.folds - 1} of ${v.folds} parts of the ${rows} rows and scored on the part it did not see. The tree shown is trained on all ${rows} rows.`;
  }
  const draws = report.metrics.repeatedHoldout;
  if (v.kind === 'holdout' && draws) {
    return `Hold-out ${share(v.testSize)} drawn ${draws.repeats} times with the same proportions (${v.stratified ? 'stratified' : 'not stratified'}, seeds ${draws.seeds[0]}–${draws.seeds[draws.seeds.length - 1]}): each draw's tree trained on its other rows and scored on its held-out ones. The tree shown is the first draw's, trained on ${rows} rows.`;
  }
  if (v.kind === 'holdout') {
    return `Hold-out ${share(v.testSize)} (${how(v.stratified, v.seed)}): the tree shown is trained on the other ${rows} rows and scored on the held-out ones.`;
  }
  return `The tree shown is trained on all ${rows} rows; no rows were held out, so only training metrics (optimistic) are shown.`;
}
