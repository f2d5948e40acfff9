// The profile view's page (bundled to dist/profile.js): a sort bar and one card per column, drawn
// from the host's `show` message (src/shared/profile-protocol.ts); a card's choices go back to the host.
import type { FromProfileView, ProfileView, ToProfileView } from '../../src/shared/profile-protocol';
import { el, replaceChildren } from '../dom';
import { vscodeApi } from '../vscode-api';
import { columnCards, renderCard } from './cards';
import { SORT_KEYS, sortCards, sortLabel, type SortKey } from './sort';
import { t } from '../l10n';

interface State {
  sort: SortKey;
  descending: boolean;
}

const api = vscodeApi<State, FromProfileView>();
const state: State = api.getState() ?? { sort: 'column', descending: false };
const root = document.getElementById('root') as HTMLElement;
const banner = el('p', { class: 'banner', role: 'status', 'aria-live': 'polite' });
let shown: { fileName: string; view: ProfileView } | undefined;

function sortBar(): HTMLElement {
  const select = el('select', { 'aria-label': t('Sort columns by'), class: 'sort-key' }, ...SORT_KEYS.map((k) => el('option', { value: k, selected: k === state.sort }, sortLabel(k))));
  select.addEventListener('change', () => {
    state.sort = select.value as SortKey;
    // Figures read best largest first; names and column order A→Z.
    state.descending = !['column', 'name', 'type'].includes(state.sort);
    draw();
  });
  const direction = el('button', { type: 'button', class: 'secondary', 'aria-label': state.descending ? t('Descending; sort ascending') : t('Ascending; sort descending') }, state.descending ? '↓' : '↑');
  direction.addEventListener('click', () => {
    state.descending = !state.descending;
    draw();
  });
  return el('div', { class: 'sort-bar' }, el('label', {}, t('Sort by'), ' ', select), direction);
}

function draw(): void {
  api.setState(state);
  if (shown === undefined) return;
  const { fileName, view } = shown;
  const cards = sortCards(columnCards(view), state.sort, state.descending);
  const against = view.splits
    ? t('Best splits against target “{0}” ({1}, {2})', view.target, view.splits.algorithm.toUpperCase(), view.splits.criterion)
    : t('No split scores: {0}', view.note ?? '');
  const hint = t('A card’s choices are remembered for this file and used by the next training, the hovers and Rank Columns.');
  replaceChildren(
    root,
    el('header', { class: 'profile-header' }, el('h1', { class: 'title' }, t('{0}: {1} rows, {2} columns', fileName, view.profile.rowCount, view.profile.columns.length)), el('p', { class: 'muted' }, against, el('br'), hint)),
    banner,
    sortBar(),
    el('div', { class: 'cards' }, ...cards.map((c) => renderCard(c, view, (action) => api.postMessage(action)))),
  );
}

window.addEventListener('message', (event: MessageEvent<ToProfileView>) => {
  const m = event.data;
  if (m.type === 'show') {
    shown = { fileName: m.fileName, view: m.view };
    banner.textContent = '';
    banner.className = 'banner';
    draw();
  } else {
    banner.textContent = m.message;
    banner.className = `banner ${m.type === 'failed' ? 'error' : 'busy'}`;
    if (!root.contains(banner)) root.prepend(banner);
  }
});
api.postMessage({ type: 'ready' });
