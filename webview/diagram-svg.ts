// What every drawn tree diagram gets once Mermaid has drawn it (the Tree tab, the comparison's two
// views): its natural size, a focusable button per node tagged with what it refers to, and the
// outline of the selected node.
import type { TreeModel } from '../src/engine/model';
import { parseDiagramId, type DiagramNodeRef } from '../src/shared/render/mermaid';
import { nodeLines } from '../src/shared/render/tree-labels';
import { labelNumber, t } from './l10n';

/** Mermaid ids look like `<diagram>-flowchart-n12-3`; the middle part is ours (see src/shared/render/mermaid.ts). */
function refOf(element: Element): DiagramNodeRef | undefined {
  const m = /-flowchart-([nfl]\d+)-\d+$/.exec(element.id);
  return m ? parseDiagramId(m[1]) : undefined;
}

/** The client boxes of the drawn nodes `ids` (those not drawn left out), in the order asked. */
export function drawnBoxes(svg: SVGSVGElement | null, ids: readonly number[]): DOMRect[] {
  return ids.flatMap((id) => {
    const g = svg?.querySelector(`g.node[data-ref="node:${id}"]`);
    return g ? [g.getBoundingClientRect()] : [];
  });
}

/**
 * Nodes of compact labels that fit side by side in `viewport` at `fontPx`: how many levels a stub
 * opens (webview/tree-browser.ts). Top-down a compact node is about 7 em wide; left to right,
 * nodes stack about 3 em high (a name and its bar).
 */
export function nodesAcross(viewport: HTMLElement, direction: 'TD' | 'LR', fontPx: number): number {
  if (direction === 'LR') return Math.max(2, Math.floor((viewport.clientHeight - 16) / (fontPx * 3)));
  return Math.max(2, Math.floor((viewport.clientWidth - 16) / (fontPx * 7)));
}

/**
 * Sizes the SVG to its view box and makes each node and stub a button carrying `data-ref="node:<id>"`
 * or `"stub:<id>"`. A node's accessible name is its full label (question, samples, impurity,
 * counts) even when the drawing shows the compact one (the feature name, the thresholds on the edges).
 */
export function tagDiagram(svg: SVGSVGElement, model: TreeModel): void {
  const box = svg.viewBox.baseVal;
  if (box && box.width > 0) {
    svg.setAttribute('width', String(box.width));
    svg.setAttribute('height', String(box.height));
    svg.style.maxWidth = 'none';
  }
  for (const g of svg.querySelectorAll('g.node')) {
    const ref = refOf(g);
    if (!ref || ref.kind === 'legend') continue;
    g.setAttribute('tabindex', '0');
    g.setAttribute('role', 'button');
    g.setAttribute('data-ref', `${ref.kind}:${ref.id}`);
    const node = model.nodes[ref.id];
    const text = (g.textContent ?? '').replaceAll('\u200b', '').trim(); // zero-width spaces only let long names wrap
    // A compact drawing's stub shows the count alone ("+6").
    const stub = /\d$/.test(text) ? `${text} nodes` : text;
    g.setAttribute('aria-label', ref.kind === 'stub' ? t`Expand folded subtree: ${stub}` : node ? nodeLines(model, node, labelNumber).join(', ') : text);
  }
}

/**
 * Outlines the node `nodeId` (none: null) without redrawing. Mermaid writes class colours as
 * inline `!important` styles, which no style sheet outranks, so the outline is set on the shape
 * itself and the shape's own style is put back when the selection moves.
 */
export function outlineNode(svg: SVGSVGElement, nodeId: number | null): void {
  for (const g of svg.querySelectorAll('g.node.selected')) {
    g.classList.remove('selected');
    for (const shape of g.querySelectorAll<SVGElement>(':scope > [data-style]')) {
      shape.setAttribute('style', shape.getAttribute('data-style') ?? '');
      shape.removeAttribute('data-style');
    }
  }
  if (nodeId === null) return;
  const g = svg.querySelector(`g.node[data-ref="node:${nodeId}"]`);
  if (!g) return;
  g.classList.add('selected');
  for (const shape of g.querySelectorAll<SVGElement>(':scope > rect, :scope > path, :scope > polygon')) {
    shape.setAttribute('data-style', shape.getAttribute('style') ?? '');
    shape.style.setProperty('stroke', 'var(--vscode-focusBorder, #007fd4)', 'important');
    shape.style.setProperty('stroke-width', '4px', 'important');
  }
}

/** Where the root is in the drawing (px from its left and top edges): a tree too big for its view is shown from there. */
export function rootAt(svg: SVGSVGElement, rootId = 0): { x: number; y: number } | undefined {
  const root = /translate\(\s*([-\d.e]+)[\s,]+([-\d.e]+)/.exec(svg.querySelector(`g.node[data-ref="node:${rootId}"]`)?.getAttribute('transform') ?? '');
  const box = svg.viewBox.baseVal;
  return root ? { x: Number(root[1]) - (box?.x ?? 0), y: Number(root[2]) - (box?.y ?? 0) } : undefined;
}

/** Where the root is across the drawing (px from its left edge). */
export function rootX(svg: SVGSVGElement): number | undefined {
  return rootAt(svg)?.x;
}
