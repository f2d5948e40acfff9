// The Metrics tab: accuracy and the confusion matrix as a heat map, per-class precision/recall/F1,
// the ROC curve with its AUC for two classes; R², RMSE and MAE for regression. First a sentence
// says what is measured; hold-out numbers come first when there are any, then cross-validation
// (the panel's default), then the training rows. Two classes: the ROC and precision–recall curves
// set a decision threshold the figures follow (threshold-view.ts).
import { beatsBaseline, majorityBaseline } from '../src/engine/metrics/baseline';
import type { ClassificationMetrics, Metrics, RegressionMetrics, RocCurve } from '../src/engine/metrics/types';
import type { WireReport } from '../src/shared/protocol';
import { el, percent, replaceChildren, svgEl } from './dom';
import { validationSentence } from './validation-text';
import { scoreLabel } from '../src/shared/render/score-label';
import { type ScoreContext, type ScoreKind, scoreExplained, scoreName, scoreSpread, scoreValue } from '../src/shared/render/score-names';
import type { RepeatedHoldoutResult, ScoreName } from '../src/engine/validation/types';
import { sharedThreshold, thresholdBlock, type ThresholdShared } from './threshold-view';
import { figure, t } from './l10n';

function stat(label: string, value: string): HTMLElement {
  return el('div', { class: 'stat' }, el('span', { class: 'stat-label' }, label), el('span', { class: 'stat-value' }, value));
}

/** The majority-class baseline beside accuracy (src/engine/metrics/baseline.ts), what it is on hover. */
function baselineStat(m: ClassificationMetrics): HTMLElement {
  const base = majorityBaseline(m);
  const shown = stat(t('majority baseline'), percent(base.accuracy));
  shown.title = t`Accuracy of always predicting the most frequent class, “${base.class}”, on these rows (the no-information rate).`;
  return shown;
}

/** Two classes: the class precision, recall and the ROC curve call positive (src/engine/validation/positive-class.ts). */
function positiveStat(positive: string): HTMLElement {
  const shown = stat(t('positive class'), positive);
  shown.title = t`Precision, recall and the ROC curve are those of “${positive}”: the less frequent class of the training rows (evaluate --positive-class picks another in the CLI).`;
  return shown;
}

function confusion(m: ClassificationMetrics): HTMLElement {
  const max = Math.max(1, ...m.confusion.flat());
  const head = el('tr', {}, el('th', { scope: 'col', class: 'corner' }, t('true ↓ / predicted →')), ...m.classes.map((c) => el('th', { scope: 'col', title: c }, c)));
  const rows = m.confusion.map((row, i) =>
    el(
      'tr',
      {},
      el('th', { scope: 'row', title: m.classes[i] }, m.classes[i]),
      ...row.map((n, j) =>
        el('td', { class: i === j ? 'cell diagonal' : 'cell', style: `--heat:${Math.round((60 * n) / max)}%`, title: t`true ${m.classes[i]}, predicted ${m.classes[j]}: ${n}` }, String(n)),
      ),
    ),
  );
  // A matrix of many classes cannot reflow: it scrolls sideways in its own box, the page never does.
  return el('div', { class: 'scroll-x' }, el('table', { class: 'confusion', 'aria-label': t('Confusion matrix') }, el('thead', {}, head), el('tbody', {}, ...rows)));
}

function perClass(m: ClassificationMetrics): HTMLElement {
  const fmt = (x: number) => figure(x, 3);
  const names = [t('support'), t('precision'), t('recall'), 'F1', t('specificity')];
  const head = el('tr', {}, ...[t('class'), ...names].map((h) => el('th', { scope: 'col' }, h)));
  // `data-label`: below 480 px each class is a card of labelled figures (media/panel.css).
  const cells = (values: string[]) => values.map((v, i) => el('td', { class: 'num', 'data-label': names[i] }, v));
  const rows = m.perClass.map((c) =>
    el('tr', {}, el('th', { scope: 'row', title: c.class }, c.class), ...cells([String(c.support), ...[c.precision, c.recall, c.f1, c.specificity].map(fmt)])),
  );
  const avg = (label: string, a: ClassificationMetrics['macro']) =>
    el('tr', { class: 'average' }, el('th', { scope: 'row' }, label), ...cells([String(m.rows), ...[a.precision, a.recall, a.f1, a.specificity].map(fmt)]));
  return el('table', { class: 'per-class' }, el('thead', {}, head), el('tbody', {}, ...rows, avg(t('macro avg'), m.macro), avg(t('weighted avg'), m.weighted)));
}

