// Lays a tree out as a fresh preorder node list (ids = indices), without recursion: trees grown
// on awkward data can be thousands of levels deep, deeper than the call stack.
import type { ModelNode } from '../model';

/**
 * `children(key)` lists a node's children (as keys of any kind); `make(key)` builds the node,
 * whose `id`, `depth` and `children` are then filled in here.
 */
export function rebuildPreorder<K>(root: K, children: (key: K) => readonly K[], make: (key: K) => ModelNode): ModelNode[] {
  const nodes: ModelNode[] = [];
  const stack: { key: K; parent: ModelNode | null; depth: number }[] = [{ key: root, parent: null, depth: 0 }];
  while (stack.length > 0) {
    const { key, parent, depth } = stack.pop() as { key: K; parent: ModelNode | null; depth: number };
    const node: ModelNode = { ...make(key), id: nodes.length, depth, children: [] };
    nodes.push(node);
    parent?.children.push(node.id);
    const kids = children(key);
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ key: kids[i], parent: node, depth: depth + 1 });
  }
  return nodes;
}
