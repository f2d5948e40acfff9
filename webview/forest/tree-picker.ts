// The Trees tab's picker: one row per tree (index, OOB score, depth, leaves), sortable by any
// column; a click (or Enter) opens that tree in the tree view. Never draws the forest.
import type { ForestTreeSummary } from '../../src/engine/forest/types';
import { el, replaceChildren } from '../dom';

export type PickerSortKey = 'index' | 'oobScore' | 'depth' | 'leaves';
export interface PickerSort {
  key: PickerSortKey;
  descending: boolean;
}

const COLUMNS: { key: PickerSortKey; label: string }[] = [
  { key: 'index', label: 'tree' },
  { key: 'oobScore', label: 'OOB score' },
  { key: 'depth', label: 'depth' },
  { key: 'leaves', label: 'leaves' },
];

export interface PickerEvents {
  pick(index: number): void;
  sorted(sort: PickerSort): void;
}

/** Trees in the order asked; a tree without OOB rows sorts last either way. */
export function sortTrees(trees: readonly ForestTreeSummary[], sort: PickerSort): ForestTreeSummary[] {
  const value = (t: ForestTreeSummary) => (sort.key === 'index' ? t.index : sort.key === 'oobScore' ? t.oobScore : t[sort.key]);
  return [...trees].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? a.index - b.index : va === null ? 1 : -1;
    return (sort.descending ? vb - va : va - vb) || a.index - b.index;
  });
}

export function renderTreePicker(container: HTMLElement, trees: readonly ForestTreeSummary[], scoreText: string, chosen: number, sort: PickerSort, events: PickerEvents): void {
  const head = el(
    'tr',
    {},
    ...COLUMNS.map(({ key, label }) => {
      const active = sort.key === key;
      const arrow = active ? (sort.descending ? ' ▼' : ' ▲') : '';
      const button = el('button', { class: 'sort', type: 'button', title: `Sort by ${label}` }, `${key === 'oobScore' ? `OOB ${scoreText}` : label}${arrow}`);
      button.addEventListener('click', () => events.sorted({ key, descending: active ? !sort.descending : key !== 'index' }));
      return el('th', { scope: 'col', 'aria-sort': active ? (sort.descending ? 'descending' : 'ascending') : 'none' }, button);
    }),
  );
  const rows = sortTrees(trees, sort).map((t) => {
    const row = el(
      'tr',
      { class: t.index === chosen ? 'tree-row chosen' : 'tree-row', tabindex: 0, 'data-tree': t.index, 'aria-selected': String(t.index === chosen), title: `Open tree ${t.index + 1} (${t.oobRows} OOB rows)` },
      el('td', { class: 'num' }, String(t.index + 1)),
      // Fixed decimals, so the column's digits line up (0.920 under 0.966, not 0.92).
      el('td', { class: 'num' }, t.oobScore === null ? '—' : t.oobScore.toFixed(3)),
      el('td', { class: 'num' }, String(t.depth)),
      el('td', { class: 'num' }, String(t.leaves)),
    );
    row.addEventListener('click', () => events.pick(t.index));
    row.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        events.pick(t.index);
      }
    });
    return row;
  });
  replaceChildren(container, el('table', { class: 'tree-picker', 'aria-label': 'Trees of the forest' }, el('thead', {}, head), el('tbody', {}, ...rows)));
}