function rocChart(roc: RocCurve): HTMLElement {
  const size = 220;
  const pad = 30;
  const x = (v: number) => pad + v * (size - 2 * pad);
  const y = (v: number) => size - pad - v * (size - 2 * pad);
  const points = roc.fpr.map((f, i) => `${x(f)},${y(roc.tpr[i])}`).join(' ');
  const svg = svgEl(
    'svg',
    { class: 'roc', width: size, height: size, viewBox: `0 0 ${size} ${size}`, role: 'img', 'aria-label': t`ROC curve, AUC ${figure(roc.auc, 3)}` },
    svgEl('rect', { x: pad, y: pad, width: size - 2 * pad, height: size - 2 * pad, class: 'frame' }),
    svgEl('line', { x1: x(0), y1: y(0), x2: x(1), y2: y(1), class: 'chance' }),
    svgEl('polyline', { points, class: 'curve' }),
    svgEl('text', { x: size / 2, y: size - 6, 'text-anchor': 'middle' }, t('false-positive rate')),
    svgEl('text', { x: 10, y: size / 2, 'text-anchor': 'middle', transform: `rotate(-90 10 ${size / 2})` }, t('true-positive rate')),
  );
  return el('figure', { class: 'roc-figure' }, svg, el('figcaption', {}, t`ROC for positive class “${roc.positiveClass}”, AUC = ${figure(roc.auc, 3)}`));
}

function classification(m: ClassificationMetrics, shared?: ThresholdShared): HTMLElement[] {
  // Two classes with a curve: the curves carry the decision threshold (threshold-view.ts).
  const block = shared ? thresholdBlock(m, shared) : null;
  return [
    el(
      'div',
      { class: 'stats' },
      stat(t('accuracy'), percent(m.accuracy)),
      stat(t('error rate'), percent(m.errorRate)),
      stat(t('rows'), String(m.rows)),
      baselineStat(m),
      m.positiveClass === null ? null : positiveStat(m.positiveClass),
    ),
    ...(beatsBaseline(m) ? [] : [el('p', { class: 'baseline-warning' }, t`This tree does not beat always predicting “${majorityBaseline(m).class}”.`)]),
    el('div', { class: 'metric-grid' }, confusion(m), m.roc && !block ? rocChart(m.roc) : null),
    perClass(m),
    block,
  ].filter((x): x is HTMLElement => x !== null);
}

function regression(m: RegressionMetrics): HTMLElement[] {
  const f = (x: number) => figure(x, 4);
  return [el('div', { class: 'stats' }, stat('R²', f(m.r2)), stat(/* l10n-ignore */ 'RMSE', f(m.rmse)), stat(/* l10n-ignore */ 'MAE', f(m.mae)), stat(/* l10n-ignore */ 'MSE', f(m.mse)), stat(t('rows'), String(m.rows)))];
}

export function section(title: string, m: Metrics, shared?: ThresholdShared): HTMLElement {
  return el('section', { class: 'metrics-set' }, el('h3', {}, title), ...(m.task === 'classification' ? classification(m, shared) : regression(m)));
}

/** ccp α chosen by CV: its score on the folds that chose it (optimistic) beside the nested estimate. */
function alphaCv(a: NonNullable<WireReport['alphaSelection']>): HTMLElement {
  const f = (x: number) => figure(x, 4);
  const nested = a.nested
    ? t('; nested estimate (α chosen again inside each of {0} folds): {1} ± {2}, per-fold α {3}', a.nested.folds, f(a.nested.mean), figure(a.nested.std, 3), a.nested.alphas.map(f).join(', '))
    : '';
  return el('p', { class: 'alpha-cv' }, t`ccp α = ${f(a.chosenAlpha)} chosen by ${a.folds}-fold CV: ${scoreLabel(a.scoreName)} ${f(a.chosenScore)} on the folds that chose it${nested}`);
}

