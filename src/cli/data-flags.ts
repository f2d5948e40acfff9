// The options of how a command reads its CSV, shared by every command that reads one (train,
// predict, evaluate, edit, splits, profile, prune-path): `--types COL=TYPE,…` and `--delimiter D`.
// A command puts DATA_OPTIONS in its option table and reads the file with loadDataFile.
import { COLUMN_TYPES, type ColumnType, type Dataset } from '../engine/dataset';
import { InputError } from '../engine/errors';
import type { CsvOptions } from '../engine/csv/read';
import { stringFlag, type ParsedArgs } from './args';
import { loadCsvFile, namedInputError } from '../worker/load-csv';
import type { OptionTable } from './options';

export const DATA_OPTIONS: OptionTable = [
  { name: 'types', value: 'COL=TYPE,…', default: 'sniffed from the values', meaning: `column types, TYPE one of ${COLUMN_TYPES.join(', ')}` },
  { name: 'delimiter', value: 'D', default: 'tab for .tsv, else sniffed', meaning: 'field delimiter ("tab" or "\\t" for a tab)' },
];

/** `a=date,b=ordinal` → { a: 'date', b: 'ordinal' }. A name may hold `=`: the type follows the last one. */
export function parseTypes(spec: string): Record<string, ColumnType> {
  const types: Record<string, ColumnType> = {};
  for (const part of spec.split(',')) {
    if (part.trim() === '') continue;
    const eq = part.lastIndexOf('=');
    const name = part.slice(0, eq).trim();
    const type = part.slice(eq + 1).trim();
    if (eq < 0 || name === '') throw new InputError('bad-option', `--types takes COL=TYPE pairs separated by commas, got "${part}"`);
    if (!(COLUMN_TYPES as readonly string[]).includes(type)) {
      throw new InputError('bad-option', `--types: unknown type "${type}" for column "${name}"; types are ${COLUMN_TYPES.join(', ')}`);
    }
    types[name] = type as ColumnType;
  }
  return types;
}

/** The reader's options from --types and --delimiter (`tab` or `\t` for a tab). */
export function csvOptionsFromArgs(args: ParsedArgs): CsvOptions {
  const types = stringFlag(args, 'types');
  const delimiter = stringFlag(args, 'delimiter');
  return {
    ...(types === undefined ? {} : { types: parseTypes(types) }),
    ...(delimiter === undefined ? {} : { delimiter: delimiter === '\\t' || delimiter === 'tab' ? '\t' : delimiter }),
  };
}

/** Reads `path` as the command's data options (and `more`) say (unknown --types columns are an error naming the file). */
export function loadDataFile(path: string, args: ParsedArgs, more: CsvOptions = {}): Promise<Dataset> {
  return loadCsvFile(path, { ...csvOptionsFromArgs(args), ...more });
}

/**
 * Runs `work` on the data of `file`; an InputError it raises (a target missing on every row, an
 * unknown column, a single class…) names the file, as the reader's own errors do. Other errors
 * pass as they are: a failed worker is not a file that cannot be read.
 */
export async function namingFile<T>(file: string, work: () => T | Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw err instanceof InputError ? namedInputError(file, err) : err;
  }
}
