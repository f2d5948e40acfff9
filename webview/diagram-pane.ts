// One of the comparison's two tree views: a Mermaid drawing with zoom and pan, nodes that differ
// from the other tree outlined, a row's path, the selected node outlined. Lighter than the Tree
// tab's view: no toolbar, no details. Its folding, stub opening, reveal, selection, row path and
// arrow keys are the Tree tab's controller's (webview/tree-browser.ts), which it serves as a
// BrowsedView.
import type { DecodedTree } from '../src/engine/model-columns';
import type { DiffMark } from '../src/shared/tree-diff';
import { treeToMermaid } from '../src/shared/render/mermaid';
import { drawnBoxes, nodesAcross, outlineNode, rootX, tagDiagram } from './diagram-svg';
import { el, replaceChildren } from './dom';
import { drawNodeBars } from './node-bars';
import { isHighContrast, nodeFontSize, renderMermaid } from './mermaid-setup';
import { PanZoom, type View } from './pan-zoom';
import { nodeRefAt, type BrowsedDrawing, type BrowsedView } from './tree-browser';
import { LEGIBLE_FONT_PX } from './tree-view';
import { labelNumber, t } from './l10n';

const markText = (mark: DiffMark): string => ({ same: '', changed: t(' (differs from the other tree)'), only: t(' (only in this tree)') })[mark];

export interface PaneInput extends BrowsedDrawing {
  tree: DecodedTree;
  marks: readonly DiffMark[];
}

export interface PaneEvents {
  /** The view was zoomed or panned. */
  view(view: View): void;
  /** A node or stub was clicked, or Enter or Space pressed on it. */
  activate(ref: { kind: 'node' | 'stub'; id: number }): void;
  /** An arrow key on a drawn node; true when it was taken. */
  move(nodeId: number, key: string): boolean;
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
  /** The comparison draws top-down. */
  readonly direction = 'TD';

  constructor(title: HTMLElement, label: string, events: PaneEvents) {
    this.viewport.setAttribute('aria-label', t`${label} tree diagram. Plus and minus zoom, arrows pan; on a node, arrows move to its parent, children and siblings.`);
    this.viewport.appendChild(this.stage);
    this.panZoom = new PanZoom(this.viewport, this.stage, (view) => events.view(view));
    this.viewport.addEventListener('click', (e) => {
      const ref = this.panZoom.dragged ? null : nodeRefAt(e.target);
      if (ref) events.activate(ref);
    });
    this.viewport.addEventListener('keydown', (e) => {
      const ref = nodeRefAt(e.target);
      if (!ref) return;
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        events.activate(ref);
      } else if (ref.kind === 'node' && events.move(ref.id, e.key)) {
        e.preventDefault(); // the viewport pans on arrows; on a node they move between nodes
      }
    });
    this.element = el('section', { class: 'compare-pane', 'aria-label': label }, title, this.viewport);
  }

  /** Draws the tree at the zoom of the previous drawing (the caller fits both views together). */
  async render(input: PaneInput): Promise<void> {
    const token = ++this.token;
    const { model } = input.tree;
    const diagram = treeToMermaid(model, {
      numbers: labelNumber,
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
      g.setAttribute('aria-label', (g.getAttribute('aria-label') ?? '') + markText(mark));
    }
    drawNodeBars(svg, model, input.tree.valueRange);
    outlineNode(svg, input.selected);
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

  select(nodeId: number | null): void {
    if (this.svg) outlineNode(this.svg, nodeId);
  }

  isDrawn(nodeId: number): boolean {
    return !!this.svg?.querySelector(`g.node[data-ref="node:${nodeId}"]`);
  }

  clear(): void {
    this.svg = null;
    replaceChildren(this.stage);
  }
}
