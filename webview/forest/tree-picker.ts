// The Trees tab's picker: one row per tree (index, a score column, depth, leaves), sortable by any
// column; a click (or Enter) opens that tree in the tree view. Never draws the forest. A forest's
// score column is each tree's OOB score; a model trained elsewhere's the class a tree adds to, or
// the sum of its splits' gains (forest/main.ts chooses). On a narrow panel (beside a CSV) the
// table folds away behind one button on the chosen tree's heading line, so the tree below gets the
// height (docs/architecture.md "Fitting the tree to its panel").
import { el, replaceChildren } from '../dom';
import { button } from '../toolkit';
import { t } from '../l10n';

export type PickerSortKey = 'index' | 'score' | 'depth' | 'leaves';
export interface PickerSort {
  key: PickerSortKey;
  descending: boolean;
}

/** One tree as the picker lists it. */
export interface PickerTree {
  index: number;
  depth: number;
  leaves: number;
  /** What the score column sorts by; null sorts last (a tree without OOB rows). */
  score: number | null;
  /** The score column's text. */
  scoreText: string;
  /** The row's tooltip. */
  title: string;
}

const COLUMNS: { key: PickerSortKey; label: string }[] = [
  { key: 'index', label: t('tree') },
  { key: 'score', label: t('score') },
  { key: 'depth', label: t('depth') },
  { key: 'leaves', label: t('leaves') },
];

export interface PickerEvents {
  pick(index: number): void;
  sorted(sort: PickerSort): void;
}

/** Trees in the order asked; a tree without a score sorts last either way. */
export function sortTrees(trees: readonly PickerTree[], sort: PickerSort): PickerTree[] {
  const value = (t: PickerTree) => (sort.key === 'index' ? t.index : t[sort.key]);
  return [...trees].sort((a, b) => {
    const va = value(a);
    const vb = value(b);
    if (va === null || vb === null) return va === vb ? a.index - b.index : va === null ? 1 : -1;
    return (sort.descending ? vb - va : va - vb) || a.index - b.index;
  });
}

/** `scoreHeading`: the score column's heading ("OOB accuracy", "class", "gain"). */
export function renderTreePicker(container: HTMLElement, trees: readonly PickerTree[], scoreHeading: string, chosen: number, sort: PickerSort, events: PickerEvents): void {
  const head = el(
    'tr',
    {},
    ...COLUMNS.map(({ key, label }) => {
      const active = sort.key === key;
      const arrow = active ? (sort.descending ? ' ▼' : ' ▲') : '';
      const name = key === 'score' ? scoreHeading : label;
      const button = el('button', { class: 'sort', type: 'button', title: t`Sort by ${name}` }, `${name}${arrow}`);
      button.addEventListener('click', () => events.sorted({ key, descending: active ? !sort.descending : key !== 'index' }));
      return el('th', { scope: 'col', 'aria-sort': active ? (sort.descending ? 'descending' : 'ascending') : 'none' }, button);
    }),
  );
  const rows = sortTrees(trees, sort).map((t) => {
    const row = el(
      'tr',
      { class: t.index === chosen ? 'tree-row chosen' : 'tree-row', tabindex: 0, 'data-tree': t.index, 'aria-selected': String(t.index === chosen), title: t.title },
      el('td', { class: 'num' }, String(t.index + 1)),
      el('td', { class: 'num' }, t.scoreText),
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
  replaceChildren(container, el('table', { class: 'tree-picker', 'aria-label': t('Trees of the model') }, el('thead', {}, head), el('tbody', {}, ...rows)));
}

/**
 * The picker's fold on a narrow panel: a button ("All trees ▾") that shows or hides the table in
 * `box`; folded again once a tree is picked. A wide panel shows the table beside the tree always
 * (media/forest.css hides the button there).
 */
export class PickerFold {
  readonly toggle: HTMLElement;

  constructor(private readonly box: HTMLElement) {
    box.id ||= 'tree-picker-box';
    this.toggle = button(t('All trees ▾'), () => this.set(!this.isOpen), { title: t('Show the table of every tree, to pick another or sort them') });
    this.toggle.classList.add('picker-toggle');
    this.toggle.setAttribute('aria-controls', box.id);
    this.set(false);
  }

  get isOpen(): boolean {
    return !this.box.classList.contains('folded');
  }

  /** Shows (`open`) or folds the table; folding moves the keyboard focus to the button, not to nowhere. */
  set(open: boolean): void {
    const hadFocus = this.box.contains(document.activeElement);
    this.box.classList.toggle('folded', !open);
    this.toggle.setAttribute('aria-expanded', String(open));
    this.toggle.textContent = open ? t('Hide trees ▴') : t('All trees ▾');
    if (open) (this.box.querySelector<HTMLElement>('tr.tree-row.chosen') ?? this.box.querySelector<HTMLElement>('tr.tree-row'))?.focus({ preventScroll: true });
    else if (hadFocus) this.toggle.focus();
  }
}
