// How a page browses its tree, shared by the tree panel, the forest view's Trees tab and the
// Compare tab's two panes (webview/diagram-pane.ts): which nodes the user opened or folded, the
// selected node and a row's path (kept in the page's own small state store, BrowseState, so a
// reloaded page shows alike), a stub opened after fetching its subtree from the host when it was
// not sent, as many levels as fit and brought into view, a node revealed by opening the folded
// nodes above it, "Show all", "Fold to default", and the arrow keys' moves between drawn nodes.
// The page draws (from `drawn()`) and saves; what a selection shows (details, the other tree's
// node) is the page's own.
import type { DecodedTree } from '../src/engine/model-columns';
import type { TreeModel } from '../src/engine/model';
import { foldTree, levelsToOpen } from '../src/shared/render/fold';
import { pathTo } from '../src/shared/render/tree-labels';

/** How the user browses one tree: the page's state store holds it (webview/state.ts for the tree panel). */
export interface BrowseState {
  /** Nodes the user opened, and folded, overriding the default fold. */
  expanded: number[];
  collapsed: number[];
  /** The node outlined (its details shown, on a page that has them), or null. */
  selected: number | null;
  /** A row's path from the root to its leaf, highlighted; empty for none. */
  path: number[];
}

export function newBrowseState(): BrowseState {
  return { expanded: [], collapsed: [], selected: null, path: [] };
}

/** What a view draws of a browsed tree: the folding, the path's nodes opened (src/shared/render/mermaid.ts), the selection. */
export interface BrowsedDrawing {
  expanded: readonly number[];
  collapsed: readonly number[];
  path: readonly number[];
  selected: number | null;
}

/** Which way a drawn tree grows (src/shared/render/mermaid.ts `direction`). */
export type Direction = 'TD' | 'LR';

/**
 * From node `id`, the drawn node an arrow key leads to: Up its parent, Down its first drawn
 * child, Left and Right its drawn siblings (undefined: none that way); in a left-to-right drawing
 * Left and Right go to the parent and child, Up and Down to the siblings.
 */
export function neighbour(model: TreeModel, isDrawn: (id: number) => boolean, id: number, pressed: string, direction: Direction): number | undefined {
  const turned: Record<string, string> = { ArrowLeft: 'ArrowUp', ArrowRight: 'ArrowDown', ArrowUp: 'ArrowLeft', ArrowDown: 'ArrowRight' };
  const key = direction === 'LR' ? (turned[pressed] ?? pressed) : pressed;
  const parent = model.nodes.find((n) => n?.children.includes(id));
  if (key === 'ArrowUp') return parent?.id;
  if (key === 'ArrowDown') return model.nodes[id]?.children.find(isDrawn);
  if (!parent) return undefined;
  const siblings = parent.children.filter(isDrawn);
  const at = siblings.indexOf(id);
  return siblings[key === 'ArrowLeft' ? at - 1 : at + 1];
}

/** The tree node or "+N nodes" stub a click or key landed on (tagged by webview/diagram-svg.ts), or null. */
export function nodeRefAt(target: EventTarget | null): { kind: 'node' | 'stub'; id: number } | null {
  const g = (target as Element | null)?.closest?.('g.node[data-ref]');
  const [kind, id] = (g?.getAttribute('data-ref') ?? '').split(':');
  return kind === 'node' || kind === 'stub' ? { kind, id: Number(id) } : null;
}

/** What the controller needs of the view a tree is drawn in (webview/tree-view.ts, webview/diagram-pane.ts). */
export interface BrowsedView {
  /** Nodes folded in the drawing shown last. */
  readonly folded: ReadonlySet<number>;
  /** How many compact nodes fit side by side: the levels a stub opens. */
  nodesAcross(): number;
  /** Brings the drawn nodes `ids` (a subtree just opened) into view. */
  revealNodes(ids: readonly number[]): void;
  /** Focuses a drawn node and pans it into view. */
  focusNode(nodeId: number): void;
  /** Outlines the selected node (null: none) without drawing again. */
  select(nodeId: number | null): void;
  /** True when the node is drawn (not folded away nor outside a focused subtree). */
  isDrawn(nodeId: number): boolean;
  /** Which way the drawing shown grows. */
  readonly direction: Direction;
}

export interface TreeBrowserPage {
  /** The tree shown (a big one as far as sent), or null. */
  tree(): DecodedTree | null;
  /** The page's browsing state, written in place. */
  state(): BrowseState;
  /** Asks the host for the subtree under `nodeId` and adds it to the tree; resolves once it is in. */
  fetchSubtree(nodeId: number): Promise<void>;
  /** Draws the tree again: `fit`, a fresh view; else the view kept. Saves the page's state. */
  draw(fit: boolean): Promise<void>;
  /** Shows what the page shows of a selected node (its details), or of none; saves. */
  selected?(nodeId: number | null): void;
}

export class TreeBrowser {
  constructor(
    private readonly view: BrowsedView,
    private readonly page: TreeBrowserPage,
  ) {}

