// Building DOM from code. Text only ever goes in through textContent / attributes, never through
// innerHTML, so a column called `<img src=x onerror=…>` is shown as those characters.

import { formatNumber } from './l10n';

type Child = Node | string | null | undefined | false;

export function el<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Record<string, string | number | boolean | undefined> = {},
  ...children: Child[]
): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  setAttributes(node, attrs);
  append(node, ...children);
  return node;
}

const SVG_NS = 'http://www.w3.org/2000/svg';

export function svgEl(tag: string, attrs: Record<string, string | number> = {}, ...children: Child[]): SVGElement {
  const node = document.createElementNS(SVG_NS, tag) as SVGElement;
  setAttributes(node, attrs);
  append(node, ...children);
  return node;
}

export function setAttributes(node: Element, attrs: Record<string, string | number | boolean | undefined>): void {
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    node.setAttribute(name, value === true ? '' : String(value));
  }
}

export function append(node: Node, ...children: Child[]): void {
  for (const c of children) {
    if (c === null || c === undefined || c === false) continue;
    node.appendChild(typeof c === 'string' ? document.createTextNode(c) : c);
  }
}

/** Replaces all children of `node`. */
export function replaceChildren(node: Element, ...children: Child[]): void {
  node.replaceChildren();
  append(node, ...children);
}

/** A number as a percentage with one decimal, e.g. `42.9%`. */
/** A share as a percentage with one decimal, in the page's language (`12.3%`, `12,3 %` in Finnish). */
export function percent(x: number): string {
  return formatNumber(x, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });
}
