// The comparison's one table: how each of the two trees was made and how it scores, a row per
// figure, the rows where they differ marked.
import type { Metrics } from '../src/engine/metrics/types';
import type { ReportSummary } from '../src/shared/protocol';
import { el } from './dom';
import { figure, t } from './l10n';
import { type ScoreKind, scoreName, scoreSpread, scoreValue } from '../src/shared/render/score-names';

const score = (m: Metrics | null | undefined) => (!m ? '—' : m.task === 'classification' ? scoreValue('accuracy', m.accuracy) : scoreValue('r2', m.r2));

/** What the tree's score on unseen rows is: hold-out, else CV (of the settings or, edited, of its structure), else none. */
function unseenKind(report: ReportSummary): ScoreKind | null {
  const { holdout, crossValidation: cv } = report.metrics;
  return holdout ? 'holdout' : cv ? (cv.structure ? 'cvStructure' : 'cvSettings') : null;
}

function unseenName(report: ReportSummary): string {
  const kind = unseenKind(report);
  const v = report.settings.validation;
  const name = report.model.task === 'classification' ? 'accuracy' : 'r2';
  const cv = report.metrics.crossValidation;
  const repeats = report.metrics.repeatedHoldout?.repeats;
  return kind === null ? t('no unseen rows') : scoreName(kind, name, { folds: cv?.folds, leaveOneOut: cv?.leaveOneOut, testSize: v.kind === 'holdout' ? v.testSize : undefined, repeats });
}

/** The score on rows the tree did not learn from, named when the other tree's is of another kind. */
function unseen(report: ReportSummary, other: ReportSummary): string {
  const { holdout, repeatedHoldout: draws, crossValidation: cv } = report.metrics;
  // Leave-one-out's folds score one row each: its figure is the pooled score, not a spread.
  const value = draws ? scoreSpread(draws.scoreName, draws.mean, draws.std) : holdout ? score(holdout) : cv ? (cv.leaveOneOut ? scoreValue(cv.scoreName, cv.mean) : scoreSpread(cv.scoreName, cv.mean, cv.std)) : '—';
  return unseenKind(report) === unseenKind(other) ? value : `${value} (${unseenName(report)})`;
}

function pruning(report: ReportSummary): string {
  const s = report.settings;
  return s.prune === 'cost-complexity' ? t('cost-complexity α {0}', figure(s.ccpAlpha, 4)) : s.prune === 'pessimistic' ? t('pessimistic') : t('none');
}

type Row = [string | ((r: ReportSummary) => string), (r: ReportSummary, other: ReportSummary) => string];

const RECIPE: Row[] = [
  [() => t('algorithm'), (r) => r.model.params.algorithm.toUpperCase()],
  [() => t('criterion'), (r) => r.model.params.criterion.replace('_', ' ')],
  [() => t('max depth'), (r) => String(r.model.params.maxDepth ?? '∞')],
  [() => t('min samples leaf'), (r) => String(r.model.params.minSamplesLeaf ?? 1)],
  [() => t('pruning'), pruning],
];
/** What two trees grown with the same settings (one by hand) differ by. */
const OUTCOME: Row[] = [
  [() => t('nodes'), (r) => String(r.final.nodes)],
  [() => t('leaves'), (r) => String(r.final.leaves)],
  [() => t('depth'), (r) => String(r.final.depth)],
  [(r) => scoreName('training', r.model.task === 'classification' ? 'accuracy' : 'r2'), (r) => score(r.metrics.training)],
  [unseenName, unseen],
];

/** Pinned against current: how each was made, and how it scores. */
export function compareMetricsTable(pinned: ReportSummary, current: ReportSummary): HTMLElement {
  return twoTreesTable(pinned, current, [t('Pinned'), t('Current')], [...RECIPE, ...OUTCOME], t('The two trees side by side'));
}

/** A tree grown by hand beside the algorithm's (same settings): their size and scores. */
export function handScoresTable(yours: ReportSummary, algorithm: ReportSummary): HTMLElement {
  return twoTreesTable(yours, algorithm, [t('Yours'), t("Algorithm's")], OUTCOME, t("Your tree beside the algorithm's"));
}

function twoTreesTable(first: ReportSummary, second: ReportSummary, labels: [string, string], rows: Row[], ariaLabel: string): HTMLElement {
  const head = el('tr', {}, el('th', { scope: 'col' }, ''), el('th', { scope: 'col' }, labels[0]), el('th', { scope: 'col' }, labels[1]));
  const body = rows.map(([label, of]) => {
    const [a, b] = [of(first, second), of(second, first)];
    const name = typeof label === 'string' ? label : label(second);
    return el('tr', { class: a === b ? undefined : 'differs' }, el('th', { scope: 'row' }, name), el('td', { class: 'num' }, a), el('td', { class: 'num' }, b));
  });
  return el('table', { class: 'compare-metrics', 'aria-label': ariaLabel }, el('thead', {}, head), el('tbody', {}, ...body));
}
