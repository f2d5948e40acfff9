// What the progress notification says for each report from the worker, and how far along it is.
import type { JobProgress } from '../shared/worker-messages';
import { formatNumber, t } from './l10n';

const stepText = (): Record<string, string> => ({
  split: t('splitting off the hold-out rows'),
  train: t('growing the tree'),
  'alpha-cv': t('choosing α by cross-validation'),
  prune: t('pruning'),
  rules: t('reading the rules'),
  importances: t('measuring importances'),
  evaluate: t('evaluating'),
  'cross-validate': t('cross-validating'),
  'repeat-holdout': t('repeating the hold-out'),
});

export interface ProgressText {
  message: string;
  /** 0..1 when known; undefined for open-ended progress (nodes grown). */
  fraction?: number;
}

const importText = (): Record<Extract<JobProgress, { phase: 'import' }>['step'], string> => ({
  read: t('reading the model'),
  bind: t('matching its features to the CSV'),
  evaluate: t('predicting every row'),
  summary: t('summing up its trees'),
});

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export function progressText(progress: JobProgress): ProgressText {
  switch (progress.phase) {
    case 'parse': {
      const fraction = clamp01(progress.fraction);
      return { message: t`reading the CSV… ${Math.floor(fraction * 100)}%`, fraction };
    }
    case 'train':
      return { message: t`growing the tree… ${formatNumber(progress.nodesGrown)} nodes` };
    case 'report':
      return { message: `${stepText()[progress.step] ?? progress.step}…`, fraction: clamp01(progress.fraction) };
    case 'import':
      return { message: `${importText()[progress.step]}…`, fraction: clamp01(progress.fraction) };
    case 'forest': {
      const { treesDone, nTrees } = progress;
      return { message: t`Tree ${formatNumber(treesDone)} of ${formatNumber(nTrees)}`, fraction: nTrees > 0 ? clamp01(treesDone / nTrees) : 0 };
    }
  }
}

/**
 * `window.withProgress` takes increments; this turns absolute fractions into them and never
 * goes backwards.
 */
export class ProgressIncrements {
  private reported = 0;

  next(fraction: number | undefined): number | undefined {
    if (fraction === undefined) return undefined;
    const percent = clamp01(fraction) * 100;
    if (percent <= this.reported) return 0;
    const increment = percent - this.reported;
    this.reported = percent;
    return increment;
  }
}
