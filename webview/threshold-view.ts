// The Metrics tab's decision threshold (README "Decision threshold"): a binary section's ROC and
// precision–recall curves with the threshold's point on each — click or drag on a curve, or an
// arrow key on a focused chart, to move it — and the confusion counts, precision, recall,
// specificity, FPR and F1 at it, following as it moves (threshold-logic.ts reads them off the
// curve the worker sent). Youden and F1 choose it as `evaluate --threshold youden|f1` does;
// "Use this threshold" retrains with it, so the tree's leaves, predictions and exports follow.
// Every section of the tab moves one threshold together.
import type { ClassificationMetrics, PrCurve, RocCurve } from '../src/engine/metrics/types';
import { el, replaceChildren, svgEl } from './dom';
import { chartPosition, ThresholdPicker, type ThresholdChart } from './threshold-logic';
import { button } from './toolkit';
import { figure, t } from './l10n';

const SIZE = 200;
const PAD = 30;
const toX = (v: number) => PAD + v * (SIZE - 2 * PAD);
const toY = (v: number) => SIZE - PAD - v * (SIZE - 2 * PAD);
const f3 = (x: number) => figure(x, 3);

/** How the heading names the model's score and its own threshold: a tree's leaf share, a forest's mean share. */
export interface ThresholdWords {
  /** "“bad” where …": what is compared with the threshold. */
  share: (positive: string) => string;
  /** The model has no threshold. */
  none: string;
  /** The threshold shown is the model's. */
  own: string;
  /** The model's threshold is another one. */
  other: (value: string) => string;
  /** The 0.5 button's title. */
  half: string;
}

/** The tree panel's words (a function: the page's language is known only once it has loaded). */
export function treeWords(): ThresholdWords {
  return {
    share: (positive) => t('“{0}” where its share of the leaf is ≥ it', positive),
    none: t("the tree predicts each leaf's largest class"),
    own: t("the tree's threshold"),
    other: (value) => t("the tree's is {0}", value),
    half: t('The positive class where it is at least half of the leaf'),
  };
}

/** What the tab's threshold sections share: one threshold, the model's own, and what "Use" does. */
export interface ThresholdShared {
  threshold: number;
  /** The model's recorded threshold on the same positive class; null: it predicts its largest class. */
  applied: number | null;
  /** Retrain with this threshold (null: without one); null: not offered. */
  use: ((threshold: number | null) => void) | null;
  words: ThresholdWords;
  /** Every section's redraw at the shared threshold. */
  listeners: (() => void)[];
}

export function sharedThreshold(applied: number | null, use: ThresholdShared['use'], words: ThresholdWords = treeWords()): ThresholdShared {
  return { threshold: applied ?? 0.5, applied, use, words, listeners: [] };
}

function moveTo(shared: ThresholdShared, threshold: number): void {
  if (threshold === shared.threshold) return;
  shared.threshold = threshold;
  for (const redraw of shared.listeners) redraw();
}

interface Chart {
  figure: HTMLElement;
  update(): void;
}

