// A row through the forest: how many trees vote for each class and the mean class share (soft
// vote), the forest's prediction beside the true value, and the chosen tree's own answer.
import type { ForestRow } from '../../src/shared/forest-protocol';
import { classHue } from '../../src/shared/render/palette';
import { el, percent, replaceChildren } from '../dom';
import { figure, t } from '../l10n';

const shown = (v: string | number | null) => (v === null ? 'missing' : String(v));

export function renderVotes(container: HTMLElement, row: ForestRow | null): void {
  if (row === null) {
    replaceChildren(container);
    return;
  }
  const verdict = row.actual === null ? '' : String(row.actual) === String(row.prediction) ? ' ✓' : ' ✗';
  const head = el('p', { class: 'votes-head' }, t`Row ${row.row + 1}: the forest predicts ${shown(row.prediction)}, actual ${shown(row.actual)}${verdict}; tree ${row.index + 1} alone says ${shown(row.treePrediction)}.`);
  const votes = row.votes;
  if (votes === null) {
    replaceChildren(container, head);
    return;
  }
  const trees = votes.labels.reduce((a, b) => a + b, 0);
  const lines = votes.classes.map((c, k) =>
    el(
      'div',
      { class: 'vote-row', role: 'listitem', 'aria-label': t`${c}: ${votes.labels[k]} of ${trees} trees, mean share ${figure(votes.shares[k], 3)}` },
      el('span', { class: 'swatch', style: `background:${classHue(k)}` }),
      el('span', { class: 'vote-class', title: c }, c),
      el('span', { class: 'dist-bar' }, el('span', { class: 'dist-fill', style: `width:${trees > 0 ? (100 * votes.labels[k]) / trees : 0}%;background:${classHue(k)}` })),
      el('span', { class: 'vote-count' }, t`${votes.labels[k]} trees · share ${percent(votes.shares[k])}`),
    ),
  );
  replaceChildren(container, head, el('div', { class: 'votes', role: 'list', 'aria-label': t('Votes per class across the trees') }, ...lines));
}
