// The QuickPick items of "Set Column Type…": the file's columns with their detected type and the
// type chosen for them, then the types to choose from ("Automatic" forgets the choice;
// numeric:coerce and ordinal's order are the CLI's `--types` forms, docs/cli.md "Options").
import { COLUMN_TYPES, type ColumnType } from '../engine/dataset';
import { choiceText, choiceType, type ColumnChoice, type ColumnTypes } from '../shared/column-choice';
import { literal } from './target-items';
import type { ColumnSummary } from '../shared/worker-messages';
import { t } from './l10n';
import { typeReads } from '../shared/terms';

export interface ColumnItem {
  label: string;
  description: string;
  column: string;
}

export interface TypeItem {
  label: string;
  description: string;
  /** undefined: detected by the reader. */
  choice: ColumnChoice | undefined;
  /** Ordinal: the order of the categories is asked next (column-type-flow.ts). */
  asksOrder?: true;
}


const COERCE: ColumnChoice = { type: 'numeric', coerce: true };
const coerceWhat = (): string => t('numbers; values that are not numbers (5\' 4", n/a…) read as missing, with a note');

/** `detected`: the columns as the reader types them without a choice. */
export function columnItems(detected: readonly ColumnSummary[], chosen: ColumnTypes | undefined): ColumnItem[] {
  return detected.map((c) => {
    const set = chosen?.[c.name];
    return { label: literal(c.name), description: set === undefined ? t`${c.type} (detected)` : t`${choiceText(set)} (set; detected ${c.type})`, column: c.name };
  });
}

/** Whether item `choice` is the column's current one (ordinal: with or without an order). */
function isCurrent(choice: ColumnChoice, chosen: ColumnChoice | undefined): boolean {
  if (chosen === undefined) return false;
  if (typeof choice !== 'string') return typeof chosen !== 'string' && 'coerce' in chosen;
  return choice === 'ordinal' ? choiceType(chosen) === 'ordinal' : choice === chosen;
}

export function typeItems(detected: ColumnType, chosen: ColumnChoice | undefined): TypeItem[] {
  const order = chosen !== undefined && typeof chosen !== 'string' && 'order' in chosen ? `: ${chosen.order.join(' < ')}` : '';
  const current = (choice: ColumnChoice) => (isCurrent(choice, chosen) ? t(' · current') + order : '');
  const automatic: TypeItem = { label: t('Automatic'), description: `${t`detected: ${detected}`}${chosen === undefined ? t(' · current') : ''}`, choice: undefined };
  const items: TypeItem[] = [automatic];
  for (const type of COLUMN_TYPES) {
    items.push({ label: type, description: `${typeReads(type)}${current(type)}`, choice: type, ...(type === 'ordinal' ? { asksOrder: true as const } : {}) });
    if (type === 'numeric') items.push({ label: /* l10n-ignore: the type's name */ 'numeric:coerce', description: `${coerceWhat()}${current(COERCE)}`, choice: COERCE });
  }
  return items;
}