function curveChart(kind: ThresholdChart, curve: RocCurve | PrCurve, picker: ThresholdPicker, shared: ThresholdShared): Chart {
  const [xs, ys] = kind === 'roc' ? [(curve as RocCurve).fpr, (curve as RocCurve).tpr] : [(curve as PrCurve).recall, (curve as PrCurve).precision];
  const points = xs.map((x, i) => `${toX(x)},${toY(ys[i])}`).join(' ');
  const marker = svgEl('circle', { r: 5, class: 'threshold-point' });
  const [xLabel, yLabel] = kind === 'roc' ? [t('false-positive rate'), t('true-positive rate')] : [t('recall'), t('precision')];
  const name = kind === 'roc' ? t('ROC curve, AUC {0}', f3((curve as RocCurve).auc)) : t('Precision–recall curve, average precision {0}', f3((curve as PrCurve).averagePrecision));
  const svg = svgEl(
    'svg',
    { class: `roc threshold-chart chart-${kind}`, width: SIZE, height: SIZE, viewBox: `0 0 ${SIZE} ${SIZE}`, tabindex: 0, role: 'slider', 'aria-label': t`${name}: the decision threshold (arrow keys move it)`, 'aria-valuemin': 0, 'aria-valuemax': 1 },
    svgEl('rect', { x: PAD, y: PAD, width: SIZE - 2 * PAD, height: SIZE - 2 * PAD, class: 'frame' }),
    kind === 'roc' ? svgEl('line', { x1: toX(0), y1: toY(0), x2: toX(1), y2: toY(1), class: 'chance' }) : null,
    svgEl('polyline', { points, class: 'curve' }),
    marker,
    svgEl('text', { x: SIZE / 2, y: SIZE - 6, 'text-anchor': 'middle' }, xLabel),
    svgEl('text', { x: 10, y: SIZE / 2, 'text-anchor': 'middle', transform: `rotate(-90 10 ${SIZE / 2})` }, yLabel),
  ) as SVGSVGElement;
  // The pointer's place in the chart's unit square, however the chart is scaled on the page.
  const pick = (e: PointerEvent) => {
    const box = svg.getBoundingClientRect();
    const x = (((e.clientX - box.left) * SIZE) / box.width - PAD) / (SIZE - 2 * PAD);
    const y = (SIZE - PAD - ((e.clientY - box.top) * SIZE) / box.height) / (SIZE - 2 * PAD);
    moveTo(shared, picker.nearest(kind, x, y));
  };
  svg.addEventListener('pointerdown', (e) => {
    // A drag moves the threshold, not a text selection over the axis labels.
    e.preventDefault();
    svg.setPointerCapture(e.pointerId);
    svg.focus();
    pick(e);
  });
  svg.addEventListener('pointermove', (e) => {
    if (svg.hasPointerCapture(e.pointerId)) pick(e);
  });
  svg.addEventListener('keydown', (e) => {
    // Right and down lower the threshold (more rows positive: rightwards on the ROC curve).
    const direction = e.key === 'ArrowRight' || e.key === 'ArrowDown' ? 1 : e.key === 'ArrowLeft' || e.key === 'ArrowUp' ? -1 : 0;
    if (direction === 0) return;
    e.preventDefault();
    picker.threshold = shared.threshold;
    moveTo(shared, picker.step(direction));
  });
  const caption = kind === 'roc' ? t('ROC for positive class “{0}”, AUC = {1}', curve.positiveClass, f3((curve as RocCurve).auc)) : t('Precision–recall, average precision = {0}', f3((curve as PrCurve).averagePrecision));
  return {
    figure: el('figure', { class: 'roc-figure' }, svg, el('figcaption', {}, caption)),
    update() {
      const at = picker.figures();
      if (!at) return;
      const { x, y } = chartPosition(kind, at);
      marker.setAttribute('cx', String(toX(x)));
      marker.setAttribute('cy', String(toY(y)));
      svg.setAttribute('aria-valuenow', String(shared.threshold));
      svg.setAttribute('aria-valuetext', `threshold ${figure(shared.threshold, 4)}: ${xLabel} ${f3(x)}, ${yLabel} ${f3(y)}`);
    },
  };
}

