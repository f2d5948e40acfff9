// Per-column type, distinct and missing counts for the target QuickPick, read off the CSV
// engineer's column profiles (one sort per numeric column).
import type { Dataset } from '../../engine/dataset';
import { profileColumn } from '../../engine/profile';
import type { ColumnSummary } from '../../shared/worker-messages';

export function columnSummaries(dataset: Dataset): ColumnSummary[] {
  return dataset.columns.map((column) => {
    const { name, type, distinct, missing } = profileColumn(column, { topCount: 0 });
    return { name, type, distinct, missing };
  });
}
