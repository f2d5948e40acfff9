// The forest's Summary tab: how it was made (trees, features per split, voting, bootstrap), its
// out-of-bag score, and the OOB error against the number of trees.
import type { WireForestReport } from '../../src/shared/forest-protocol';
import { el, percent, replaceChildren } from '../dom';
import { oobChart } from './oob-chart';
import { scoreLabel } from '../../src/shared/render/score-label';
import { figure, t } from '../l10n';

function stat(label: string, value: string): HTMLElement {
  return el('div', { class: 'stat' }, el('span', { class: 'stat-label' }, label), el('span', { class: 'stat-value' }, value));
}

/** "accuracy 94.0%" or "R² 0.8312", or why there is none. */
export function oobScoreText(report: WireForestReport): string {
  const { score, scoreName } = report.oob;
  if (score === null) return t('none');
  return scoreName === 'accuracy' ? percent(score) : figure(score, 4);
}

export function renderSummary(container: HTMLElement, report: WireForestReport): void {
  const { params, features, task } = report.model;
  const regression = task === 'regression';
  const sampleRows = params.maxSamples === null || params.maxSamples === undefined ? t('every training row') : String(params.maxSamples);
  const sample = params.bootstrap ? t('a bootstrap sample ({0}, drawn with replacement)', sampleRows) : t('every row (no bootstrap)');
  replaceChildren(
    container,
    el(
      'div',
      { class: 'stats forest-stats' },
      stat(t('trees'), String(params.nTrees)),
      stat(t('OOB {0}', scoreLabel(report.oob.scoreName)), oobScoreText(report)),
      stat(t('OOB rows'), t('{0} of {1}', report.oob.rows, report.trainingRows)),
      stat(t('features per split'), t('{0} of {1}', params.maxFeatures, features.length)),
      stat(t('voting'), regression ? t('mean (regression)') : params.voting),
    ),
    el(
      'p',
      { class: 'muted forest-how' },
      (params.ensemble === 'bagging' ? t('Bagging of {0} CART trees, each on {1}, seed {2}. ', params.nTrees, sample, params.seed) : t('Random forest of {0} CART trees, each on {1}, seed {2}. ', params.nTrees, sample, params.seed)),
      regression ? t('The prediction is the mean of the trees.') : params.voting === 'soft' ? t('Soft voting: the mean of the trees’ class shares (scikit-learn’s).') : t('Hard voting: the majority of the trees’ labels.'),
      t(' A row is out of bag (OOB) for the trees that did not draw it; scoring each row by those trees only is an honest estimate without a hold-out.'),
    ),
    oobChart(report.oob),
  );
}
