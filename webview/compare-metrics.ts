// The comparison's one table: how each of the two trees was made and how it scores, a row per
// figure, the rows where they differ marked.
import type { Metrics } from '../src/engine/metrics/types';
import type { WireReport } from '../src/shared/protocol';
import { formatNumber } from '../src/shared/render/tree-labels';
import { el, percent } from './dom';
import { scoreLabel } from '../src/shared/render/score-label';

const score = (m: Metrics | null | undefined) => (!m ? '—' : m.task === 'classification' ? percent(m.accuracy) : `R² ${formatNumber(m.r2, 4)}`);

/** The score on rows the tree did not learn from: hold-out, else CV mean ± std, else none. */
function unseen(report: WireReport): string {
  const { holdout, crossValidation: cv } = report.metrics;
  if (holdout) return score(holdout);
  if (cv) return `${scoreLabel(cv.scoreName)} ${formatNumber(cv.mean, 4)} ± ${formatNumber(cv.std, 3)}`;
  return '—';
}

function pruning(report: WireReport): string {
  const s = report.settings;
  return s.prune === 'cost-complexity' ? `cost-complexity α ${formatNumber(s.ccpAlpha, 4)}` : s.prune === 'pessimistic' ? 'pessimistic' : 'none';
}

const ROWS: [string, (r: WireReport) => string][] = [
  ['algorithm', (r) => r.model.params.algorithm.toUpperCase()],
  ['criterion', (r) => r.model.params.criterion.replace('_', ' ')],
  ['max depth', (r) => String(r.model.params.maxDepth ?? '∞')],
  ['min samples leaf', (r) => String(r.model.params.minSamplesLeaf ?? 1)],
  ['pruning', pruning],
  ['nodes', (r) => String(r.final.nodes)],
  ['leaves', (r) => String(r.final.leaves)],
  ['depth', (r) => String(r.final.depth)],
  ['training score', (r) => score(r.metrics.training)],
  ['hold-out / CV score', unseen],
];

export function compareMetricsTable(pinned: WireReport, current: WireReport): HTMLElement {
  const head = el('tr', {}, el('th', { scope: 'col' }, ''), el('th', { scope: 'col' }, 'Pinned'), el('th', { scope: 'col' }, 'Current'));
  const body = ROWS.map(([label, of]) => {
    const [a, b] = [of(pinned), of(current)];
    return el('tr', { class: a === b ? undefined : 'differs' }, el('th', { scope: 'row' }, label), el('td', { class: 'num' }, a), el('td', { class: 'num' }, b));
  });
  return el('table', { class: 'compare-metrics', 'aria-label': 'The two trees side by side' }, el('thead', {}, head), el('tbody', {}, ...body));
}
