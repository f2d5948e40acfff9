// The profile view's orders: by any figure a card shows. Columns without the figure go last.
import type { ColumnCard } from './cards';

export const SORT_KEYS = {
  column: 'column order',
  name: 'name',
  type: 'type',
  missing: 'missing share',
  distinct: 'distinct values',
  gini: 'Gini',
  entropy: 'entropy (bits)',
  normalised: 'normalised entropy',
  split: 'best split score',
} as const;
export type SortKey = keyof typeof SORT_KEYS;

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