  /** Back to the default fold ("Fold to default"); drawn afresh when `draw`. */
  resetFolding(draw = true): void {
    const f = this.page.state();
    f.expanded.length = 0;
    f.collapsed.length = 0;
    if (draw) void this.page.draw(true);
  }

  /** Another tree: the default fold, nothing selected, no path (not drawn). */
  reset(): void {
    this.resetFolding(false);
    const s = this.page.state();
    s.selected = null;
    s.path = [];
  }

  /** What the view draws from the state. */
  drawn(): BrowsedDrawing {
    const { expanded, collapsed, path, selected } = this.page.state();
    return { expanded, collapsed, path, selected };
  }

  /** The node selected (null: none): outlined in the view, then the page shows what it shows of it. */
  select(nodeId: number | null): void {
    this.page.state().selected = nodeId;
    this.view.select(nodeId);
    this.page.selected?.(nodeId);
  }

  get selected(): number | null {
    return this.page.state().selected;
  }

  /** Records a row's path (the page draws it, with its nodes opened); [] clears it. */
  setPath(path: readonly number[]): void {
    this.page.state().path = [...path];
  }

  /**
   * Shows a row's path (or a rule's leaf's): its leaf selected, the tree drawn afresh, then the
   * leaf brought into view (after the page showed its details, which may cover part of the view)
   * and focused. Resolves once done.
   */
  showPath(path: readonly number[]): Promise<void> {
    this.setPath(path);
    const leaf = path[path.length - 1] ?? null;
    this.page.state().selected = leaf;
    return this.page.draw(true).then(() => {
      if (leaf === null || this.page.state().selected !== leaf) return; // another node chosen meanwhile
      this.select(leaf);
      this.view.focusNode(leaf);
    });
  }

  /** "Clear path": no path, the view kept. */
  clearPath(): void {
    this.setPath([]);
    void this.page.draw(false);
  }

  /**
   * An arrow key pressed on drawn node `nodeId`: the focus moves to its parent, child or sibling
   * (`neighbour`). True when the key was an arrow (the viewport must not pan then).
   */
  moveFocus(nodeId: number, key: string): boolean {
    const model = this.page.tree()?.model;
    if (!key.startsWith('Arrow') || !model) return false;
    const next = neighbour(model, (id) => this.view.isDrawn(id), nodeId, key, this.view.direction);
    if (next !== undefined) this.view.focusNode(next);
    return true;
  }

  /** True when the node's children are drawn. */
  isOpen(nodeId: number): boolean {
    const node = this.page.tree()?.model.nodes[nodeId];
    return !!node && node.children.length > 0 && !this.view.folded.has(nodeId);
  }

  /** The details' Fold/Expand subtree. */
  toggle(nodeId: number): void {
    if (this.isOpen(nodeId)) this.setOpen([nodeId], false);
    else this.open(nodeId);
  }

  /**
   * Opens a folded node, first fetching its subtree when the host has not sent it yet, as many
   * levels deep as fit the view, and brings what opened into view.
   */
  open(nodeId: number): void {
    const asked = this.page.tree();
    const node = asked?.model.nodes[nodeId];
    if (!asked || !node) return;
    const go = () => {
      const tree = this.page.tree();
      if (tree !== asked) return; // another tree since
      const ids = levelsToOpen(tree.model, nodeId, this.view.nodesAcross());
      this.setOpen(ids, true, false);
      const opened = [nodeId, ...ids.flatMap((id) => tree.model.nodes[id]?.children ?? [])];
      void this.page.draw(false).then(() => this.view.revealNodes(opened));
    };
    if (node.children.every((c) => asked.model.nodes[c] !== undefined)) go();
    else void this.page.fetchSubtree(nodeId).then(go);
  }

  /** Opens the folded nodes above `nodeId` (picked in the overview, found, a rule's leaf) and focuses it. */
  reveal(nodeId: number): void {
    const tree = this.page.tree();
    if (!tree) return;
    this.setOpen(pathTo(tree.model, nodeId).slice(0, -1), true, false);
    void this.page.draw(false).then(() => this.view.focusNode(nodeId));
  }

  /** "Show all": every node open; never for a tree too big to have been sent whole. */
  showAll(): void {
    const tree = this.page.tree();
    if (!tree || tree.sent < tree.model.nodes.length) return;
    const f = this.page.state();
    f.expanded.splice(0, f.expanded.length, ...foldTree(tree.model, { maxDepth: Infinity, maxNodes: Infinity }).open);
    f.collapsed.length = 0;
    void this.page.draw(true);
  }

  /** Records `ids` as opened (or folded) by the user, overriding the default fold; drawn unless `draw` is false. */
  setOpen(ids: readonly number[], open: boolean, draw = true): void {
    const f = this.page.state();
    const keep = (list: number[]) => list.filter((id) => !ids.includes(id));
    const expanded = keep(f.expanded);
    const collapsed = keep(f.collapsed);
    (open ? expanded : collapsed).push(...ids);
    f.expanded.splice(0, f.expanded.length, ...expanded);
    f.collapsed.splice(0, f.collapsed.length, ...collapsed);
    if (draw) void this.page.draw(false);
  }
}
