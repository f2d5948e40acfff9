// The order box of "Set Column Type…" → ordinal: the column's categories, lowest first, separated
// by commas as the CLI's `--types 'X=ordinal:Low,Medium,High'` (docs/cli.md "Options"), prefilled
// with the categories as found in the file. Empty means the automatic order (numbers by value, else
// code-point order). The reader refuses a value the order does not list, so the box does too,
// before the choice is remembered. Its messages speak the host's language (t()).
import { t } from './l10n';

/** The box's first text: the categories as found, in their order. */
export const orderText = (categories: readonly string[]): string => categories.join(', ');

const quoted = (names: readonly string[]): string => {
  const shown = names.slice(0, 3).map((n) => JSON.stringify(n)).join(', ');
  const more = names.length - 3;
  return more > 0 ? t`${shown} and ${more} more` : shown;
};

export interface OrderCheck {
  /** The order, lowest first; null: the automatic order. Absent when `problem` is set. */
  order?: string[] | null;
  /** Why the text cannot be accepted. */
  problem?: string;
  /** Accepted, but worth saying (a category this file does not hold). */
  warning?: string;
}

/** The order `text` gives for a column whose categories in the file are `found`. */
export function checkOrder(text: string, found: readonly string[]): OrderCheck {
  if (text.trim() === '') return { order: null };
  const order = text.split(',').map((v) => v.trim());
  if (order.some((v) => v === '')) return { problem: t('An empty category between two commas: separate the categories by single commas.') };
  const twice = order.find((v, i) => order.indexOf(v) !== i);
  if (twice !== undefined) return { problem: t`${JSON.stringify(twice)} is listed twice: give each category once.` };
  const left = found.filter((c) => !order.includes(c));
  if (left.length > 0) return { problem: t`The order leaves out ${quoted(left)}, found in the column: list every category, lowest first.` };
  const unknown = order.filter((v) => !found.includes(v));
  if (unknown.length > 0) {
    const names = quoted(unknown);
    return { order, warning: unknown.length === 1 ? t`${names} is not in this file; kept in the order.` : t`${names} are not in this file; kept in the order.` };
  }
  return { order };
}

/** Why the box cannot spell one of the categories (it splits on commas and trims spaces); undefined when it can spell them all. */
export function unorderable(found: readonly string[]): string | undefined {
  const bad = found.find((c) => c.includes(',') || c.trim() !== c);
  if (bad === undefined) return undefined;
  const name = JSON.stringify(bad);
  return bad.includes(',')
    ? t`the category ${name} holds a comma, which the order box separates categories by; the column is read as ordinal in the automatic order (numbers by value, else code-point order)`
    : t`the category ${name} begins or ends with a space, which the order box trims; the column is read as ordinal in the automatic order (numbers by value, else code-point order)`;
}
