// Per-column type, distinct and missing counts for the target QuickPick: cheap enough to compute
// on every load (one sort of a copy per numeric column), unlike a full profile.
import type { Column, Dataset } from '../../engine/dataset';
import type { ColumnSummary } from '../worker-messages';

function numericCounts(values: Float64Array): { distinct: number; missing: number } {
  const sorted = values.slice().sort(); // typed-array sort is numeric; NaN sorts last
  let present = sorted.length;
  while (present > 0 && Number.isNaN(sorted[present - 1])) present--;
  let distinct = present > 0 ? 1 : 0;
  for (let i = 1; i < present; i++) if (sorted[i] !== sorted[i - 1]) distinct++;
  return { distinct, missing: sorted.length - present };
}

function codeCounts(codes: Int32Array, categories: number): { distinct: number; missing: number } {
  const seen = new Uint8Array(categories);
  let missing = 0;
  let distinct = 0;
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i];
    if (code < 0) missing++;
    else if (seen[code] === 0) {
      seen[code] = 1;
      distinct++;
    }
  }
  return { distinct, missing };
}

function summarize(column: Column): ColumnSummary {
  const counts = column.type === 'numeric' ? numericCounts(column.values) : codeCounts(column.codes, column.categories.length);
  return { name: column.name, type: column.type, ...counts };
}

export function columnSummaries(dataset: Dataset): ColumnSummary[] {
  return dataset.columns.map(summarize);
}
