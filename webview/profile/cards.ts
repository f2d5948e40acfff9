// One card per column of the profile view: type, missing share, distinct count, a histogram
// (numeric, date) or the most frequent values as bars, heterogeneity, the best split against the
// target, and the card's choices. Text goes in as text only (dom.ts), so hostile names stay text.
import type { ColumnType } from '../../src/engine/dataset';
import type { ColumnProfile } from '../../src/engine/profile';
import type { Histogram } from '../../src/engine/profile-histogram';
import type { ColumnSplit } from '../../src/engine/splits/types';
import type { ProfileAction, ProfileView } from '../../src/shared/profile-protocol';
import { splitText } from '../../src/shared/render/split-text';
import { formatDate } from '../../src/engine/dates';
import { criterionSpec } from '../../src/engine/tree/criteria';
import { el, percent, svgEl } from '../dom';
import { t, formatNumber as localNumber } from '../l10n';
import { measureName, typeName } from '../../src/shared/terms';

/** What a card shows of one column, with the values the view sorts by. */
export interface ColumnCard {
  index: number;
  profile: ColumnProfile;
  histogram: Histogram | null;
  split: ColumnSplit | undefined;
  /** Why the column has no split score, when it has none. */
  status: string | null;
  isTarget: boolean;
  ignored: boolean;
  chosenType: ColumnType | undefined;
}

export function columnCards(view: ProfileView): ColumnCard[] {
  const splits = view.splits;
  return view.profile.columns.map((profile, index) => {
    const name = profile.name;
    const split = splits?.splits.find((s) => s.feature === name);
    const leftOut = splits?.leftOut.find((c) => c.column === name);
    const isTarget = name === view.target;
    const ignored = view.ignored.includes(name);
    const status = isTarget
      ? t('the target')
      : ignored
        ? t('ignored for training')
        : leftOut
          ? leftOut.reason === 'id-like'
            ? t('left out: ID-like ({0})', leftOut.detail)
            : t('left out: constant ({0})', leftOut.detail)
          : splits === null
            ? (view.note ?? t('no split scores'))
            : split === undefined
              ? t('cannot split the rows')
              : null;
    return { index, profile, histogram: view.histograms[index], split, status, isTarget, ignored, chosenType: view.types[name] };
  });
}

const CHART_W = 260;
const CHART_H = 64;

function histogramChart(h: Histogram, name: string, date: boolean): SVGElement {
  const max = Math.max(1, ...h.counts);
  const w = CHART_W / h.counts.length;
  const label = (x: number) => (date ? formatDate(x) : localNumber(x, { maximumSignificantDigits: 4 }));
  const bars = h.counts.map((c, i) => {
    const height = (c / max) * (CHART_H - 14);
    return svgEl('rect', { class: 'bar', x: i * w + 0.5, y: CHART_H - 14 - height, width: Math.max(1, w - 1), height }, svgEl('title', {}, t('{0} – {1}: {2} rows', label(h.edges[i]), label(h.edges[i + 1]), c)));
  });
  return svgEl(
    'svg',
    { class: 'chart', width: CHART_W, height: CHART_H, viewBox: `0 0 ${CHART_W} ${CHART_H}`, role: 'img', 'aria-label': t('Histogram of {0}', name) },
    ...bars,
    svgEl('text', { x: 0, y: CHART_H - 2, class: 'axis' }, label(h.edges[0])),
    svgEl('text', { x: CHART_W, y: CHART_H - 2, class: 'axis', 'text-anchor': 'end' }, label(h.edges[h.edges.length - 1])),
  );
}

