// The bar in each drawn node (README "Run it in VS Code"): its class shares as a stacked bar in the
// class colours, or for regression its mean on the tree's value range with a ±1 standard deviation
// marker. Drawn into Mermaid's SVG after layout, over the empty last label line the diagram leaves
// for it (src/shared/render/mermaid.ts, `bars`). Colours are set as !important inline styles: Mermaid's
// own style sheet paints every rect in a node (with an id selector) and would outrank attributes.
import type { ModelNode, TreeModel } from '../src/engine/model';
import { classHue } from '../src/shared/render/palette';
import { svgEl } from './dom';
import { figure, t } from './l10n';

/** An SVG element whose paint no style sheet overrides. */
function painted(tag: string, attrs: Record<string, string | number>, paint: Record<string, string>): SVGElement {
  const e = svgEl(tag, attrs);
  for (const [property, value] of Object.entries(paint)) e.style.setProperty(property, value, 'important');
  return e;
}

const FOREGROUND = 'var(--vscode-editor-foreground)';

/** The label box of a drawn node in the node's own coordinates, and its line count. */
function labelBox(g: Element): { x: number; y: number; width: number; height: number; lines: number } | undefined {
  const label = g.querySelector(':scope > g.label');
  const object = label?.querySelector('foreignObject');
  if (!label || !object) return undefined;
  const m = /translate\(\s*([-\d.e]+)[ ,]+([-\d.e]+)\s*\)/.exec(label.getAttribute('transform') ?? '');
  const width = Number(object.getAttribute('width'));
  const height = Number(object.getAttribute('height'));
  if (!m || !(width > 0) || !(height > 0)) return undefined;
  return { x: Number(m[1]), y: Number(m[2]), width, height, lines: object.querySelectorAll('br').length + 1 };
}

function classBar(node: ModelNode, counts: readonly number[], classes: readonly string[], x: number, y: number, width: number, height: number): SVGElement {
  const bar = svgEl('g', { class: 'node-bar' });
  const total = counts.reduce((a, b) => a + b, 0);
  let at = x;
  counts.forEach((count, k) => {
    if (count <= 0 || total <= 0) return;
    const w = (width * count) / total;
    bar.appendChild(painted('rect', { x: at, y, width: w, height }, { fill: classHue(k), stroke: 'none' }));
    at += w;
  });
  bar.appendChild(painted('rect', { class: 'node-bar-frame', x, y, width, height }, { fill: 'none', stroke: FOREGROUND, 'stroke-width': '0.75px', 'stroke-opacity': '0.6' }));
  const shares = counts.map((c, k) => `${classes[k] ?? `class ${k}`} ${figure(c)}`).join(', ');
  bar.appendChild(svgEl('title', {}, t`${node.samples} samples: ${shares}`));
  return bar;
}

/** `imported`: a tree trained elsewhere, whose leaf value is the raw score it adds and whose nodes store no spread. */
function meanBar(node: ModelNode, range: readonly [number, number], x: number, y: number, width: number, height: number, imported: boolean): SVGElement {
  const [lo, hi] = range;
  const at = (v: number) => x + (hi > lo ? (Math.min(hi, Math.max(lo, v)) - lo) / (hi - lo) : 0.5) * width;
  const mean = Number(node.value);
  const sd = Math.sqrt(Math.max(0, node.impurity)); // a regression node's impurity is its variance (MSE)
  const mid = y + height / 2;
  return svgEl(
    'g',
    { class: 'node-bar' },
    painted('line', { class: 'node-bar-track', x1: x, x2: x + width, y1: mid, y2: mid }, { stroke: FOREGROUND, 'stroke-width': '1px', 'stroke-opacity': '0.6' }),
    painted('rect', { x: at(mean - sd), y, width: Math.max(1, at(mean + sd) - at(mean - sd)), height }, { fill: classHue(4), 'fill-opacity': '0.6', stroke: 'none' }),
    painted('line', { class: 'node-bar-mean', x1: at(mean), x2: at(mean), y1: y - 2, y2: y + height + 2 }, { stroke: FOREGROUND, 'stroke-width': '2px' }),
    svgEl('title', {}, imported ? t`value ${figure(mean)}, on ${figure(lo)} … ${figure(hi)}` : t`mean ${figure(mean)}, ± ${figure(sd)} (1 standard deviation), on ${figure(lo)} … ${figure(hi)}`),
  );
}

/**
 * Adds a bar to every tree node drawn in `svg` (nodes carry `data-ref="node:<id>"`); `valueRange`
 * is the whole tree's range of node values (regression), as the wire model gives it.
 */
export function drawNodeBars(svg: SVGSVGElement, model: TreeModel, valueRange: readonly [number, number] | null): void {
  const range = model.task === 'regression' ? valueRange : null;
  for (const g of svg.querySelectorAll('g.node[data-ref^="node:"]')) {
    const node = model.nodes[Number(g.getAttribute('data-ref')?.slice(5))];
    const box = labelBox(g);
    if (!node || !box) continue;
    const line = box.height / box.lines;
    const height = Math.max(4, Math.round(line * 0.45));
    const y = box.y + box.height - line / 2 - height / 2;
    const bar = Array.isArray(node.value) ? classBar(node, node.value, model.classes ?? [], box.x, y, box.width, height) : range && meanBar(node, range, box.x, y, box.width, height, model.importedFrom !== undefined);
    if (bar) g.appendChild(bar);
  }
}
