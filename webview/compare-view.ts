// The Compare tab (README "Compare"): Pin keeps the tree shown; after a retrain with other settings
// the pinned tree and the current one are drawn side by side (stacked on a narrow panel), zoomed
// and panned together, their figures in one table, the nodes that differ outlined (the host's
// diff, src/shared/tree-diff.ts). A click on a node selects the node at its place in the other
// tree too; a row's path is shown in both. Each pane is browsed with the Tree tab's controller
// (webview/tree-browser.ts: folding, stubs, selection, the row's path, arrow keys), each on a
// BrowseState of its own.
import type { Comparison, RowPath, WireReport } from '../src/shared/protocol';
import { addNodes, decodeModel, type DecodedTree } from '../src/engine/model-columns';
import { diffCounts, type DiffMark } from '../src/shared/tree-diff';
import { DIFF_COLOUR } from '../src/shared/render/palette';
import { nodeLines } from '../src/shared/render/tree-labels';
import { compareMetricsTable } from './compare-metrics';
import { DiagramPane } from './diagram-pane';
import { el, replaceChildren } from './dom';
import type { View } from './pan-zoom';
import { button, numberField } from './toolkit';
import { newBrowseState, TreeBrowser, type BrowseState } from './tree-browser';
import { labelNumber, t } from './l10n';

export interface CompareEvents {
  pin(pin: boolean): void;
  showRow(row: number): void;
  failed(message: string): void;
}

interface Side {
  pane: DiagramPane;
  browser: TreeBrowser;
  tree: DecodedTree | null;
  marks: DiffMark[];
  /** The node at the same place in the other tree, by node id (-1: none). */
  twin: number[];
  /** This pane's folding, selection and row path. */
  state: BrowseState;
}

export class CompareView {
  readonly element: HTMLElement;
  private readonly body = el('div', { class: 'compare-body' });
  private readonly summary = el('p', { class: 'compare-summary', 'aria-live': 'polite' });
  private readonly selection = el('p', { class: 'compare-selection', 'aria-live': 'polite' });
  private readonly pathInfo = el('p', { class: 'path-info', 'aria-live': 'polite' });
  private readonly rowField = numberField(t('Row'), 1, { min: 1 }, () => undefined);
  private readonly sides: [Side, Side];
  private comparison: Comparison | null = null;
  private syncing = false;
  /** Drawn while the tab was hidden: Mermaid cannot measure labels then, so it waits to be seen. */
  private stale = true;
  private visible = false;

  constructor(private readonly events: CompareEvents) {
    const side = (label: string, k: 0 | 1): Side => {
      const pane = new DiagramPane(el('h3', { class: 'compare-title' }, label), label, {
        view: (view) => this.follow(k, view),
        activate: (ref) => (ref.kind === 'stub' ? this.sides[k].browser.open(ref.id) : this.select(k, ref.id)),
        move: (id, key) => this.sides[k].browser.moveFocus(id, key),
      });
      const browser = new TreeBrowser(pane, {
        tree: () => this.sides[k].tree,
        state: () => this.sides[k].state,
        // The comparison holds the nodes the host sent with it: a subtree beyond them opens in the Tree tab.
        fetchSubtree: () => {
          this.events.failed(t('This subtree is too big to open in the comparison; open it in the Tree tab.'));
          return new Promise<never>(() => undefined);
        },
        draw: (fit) => this.redraw(fit),
      });
      return { pane, browser, tree: null, marks: [], twin: [], state: newBrowseState() };
    };
    this.sides = [side(t('Pinned'), 0), side(t('Current'), 1)];
    this.element = el('section', { class: 'compare-tab' }, this.body);
    this.renderEmpty();
  }

  private renderEmpty(): void {
    replaceChildren(
      this.body,
      el(
        'p',
        { class: 'muted' },
        t('Pin the tree shown, then change the settings and train again (or edit the tree): the pinned tree and the new one are drawn side by side, with their figures in one table and the nodes that differ outlined.'),
      ),
      button(t('Pin this tree'), () => this.events.pin(true), { primary: true, title: t('Keep this tree to compare the next ones of this file with') }),
    );
  }

  /** The tree shown changed, or the comparison did (null: nothing pinned). */
  update(current: WireReport | null, comparison: Comparison | null): void {
    this.comparison = comparison;
    const [a, b] = this.sides;
    for (const s of this.sides) s.browser.reset();
    if (!comparison || !current) {
      a.tree = b.tree = null;
      a.pane.clear();
      b.pane.clear();
      this.renderEmpty();
      return;
    }
    a.tree = decodeModel(comparison.pinned.report.model);
    b.tree = decodeModel(current.model);
    [a.marks, b.marks, a.twin, b.twin] = [comparison.diff.a, comparison.diff.b, comparison.diff.aToB, comparison.diff.bToA];
    this.renderLayout(comparison.pinned.report, current);
    void this.redraw(true);
  }

