// Names the pickers, hovers and pages show for the engine's fixed vocabularies (column types, split
// measures), in the language the host and pages speak (docs/architecture.md "Languages"). The
// engine keeps its English names: the CLI, model files and messages posted back to the host use
// those; only what is shown is translated.
import type { ColumnType } from '../engine/dataset';
import type { CriterionScore } from '../engine/tree/criteria';
import { t } from './l10n';

/** A column type as the user reads it. */
export function typeName(type: ColumnType): string {
  switch (type) {
    case 'numeric':
      return t('numeric');
    case 'categorical':
      return t('categorical');
    case 'boolean':
      return t('boolean');
    case 'date':
      return t('date');
    case 'ordinal':
      return t('ordinal');
  }
}

/** What a criterion ranks splits by, as the user reads it (criteria.ts's `measure`). */
export function measureName(score: CriterionScore): string {
  switch (score) {
    case 'giniDecrease':
      return t('Gini decrease');
    case 'informationGain':
      return t('information gain');
    case 'gainRatio':
      return t('gain ratio');
    case 'varianceReduction':
      return t('variance reduction');
  }
}
