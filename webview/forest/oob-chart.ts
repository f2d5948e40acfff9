// The OOB error of the first k trees against k: an inline SVG line chart (no remote anything, the
// page's CSP allows none), drawn from the report's curve. Its axes start at 0 so a flat curve
// looks flat; the last point is labelled with its value.
import type { OutOfBag } from '../../src/engine/forest/types';
import { el, svgEl } from '../dom';
import { figure, t } from '../l10n';

const WIDTH = 480;
const HEIGHT = 220;
const PAD = { left: 48, right: 14, top: 12, bottom: 34 };

/** Round upper limit for the y axis: 1, 2 or 5 × a power of ten at or above `max`. */
function niceMax(max: number): number {
  if (!(max > 0)) return 1;
  const power = 10 ** Math.floor(Math.log10(max));
  return [1, 2, 5, 10].map((m) => m * power).find((v) => v >= max) ?? 10 * power;
}

export function oobChart(oob: OutOfBag): HTMLElement {
  const curve = oob.curve;
  const errorName = oob.scoreName === 'accuracy' ? t('OOB error (1 − accuracy)') : t('OOB mean squared error');
  if (curve === null || curve.trees.length === 0) {
    return el('p', { class: 'muted oob-none' }, t('No out-of-bag curve: without bootstrap every tree sees every row, so no row is out of bag.'));
  }
  const last = curve.trees[curve.trees.length - 1];
  const top = niceMax(Math.max(...curve.error));
  const first = curve.trees[0];
  const x = (k: number) => PAD.left + ((k - first) / Math.max(1, last - first)) * (WIDTH - PAD.left - PAD.right);
  const y = (e: number) => HEIGHT - PAD.bottom - (e / top) * (HEIGHT - PAD.top - PAD.bottom);
  const points = curve.trees.map((k, i) => `${x(k).toFixed(1)},${y(curve.error[i]).toFixed(1)}`).join(' ');
  const yTicks = [0, top / 2, top];
  const xTicks = [...new Set([first, Math.round((first + last) / 2), last])];
  const finalError = curve.error[curve.error.length - 1];
  const svg = svgEl(
    'svg',
    { class: 'oob-chart', viewBox: `0 0 ${WIDTH} ${HEIGHT}`, role: 'img', 'aria-label': t`${errorName} against the number of trees: ${figure(finalError, 4)} with all ${last} trees` },
    svgEl('rect', { x: PAD.left, y: PAD.top, width: WIDTH - PAD.left - PAD.right, height: HEIGHT - PAD.top - PAD.bottom, class: 'frame' }),
    ...yTicks.flatMap((t) => [
      svgEl('line', { x1: PAD.left, x2: WIDTH - PAD.right, y1: y(t), y2: y(t), class: 'grid' }),
      svgEl('text', { x: PAD.left - 4, y: y(t) + 3, 'text-anchor': 'end' }, figure(t, 3)),
    ]),
    ...xTicks.map((k) => svgEl('text', { x: x(k), y: HEIGHT - PAD.bottom + 14, 'text-anchor': 'middle' }, String(k))),
    svgEl('polyline', { points, class: 'curve' }),
    svgEl('circle', { cx: x(last), cy: y(finalError), r: 3, class: 'end' }),
    svgEl('text', { x: WIDTH / 2, y: HEIGHT - 4, 'text-anchor': 'middle' }, t('trees')),
  );
  return el('figure', { class: 'oob-figure' }, svg, el('figcaption', {}, t`${errorName} of the first k trees; with all ${last}: ${figure(finalError, 4)}`));
}
