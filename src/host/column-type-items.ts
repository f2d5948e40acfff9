// The QuickPick items of "Set Column Type…": the file's columns with their detected type and the
// type chosen for them, then the types to choose from ("Automatic" forgets the choice).
import { COLUMN_TYPES, type ColumnType } from '../engine/dataset';
import { literal } from './target-items';
import type { ColumnSummary, ColumnTypes } from '../shared/worker-messages';

export interface ColumnItem {
  label: string;
  description: string;
  column: string;
}

export interface TypeItem {
  label: string;
  description: string;
  /** undefined: detected by the reader. */
  type: ColumnType | undefined;
}

const WHAT: Record<ColumnType, string> = {
  numeric: 'numbers; a non-number is an error naming its line',
  categorical: 'text categories, spellings kept as written',
  boolean: 'one true/false, yes/no, 1/0, t/f or y/n pair',
  date: 'ISO 8601 dates or date-times, split on a date',
  ordinal: 'ordered categories (numeric, else code-point order), split like a number',
};

/** `detected`: the columns as the reader types them without a choice. */
export function columnItems(detected: readonly ColumnSummary[], chosen: ColumnTypes | undefined): ColumnItem[] {
  return detected.map((c) => {
    const set = chosen?.[c.name];
    return { label: literal(c.name), description: set === undefined ? `${c.type} (detected)` : `${set} (set; detected ${c.type})`, column: c.name };
  });
}

export function typeItems(detected: ColumnType, chosen: ColumnType | undefined): TypeItem[] {
  const automatic: TypeItem = { label: 'Automatic', description: `detected: ${detected}${chosen === undefined ? ' · current' : ''}`, type: undefined };
  return [automatic, ...COLUMN_TYPES.map((t) => ({ label: t, description: `${WHAT[t]}${chosen === t ? ' · current' : ''}`, type: t }))];
}
