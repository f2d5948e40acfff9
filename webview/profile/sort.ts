// The profile view's orders: by any figure a card shows. Columns without the figure go last.
import type { ColumnCard } from './cards';
import { t } from '../l10n';

export const SORT_KEYS = ['column', 'name', 'type', 'missing', 'distinct', 'gini', 'entropy', 'normalised', 'split'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** What the sort menu says for each order. */
export function sortLabel(key: SortKey): string {
  switch (key) {
    case 'column':
      return t('column order');
    case 'name':
      return t('name');
    case 'type':
      return t('type');
    case 'missing':
      return t('missing share');
    case 'distinct':
      return t('distinct values');
    case 'gini':
      return t('Gini');
    case 'entropy':
      return t('entropy (bits)');
    case 'normalised':
      return t('normalised entropy');
    case 'split':
      return t('best split score');
  }
}

function value(c: ColumnCard, key: SortKey): number | string | null {
  const p = c.profile;
  const h = p.heterogeneity;
  switch (key) {
    case 'column':
      return c.index;
    case 'name':
      return p.name;
    case 'type':
      return p.type;
    case 'missing':
      return p.count + p.missing > 0 ? p.missing / (p.count + p.missing) : 0;
    case 'distinct':
      return p.distinct;
    case 'gini':
      return h?.gini ?? null;
    case 'entropy':
      return h?.entropyBits ?? null;
    case 'normalised':
      return h?.entropyNormalized ?? null;
    case 'split':
      return c.status === null && c.split !== undefined ? c.split.score : null;
  }
}

export function sortCards(cards: readonly ColumnCard[], key: SortKey, descending: boolean): ColumnCard[] {
  return [...cards].sort((a, b) => {
    const x = value(a, key);
    const y = value(b, key);
    if (x === null || y === null) return x === y ? a.index - b.index : x === null ? 1 : -1;
    const order = typeof x === 'string' ? x.localeCompare(String(y)) : x - (y as number);
    return (descending ? -order : order) || a.index - b.index;
  });
}
