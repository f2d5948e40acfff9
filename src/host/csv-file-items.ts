// The quick pick of a workspace's CSV files that a command run with no CSV in focus shows
// (csv-target.ts): sorted by folder then name, the file name as label and its folder as
// description, and last an entry that opens the file dialog. Pure, so it is unit-tested.
import { t } from './l10n';

/** Files a training can read: .csv/.tsv, also gzip-compressed (README "CSV input"), and .parquet (README "Parquet input"). */
export const CSV_GLOB = '**/*.{csv,tsv,csv.gz,tsv.gz,CSV,TSV,CSV.GZ,TSV.GZ,parquet,PARQUET}';
/** Dependencies' test data is not the user's. */
export const CSV_EXCLUDE = '**/{node_modules,.git}/**';
/** Files listed at most; more would make the list slow to scan, and the dialog finds any. */
export const MAX_LISTED = 500;

export interface CsvFileItem {
  label: string;
  description?: string;
  /** The workspace-relative path of the file; undefined for the "browse" entry. */
  path?: string;
}

export const browseLabel = (): string => t('$(folder-opened) Browse…');

/** `paths`: workspace-relative, `/`-separated. */
export function csvFileItems(paths: readonly string[]): CsvFileItem[] {
  const split = (p: string) => {
    const at = p.lastIndexOf('/');
    return { folder: at < 0 ? '' : p.slice(0, at), name: p.slice(at + 1) };
  };
  const files = paths.map((path) => ({ path, ...split(path) }));
  files.sort((a, b) => a.folder.localeCompare(b.folder) || a.name.localeCompare(b.name));
  return [
    ...files.map((f) => ({ label: f.name, description: f.folder || undefined, path: f.path })),
    { label: browseLabel(), description: t('choose a file with the open dialog') },
  ];
}
