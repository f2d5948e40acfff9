// The hover's small chart: the split score against the threshold over a column's candidate
// thresholds, with the chosen threshold marked. An SVG built from numbers only (no file text),
// shipped as a base64 data URI, which VS Code's hover renders as an image.
import { utf8ToBase64 } from '../host/base64';
import { formatDate } from '../engine/dates';
import type { CurvePoint } from '../engine/splits/types';
import { styledNumber } from '../shared/render/tree-labels';
import { labelNumber, t } from '../host/l10n';

// Drawn at its own size in the hover (which is wider): labels at 11 px, the smallest legible.
const WIDTH = 300;
const HEIGHT = 110;
const FONT_PX = 11;
const PAD = { left: 48, right: 12, top: 20, bottom: 22 };
// Mid-tones that read on dark, light and high-contrast hover backgrounds.
const LINE = '#3794ff';
const MARK = '#e5a000';
const INK = '#8b8b8b';

/** `dates`: the thresholds are dates (ms since the epoch), labelled as ISO 8601 dates. */
export function scoreChartSvg(curve: readonly CurvePoint[], chosen: number | undefined, dates = false): string {
  const xs = curve.map((p) => p.threshold);
  const ys = curve.map((p) => p.score);
  const [x0, x1] = [Math.min(...xs), Math.max(...xs)];
  const y1 = Math.max(...ys, 0);
  const y0 = Math.min(...ys, 0);
  const w = WIDTH - PAD.left - PAD.right;
  const h = HEIGHT - PAD.top - PAD.bottom;
  const px = (x: number) => PAD.left + (x1 > x0 ? ((x - x0) / (x1 - x0)) * w : w / 2);
  const py = (y: number) => PAD.top + (y1 > y0 ? (1 - (y - y0) / (y1 - y0)) * h : h);
  const f = (v: number) => v.toFixed(1);
  const style = labelNumber();
  const at = (x: number, digits: number) => (dates ? formatDate(x) : styledNumber(x, style, digits));
  const points = curve.map((p) => `${f(px(p.threshold))},${f(py(p.score))}`).join(' ');
  const text = (x: number, y: number, anchor: string, s: string) =>
    `<text x="${f(x)}" y="${f(y)}" text-anchor="${anchor}" font-size="${FONT_PX}" font-family="sans-serif" fill="${INK}">${s}</text>`;
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<path d="M${PAD.left} ${PAD.top}V${PAD.top + h}H${PAD.left + w}" fill="none" stroke="${INK}" stroke-width="1"/>`,
    text(PAD.left - 3, PAD.top + FONT_PX / 2, 'end', styledNumber(y1, style, 3)),
    text(PAD.left - 3, PAD.top + h, 'end', styledNumber(y0, style, 3)),
    text(PAD.left, HEIGHT - 5, 'start', at(x0, 4)),
    text(PAD.left + w, HEIGHT - 5, 'end', at(x1, 4)),
  ];
  if (chosen !== undefined && Number.isFinite(chosen)) {
    parts.push(`<line x1="${f(px(chosen))}" y1="${PAD.top}" x2="${f(px(chosen))}" y2="${PAD.top + h}" stroke="${MARK}" stroke-dasharray="3 2"/>`);
    const right = px(chosen) > PAD.left + w / 2;
    parts.push(text(px(chosen) + (right ? -3 : 3), PAD.top - 5, right ? 'end' : 'start', t('best ≤ {0}', at(chosen, 6))));
  }
  parts.push(
    curve.length === 1
      ? `<circle cx="${f(px(xs[0]))}" cy="${f(py(ys[0]))}" r="3" fill="${LINE}"/>`
      : `<polyline points="${points}" fill="none" stroke="${LINE}" stroke-width="1.5"/>`,
    '</svg>',
  );
  return parts.join('');
}

/** The chart as an image URI for markdown. */
export function scoreChartUri(curve: readonly CurvePoint[], chosen: number | undefined, dates = false): string {
  return `data:image/svg+xml;base64,${utf8ToBase64(scoreChartSvg(curve, chosen, dates))}`;
}
