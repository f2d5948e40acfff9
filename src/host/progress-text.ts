// What the progress notification says for each report from the worker, and how far along it is.
import type { JobProgress } from '../shared/worker-messages';

const STEP_TEXT: Record<string, string> = {
  split: 'splitting off the hold-out rows',
  train: 'growing the tree',
  'alpha-cv': 'choosing α by cross-validation',
  prune: 'pruning',
  rules: 'reading the rules',
  importances: 'measuring importances',
  evaluate: 'evaluating',
  'cross-validate': 'cross-validating',
  'repeat-holdout': 'repeating the hold-out',
};

export interface ProgressText {
  message: string;
  /** 0..1 when known; undefined for open-ended progress (nodes grown). */
  fraction?: number;
}

const IMPORT_TEXT: Record<Extract<JobProgress, { phase: 'import' }>['step'], string> = {
  read: 'reading the model',
  bind: 'matching its features to the CSV',
  evaluate: 'predicting every row',
  summary: 'summing up its trees',
};

const clamp01 = (x: number) => (Number.isFinite(x) ? Math.min(1, Math.max(0, x)) : 0);

export function progressText(progress: JobProgress): ProgressText {
  switch (progress.phase) {
    case 'parse': {
      const fraction = clamp01(progress.fraction);
      return { message: `reading the CSV… ${Math.floor(fraction * 100)}%`, fraction };
    }
    case 'train':
      return { message: `growing the tree… ${progress.nodesGrown.toLocaleString('en-US')} nodes` };
    case 'report':
      return { message: `${STEP_TEXT[progress.step] ?? progress.step}…`, fraction: clamp01(progress.fraction) };
    case 'import':
      return { message: `${IMPORT_TEXT[progress.step]}…`, fraction: clamp01(progress.fraction) };
    case 'forest': {
      const { treesDone, nTrees } = progress;
      return { message: `Tree ${treesDone.toLocaleString('en-US')} of ${nTrees.toLocaleString('en-US')}`, fraction: nTrees > 0 ? clamp01(treesDone / nTrees) : 0 };
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
