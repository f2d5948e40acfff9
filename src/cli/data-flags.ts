// The options of how a command reads its CSV, shared by every command that reads one (train,
// predict, evaluate, edit, splits, profile, prune-path): `--types COL=TYPE,…` and `--delimiter D`.
// A command puts DATA_OPTIONS in its option table and reads the file with loadDataFile.
import { COLUMN_TYPES, type ColumnType, type Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import type { ModelFeature } from '../engine/model';
import type { CsvOptions } from '../engine/csv/read';
import { renamedHeaderText } from '../engine/csv/header-names';
import { basename } from 'node:path';
import { stringFlag, type ParsedArgs } from './args';
import { namedInputError } from '../worker/load-csv';
import { withRowLine } from './row-line';
import { loadTableFile, type TableOptions } from '../worker/load-table';
import type { OptionTable } from './options';

export const DATA_OPTIONS: OptionTable = [
  {
    name: 'types',
    value: 'COL=TYPE,…',
    default: 'sniffed from the values',
    meaning: `column types, TYPE one of ${COLUMN_TYPES.join(', ')}; numeric:coerce reads values that are not numbers as missing, ordinal:A,B,C gives the order (lowest first)`,
  },
  { name: 'delimiter', value: 'D', default: 'tab for .tsv, else sniffed', meaning: 'field delimiter ("tab" or "\\t" for a tab)' },
  { name: 'decimal', value: '.|,', default: ', for a ; file, else .', meaning: 'decimal mark of the numbers' },
];

/** What --types says: each column's type, the numeric columns to coerce and the ordinal columns' orders. */
export type TypeOptions = Required<Pick<CsvOptions, 'types' | 'coerce' | 'orders'>>;

/**
 * `a=date,b=ordinal` → { a: 'date', b: 'ordinal' }. A name may hold `=`: the type follows the last
 * one. `c=numeric:coerce` also lists c to coerce; `d=ordinal:Low,Mid,High` gives d's order, its
 * values running on over the commas up to the next pair (a part with no `=`).
 */
export function parseTypes(spec: string): TypeOptions {
  const types: Record<string, ColumnType> = {};
  const coerce: string[] = [];
  const orders: Record<string, string[]> = {};
  let order: string[] | null = null;
  for (const part of spec.split(',')) {
    const eq = part.lastIndexOf('=');
    if (eq < 0 && order !== null) {
      if (part.trim() !== '') order.push(part.trim());
      continue;
    }
    order = null;
    if (part.trim() === '') continue;
    const name = part.slice(0, eq).trim();
    const [type, detail] = splitOnce(part.slice(eq + 1).trim(), ':');
    if (eq < 0 || name === '') throw new InputError('bad-option', `--types takes COL=TYPE pairs separated by commas, got "${part}"`);
    if (!(COLUMN_TYPES as readonly string[]).includes(type)) {
      throw new InputError('bad-option', `--types: unknown type "${type}" for column "${name}"; types are ${COLUMN_TYPES.join(', ')}`);
    }
    types[name] = type as ColumnType;
    if (detail === undefined) continue;
    if (type === 'numeric' && detail === 'coerce') coerce.push(name);
    else if (type === 'ordinal' && detail.trim() !== '') order = orders[name] = [detail.trim()];
    else throw new InputError('bad-option', `--types: "${type}:${detail}" for column "${name}": only numeric:coerce and ordinal:A,B,C (the order, lowest first) take a suffix`);
  }
  for (const [name, values] of Object.entries(orders)) {
    const twice = values.find((v, i) => values.indexOf(v) !== i);
    if (twice !== undefined) throw new InputError('bad-option', `--types: the order of "${name}" lists "${twice}" twice`);
  }
  return { types, coerce, orders };
}

function splitOnce(text: string, separator: string): [string, string | undefined] {
  const at = text.indexOf(separator);
  return at < 0 ? [text, undefined] : [text.slice(0, at), text.slice(at + 1)];
}

/** The reader's options from --types, --delimiter (`tab` or `\t` for a tab) and --decimal. */
export function csvOptionsFromArgs(args: ParsedArgs): CsvOptions {
  const types = stringFlag(args, 'types');
  const delimiter = stringFlag(args, 'delimiter');
  const decimal = stringFlag(args, 'decimal');
  if (decimal !== undefined && decimal !== '.' && decimal !== ',') throw new InputError('bad-option', `--decimal takes . or , (got ${JSON.stringify(decimal)})`);
  return {
    ...(types === undefined ? {} : parseTypes(types)),
    ...(delimiter === undefined ? {} : { delimiter: delimiter === '\\t' || delimiter === 'tab' ? '\t' : delimiter }),
    ...(decimal === undefined ? {} : { decimal }),
  };
}

/**
 * The numeric and date features of a model, as types for the reader: a value that is not one is
 * then reported at its line (CsvOptions.presentTypes), and --types still has the last word.
 */
export function featureTypes(model: { readonly features: readonly ModelFeature[] }): Record<string, ColumnType> {
  const types: Record<string, ColumnType> = {};
  for (const f of model.features) if (f.type === 'numeric' || f.type === 'date') types[f.name] = f.type;
  return types;
}

/**
 * Reads `path` — a CSV, a Parquet file or a folder of Parquet part files — as the command's data
 * options (and `more`) say (unknown --types columns are an error naming the file).
 */
export async function loadDataFile(path: string, args: ParsedArgs, more: TableOptions = {}): Promise<Dataset> {
  const dataset = await loadTableFile(path, { ...csvOptionsFromArgs(args), ...more });
  process.stderr.write(readNotes(path, dataset));
  return dataset;
}

/** The reader's notes on a file's header and columns, one stderr line each. */
export function readNotes(path: string, dataset: Dataset): string {
  const file = basename(path);
  const renames = dataset.renamedHeaders.map((r) => `note: ${file}: ${renamedHeaderText(r)}\n`);
  const notes = (dataset.notes ?? []).map((n) => `${n.warning === true ? 'warning' : 'note'}: ${file}: column ${JSON.stringify(n.column)} ${n.text}\n`);
  return [...renames, ...notes].join('');
}

/**
 * Runs `work` on the data of `file`; an InputError it raises (a target missing on every row, an
 * unknown column, a single class…) names the file, as the reader's own errors do. Other errors
 * pass as they are: a failed worker is not a file that cannot be read.
 */
export async function namingFile<T>(file: string, work: () => T | Promise<T>, dataset?: Dataset): Promise<T> {
  try {
    return await work();
  } catch (err) {
    if (!(err instanceof InputError)) throw err;
    // An error on one row of `dataset` (read from `file`) names its line too.
    throw namedInputError(file, dataset === undefined ? err : await withRowLine(file, dataset, err));
  }
}
