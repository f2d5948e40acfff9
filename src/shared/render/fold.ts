// Which subtrees of a big tree are shown: breadth-first from the root, a node's children are shown
// while they stay within a depth and node budget, so a large tree opens at a readable size.
// The user's own expand/collapse choices override the budget. In the webview a big tree's model
// holds only the nodes sent so far (src/shared/tree-slices.ts): a node opens only when its
// children are there.
import type { TreeModel } from '../../engine/model';

export interface FoldOptions {
  /** Nodes deeper than this below the drawing's root (`root`, depth 0) are folded away, in a tree of more than `maxNodes` nodes. */
  maxDepth: number;
  /** At most this many model nodes are shown, unless the user expands more. */
  maxNodes: number;
  /**
   * Nodes deeper than this are folded whatever the tree's size (unless the user opened them): the
   * panel's fold to fit its view (docs/architecture.md "Fitting the tree to its panel").
   */
  depthCap?: number;
  /** The node the drawing starts from (default the root, 0): a subtree the user focused on; depths count from it. */
  root?: number;
  /** Nodes whose children the user asked to see. */
  expanded?: Iterable<number>;
  /** Nodes whose children the user asked to hide. */
  collapsed?: Iterable<number>;
}

export const DEFAULT_FOLD: FoldOptions = { maxDepth: 4, maxNodes: 60 };

export interface Fold {
  /** Nodes whose children are shown. */
  open: Set<number>;
  /** Nodes with children that are hidden (each gets a "+N nodes" stub). */
  folded: number[];
  /** Model nodes shown. */
  shown: number[];
}

export function foldTree(model: TreeModel, options: FoldOptions): Fold {
  const expanded = new Set(options.expanded ?? []);
  const collapsed = new Set(options.collapsed ?? []);
  const open = new Set<number>();
  const folded: number[] = [];
  const shown: number[] = [];
  const root = options.root !== undefined && model.nodes[options.root] ? options.root : 0;
  if (model.nodes.length === 0 || !model.nodes[root]) return { open, folded, shown };
  const base = model.nodes[root].depth;
  // A tree within the node budget opens whole, however deep (iris' 15 nodes at depth 5 open whole).
  const maxDepth = Math.min(options.depthCap ?? Infinity, model.nodes.length <= options.maxNodes ? Infinity : options.maxDepth);
  const queue = [root];
  for (let head = 0; head < queue.length; head++) {
    const node = model.nodes[queue[head]];
    shown.push(node.id);
    if (node.children.length === 0) continue;
    const loaded = node.children.every((c) => model.nodes[c] !== undefined);
    const wanted = expanded.has(node.id)
      ? true
      : !collapsed.has(node.id) && node.depth - base < maxDepth && queue.length + node.children.length <= options.maxNodes;
    if (wanted && loaded) {
      open.add(node.id);
      queue.push(...node.children);
    } else {
      folded.push(node.id);
    }
  }
  return { open, folded, shown };
}

/**
 * The nodes to open so that `nodeId`'s subtree shows as many levels as fit `across` nodes side by
 * side (at least its own children): level by level, while the next level is loaded and no wider.
 */
export function levelsToOpen(model: TreeModel, nodeId: number, across: number): number[] {
  const open: number[] = [];
  let level = [nodeId];
  while (level.length > 0) {
    const next = level.flatMap((id) => model.nodes[id]?.children ?? []);
    const loaded = next.every((c) => model.nodes[c] !== undefined);
    if (next.length === 0 || !loaded || (open.length > 0 && next.length > across)) break;
    open.push(...level.filter((id) => (model.nodes[id]?.children.length ?? 0) > 0));
    level = next;
  }
  return open;
}
