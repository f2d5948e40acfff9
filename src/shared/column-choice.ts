// A column's type as the user chose it for a file ("Set Column Type…", the profile page's type
// menu): a type, numeric with the values that are not numbers read as missing, or ordinal with its
// categories' order — what the CLI's `--types X=numeric:coerce` and `X=ordinal:A,B,C` say
// (docs/cli.md "Options"). Remembered per file in the workspace state, which is untrusted: the
// worker keeps only well-formed choices when it turns them into the readers' options.
import { COLUMN_TYPES, type ColumnType } from '../engine/dataset';
import type { CsvOptions } from '../engine/csv/options';

export type ColumnChoice = ColumnType | { readonly type: 'numeric'; readonly coerce: true } | { readonly type: 'ordinal'; readonly order: readonly string[] };

/** Per-column choices by header name; the other columns are detected. */
export type ColumnTypes = Readonly<Record<string, ColumnChoice>>;

export const choiceType = (choice: ColumnChoice): ColumnType => (typeof choice === 'string' ? choice : choice.type);

/** The choice `raw` holds, or undefined when it is none (a stale or hand-edited workspace state). */
export function validChoice(raw: unknown): ColumnChoice | undefined {
  if (typeof raw === 'string') return (COLUMN_TYPES as readonly string[]).includes(raw) ? (raw as ColumnType) : undefined;
  if (raw === null || typeof raw !== 'object') return undefined;
  const { type, coerce, order } = raw as { type?: unknown; coerce?: unknown; order?: unknown };
  if (type === 'numeric' && coerce === true) return { type, coerce };
  const listed = Array.isArray(order) && order.length > 0 && order.every((v) => typeof v === 'string') && new Set(order).size === order.length;
  if (type === 'ordinal' && listed) return { type, order: [...(order as string[])] };
  return undefined;
}

/** How a choice reads in a picker or a message: the CLI's `numeric:coerce`, an order as `Low < Medium < High`. */
export function choiceText(choice: ColumnChoice): string {
  if (typeof choice === 'string') return choice;
  return 'coerce' in choice ? 'numeric:coerce' : `ordinal (${choice.order.join(' < ')})`;
}

/** The CSV and Parquet readers' options for the chosen types (malformed entries are left out: those columns are detected). */
export function readerTypes(chosen: ColumnTypes | undefined): Pick<CsvOptions, 'types' | 'coerce' | 'orders'> {
  if (chosen === undefined) return {};
  const types: Record<string, ColumnType> = {};
  const coerce: string[] = [];
  const orders: Record<string, readonly string[]> = {};
  for (const [name, raw] of Object.entries(chosen)) {
    const choice = validChoice(raw);
    if (choice === undefined) continue;
    types[name] = choiceType(choice);
    if (typeof choice === 'string') continue;
    if ('coerce' in choice) coerce.push(name);
    else orders[name] = choice.order;
  }
  return { types, ...(coerce.length > 0 ? { coerce } : {}), ...(Object.keys(orders).length > 0 ? { orders } : {}) };
}
