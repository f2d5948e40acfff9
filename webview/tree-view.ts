// The Tree tab: the Mermaid flowchart with zoom/pan/fit, node selection, fold/expand, the path of
// a row, the legend, and the details pane.
import type { DecodedTree } from '../src/engine/model-columns';
import type { ExportMessage } from '../src/shared/protocol';
import { treeToMermaid, type MermaidDiagram } from '../src/shared/render/mermaid';
import { drawnBoxes, nodesAcross, outlineNode, rootAt, tagDiagram } from './diagram-svg';
import { el, replaceChildren } from './dom';
import { DrawCost, roughDuration } from './draw-cost';
import { drawNodeBars } from './node-bars';
import { isHighContrast, nodeFontSize, renderMermaid } from './mermaid-setup';
import { FIT_MARGIN, PanZoom, type View } from './pan-zoom';
import { overlapArea, TreeOverview, type Corner } from './tree-overview';
import { button, limitField, numberField, searchField } from './toolkit';
import { findNodes } from '../src/shared/render/find-nodes';
import { pathTo, ruleTo } from '../src/shared/render/tree-labels';
import { nodeRefAt, type BrowsedDrawing, type BrowsedView, type Direction } from './tree-browser';
import { formatNumber, labelNumber, t } from './l10n';

/** "Fit" shrinks node text to no less than this many pixels; a bigger tree is panned instead. */
export const LEGIBLE_FONT_PX = 11;

/** The tree shown (a big one holds only the nodes the host has sent so far) and how it is browsed (webview/tree-browser.ts). */
export interface TreeViewInput extends BrowsedDrawing {
  tree: DecodedTree;
}

export interface TreeViewEvents {
  select(nodeId: number): void;
  /** Open a folded node (stub clicked) or fold/unfold from the toolbar. */
  expand(nodeId: number): void;
  /** An arrow key on a drawn node (the browser moves the focus); true when it was taken. */
  move(nodeId: number, key: string): boolean;
  /** Open the folded nodes above `nodeId` (picked in the overview) and bring it into view. */
  reveal(nodeId: number): void;
  /** Draw every node (after the warning, for a big tree). */
  showAll(): void;
  resetFolding(): void;
  showRow(row: number): void;
  clearPath(): void;
  /** Runs one of the host's export commands for this tree. */
  export(what: ExportMessage['what']): void;
  /** Saves the drawing as shown (webview/drawing-export.ts). */
  exportDrawing(format: 'svg' | 'png'): void;
  /** The details of the selected node were closed (close button or Escape). */
  closeDetails(): void;
  viewChanged(view: View): void;
  failed(message: string): void;
}

/**
 * Full node labels (question, samples, impurity) on more drawn nodes than this never fit a panel
 * legibly, so such a drawing gets compact labels without trying the full ones first.
 */
const FULL_LABELS_UP_TO = 40;

/** Up to this many nodes "Show all" draws at once; above it, it first says what that costs. */
const SHOW_ALL_WITHOUT_WARNING = 300;
/** The status line under the drawing: what is shown of how many. */
function summaryOf(diagram: MermaidDiagram, total: number): string {
  const shown = t('{0} of {1} nodes shown', diagram.shownNodes, total);
  return total > diagram.shownNodes ? `${shown} · ${t('click a "+N nodes" stub to expand it')}` : shown;
}

const showAllTitle = () => t('Draw every node (asks first above {0} nodes)', SHOW_ALL_WITHOUT_WARNING);

