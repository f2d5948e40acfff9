// Names the pickers, hovers and pages show for the engine's fixed vocabularies (column types, split
// measures), in the language the host and pages speak (docs/architecture.md "Languages"). The
// engine keeps its English names: the CLI, model files and messages posted back to the host use
// those; only what is shown is translated.
import type { ColumnType } from '../engine/dataset';
import type { CriterionScore } from '../engine/tree/criteria';
import { t } from './l10n';

// Each word is looked up when shown (the language may change while the extension runs), so the
// tables hold functions; each t() keeps its literal text for scripts/l10n-extract.mjs.
const TYPE_WORDS: Record<ColumnType, { name: () => string; reads: () => string }> = {
  numeric: { name: () => t('numeric'), reads: () => t('numbers; a non-number is an error naming its line') },
  categorical: { name: () => t('categorical'), reads: () => t('text categories, spellings kept as written') },
  boolean: { name: () => t('boolean'), reads: () => t('one true/false, yes/no, 1/0, t/f or y/n pair') },
  date: { name: () => t('date'), reads: () => t('ISO 8601 dates or date-times, split on a date') },
  ordinal: { name: () => t('ordinal'), reads: () => t('ordered categories, split like a number; their order is asked next') },
};

const MEASURE_NAMES: Record<CriterionScore, () => string> = {
  giniDecrease: () => t('Gini decrease'),
  informationGain: () => t('information gain'),
  gainRatio: () => t('gain ratio'),
  varianceReduction: () => t('variance reduction'),
};

/** A column type as the user reads it. */
export const typeName = (type: ColumnType): string => TYPE_WORDS[type].name();

/** What a column of the type reads (Set Column Type…'s list). */
export const typeReads = (type: ColumnType): string => TYPE_WORDS[type].reads();

/** What a criterion ranks splits by, as the user reads it (criteria.ts's `measure`). */
export const measureName = (score: CriterionScore): string => MEASURE_NAMES[score]();
