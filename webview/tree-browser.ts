// How a page browses its tree, shared by the tree panel, the forest view's Trees tab and the
// Compare tab's two panes (webview/diagram-pane.ts): which
// nodes the user opened or folded (kept in the page's own state, so a reloaded page folds alike),
// a stub opened after fetching its subtree from the host when it was not sent, as many levels as
// fit and brought into view, a node revealed by opening the folded nodes above it, "Show all" and
// "Fold to default". The page draws (it knows its path and selection) and saves.
import type { DecodedTree } from '../src/engine/model-columns';
import { foldTree, levelsToOpen } from '../src/shared/render/fold';
import { pathTo } from '../src/shared/render/tree-labels';

/** The user's folding choices, as the page's state keeps them. */
export interface Folding {
  expanded: number[];
  collapsed: number[];
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
}

export interface TreeBrowserPage {
  /** The tree shown (a big one as far as sent), or null. */
  tree(): DecodedTree | null;
  /** The page's folding choices, written in place. */
  folding(): Folding;
  /** Asks the host for the subtree under `nodeId` and adds it to the tree; resolves once it is in. */
  fetchSubtree(nodeId: number): Promise<void>;
  /** Draws the tree again: `fit`, a fresh view; else the view kept. Saves the page's state. */
  draw(fit: boolean): Promise<void>;
}

export class TreeBrowser {
  constructor(
    private readonly view: BrowsedView,
    private readonly page: TreeBrowserPage,
  ) {}

  /** Back to the default fold (a new tree, or "Fold to default"); drawn afresh when `draw`. */
  resetFolding(draw = true): void {
    const f = this.page.folding();
    f.expanded.length = 0;
    f.collapsed.length = 0;
    if (draw) void this.page.draw(true);
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
    const f = this.page.folding();
    f.expanded.splice(0, f.expanded.length, ...foldTree(tree.model, { maxDepth: Infinity, maxNodes: Infinity }).open);
    f.collapsed.length = 0;
    void this.page.draw(true);
  }

  /** Records `ids` as opened (or folded) by the user, overriding the default fold; drawn unless `draw` is false. */
  setOpen(ids: readonly number[], open: boolean, draw = true): void {
    const f = this.page.folding();
    const keep = (list: number[]) => list.filter((id) => !ids.includes(id));
    const expanded = keep(f.expanded);
    const collapsed = keep(f.collapsed);
    (open ? expanded : collapsed).push(...ids);
    f.expanded.splice(0, f.expanded.length, ...expanded);
    f.collapsed.splice(0, f.collapsed.length, ...collapsed);
    if (draw) void this.page.draw(false);
  }
}