export class TreeView implements BrowsedView {
  readonly element: HTMLElement;
  /** Shown only while a node is selected: beside the tree on a wide panel, a bottom sheet over it on a narrow one. */
  readonly details = el('aside', { class: 'details', 'aria-label': t('Node details'), hidden: true });
  /** Where renderDetails writes; the close button stays. */
  readonly detailsBody = el('div', { class: 'details-body', 'aria-live': 'polite' });
  private readonly viewport = el('div', { class: 'viewport', tabindex: 0, 'aria-label': t('Decision tree diagram. Plus and minus zoom, arrows pan; on a node, arrows move to its parent, children and siblings, Enter opens its details and F focuses on its subtree.') });
  private readonly stage = el('div', { class: 'stage' });
  private readonly legend = el('div', { class: 'legend', 'aria-label': t('Legend') });
  private readonly status = el('p', { class: 'tree-status', 'aria-live': 'polite' });
  private readonly findStatus = el('span', { class: 'find-status muted', 'aria-live': 'polite' });
  private readonly pathInfo = el('div', { class: 'path-info', 'aria-live': 'polite' });
  /** The inline question before a big "Show all" (webviews have no modal dialogs). */
  private readonly showAllWarning = el('div', { class: 'show-all-warning', role: 'alert' });
  private readonly drawCost = new DrawCost();
  private totalNodes = 0;
  /** Nodes of the tree shown that the host has sent (all, unless it is too big to draw whole). */
  private sentNodes = 0;
  private readonly panZoom: PanZoom;
  private svg: SVGSVGElement | null = null;
  private renderToken = 0;
  private needsFit = false;
  private rowField = numberField(t('Row'), 1, { min: 1 }, () => undefined);
  private readonly findField = searchField(t('Find node'), t('Find…'), (text) => this.find(text));
  /** The last search and the match shown: Enter again goes to the next match. */
  private found: { query: string; at: number } | null = null;
  private readonly clearPathButton: HTMLElement;
  private readonly exportMenu = el('div', { class: 'export-menu', role: 'menu', 'aria-label': t('Export'), hidden: true });
  private readonly toolbar: HTMLElement;
  /** Sizes the tree again when anything above it changes size. */
  private readonly resize: ResizeObserver;
  /** The drawing and the details beside or over it. */
  private readonly treeBody: HTMLElement;
  /** Node text size (px) of the diagram drawn last, at zoom 1. */
  private fontPx = 13;
  /**
   * Node labels: 'auto' draws full ones when the tree fits the view legibly with them, compact
   * ones otherwise (docs/architecture.md "Fitting the tree to its panel"); the toolbar's toggle
   * picks one for this panel.
   */
  private labels: 'auto' | 'full' | 'compact' = 'auto';
  private readonly labelsButton: HTMLElement;
  /** Disabled, with the reason, on a tree too big to be sent whole: the panel never offers what it then refuses. */
  private readonly showAllButton: HTMLElement;
  /** The whole tree's shape with the view marked, over the drawing's corner when it is not seen whole. */
  private readonly overview: TreeOverview;
  private inViewFrame = 0;
  /** The node the drawing starts from: 0, or the root of a subtree the user focused on (breadcrumb back above the drawing). */
  private focusRoot = 0;
  /** The focus the drawing shown was drawn from. */
  private drawnRoot = 0;
  /** The trail from the tree's root to the focused node, each step a button back to it. */
  private readonly breadcrumb = el('nav', { class: 'breadcrumb', 'aria-label': t('Focused subtree'), hidden: true });
  /** The depth window: how many levels below the focused node are drawn (null: as many as fit). */
  private levels: number | null = null;
  private readonly levelsField = limitField(t('Levels'), null, { min: 1, max: 64 }, (n) => this.setLevels(n));
  /** Nodes deeper than this are folded to fit the view (chosen with each fresh view); undefined: the default fold. */
  private depthCap: number | undefined = undefined;
  /** The direction of the drawing shown; null before the first. */
  private drawnDirection: Direction | null = null;
  /** What was drawn last, for a redraw with other labels. */
  private lastInput: TreeViewInput | null = null;