function topChart(p: ColumnProfile): SVGElement {
  const rows = p.top.slice(0, 6);
  const row = 15;
  const labelW = 110;
  const height = rows.length * row;
  const max = Math.max(...rows.map((t) => t.frequency), 1e-9);
  const text = (v: string | number) => (typeof v === 'string' ? v : p.type === 'date' ? formatDate(v) : localNumber(v, { maximumSignificantDigits: 4 }));
  const cut = (s: string) => (s.length > 16 ? `${s.slice(0, 15)}…` : s);
  return svgEl(
    'svg',
    { class: 'chart', width: CHART_W, height, viewBox: `0 0 ${CHART_W} ${height}`, role: 'img', 'aria-label': t('Most frequent values of {0}', p.name) },
    ...rows.flatMap((t, i) => [
      svgEl('text', { x: labelW - 4, y: i * row + 11, class: 'axis', 'text-anchor': 'end' }, cut(text(t.value)), svgEl('title', {}, text(t.value))),
      svgEl('rect', { class: 'bar', x: labelW, y: i * row + 2, width: Math.max(1, ((CHART_W - labelW - 44) * t.frequency) / max), height: row - 4 }),
      svgEl('text', { x: CHART_W, y: i * row + 11, class: 'axis', 'text-anchor': 'end' }, percent(t.frequency)),
    ]),
  );
}

const fixed = (x: number | null) => (x === null ? t('n/a') : localNumber(x, { minimumFractionDigits: 4, maximumFractionDigits: 4 }));

function heterogeneityText(p: ColumnProfile): string {
  const h = p.heterogeneity;
  if (h === null) return t('Gini, entropy: n/a ({0})', p.heterogeneityNote === 'continuous' ? t('continuous') : t('no values'));
  return t('Gini {0} (normalised {1}) · entropy {2} bits = {3} nats (normalised {4})', fixed(h.gini), fixed(h.giniNormalized), fixed(h.entropyBits), fixed(h.entropyNats), fixed(h.entropyNormalized));
}

function splitLine(card: ColumnCard, view: ProfileView): string {
  if (card.status !== null || card.split === undefined) return t('Best split: — ({0})', card.status ?? t('none'));
  const s = card.split;
  const total = view.splits?.splits.length ?? 0;
  const measure = view.splits ? measureName(criterionSpec(view.splits.criterion).score) : t('score');
  return t('Best split: {0} · {1} {2} · rank {3} of {4}', splitText(s), measure, fixed(s.score), s.rank, total);
}

const TYPES: readonly ColumnType[] = ['numeric', 'categorical', 'boolean', 'date', 'ordinal'];

export function renderCard(card: ColumnCard, view: ProfileView, act: (action: ProfileAction) => void): HTMLElement {
  const p = card.profile;
  const rows = p.count + p.missing;
  const name = p.name;
  const typeSelect = el(
    'select',
    { 'aria-label': t('Read {0} as', name), class: 'type-select' },
    el('option', { value: '' }, card.chosenType === undefined ? t('detected ({0})', typeName(p.type)) : t('detected')),
    ...TYPES.map((type) => el('option', { value: type, selected: card.chosenType === type }, typeName(type))),
  );
  typeSelect.addEventListener('change', () => act({ type: 'setType', column: name, columnType: typeSelect.value === '' ? null : (typeSelect.value as ColumnType) }));
  const target = el('button', { type: 'button', disabled: card.isTarget, title: t('Score the other columns against this one and train on it next') }, card.isTarget ? t('Target') : t('Set as target'));
  target.addEventListener('click', () => act({ type: 'setTarget', column: name }));
  const ignore = el('button', { type: 'button', disabled: card.isTarget, class: 'secondary' }, card.ignored ? t('Use for training') : t('Ignore for training'));
  ignore.addEventListener('click', () => act({ type: 'ignore', column: name, ignored: !card.ignored }));
  const chart = card.histogram !== null ? histogramChart(card.histogram, name, p.type === 'date') : p.top.length > 0 ? topChart(p) : null;
  return el(
    'article',
    { class: `card${card.isTarget ? ' target' : ''}${card.ignored ? ' ignored' : ''}`, 'data-column': String(card.index) },
    el('h2', { class: 'name', title: name }, name),
    el(
      'p',
      { class: 'facts' },
      el('span', { class: 'type' }, typeName(p.type)),
      t(' · missing {0} ({1}) · distinct ', p.missing, percent(rows > 0 ? p.missing / rows : 0)),
      el('span', { class: 'distinct' }, String(p.distinct)),
    ),
    chart,
    el('p', { class: 'heterogeneity' }, heterogeneityText(p)),
    el('p', { class: 'split' }, splitLine(card, view)),
    el('div', { class: 'actions' }, target, ignore, typeSelect),
  );
}