/** The 2 × 2 counts at the threshold, positive class first. */
function countsTable(m: ClassificationMetrics, picker: ThresholdPicker): HTMLElement {
  const positive = m.positiveClass as string;
  const negative = m.classes.find((c) => c !== positive) as string;
  const at = picker.figures();
  if (!at) return el('p', {}, '');
  const cell = (label: string, n: number, right: boolean) => el('td', { class: right ? 'cell diagonal' : 'cell', 'data-count': label, title: `${label}: ${n}` }, String(n));
  return el(
    'table',
    { class: 'confusion threshold-counts', 'aria-label': t('Confusion matrix at the threshold') },
    el('thead', {}, el('tr', {}, el('th', { scope: 'col', class: 'corner' }, t('true ↓ / predicted →')), el('th', { scope: 'col', title: positive }, positive), el('th', { scope: 'col', title: negative }, negative))),
    el(
      'tbody',
      {},
      el('tr', {}, el('th', { scope: 'row', title: positive }, positive), cell('TP', at.tp, true), cell('FN', at.fn, false)),
      el('tr', {}, el('th', { scope: 'row', title: negative }, negative), cell('FP', at.fp, false), cell('TN', at.tn, true)),
    ),
  );
}

function figuresRow(picker: ThresholdPicker): HTMLElement {
  const at = picker.figures();
  if (!at) return el('div');
  // `data-figure` names the figure in English whatever the language: the checks read it.
  const figure = (name: string, label: string, value: number) => el('div', { class: 'stat', 'data-figure': name }, el('span', { class: 'stat-label' }, label), el('span', { class: 'stat-value' }, f3(value)));
  return el(
    'div',
    { class: 'stats threshold-figures' },
    figure('accuracy', t('accuracy'), at.accuracy),
    figure('precision', t('precision'), at.precision),
    figure('recall', t('recall'), at.recall),
    figure('specificity', t('specificity'), at.specificity),
    figure('FPR', /* l10n-ignore */ 'FPR', at.fpr),
    figure('F1', 'F1', at.f1),
  );
}

/** A binary section's curves, figures at the shared threshold and its buttons; null without a ROC curve. */
export function thresholdBlock(m: ClassificationMetrics, shared: ThresholdShared): HTMLElement | null {
  if (!m.roc || m.positiveClass === null) return null;
  const picker = new ThresholdPicker(m, shared.threshold);
  const charts = [curveChart('roc', m.roc, picker, shared), ...(m.pr ? [curveChart('pr', m.pr, picker, shared)] : [])];
  const heading = el('p', { class: 'threshold-line' });
  const counts = el('div', { class: 'scroll-x' });
  const figures = el('div');
  const presets = el(
    'div',
    { class: 'threshold-buttons' },
    button(/* l10n-ignore */ 'Youden', () => moveTo(shared, picker.preset('youden')), { title: t('The threshold of the largest TPR − FPR on these rows (evaluate --threshold youden)') }),
    button('F1', () => moveTo(shared, picker.preset('f1')), { title: t('The threshold of the largest F1 on these rows (evaluate --threshold f1)') }),
    button('0.5', () => moveTo(shared, 0.5), { title: shared.words.half }),
    shared.use ? button(t('Use this threshold'), () => shared.use?.(shared.threshold), { primary: true, title: t('Train again with this threshold: the leaves, predictions, rules and exports follow it (train --threshold)') }) : null,
    shared.use && shared.applied !== null ? button(t('Clear threshold'), () => shared.use?.(null), { title: t("Train again without a threshold: each leaf predicts its largest class") }) : null,
  );
  const redraw = () => {
    picker.threshold = shared.threshold;
    const { words } = shared;
    const applied = shared.applied === null ? words.none : shared.applied === shared.threshold ? words.own : words.other(figure(shared.applied, 4));
    heading.textContent = t`Decision threshold ${figure(shared.threshold, 4)}: ${words.share(m.positiveClass ?? '')} (${applied}). Click or drag on a curve, or use the arrow keys.`;
    heading.dataset.threshold = String(shared.threshold);
    replaceChildren(counts, countsTable(m, picker));
    replaceChildren(figures, figuresRow(picker));
    for (const c of charts) c.update();
  };
  shared.listeners.push(redraw);
  redraw();
  return el('div', { class: 'threshold-block' }, el('div', { class: 'metric-grid' }, ...charts.map((c) => c.figure)), heading, counts, figures, presets);
}
