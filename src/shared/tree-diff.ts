// Two trees of the same file side by side (README "Compare"): which nodes stand at the same place in
// both, which ask another question there, and which subtrees only one tree has. Nodes are matched
// by place: root with root, then the k-th child with the k-th child, as far as both trees go.
import type { ModelNode, ModelSplit, TreeModel } from '../engine/model';

/**
 * How a node compares with the node at its place in the other tree: `same` (the same question, or
 * a leaf with the same prediction), `changed` (another question, a leaf against a split, or another
 * prediction) or `only` (no node at its place in the other tree).
 */
export type DiffMark = 'same' | 'changed' | 'only';

export interface TreeDiff {
  /** One mark per node of tree a, by node id. */
  a: DiffMark[];
  b: DiffMark[];
  /** The node of b at the place of each node of a (-1: none), by a's node id. */
  aToB: number[];
  bToA: number[];
}

function sameSplit(x: ModelSplit, y: ModelSplit): boolean {
  if (x.feature !== y.feature) return false;
  if (x.kind === 'numeric') return y.kind === 'numeric' && x.threshold === y.threshold;
  if (y.kind === 'numeric') return false;
  const key = (s: { branches: string[][] }) => JSON.stringify(s.branches.map((b) => [...b].sort()));
  return key(x) === key(y);
}

function sameNode(x: ModelNode, y: ModelNode): boolean {
  if (x.split === null || y.split === null) return x.split === y.split && x.prediction === y.prediction;
  return x.missingGoesTo === y.missingGoesTo && sameSplit(x.split, y.split);
}

/** Marks every node of the subtree under `id` (itself included) `only`. */
function markOnly(model: TreeModel, id: number, marks: DiffMark[]): void {
  const stack = [id];
  for (let n = stack.pop(); n !== undefined; n = stack.pop()) {
    marks[n] = 'only';
    stack.push(...model.nodes[n].children);
  }
}

/** Compares two whole trees (every node present) node by node, by place. */
export function diffTrees(a: TreeModel, b: TreeModel): TreeDiff {
  const diff: TreeDiff = {
    a: new Array<DiffMark>(a.nodes.length).fill('only'),
    b: new Array<DiffMark>(b.nodes.length).fill('only'),
    aToB: new Array<number>(a.nodes.length).fill(-1),
    bToA: new Array<number>(b.nodes.length).fill(-1),
  };
  const pairs: [number, number][] = [[0, 0]];
  for (let pair = pairs.pop(); pair !== undefined; pair = pairs.pop()) {
    const [i, j] = pair;
    const x = a.nodes[i];
    const y = b.nodes[j];
    const mark = sameNode(x, y) ? 'same' : 'changed';
    diff.a[i] = mark;
    diff.b[j] = mark;
    diff.aToB[i] = j;
    diff.bToA[j] = i;
    const common = Math.min(x.children.length, y.children.length);
    for (let k = 0; k < common; k++) pairs.push([x.children[k], y.children[k]]);
    for (const c of x.children.slice(common)) markOnly(a, c, diff.a);
    for (const c of y.children.slice(common)) markOnly(b, c, diff.b);
  }
  return diff;
}

/** Nodes of each tree whose mark is not `same`: what the comparison has to show. */
export function diffCounts(diff: TreeDiff): { changed: number; onlyA: number; onlyB: number } {
  const count = (marks: DiffMark[], m: DiffMark) => marks.reduce((n, x) => n + (x === m ? 1 : 0), 0);
  return { changed: count(diff.a, 'changed'), onlyA: count(diff.a, 'only'), onlyB: count(diff.b, 'only') };
}
