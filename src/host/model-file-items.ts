// The quick pick of the CSV an opened model runs on (open-model.ts): "No CSV" first (the model
// alone), then the workspace's CSV files and the open dialog as csv-file-items.ts lists them; and
// the target column offered first. Pure, so it is unit-tested.
import { csvFileItems, type CsvFileItem } from './csv-file-items';
import { t } from './l10n';

export const noCsv = (): string => t('$(circle-slash) No CSV: the model alone');

export function modelFileItems(paths: readonly string[]): CsvFileItem[] {
  return [{ label: noCsv(), description: t('trees, rules and importances only') }, ...csvFileItems(paths)];
}

/**
 * The target's default as the CLI's: the column the model names as its target (our Dask job's),
 * else the one column that is not a feature of the model; a model that names no features reads
 * them by position, so the last column is the likely target.
 */
export function defaultTarget(columns: readonly string[], features: readonly string[], positional: boolean, named?: string): string | undefined {
  if (named !== undefined && columns.includes(named)) return named;
  if (positional) return columns[columns.length - 1];
  const rest = columns.filter((c) => !features.includes(c));
  return rest.length === 1 ? rest[0] : undefined;
}