  private renderLayout(pinned: WireReport, current: WireReport): void {
    const counts = diffCounts(this.comparison!.diff);
    const same = counts.changed + counts.onlyA + counts.onlyB === 0;
    replaceChildren(
      this.summary,
      same
        ? t('The two trees are the same, node for node.')
        : t('{0} differ · {1} only in the pinned tree · {2} only in the current one', counts.changed === 1 ? t('1 node') : t('{0} nodes', counts.changed), counts.onlyA, counts.onlyB),
    );
    const key = (colour: string, dash: string, text: string) =>
      el('span', { class: 'legend-entry' }, el('span', { class: 'diff-key', style: `border-color:${colour};border-style:${dash}` }), text);
    replaceChildren(
      this.body,
      el(
        'div',
        { class: 'toolbar', role: 'toolbar', 'aria-label': t('Comparison') },
        button(t('Unpin'), () => this.events.pin(false), { title: t('Stop comparing') }),
        button(t('Pin current'), () => this.events.pin(true), { title: t('Pin the current tree instead') }),
        button(t('Fit'), () => this.fitBoth(), { title: t('Fit both trees to their views, at one zoom') }),
        el('span', { class: 'separator' }),
        this.rowField.element,
        button(t('Show path in both'), () => this.askRow(), { title: t('Highlight the path of this data row in both trees (1 = first row after the header)') }),
      ),
      this.summary,
      el('div', { class: 'legend diff-legend' }, key(DIFF_COLOUR.changed, 'dashed', t('another question (or prediction) here')), key(DIFF_COLOUR.only, 'dotted', t('only in this tree'))),
      this.pathInfo,
      this.selection,
      el('div', { class: 'compare-panes' }, this.sides[0].pane.element, this.sides[1].pane.element),
      compareMetricsTable(pinned, current),
    );
    replaceChildren(this.pathInfo);
    replaceChildren(this.selection);
  }

  private askRow(): void {
    const row = this.rowField.get();
    if (Number.isInteger(row) && row >= 1) this.events.showRow(row - 1);
    else this.events.failed(t('Row must be a whole number ≥ 1.'));
  }

  /** A row's path (from the host, with its path through the pinned tree) highlighted in both views. */
  showPath(path: RowPath): void {
    const [a, b] = this.sides;
    if (!path.pinned || !a.tree || !b.tree) return;
    // A big tree's view holds only some nodes: the ones on the paths join it.
    addNodes(b.tree, path.nodes);
    addNodes(a.tree, path.pinned.nodes);
    b.browser.setPath(path.path);
    a.browser.setPath(path.pinned.path);
    replaceChildren(
      this.pathInfo,
      t`Row ${path.row + 1}: pinned tree predicts ${String(path.pinned.prediction)}, current tree ${String(path.prediction)}, actual ${path.actual === null ? 'missing' : String(path.actual)}`,
    );
    void this.redraw(false);
  }

  /** The Compare tab was shown: draw what changed while it was hidden. */
  setVisible(visible: boolean): void {
    this.visible = visible;
    if (visible && this.stale) requestAnimationFrame(() => void this.redraw(true));
  }

  /** Draws both panes; resolves once both are drawn (TreeBrowser then brings an opened subtree into view). */
  private redraw(fit: boolean): Promise<void> {
    const [a, b] = this.sides;
    if (!a.tree || !b.tree) return Promise.resolve();
    this.stale = !this.visible;
    if (this.stale) return Promise.resolve();
    const draw = (s: Side) => s.pane.render({ tree: s.tree!, marks: s.marks, ...s.browser.drawn() });
    // One after the other: Mermaid measures labels in the page, two drawings at once disturb each other.
    return draw(a)
      .then(() => draw(b))
      .then(
        () => (fit ? this.fitBoth() : undefined),
        (err: unknown) => this.events.failed(t`The comparison could not be drawn: ${err instanceof Error ? err.message : String(err)}`),
      );
  }

  /** Both views at one zoom, the one that fits the larger drawing (sizes compare at a glance), each from its root. */
  private fitBoth(): void {
    const [a, b] = this.sides.map((s) => s.pane);
    const larger = a.size.width * a.size.height >= b.size.width * b.size.height ? a : b;
    const scale = larger.fitScale(larger.size);
    this.syncing = true;
    const [va, vb] = [a.fitAt(scale), b.fitAt(scale)];
    this.syncing = false;
    // Kept in drawing units, so that the views stay in step at any zoom.
    this.offset = { x: (vb.x - va.x) / scale, y: (vb.y - va.y) / scale };
  }

  /** Where the current view stands from the pinned one (drawing units), as the last fit put them. */
  private offset = { x: 0, y: 0 };

  /** One view was zoomed or panned: the other follows, keeping its offset. */
  private follow(k: 0 | 1, view: View): void {
    if (this.syncing) return;
    this.syncing = true;
    const sign = k === 0 ? 1 : -1;
    this.sides[1 - k].pane.setView({ scale: view.scale, x: view.x + sign * this.offset.x * view.scale, y: view.y + sign * this.offset.y * view.scale });
    this.syncing = false;
  }

  /** Outlines a node and the node at its place in the other tree, and says what each holds. */
  private select(k: 0 | 1, nodeId: number): void {
    const s = this.sides[k];
    const o = this.sides[1 - k];
    const twin = s.twin[nodeId] ?? -1;
    s.browser.select(nodeId);
    o.browser.select(twin >= 0 ? twin : null);
    const describe = (side: Side, id: number) => {
      const node = side.tree?.model.nodes[id];
      return node && side.tree ? nodeLines(side.tree.model, node, labelNumber)[0] : t('no node here');
    };
    const [pinnedId, currentId] = k === 0 ? [nodeId, twin] : [twin, nodeId];
    replaceChildren(
      this.selection,
      t`Pinned: ${pinnedId >= 0 ? describe(this.sides[0], pinnedId) : 'no node here'} · Current: ${currentId >= 0 ? describe(this.sides[1], currentId) : 'no node here'}`,
    );
  }
}