  constructor(private readonly events: TreeViewEvents) {
    this.viewport.appendChild(this.stage);
    this.panZoom = new PanZoom(this.viewport, this.stage, (v) => {
      events.viewChanged(v);
      this.scheduleInView();
    });
    this.overview = new TreeOverview((id, cell) => {
      if (!this.underFocus(id)) this.focusRoot = 0; // a node outside the focused subtree: back to the whole tree
      if (cell.unsent) events.expand(id);
      else if (this.svg?.querySelector(`g.node[data-ref="node:${id}"]`)) this.centreNode(id);
      else events.reveal(id);
    });
    this.viewport.appendChild(this.overview.element);
    this.showAllButton = button(t('Show all'), () => this.offerShowAll(), { title: showAllTitle() });
    this.labelsButton = button(t('Full labels'), () => this.toggleLabels(), { title: t('Show each node\'s samples and impurity in the drawing (a bigger drawing), or only its question or answer') });
    this.labelsButton.setAttribute('aria-pressed', 'false');
    this.clearPathButton = button(t('Clear path'), () => events.clearPath(), { title: t('Stop highlighting this row\'s path') });
    this.clearPathButton.classList.add('inline-action');
    const menuItem = (label: string, title: string, run: () => void) => {
      const item = button(label, () => {
        this.toggleExportMenu(false);
        run();
      }, { title });
      item.setAttribute('role', 'menuitem');
      return item;
    };
    replaceChildren(
      this.exportMenu,
      menuItem(t('Export as SVG'), t('Save the drawing as shown, as an SVG image'), () => events.exportDrawing('svg')),
      menuItem(t('Export as PNG'), t('Save the drawing as shown, as a PNG image'), () => events.exportDrawing('png')),
      menuItem(t('Export Mermaid'), t('Save the whole tree as Mermaid Markdown'), () => events.export('mermaid')),
      menuItem(t('Export model'), t("Save the model as JSON (for the CLI's predict)"), () => events.export('model')),
    );
    const exportButton = button(t('Export ▾'), () => this.toggleExportMenu(), { title: t('Save the drawing (SVG, PNG), the tree (Mermaid) or the model (JSON)') });
    exportButton.setAttribute('aria-haspopup', 'menu');
    this.exportMenu.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      this.toggleExportMenu(false);
      exportButton.focus();
    });
    this.toolbar = el(
      'div',
      { class: 'toolbar', role: 'toolbar', 'aria-label': t('Tree') },
      button('−', () => this.panZoom.zoomBy(0.8), { title: t('Zoom out') }),
      button('+', () => this.panZoom.zoomBy(1.25), { title: t('Zoom in') }),
      button(t('Fit'), () => this.fit(), { title: t`Fit the tree to the view (text stays at least ${LEGIBLE_FONT_PX} px; a bigger tree is panned)` }),
      this.showAllButton,
      button(t('Fold to default'), () => events.resetFolding(), { title: t('Fold deep subtrees again') }),
      this.labelsButton,
      this.levelsField.element,
      el('span', { class: 'separator' }),
      this.rowField.element,
      button(t('Show path'), () => this.askRow(), { title: t('Highlight the path of this data row (1 = first row after the header)') }),
      el('span', { class: 'separator' }),
      el('span', { class: 'export' }, exportButton, this.exportMenu),
      el('span', { class: 'separator' }),
      this.findField.element,
      this.findStatus,
    );
    const close = button('×', () => events.closeDetails(), { title: t('Close the node details (Escape)') });
    close.setAttribute('aria-label', t('Close node details'));
    close.classList.add('details-close');
    this.details.append(close, this.detailsBody);
    this.details.addEventListener('keydown', (e) => {
      if (e.key === 'Escape') events.closeDetails();
    });
    this.treeBody = el('div', { class: 'tree-body' }, el('div', { class: 'diagram' }, this.viewport, el('div', { class: 'diagram-foot' }, this.legend, this.status)), this.details);
    this.viewport.addEventListener('click', (e) => this.onClick(e));
    this.viewport.addEventListener('keydown', (e) => this.onKey(e));
    this.element = el(
      'section',
      { class: 'tree-tab' },
      this.toolbar,
      this.showAllWarning,
      this.pathInfo,
      this.breadcrumb,
      this.treeBody,
    );
    // The tree takes the height the panel has left: sized again whenever the panel or anything above it changes size.
    const resize = new ResizeObserver(() => this.layout());
    this.resize = resize;
    resize.observe(document.documentElement);
    resize.observe(this.toolbar);
    resize.observe(this.pathInfo);
    resize.observe(this.showAllWarning);
    resize.observe(this.breadcrumb);
    new ResizeObserver(() => this.keepFitted()).observe(this.viewport);
    // The depth window is one more field of the toolbar: on a line of its own under the drawing it
    // cost a narrow panel's tree a line of height.
    this.levelsField.element.classList.add('levels');
    this.levelsField.element.setAttribute('title', t('Depth window: the levels drawn below the top node (empty: as many as fit the view legibly)'));
    this.levelsField.element.querySelector('vscode-text-field')?.setAttribute('placeholder', t('Levels'));
    window.addEventListener('resize', () => this.layout());
  }

  /** Gives the viewport the panel's height below it (less the legend line); at least 240 px. */
  layout(): void {
    const top = this.viewport.getBoundingClientRect().top + window.scrollY;
    if (this.viewport.clientWidth === 0) return; // a hidden tab
    const foot = (this.viewport.nextElementSibling as HTMLElement | null)?.offsetHeight ?? 0;
    let height = Math.max(240, Math.floor(window.innerHeight - top - foot - 12));
    if (this.viewport.style.height !== `${height}px`) this.viewport.style.height = `${height}px`;
    // Margins and paddings below the tree (the tab's own) would still scroll the page: taken off too.
    const over = document.documentElement.scrollHeight - window.innerHeight;
    if (over > 0 && height - over >= 240) {
      height -= over;
      this.viewport.style.height = `${height}px`;
    }
    // The details are no taller than the tree beside or under them: they scroll on their own, the page never does.
    this.treeBody.style.setProperty('--tree-height', `${height + foot}px`);
  }

  /** Full labels on or off for this panel; the tree is drawn again and fitted. */
  private toggleLabels(): void {
    this.labels = this.labelsButton.getAttribute('aria-pressed') === 'true' ? 'compact' : 'full';
    if (this.lastInput) void this.render(this.lastInput, null);
  }

  /** The zoom at which `svg` fits the view whole (at most 1). */
  private fitScaleOf(svg: SVGSVGElement): number {
    const box = svg.viewBox.baseVal;
    const w = this.viewport.clientWidth - 2 * FIT_MARGIN;
    const h = this.viewport.clientHeight - 2 * FIT_MARGIN;
    if (!box || w <= 0 || h <= 0) return 1; // no size to judge by (a hidden tab)
    return Math.min(1, w / box.width, h / box.height);
  }

  /** True when `svg` fits the view whole with its text seen at the legible minimum or larger. */
  private fitsLegibly(svg: SVGSVGElement): boolean {
    return this.fitScaleOf(svg) * this.fontPx >= LEGIBLE_FONT_PX - 0.01;
  }

  private toggleExportMenu(open = this.exportMenu.hidden): void {
    this.exportMenu.hidden = !open;
    if (open) (this.exportMenu.firstElementChild as HTMLElement | null)?.focus();
  }

  /** Puts a section between the toolbar and the tree (growing by hand): the tree takes the height it leaves. */
  addAbove(section: HTMLElement): void {
    this.element.insertBefore(section, this.treeBody);
    this.resize.observe(section);
  }

  /** Puts a drawer over the drawing and the details (the calculation drawer): it covers the tree's area and scrolls on its own. */
  addDrawer(drawer: HTMLElement): void {
    this.treeBody.appendChild(drawer);
  }

  /** Shows the details pane (a node is selected) or hides it, so it takes no room. */
  showDetails(open: boolean): void {
    this.details.hidden = !open;
  }

  /** The SVG drawn last (for the export), or null. */
  get drawing(): SVGSVGElement | null {
    return this.svg;
  }

  private askRow(): void {
    const row = this.rowField.get();
    if (Number.isInteger(row) && row >= 1) this.events.showRow(row - 1);
    else this.events.failed(t('Row must be a whole number ≥ 1.'));
  }

  /**
   * "Find node": the next node matching `query` (src/shared/render/find-nodes.ts) brought into view
   * and focused — its folded ancestors opened first — and the count said in the status line.
   */
  private find(query: string): void {
    const model = this.lastInput?.tree.model;
    if (!model) return;
    const matches = findNodes(model, query);
    if (matches.length === 0) {
      this.found = null;
      this.events.failed(t`No node matches “${query.trim()}” (an id, a feature, a condition or a leaf's answer).`);
      return;
    }
    const at = this.found?.query === query ? (this.found.at + 1) % matches.length : 0;
    this.found = { query, at };
    const id = matches[at];
    if (!this.underFocus(id)) this.focusRoot = 0; // a match outside the focused subtree: back to the whole tree
    if (this.svg?.querySelector(`g.node[data-ref="node:${id}"]`)) {
      this.centreNode(id);
      this.focusNode(id);
    } else {
      this.events.reveal(id);
    }
    const held = this.sentNodes < this.totalNodes ? t(' (among the {0} nodes sent so far)', formatNumber(this.sentNodes)) : '';
    this.findField.element.setAttribute('title', t`Node ${id}: match ${at + 1} of ${matches.length}${held}. Enter: the next one.`);
    replaceChildren(this.findStatus, t`Node ${id}: ${at + 1} of ${matches.length} matches${held}`);
  }

  /** "Show all": at once for a small tree; for a big one, first the node count and the expected time. */
  private offerShowAll(): void {
    const total = this.totalNodes;
    if (total <= SHOW_ALL_WITHOUT_WARNING) {
      this.events.showAll();
      return;
    }
    const count = formatNumber(total);
    replaceChildren(
      this.showAllWarning,
      el(
        'p',
        {},
        t`This tree has ${count} nodes. Drawing all of them takes ${roughDuration(this.drawCost.estimateMs(total))} here, and the panel does not respond meanwhile. `,
        t('Clicking a "+N nodes" stub opens one subtree at a time instead.'),
      ),
      el(
        'div',
        { class: 'actions' },
        button(t`Show all ${count} nodes`, () => {
          this.hideShowAllWarning();
          this.events.showAll();
        }, { primary: true }),
        button(t('Cancel'), () => this.hideShowAllWarning()),
      ),
    );
  }

  private hideShowAllWarning(): void {
    replaceChildren(this.showAllWarning);
  }

  /** Puts a data row (0-based) in the Row field: the row a page brought back after a reload shows. */
  setRow(row: number): void {
    this.rowField.set(row + 1);
  }

  /** The row path's line above the drawing, its Clear path button at its end (in the toolbar it cost a narrow panel a line). */
  setPathInfo(text: string | null): void {
    if (text === null) replaceChildren(this.pathInfo);
    else replaceChildren(this.pathInfo, text, ' ', this.clearPathButton);
  }

  /**
   * Shows the whole tree, centred, when it fits with node text no smaller than the legible
   * minimum; a bigger one is shown from its root at that minimum, to be panned (the overview
   * shows where the view is).
   */
  fit(minScale = Math.min(1, LEGIBLE_FONT_PX / this.fontPx)): void {
    if (!this.svg) return;
    this.layout();
    const box = this.svg.viewBox.baseVal;
    // A tree too wide for the view is shown from its root.
    const root = rootAt(this.svg, this.drawnRoot);
    // A tree too big for the view is shown from its root: top centre, or (left to right) left middle.
    this.needsFit = !this.panZoom.fit(box?.width || this.svg.clientWidth, box?.height || this.svg.clientHeight, minScale, root?.x, this.direction === 'LR' ? root?.y : undefined);
    this.fitScale = minScale;
    this.overviewPlaced = false;
    this.fitted = this.needsFit ? null : { view: this.panZoom.current, width: this.viewport.clientWidth, height: this.viewport.clientHeight };
  }

  /** The view the last Fit made and the viewport's size then; null once the view moved from it. */
  private fitted: { view: View; width: number; height: number } | null = null;

  /**
   * A fitted view stays fitted when the viewport changes size (the details opening beside the
   * drawing, the panel resized), unless the user has zoomed or panned since: fitted again, and
   * when what was drawn no longer fits whole and legibly, drawn afresh for the new size (direction
   * and fold chosen again, as on a first view).
   */
  private keepFitted(): void {
    const f = this.fitted;
    if (!f || !this.svg) return;
    const width = this.viewport.clientWidth;
    const height = this.viewport.clientHeight;
    if (width === 0 || (width === f.width && height === f.height)) return;
    const v = this.panZoom.current;
    if (v.scale !== f.view.scale || v.x !== f.view.x || v.y !== f.view.y) {
      this.fitted = null;
      return;
    }
    const wasWhole = f.width - 2 * FIT_MARGIN >= this.svg.viewBox.baseVal.width * f.view.scale - 0.5 && f.height - 2 * FIT_MARGIN >= this.svg.viewBox.baseVal.height * f.view.scale - 0.5;
    this.fit(this.fitScale);
    const input = this.lastInput;
    if (!wasWhole || this.fitsLegibly(this.svg) || !input) return;
    // Drawn again for this size, the selected node kept drawn (the details are its) and the focus kept.
    const focused = this.svg.contains(document.activeElement) ? document.activeElement?.getAttribute('data-ref') : null;
    const selected = input.selected;
    const keep = selected === null ? [] : pathTo(input.tree.model, selected).slice(0, -1);
    void this.render({ ...input, expanded: [...input.expanded, ...keep] }, null).then(() => {
      if (focused) this.svg?.querySelector<SVGGElement>(`g.node[data-ref="${focused}"]`)?.focus({ preventScroll: true });
    });
  }

  /** The minimum scale of the pending fit (a tree drawn while its tab was hidden). */
  private fitScale = 1;

  /** The Tree tab was shown: a diagram drawn while it was hidden gets fitted now. */
  becameVisible(): void {
    this.layout();
    if (this.needsFit) this.fit(this.fitScale);
  }

  /** Nodes folded in the diagram drawn last. */
  folded = new Set<number>();

  /** Draws the tree; `view` restores a zoom, otherwise the tree is fitted. */
  async render(input: TreeViewInput, view: View | null): Promise<void> {
    const token = ++this.renderToken;
    // Another tree: the focus and depth window were the last one's.
    if (input.tree !== this.lastInput?.tree && this.lastInput !== null) this.focusRoot = 0;
    if (!input.tree.model.nodes[this.focusRoot]) this.focusRoot = 0;
    this.lastInput = input;
    const { model } = input.tree;
    if (model.nodes.length !== this.totalNodes) this.hideShowAllWarning(); // a question about another tree
    this.totalNodes = model.nodes.length;
    this.sentNodes = input.tree.sent;
    const whole = this.sentNodes >= this.totalNodes;
    this.showAllButton.toggleAttribute('disabled', !whole);
    this.showAllButton.setAttribute(
      'title',
      whole
        ? showAllTitle()
        : t`Not offered: this tree has ${formatNumber(this.totalNodes)} nodes, and drawing them all would take ${roughDuration(this.drawCost.estimateMs(this.totalNodes))} here. Open a "+N nodes" stub for one subtree at a time, or export the tree (Export Mermaid, Export model).`,
    );
    // A fresh view (or the first drawing of this page) chooses the direction and the fold anew; a
    // redraw that keeps the view (a stub opened, a path shown) keeps them, so the tree does not
    // turn or fold under the user.
    const refocused = this.drawnRoot !== this.focusRoot;
    const choose = view === null || this.drawnDirection === null || refocused;
    const base = model.nodes[this.focusRoot]?.depth ?? 0;
    // The breadcrumb takes its line before the drawing is measured against the view.
    this.renderBreadcrumb(model, this.focusRoot);
    this.layout();
    if (choose) this.depthCap = undefined;
    const diagramOf = (compact: boolean, direction: Direction, depthCap = this.depthCap) =>
      treeToMermaid(model, {
        numbers: labelNumber,
        descendants: input.tree.descendants,
        valueRange: input.tree.valueRange,
        expanded: input.expanded,
        collapsed: input.collapsed,
        path: input.path,
        highContrast: isHighContrast(),
        bars: true,
        compact,
        direction,
        // The depth window, when set, draws that many levels below the top node, the budget aside.
        depthCap: this.levels !== null ? this.levels - 1 : depthCap,
        ...(this.levels !== null ? { maxNodes: Infinity } : {}),
        root: this.focusRoot,
      });
    let direction: Direction = choose ? 'TD' : (this.drawnDirection ?? 'TD');
    const first = diagramOf(this.labels === 'compact', direction);
    // Full labels on more nodes than this never fit a panel legibly: straight to compact ones.
    let compact = this.labels === 'compact' || (this.labels === 'auto' && first.shownNodes > FULL_LABELS_UP_TO);
    let diagram = compact === (this.labels === 'compact') ? first : diagramOf(compact, direction);
    // Mermaid's layout blocks the page for a moment on big diagrams: say so before it starts.
    replaceChildren(this.status, t`Drawing ${diagram.shownNodes} nodes…`);
    await new Promise((resolve) => requestAnimationFrame(resolve));
    if (token !== this.renderToken) return;
    let svg: SVGSVGElement | null;
    // Mermaid measures the labels inside the stage: measured under a zoom, they come out clipped.
    const keep = view ?? this.panZoom.current;
    this.stage.style.transform = 'none';
    const draw = async (d: MermaidDiagram, compact: boolean) => {
      const started = performance.now();
      const edges = d.text.split('\n').filter((l) => l.includes('-->') || l.includes('-.->')).length;
      const drawn = await renderMermaid(this.stage, d.text, edges, this.fontPx, compact);
      this.drawCost.record(d.shownNodes + d.folded.length, performance.now() - started); // the stubs are nodes too
      return drawn;
    };
    // Mermaid's layout is the cost of every try below, so they are made only for drawings small
    // enough to draw a few times without a wait.
    const small = (d: MermaidDiagram) => d.shownNodes + d.folded.length <= SHOW_ALL_WITHOUT_WARNING;
    try {
      this.fontPx = nodeFontSize();
      svg = await draw(diagram, compact);
      // Full labels that do not fit the view legibly: drawn again with compact ones.
      if (svg && !compact && this.labels === 'auto' && token === this.renderToken && !this.fitsLegibly(svg)) {
        compact = true;
        diagram = diagramOf(true, direction);
        svg = await draw(diagram, true);
      }
      // Still not whole at a legible size: the other direction, kept if it shows the tree larger
      // (docs/architecture.md "Fitting the tree to its panel").
      if (svg && choose && token === this.renderToken && !this.fitsLegibly(svg) && small(diagram)) {
        const before = this.fitScaleOf(svg);
        const other: Direction = direction === 'TD' ? 'LR' : 'TD';
        const otherDiagram = diagramOf(compact, other);
        const turned = await draw(otherDiagram, compact);
        if (turned && this.fitScaleOf(turned) > before * 1.02) {
          svg = turned;
          direction = other;
          diagram = otherDiagram;
        } else if (token === this.renderToken) {
          svg = await draw(diagram, compact);
        }
      }
      // Still not whole: fold a level at a time, down to the root's grandchildren, until what is
      // drawn fits whole and legibly; the overview shows the rest. A user's own openings stay.
      if (svg && choose && this.levels === null && token === this.renderToken && !this.fitsLegibly(svg) && small(diagram)) {
        const drawnDepth = Math.max(0, ...this.drawnIds(svg).map((id) => (model.nodes[id]?.depth ?? 0) - base));
        for (let cap = drawnDepth - 1; cap >= 2 && token === this.renderToken; cap--) {
          const folded = diagramOf(compact, direction, cap);
          if (folded.shownNodes === diagram.shownNodes) continue; // the user's openings reach below the cap
          const tried = await draw(folded, compact);
          svg = tried;
          diagram = folded;
          this.depthCap = cap;
          if (!tried || this.fitsLegibly(tried)) break;
        }
      }
      this.labelsButton.setAttribute('aria-pressed', String(!compact));
    } catch (err) {
      if (token === this.renderToken) {
        replaceChildren(this.status, summaryOf(diagram, model.nodes.length));
        this.panZoom.set(keep);
        this.events.failed(t`The diagram could not be drawn: ${err instanceof Error ? err.message : String(err)}`);
      }
      return;
    }
    if (token !== this.renderToken) return; // a newer render replaced this one
    this.folded = new Set(diagram.folded);
    replaceChildren(
      this.legend,
      ...diagram.legend.map((entry) => el('span', { class: 'legend-entry' }, el('span', { class: 'swatch', style: `background:${entry.colour}` }), entry.label)),
    );
    replaceChildren(this.status, summaryOf(diagram, model.nodes.length));
    this.panZoom.set(keep);
    if (!svg) return;
    this.svg = svg;
    this.drawnDirection = direction;
    this.drawnRoot = this.focusRoot;
    this.viewport.dataset.direction = direction;
    tagDiagram(svg, model);
    drawNodeBars(svg, model, input.tree.valueRange);
    this.select(input.selected);
    this.overview.setTree(model, input.tree.descendants, this.drawnIds());
    if (view && !refocused) this.panZoom.set(view);
    else this.fit();
    this.updateInView();
  }

  /** The tree nodes drawn in `svg` (before or after tagDiagram). */
  private drawnIds(svg = this.svg): number[] {
    return [...(svg?.querySelectorAll('g.node') ?? [])].flatMap((g) => {
      const m = /-flowchart-n(\d+)-\d+$/.exec(g.id) ?? /^node:(\d+)$/.exec(g.getAttribute('data-ref') ?? '');
      return m ? [Number(m[1])] : [];
    });
  }

  /** Marks the nodes in view in the overview, once per frame while the view moves. */
  private scheduleInView(): void {
    if (this.inViewFrame) return;
    this.inViewFrame = requestAnimationFrame(() => {
      this.inViewFrame = 0;
      this.updateInView();
    });
  }

  /** The overview shows while some node is folded or out of view; it marks the nodes in view. */
  private updateInView(): void {
    if (!this.svg) return;
    const area = this.viewport.getBoundingClientRect();
    if (area.width === 0) return;
    const inView: number[] = [];
    let whole = true;
    for (const g of this.svg.querySelectorAll('g.node[data-ref^="node:"]')) {
      const b = g.getBoundingClientRect();
      const overlaps = b.right > area.left && b.left < area.right && b.bottom > area.top && b.top < area.bottom;
      if (overlaps) inView.push(Number(g.getAttribute('data-ref')?.slice(5)));
      if (!(b.left >= area.left && b.right <= area.right && b.top >= area.top && b.bottom <= area.bottom)) whole = false;
    }
    const shown = !whole || this.folded.size > 0;
    this.overview.setVisible(shown);
    if (shown && !this.overviewPlaced) this.placeOverview();
    this.overview.setInView(inView);
  }

  /** False after a fit until the overview has been put where it covers no drawn label. */
  private overviewPlaced = false;

  /**
   * Puts the overview in a corner of the fitted view where it covers no drawn node or edge label
   * (its usual corner first); it stays there while the user pans, so it does not jump about.
   */
  private placeOverview(): void {
    if (!this.svg) return;
    this.overviewPlaced = true;
    const labels = [...this.svg.querySelectorAll('g.node, g.edgeLabel')].map((g) => g.getBoundingClientRect()).filter((b) => b.width > 0 && b.height > 0);
    const order: Corner[] = this.direction === 'LR' ? ['bottom-left', 'top-right', 'bottom-right', 'top-left'] : ['top-right', 'top-left', 'bottom-right', 'bottom-left'];
    this.overview.placeAvoiding(order, (box) => labels.reduce((sum, b) => sum + overlapArea(box, b), 0));
  }

  /** Nodes of compact labels that fit side by side at the legible minimum: how many levels a stub opens. */
  nodesAcross(): number {
    return nodesAcross(this.viewport, this.drawnDirection ?? 'TD', LEGIBLE_FONT_PX);
  }

  /** Pans (same zoom) to centre a drawn node. */
  private centreNode(nodeId: number): void {
    const g = this.svg?.querySelector(`g.node[data-ref="node:${nodeId}"]`);
    if (g) this.panZoom.reveal(g.getBoundingClientRect(), this.viewport.getBoundingClientRect(), true);
  }

  /**
   * Brings the nodes `ids` (a subtree just opened) into view at the same zoom: centred when they
   * fit, else from their top (the opened node) centred on it.
   */
  revealNodes(ids: readonly number[]): void {
    this.panZoom.revealAll(drawnBoxes(this.svg, ids));
  }

  /** True when `nodeId` is in the focused subtree (or nothing is focused). */
  private underFocus(nodeId: number): boolean {
    const model = this.lastInput?.tree.model;
    return this.focusRoot === 0 || !model || pathTo(model, nodeId).includes(this.focusRoot);
  }

  /**
   * Focuses the drawing on `nodeId`'s subtree (0: the whole tree), fitted afresh; the breadcrumb
   * above leads back. A subtree the host has not sent yet is fetched and opened first.
   */
  focusOn(nodeId: number): void {
    const input = this.lastInput;
    const node = input?.tree.model.nodes[nodeId];
    if (!input || !node) return;
    this.focusRoot = node.children.length > 0 || nodeId === 0 ? nodeId : this.focusRoot;
    if (node.children.some((c) => input.tree.model.nodes[c] === undefined)) {
      this.events.expand(nodeId); // fetched, opened and drawn by the page; the new focus makes it a fresh view
      return;
    }
    // The node takes the focus where the fit put it (focusNode would pan it above the details sheet).
    void this.render(input, null).then(() => this.svg?.querySelector<SVGGElement>(`g.node[data-ref="node:${nodeId}"]`)?.focus({ preventScroll: true }));
  }

  /** The depth window changed: drawn again, fitted. */
  private setLevels(levels: number | null): void {
    this.levels = levels !== null && Number.isInteger(levels) && levels >= 1 ? levels : null;
    if (this.lastInput) void this.render(this.lastInput, null);
  }

  /** "Whole tree › petal_length_cm > 2.45 › …" above a focused drawing: each step focuses there. */
  private renderBreadcrumb(model: DecodedTree['model'], root: number): void {
    this.breadcrumb.hidden = root === 0;
    if (root === 0) {
      replaceChildren(this.breadcrumb);
      return;
    }
    const path = pathTo(model, root);
    const conditions = ruleTo(model, root, labelNumber);
    const crumbs: (HTMLElement | string)[] = [button(t('Whole tree'), () => this.focusOn(0), { title: t('Draw the whole tree again') })];
    conditions.forEach((condition, i) => {
      crumbs.push(el('span', { class: 'crumb-sep', 'aria-hidden': 'true' }, '›'));
      const id = path[i + 1];
      crumbs.push(i === conditions.length - 1 ? el('span', { class: 'crumb-here', 'aria-current': 'location' }, condition) : button(condition, () => this.focusOn(id), { title: t`Focus on node ${id}'s subtree` }));
    });
    replaceChildren(this.breadcrumb, ...crumbs);
  }

  /** Outlines the selected node without redrawing. */
  select(nodeId: number | null): void {
    if (this.lastInput) this.lastInput = { ...this.lastInput, selected: nodeId }; // a redraw of its own (keepFitted) keeps it
    if (this.svg) outlineNode(this.svg, nodeId);
  }

  /**
   * Focuses a node and pans it into view (a row's leaf may be far off in a wide tree), above the
   * details when they are a sheet over the tree (narrow panels). The browser must not scroll for
   * the focus: the stage moves by transform, not by scrolling.
   */
  focusNode(nodeId: number): void {
    const g = this.svg?.querySelector<SVGGElement>(`g.node[data-ref="node:${nodeId}"]`);
    if (!g) return;
    this.keepFitted(); // the details may have just narrowed the view: fitted to it first
    const { left, top, right, bottom } = this.viewport.getBoundingClientRect();
    const sheet = this.details.hidden ? null : this.details.getBoundingClientRect();
    const covered = sheet !== null && sheet.left <= left + 1 && sheet.top > top && sheet.top < bottom;
    this.panZoom.reveal(g.getBoundingClientRect(), { left, top, right, bottom: covered ? sheet.top : bottom });
    g.focus({ preventScroll: true });
  }

  /** Which way the drawing shown grows (top-down before the first). */
  get direction(): Direction {
    return this.drawnDirection ?? 'TD';
  }

  isDrawn(nodeId: number): boolean {
    return !!this.svg?.querySelector(`g.node[data-ref="node:${nodeId}"]`);
  }

  private activate(target: EventTarget | null): boolean {
    const ref = nodeRefAt(target);
    if (!ref) return false;
    if (ref.kind === 'stub') this.events.expand(ref.id);
    else this.events.select(ref.id);
    return true;
  }

  private onClick(e: MouseEvent): void {
    if (this.panZoom.dragged) return;
    this.activate(e.target);
  }

  private onKey(e: KeyboardEvent): void {
    if ((e.key === 'Enter' || e.key === ' ') && this.activate(e.target)) e.preventDefault();
    const ref = nodeRefAt(e.target);
    // The viewport pans on arrows; on a node they move between nodes.
    if (ref?.kind === 'node' && this.events.move(ref.id, e.key)) e.preventDefault();
    if (e.key === '0' && e.target === this.viewport) this.fit();
    if (ref?.kind === 'node' && e.key === 'f') this.focusOn(ref.id);
    if (e.key === 'Escape' && !this.details.hidden) this.events.closeDetails();
  }
}
