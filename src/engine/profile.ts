// Column profiles (README "CLI": `profile`): counts, distinct values, a numeric summary, the most frequent
// values and the heterogeneity indices of docs/formulas.md. Plain JSON, for the CLI and the webview.
import { type Column, type ColumnType, type Dataset, type RenamedHeader, isNumeric } from './dataset';
import { entropy, gini, normalizedEntropy, normalizedGini } from './impurity';
import { numericSummary, runs, sortedPresent, type NumericSummary } from './profile-numeric';
import type { LeftOutColumn } from './model';
import { findLeftOutColumns } from './tree/left-out';

export type { NumericSummary } from './profile-numeric';

export interface ProfileOptions {
  /** Numeric columns with at most this many distinct values get heterogeneity indices (default 20). */
  readonly maxDistinctForIndices?: number;
  /** How many most frequent values to list (default 10). */
  readonly topCount?: number;
}

export interface Heterogeneity {
  readonly gini: number;
  /** Null (shown "n/a") when the column has a single distinct value. */
  readonly giniNormalized: number | null;
  readonly entropyBits: number;
  readonly entropyNats: number;
  readonly entropyHartleys: number;
  readonly entropyNormalized: number | null;
}

export interface ValueCount {
  readonly value: string | number;
  readonly count: number;
  /** count / present values. */
  readonly frequency: number;
}

export interface ColumnProfile {
  readonly name: string;
  readonly type: ColumnType;
  /** Present (non-missing) values. */
  readonly count: number;
  readonly missing: number;
  readonly distinct: number;
  readonly numeric: NumericSummary | null;
  /** Most frequent values, by count descending; ties in first-appearance (categorical) or ascending (numeric) order. */
  readonly top: readonly ValueCount[];
  readonly heterogeneity: Heterogeneity | null;
  /** Why `heterogeneity` is null. */
  readonly heterogeneityNote: 'continuous' | 'no values' | null;
}

export interface DatasetProfile {
  readonly rowCount: number;
  readonly delimiter: string;
  readonly renamedHeaders: readonly RenamedHeader[];
  /** Columns training leaves out as ID-like unless kept (src/engine/tree/left-out.ts), judged with no target. */
  readonly idLike: readonly LeftOutColumn[];
  readonly columns: readonly ColumnProfile[];
}

export function profileDataset(dataset: Dataset, options: ProfileOptions = {}): DatasetProfile {
  return {
    rowCount: dataset.rowCount,
    delimiter: dataset.delimiter,
    renamedHeaders: dataset.renamedHeaders,
    idLike: findLeftOutColumns(dataset, '', {}).filter((c) => c.reason === 'id-like'),
    columns: dataset.columns.map((c) => profileColumn(c, options)),
  };
}

export function profileColumn(column: Column, options: ProfileOptions = {}): ColumnProfile {
  const maxDistinct = options.maxDistinctForIndices ?? 20;
  const topCount = options.topCount ?? 10;
  if (isNumeric(column)) {
    const sorted = sortedPresent(column.values);
    const { values, counts } = runs(sorted);
    const continuous = values.length > maxDistinct;
    return {
      ...base(column.name, column.type, sorted.length, column.values.length, values.length),
      numeric: numericSummary(sorted),
      top: topValues(counts, sorted.length, topCount, (k) => values[k]),
      ...indices(counts, continuous),
    };
  }
  const counts = new Float64Array(column.categories.length);
  let present = 0;
  for (let i = 0; i < column.codes.length; i++) {
    const code = column.codes[i];
    if (code >= 0) {
      counts[code]++;
      present++;
    }
  }
  let distinct = 0;
  for (let k = 0; k < counts.length; k++) if (counts[k] > 0) distinct++;
  return {
    ...base(column.name, column.type, present, column.codes.length, distinct),
    numeric: null,
    top: topValues(counts, present, topCount, (k) => column.categories[k]),
    ...indices(counts, false),
  };
}

/** Heterogeneity of a heterogeneity-eligible vector of value counts. */
export function heterogeneity(counts: ArrayLike<number>): Heterogeneity {
  return {
    gini: gini(counts),
    giniNormalized: normalizedGini(counts),
    entropyBits: entropy(counts, 'bits'),
    entropyNats: entropy(counts, 'nats'),
    entropyHartleys: entropy(counts, 'hartleys'),
    entropyNormalized: normalizedEntropy(counts),
  };
}

function base(name: string, type: ColumnType, present: number, rows: number, distinct: number) {
  return { name, type, count: present, missing: rows - present, distinct };
}

function indices(counts: Float64Array, continuous: boolean): Pick<ColumnProfile, 'heterogeneity' | 'heterogeneityNote'> {
  if (continuous) return { heterogeneity: null, heterogeneityNote: 'continuous' };
  if (counts.every((c) => c === 0)) return { heterogeneity: null, heterogeneityNote: 'no values' };
  return { heterogeneity: heterogeneity(counts), heterogeneityNote: null };
}

/** The `k` largest counts (ties: lower index first), without sorting every distinct value. */
function topValues(counts: Float64Array, present: number, k: number, label: (index: number) => string | number): ValueCount[] {
  const best: number[] = [];
  for (let i = 0; i < counts.length; i++) {
    if (counts[i] === 0) continue;
    if (best.length === k && counts[i] <= counts[best[k - 1]]) continue;
    let at = best.length;
    while (at > 0 && counts[best[at - 1]] < counts[i]) at--;
    best.splice(at, 0, i);
    if (best.length > k) best.pop();
  }
  return best.map((i) => ({ value: label(i), count: counts[i], frequency: counts[i] / present }));
}
