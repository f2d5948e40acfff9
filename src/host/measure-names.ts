// The split criteria and measures in the UI's language (the engine's registry,
// src/engine/tree/criteria.ts, names them in English for the CLI): what the options picker, the
// hover and Rank Columns call them.
import { criterionSpec } from '../engine/tree/criteria';
import { t } from './l10n';

export const measureNames = () => ({
  informationGain: t('information gain'),
  gainRatio: t('gain ratio'),
  giniDecrease: t('Gini decrease'),
  varianceReduction: t('variance reduction'),
});

/** The measure a criterion scores splits by (gini → "Gini decrease"); a criterion not listed keeps the registry's name. */
export function measureOf(criterion: string): string {
  const names = measureNames();
  const byCriterion: Record<string, string> = { gini: names.giniDecrease, entropy: names.informationGain, gain_ratio: names.gainRatio, squared_error: names.varianceReduction };
  return byCriterion[criterion] ?? criterionSpec(criterion).measure;
}

/** A criterion's own name (entropy → "entropy"), as the options picker lists it. */
export function criterionName(criterion: string): string {
  const names: Record<string, string> = { gini: 'Gini', entropy: t('entropy'), gain_ratio: t('gain ratio'), squared_error: t('squared error') };
  return names[criterion] ?? criterionSpec(criterion).label;
}

/** A task's name: classification or regression. */
export function taskName(task: string): string {
  return task === 'classification' ? t('classification') : task === 'regression' ? t('regression') : task;
}
