// One of the comparison's two tree views: a Mermaid drawing with zoom and pan, nodes that differ
// from the other tree outlined, a row's path, the selected node outlined. Lighter than the Tree
// tab's view: no toolbar, no details. Its folding, stub opening and reveal are the Tree tab's
// controller's (webview/tree-browser.ts), which it serves as a BrowsedView.
import type { DecodedTree } from '../src/engine/model-columns';
import type { DiffMark } from '../src/shared/tree-diff';
import { treeToMermaid } from '../src/shared/render/mermaid';
import { drawnBoxes, nodesAcross, outlineNode, rootX, tagDiagram } from './diagram-svg';
import { el, replaceChildren } from './dom';
import { drawNodeBars } from './node-bars';
import { isHighContrast, nodeFontSize, renderMermaid } from './mermaid-setup';
import { PanZoom, type View } from './pan-zoom';
import type { BrowsedView } from './tree-browser';
import { LEGIBLE_FONT_PX } from './tree-view';

const MARK_TEXT: Record<DiffMark, string> = { same: '', changed: ' (differs from the other tree)', only: ' (only in this tree)' };

export interface PaneInput {
  tree: DecodedTree;
  marks: readonly DiffMark[];
  path: readonly number[];
  expanded: readonly number[];
  collapsed: readonly number[];
}

export class DiagramPane implements BrowsedView {
  readonly element: HTMLElement;
  private readonly viewport = el('div', { class: 'viewport', tabindex: 0 });
  private readonly stage = el('div', { class: 'stage' });
  private readonly panZoom: PanZoom;
  private svg: SVGSVGElement | null = null;
  private token = 0;
  /** Nodes folded in the drawing shown last. */
  folded: ReadonlySet<number> = new Set();

  constructor(
    title: HTMLElement,
    label: string,
    onView: (view: View) => void,
    private readonly onNode: (ref: { kind: 'node' | 'stub'; id: number }) => void,
  ) {
    this.viewport.setAttribute('aria-label', `${label} tree diagram. Plus and minus zoom, arrows pan.`);
    this.viewport.appendChild(this.stage);
    this.panZoom = new PanZoom(this.viewport, this.stage, onView);
    this.viewport.addEventListener('click', (e) => {
      if (!this.panZoom.dragged) this.activate(e.target);
    });
    this.viewport.addEventListener('keydown', (e) => {
      if ((e.key === 'Enter' || e.key === ' ') && this.activate(e.target)) e.preventDefault();
    });
    this.element = el('section', { class: 'compare-pane', 'aria-label': label }, title, this.viewport);
  }

  private activate(target: EventTarget | null): boolean {
    const g = (target as Element | null)?.closest?.('g.node[data-ref]');
    if (!g) return false;
    const [kind, id] = (g.getAttribute('data-ref') ?? '').split(':');
    if (kind === 'node' || kind === 'stub') this.onNode({ kind, id: Number(id) });
    return true;
  }

  /** Draws the tree at the zoom of the previous drawing (the caller fits both views together). */
  async render(input: PaneInput): Promise<void> {
    const token = ++this.token;
    const { model } = input.tree;
    const diagram = treeToMermaid(model, {
      descendants: input.tree.descendants,
      valueRange: input.tree.valueRange,
      expanded: input.expanded,
      collapsed: input.collapsed,
      path: input.path,
      diff: input.marks,
      highContrast: isHighContrast(),
      bars: true,
    });
    const keep = this.panZoom.current;
    this.stage.style.transform = 'none'; // Mermaid measures labels unzoomed
    const edges = diagram.text.split('\n').filter((l) => l.includes('-->') || l.includes('-.->')).length;
    const svg = await renderMermaid(this.stage, diagram.text, edges, nodeFontSize());
    if (token !== this.token || !svg) return;
    this.svg = svg;
    this.folded = new Set(diagram.folded);
    tagDiagram(svg, model);
    for (const g of svg.querySelectorAll('g.node[data-ref^="node:"]')) {
      const mark = input.marks[Number(g.getAttribute('data-ref')?.slice(5))] ?? 'same';
      g.setAttribute('data-diff', mark);
      g.setAttribute('aria-label', (g.getAttribute('aria-label') ?? '') + MARK_TEXT[mark]);
    }
    drawNodeBars(svg, model, input.tree.valueRange);
    this.panZoom.set(keep);
  }

  /** The drawing's size (0 × 0 before the first). */
  get size(): { width: number; height: number } {
    const box = this.svg?.viewBox.baseVal;
    return { width: box?.width ?? 0, height: box?.height ?? 0 };
  }

  /** The zoom at which a drawing of `size` fits the view, text kept legible (a bigger tree is panned). */
  fitScale(size: { width: number; height: number }): number {
    const w = this.viewport.clientWidth - 16;
    const h = this.viewport.clientHeight - 16;
    return Math.max(Math.min(1, LEGIBLE_FONT_PX / nodeFontSize()), Math.min(1, w / Math.max(1, size.width), h / Math.max(1, size.height)));
  }

  /** Shows the drawing at `scale` from the top, centred (a wider one on its root); the view set. */
  fitAt(scale: number): View {
    const { width } = this.size;
    const w = this.viewport.clientWidth;
    const x = width * scale <= w ? (w - width * scale) / 2 : Math.min(8, Math.max(w - 8 - width * scale, w / 2 - (this.svg ? (rootX(this.svg) ?? width / 2) : 0) * scale));
    this.panZoom.set({ scale, x, y: 8 });
    return this.panZoom.current;
  }

  setView(view: View): void {
    this.panZoom.set(view);
  }

  nodesAcross(): number {
    return nodesAcross(this.viewport, 'TD', LEGIBLE_FONT_PX);
  }

  revealNodes(ids: readonly number[]): void {
    this.panZoom.revealAll(drawnBoxes(this.svg, ids));
  }

  focusNode(nodeId: number): void {
    const g = this.svg?.querySelector<SVGGElement>(`g.node[data-ref="node:${nodeId}"]`);
    if (!g) return;
    this.panZoom.reveal(g.getBoundingClientRect());
    g.focus({ preventScroll: true });
  }

  outline(nodeId: number | null): void {
    if (this.svg) outlineNode(this.svg, nodeId);
  }

  clear(): void {
    this.svg = null;
    replaceChildren(this.stage);
  }
}