/** A score's mean ± std over the folds or draws that made it, each one's score listed; the hover says how it was measured. */
function spreadLine(kind: ScoreKind, at: ScoreContext, s: { scoreName: ScoreName; mean: number; std: number; scores: number[] }, parts: 'folds' | 'draws'): HTMLElement {
  const each = s.scores.map((x) => scoreValue(s.scoreName, x)).join(', ');
  return el('p', { class: 'cv-scores', title: scoreExplained(kind, at) }, `${scoreName(kind, s.scoreName, at)}: ${scoreSpread(s.scoreName, s.mean, s.std)} (${parts === 'folds' ? t('folds') : t('draws')}: ${each})`);
}

/** The repeated hold-out's every figure: mean ± std, lowest and highest over the draws (cards below 480 px, as the per-class table). */
function drawFigures(r: RepeatedHoldoutResult): HTMLElement {
  const fmt = (x: number) => figure(x, 3);
  const names = [t('mean'), t('± std'), t('lowest'), t('highest')];
  const head = el('tr', {}, el('th', { scope: 'col' }, t('figure')), ...names.map((h) => el('th', { scope: 'col' }, h)));
  const rows = r.figures.map((f) =>
    el('tr', {}, el('th', { scope: 'row' }, f.name), ...[f.mean, f.std, Math.min(...f.values), Math.max(...f.values)].map((x, i) => el('td', { class: 'num', 'data-label': names[i] }, fmt(x)))),
  );
  return el('table', { class: 'per-class', 'aria-label': t`Each figure over ${r.repeats} hold-out draws` }, el('thead', {}, head), el('tbody', {}, ...rows));
}

/**
 * The tab for `report`; `useThreshold` retrains with a decision threshold (null: none), which
 * the binary sections' curves set (threshold-view.ts).
 */
export function renderMetrics(container: HTMLElement, report: WireReport, useThreshold?: (threshold: number | null) => void): void {
  const { training, holdout, crossValidation: cv } = report.metrics;
  const chosen = report.model.decisionThreshold;
  const threshold = sharedThreshold(chosen && chosen.positiveClass === report.settings.positiveClass ? chosen.value : null, useThreshold ?? null);
  const parts: HTMLElement[] = [el('p', { class: 'metrics-what' }, validationSentence(report))];
  if (report.alphaSelection) parts.push(alphaCv(report.alphaSelection));
  const v = report.settings.validation;
  const repeated = report.metrics.repeatedHoldout;
  if (repeated) parts.push(spreadLine('holdout', { testSize: repeated.testSize, repeats: repeated.repeats }, repeated, 'draws'), drawFigures(repeated));
  const share = v.kind === 'holdout' ? percent(v.testSize) : '';
  if (holdout) parts.push(section(repeated ? t('Hold-out {0} (rows not used for training, the first draw: the tree shown)', share) : t('Hold-out {0} (rows not used for training)', share), holdout, threshold));
  if (cv) {
    // An edited tree has no recipe to retrain per fold: its CV is that of its structure (structure-cv.ts).
    const kind = cv.structure ? 'cvStructure' : 'cvSettings';
    const at = { folds: cv.folds, leaveOneOut: cv.leaveOneOut };
    const what = cv.leaveOneOut
      ? cv.structure
        ? t("leave-one-out CV of this tree's structure")
        : t('leave-one-out CV of these settings')
      : cv.structure
        ? t("{0}-fold CV of this tree's structure", cv.folds)
        : t('{0}-fold CV of these settings', cv.folds);
    // Leave-one-out: a fold's score is its one row's 0 or 1, so the pooled score is the figure, not a spread.
    const line = cv.leaveOneOut
      ? el('p', { class: 'cv-scores', title: scoreExplained(kind, at) }, t`${scoreName(kind, cv.scoreName, at)}: ${scoreValue(cv.scoreName, cv.mean)} over ${cv.folds} rows, each predicted by a tree that did not see it`)
      : spreadLine(kind, at, cv, 'folds');
    parts.push(line, section(t('{0} (out-of-fold predictions of all rows)', what), cv.pooled, threshold));
  }
  parts.push(section(holdout ? t('Training rows') : t('Training rows (the tree shown, on the rows it learnt from)'), training, threshold));
  if (!holdout && !cv) parts.push(el('p', { class: 'muted' }, t('Measured on the rows the tree learnt from, so optimistic; choose cross-validation or a hold-out in the settings (decisionTree.validation) for an honest estimate.')));
  replaceChildren(container, ...parts);
}
