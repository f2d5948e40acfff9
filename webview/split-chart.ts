// The node details' chart of the split feature at the node (README "Run it in VS Code"): a stacked
// histogram per class with the threshold drawn on it (numeric, date and ordinal features), or one
// stacked bar per category with the branch it takes (categorical). Inline SVG built from
// attributes and text nodes only, themed by --vscode-* colours in media/panel.css.
import type { SplitDistribution } from '../src/engine/split-distribution';
import { valueText, type FeatureKind } from '../src/engine/feature-text';
import { classHue } from '../src/shared/render/palette';
import { el, svgEl } from './dom';
import { figure, t } from './l10n';

const WIDTH = 300;
const PLOT_HEIGHT = 90;
const AXIS = 16;
const ROW = 16;
const LABEL = 96;

function seriesColour(d: SplitDistribution, s: number): string {
  return d.series.length === 1 && d.series[0] === 'rows' ? classHue(4) : classHue(s);
}

function histogram(d: SplitDistribution, feature: FeatureKind | undefined): SVGElement {
  const bins = d.edges.length - 1;
  const totals = Array.from({ length: bins }, (_, b) => d.counts.reduce((a, row) => a + row[b], 0));
  const top = Math.max(1, ...totals);
  const lo = d.edges[0];
  const hi = d.edges[bins];
  const x = (v: number) => (hi > lo ? ((v - lo) / (hi - lo)) * WIDTH : WIDTH / 2);
  const binWidth = WIDTH / bins;
  const svg = svgEl('svg', { class: 'split-chart', viewBox: `0 -4 ${WIDTH} ${PLOT_HEIGHT + AXIS + 4}`, role: 'img' });
  for (let b = 0; b < bins; b++) {
    let y = PLOT_HEIGHT;
    d.counts.forEach((row, s) => {
      if (row[b] <= 0) return;
      const h = (row[b] / top) * PLOT_HEIGHT;
      y -= h;
      svg.appendChild(svgEl('rect', { x: b * binWidth + 0.5, y, width: Math.max(0.5, binWidth - 1), height: h, fill: seriesColour(d, s) }, svgEl('title', {}, `${d.series[s]}: ${row[b]}`)));
    });
  }
  svg.appendChild(svgEl('line', { class: 'axis', x1: 0, x2: WIDTH, y1: PLOT_HEIGHT, y2: PLOT_HEIGHT }));
  const tick = (v: number) => valueText(feature, v, (n) => figure(n, 4));
  const ordinal = d.categories.length > 0;
  svg.appendChild(svgEl('text', { x: 0, y: PLOT_HEIGHT + AXIS - 3, 'text-anchor': 'start' }, ordinal ? d.categories[Math.ceil(lo)] ?? '' : tick(lo)));
  svg.appendChild(svgEl('text', { x: WIDTH, y: PLOT_HEIGHT + AXIS - 3, 'text-anchor': 'end' }, ordinal ? d.categories[Math.floor(hi)] ?? '' : tick(hi)));
  if (d.threshold !== null) {
    const t = x(d.threshold);
    svg.appendChild(svgEl('line', { class: 'threshold', x1: t, x2: t, y1: -4, y2: PLOT_HEIGHT }));
    const label = `≤ ${valueText(feature, d.threshold)}`;
    svg.appendChild(svgEl('text', { class: 'threshold-label', x: t + (t > WIDTH * 0.7 ? -4 : 4), y: 8, 'text-anchor': t > WIDTH * 0.7 ? 'end' : 'start' }, label));
  }
  return svg;
}

function categoryBars(d: SplitDistribution): SVGElement {
  const n = d.categories.length;
  const totals = d.categories.map((_, b) => d.counts.reduce((a, row) => a + row[b], 0));
  const top = Math.max(1, ...totals);
  const plot = WIDTH - LABEL - 40;
  const svg = svgEl('svg', { class: 'split-chart', viewBox: `0 0 ${WIDTH} ${n * ROW + 2}`, role: 'img' });
  d.categories.forEach((category, b) => {
    const y = b * ROW + 1;
    const short = Array.from(category).length > 14 ? `${Array.from(category).slice(0, 13).join('')}…` : category;
    svg.appendChild(svgEl('g', {}, svgEl('title', {}, category), svgEl('text', { x: LABEL - 4, y: y + ROW - 4, 'text-anchor': 'end' }, short)));
    let at = LABEL;
    d.counts.forEach((row, s) => {
      if (row[b] <= 0) return;
      const w = (row[b] / top) * plot;
      svg.appendChild(svgEl('rect', { x: at, y: y + 2, width: w, height: ROW - 4, fill: seriesColour(d, s) }, svgEl('title', {}, `${category}, ${d.series[s]}: ${row[b]}`)));
      at += w;
    });
    const branch = d.branchOf[b];
    svg.appendChild(svgEl('text', { class: 'branch', x: WIDTH, y: y + ROW - 4, 'text-anchor': 'end' }, branch < 0 ? '–' : `→ ${branch + 1}`));
  });
  return svg;
}

/** The chart with its caption (what it shows, rows missing the feature, categories left out). */
export function splitChart(d: SplitDistribution, feature: FeatureKind | undefined): HTMLElement {
  const chart = d.kind === 'numeric' ? histogram(d, feature) : categoryBars(d);
  const missing = d.missing.reduce((a, b) => a + b, 0);
  const what = d.kind === 'numeric' ? t('{0} at this node, rows per class, with the split threshold', d.feature) : t('{0} at this node: rows per category and class, → the branch it takes', d.feature);
  chart.setAttribute('aria-label', what);
  return el(
    'figure',
    { class: 'split-figure' },
    chart,
    el('figcaption', { class: 'muted' }, what, missing > 0 ? t` · ${missing} missing` : '', d.otherRows > 0 ? t` · ${d.otherRows} rows in rarer categories not shown` : ''),
  );
}
