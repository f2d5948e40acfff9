// One name for each kind of score the panels show, with the one line that says how it was measured
// (docs/architecture.md "Scores: one vocabulary"). The Metrics tab, the steering preview, Compare
// and the forest view name their figures from here, so the same unedited tree is never shown as
// three figures a user cannot tell apart.
import type { ScoreName } from '../../engine/validation/types';
import { scoreLabel } from './score-label';
import { formatNumber } from './tree-labels';

export type ScoreKind = 'training' | 'cvSettings' | 'cvStructure' | 'holdout' | 'oob';

export interface ScoreContext {
  /** Cross-validation folds (cvSettings, cvStructure). */
  folds?: number;
  /** Leave-one-out: a fold per row (cvSettings, cvStructure). */
  leaveOneOut?: boolean;
  /** The hold-out drawn this many times (holdout), when more than once. */
  repeats?: number;
  /** Held-out share of the rows, 0..1 (holdout). */
  testSize?: number;
}

const share = (x: number | undefined) => (x === undefined ? '' : ` (${Math.round(x * 100)}% of the rows)`);
const cv = (at: ScoreContext) => (at.leaveOneOut ? 'leave-one-out CV' : `${at.folds}-fold CV`);
const repeated = (at: ScoreContext) => (at.repeats !== undefined && at.repeats > 1 ? `, mean of ${at.repeats} draws` : '');

/** E.g. "training accuracy", "5-fold CV accuracy of these settings", "OOB R²". */
export function scoreName(kind: ScoreKind, name: ScoreName, at: ScoreContext = {}): string {
  const score = scoreLabel(name);
  switch (kind) {
    case 'training':
      return `training ${score}`;
    case 'cvSettings':
      return `${cv(at)} ${score} of these settings`;
    case 'cvStructure':
      return `${cv(at)} ${score} of this tree's structure`;
    case 'holdout':
      return `hold-out ${score}${share(at.testSize)}${repeated(at)}`;
    case 'oob':
      return `OOB ${score}`;
  }
}

/** How the score was measured, in one line (a hover's text). */
export function scoreExplained(kind: ScoreKind, at: ScoreContext = {}): string {
  const k = at.folds ?? 5;
  switch (kind) {
    case 'training':
      return 'Scored on the rows the tree learnt from: optimistic.';
    case 'cvSettings':
      if (at.leaveOneOut) return `${k} trees grown with these settings, one per row, each on every other row and scored on that row: what these settings give on new rows.`;
      return `${k} trees grown with these settings, each on ${k - 1} of ${k} parts of the rows and scored on the part it did not see: what these settings give on new rows.`;
    case 'cvStructure':
      if (at.leaveOneOut) return "This tree's splits kept, its leaves refitted on every row but one and scored on that row, for each row: optimistic, since the splits were chosen on every row.";
      return `This tree's splits kept, its leaves refitted on ${k - 1} of ${k} parts of the rows and scored on the part left out: optimistic, since the splits were chosen on every row.`;
    case 'holdout':
      if (at.repeats !== undefined && at.repeats > 1) return `The hold-out drawn ${at.repeats} times with the same proportions, a tree grown on each draw's other rows and scored on its held-out ones: the mean ± std over the draws.`;
      return 'Scored on rows held out before training: the tree never saw them.';
    case 'oob':
      return 'Each row scored only by the trees that did not draw it in their bootstrap sample.';
  }
}

/** Why two figures of the same tree differ, when one is the CV of the settings and the other of the structure. */
export const SETTINGS_VS_STRUCTURE =
  "The CV of these settings grows a new tree in each fold; the CV of this tree's structure keeps the splits chosen on all rows, so it is usually higher.";

const percentText = (x: number) => `${(x * 100).toFixed(1)}%`;

/** A score as the panels print it: accuracy in percent (one decimal), R² to 4 significant digits. */
export function scoreValue(name: ScoreName, x: number): string {
  return name === 'accuracy' ? percentText(x) : formatNumber(x, 4);
}

/** A mean with its standard deviation over folds or repeats, in the score's own unit. */
export function scoreSpread(name: ScoreName, mean: number, std: number): string {
  return `${scoreValue(name, mean)} ± ${name === 'accuracy' ? percentText(std) : formatNumber(std, 3)}`;
}
