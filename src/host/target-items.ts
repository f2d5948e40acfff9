// The target-column QuickPick: one item per column with its type and distinct count, the default
// first so that Enter accepts it.
import type { ColumnSummary } from '../shared/worker-messages';
import { formatNumber, t } from './l10n';
import { typeName } from '../shared/terms';

export interface TargetItem {
  label: string;
  description: string;
  column: string;
}

function describe(column: ColumnSummary): string {
  const parts = [typeName(column.type), t`${formatNumber(column.distinct)} distinct`];
  if (column.missing > 0) parts.push(t`${formatNumber(column.missing)} missing`);
  return parts.join(' · ');
}

// QuickPick labels render `$(name)` as an icon; a zero-width space keeps a column name literal.
export const literal = (text: string) => text.replace(/\$\(/g, '$\u200b(');

export function targetItems(columns: readonly ColumnSummary[], defaultColumn: string | undefined): TargetItem[] {
  const items = columns.map((c) => ({ label: literal(c.name), description: describe(c), column: c.name }));
  const at = items.findIndex((i) => i.column === defaultColumn);
  if (at > 0) items.unshift(...items.splice(at, 1));
  if (at >= 0) items[0].description += ` · ${t('default')}`;
  return items;
}
