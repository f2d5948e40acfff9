// The tree as nested `if` blocks in Python or JavaScript: code size linear in the nodes, and a
// prediction takes one test per level, as `predict` does (a flat rule per leaf made a 255k-node
// tree a 33 MB Python file that predicted in milliseconds per row).
//
// Every block ends in a `return`, so a split is written `if first-child-test: <first child>`
// followed by the other child at the same indentation, without `else`: a path nests one level per
// step into a first child only. Subtrees become functions of their own (a function returns the
// next function instead of calling it, and `predict` loops until it gets a prediction, so no
// depth reaches a language's parser or recursion limits):
// - at NEST_LIMIT levels of indentation (Python allows at most 100);
// - where a subtree of at most CHUNK_NODES nodes hangs off a larger one, so that big trees are cut
//   into functions of a few thousand nodes that compile quickly;
// - after MAX_FUNCTION_NODES splits in one function (long chains).
//
// Routing follows compiled-tree.ts exactly: a numeric split sends `x ≤ t` to its first child and
// `x > t` to its second, missing values (NaN: every comparison with it is false) to child
// `missingGoesTo`; a categorical split sends a category to the last branch that lists it, and
// missing values and unlisted categories to child `missingGoesTo`.
import { nodeWeight, type ModelFeature, type ModelNode, type TreeModel } from '../model';
import { formatNumber } from '../number-text';
import { rowCount } from '../rules/text';
import { valueText } from '../feature-text';
import { commentText } from './dialect';

const NEST_LIMIT = 40;
const CHUNK_NODES = 2000;
const MAX_FUNCTION_NODES = 8000;

/** What differs between the languages. `v` is a variable name, `t` a threshold. */
export interface TreeSyntax {
  /** One level of indentation. */
  indent: string;
  /** The line opening function `name`, which receives the list of feature values as `x`. */
  functionHead(name: string): string;
  /** Line binding variable `v` to feature `index` of `x`. */
  bind(v: string, index: number, comment: string): string;
  /** Lines closing a function or an `if` block (none in Python). */
  close: string | null;
  /** `if (test) {` / `if test:` */
  ifOpen(test: string, comment: string): string;
  /** `x ≤ t`, false for missing values (NaN). */
  atMost(v: string, t: number): string;
  /** `x ≤ t` or missing: `not x > t`. */
  atMostOrMissing(v: string, t: number): string;
  /** `v` is one of `names` (never empty). */
  oneOf(v: string, names: readonly string[]): string;
  ret(value: string, comment: string): string;
  literal(value: string | number): string;
  /** Name of the function of the subtree rooted at node `id`. */
  functionName(id: number): string;
}

/**
 * The members of TreeSyntax every language writes alike from its number and string literals
 * (`num`, `str`); `prefix` keeps a forest's trees' functions apart.
 */
export function sharedSyntax(num: (x: number) => string, str: (s: string) => string, prefix: string): Pick<TreeSyntax, 'atMost' | 'literal' | 'functionName'> {
  return {
    atMost: (v, t) => `${v} <= ${num(t)}`,
    literal: (value) => (typeof value === 'number' ? num(value) : str(value)),
    functionName: (id) => `_${prefix}node${id}`,
  };
}

/** The features the tree splits on, in model order; feature i is read into variable `f{i}`. */
export function splitFeatures(model: TreeModel): ModelFeature[] {
  const used = new Set<string>();
  for (const node of model.nodes) if (node.split && node.children.length > 0) used.add(node.split.feature);
  const known = new Set(model.features.map((f) => f.name));
  // A split on a column the feature list lacks (a hand-edited model) is still read, as a number or a string.
  const extra = [...used].filter((n) => !known.has(n)).map((name): ModelFeature => ({ name, type: 'categorical' }));
  return [...model.features.filter((f) => used.has(f.name)), ...extra];
}

/** Number of nodes of each subtree and each node's parent (-1: the root), by node id (ids are preorder: children come after parents). */
function subtreeSizes(nodes: readonly ModelNode[]): { size: Int32Array; parent: Int32Array } {
  const size = new Int32Array(nodes.length).fill(1);
  const parent = new Int32Array(nodes.length).fill(-1);
  for (let id = nodes.length - 1; id >= 0; id--)
    for (const c of nodes[id].children) {
      size[id] += size[c];
      parent[c] = id;
    }
  return { size, parent };
}

const isLeaf = (node: ModelNode): boolean => node.split === null || node.children.length === 0;

/** Categorical branches as disjoint name lists: a name listed twice belongs to its last branch, as in predict. */
function ownBranches(branches: readonly string[][]): string[][] {
  const owner = new Map<string, number>();
  branches.forEach((names, b) => names.forEach((n) => owner.set(n, b)));
  const own: string[][] = branches.map(() => []);
  for (const [name, b] of owner) own[b].push(name);
  return own;
}

/** A comment for a leaf: rows reached and how good the prediction is on them. */
function leafComment(model: TreeModel, node: ModelNode): string {
  if (model.task === 'regression') return `${rowCount(node.samples)}, mse ${formatNumber(node.impurity)}`;
  const counts = node.value as number[];
  const c = (model.classes ?? []).indexOf(String(node.prediction));
  const w = nodeWeight(node);
  const share = w > 0 && c >= 0 ? counts[c] / w : 0;
  return `${rowCount(node.samples)}, accuracy ${(share * 100).toFixed(1)} %`;
}

/** What a numeric threshold means for dates and ordinal categories, for a comment. */
function thresholdComment(feature: ModelFeature | undefined, t: number): string {
  if (t === Infinity) return 'present';
  if (feature?.type !== 'date' && feature?.type !== 'ordinal') return '';
  return `≤ ${commentText(valueText(feature, t))}`;
}

/**
 * The functions of the tree, root first: each one's lines, without the line that opens it.
 * `functionName(0)` is the root's. A leaf returns `leafValue(node)`: its prediction, or what a
 * forest adds up (forest-code.ts).
 */
export function treeFunctions(model: TreeModel, s: TreeSyntax, leafValue = (node: ModelNode): string => s.literal(node.prediction)): { id: number; lines: string[] }[] {
  const nodes = model.nodes;
  const features = splitFeatures(model);
  const index = new Map(features.map((f, i) => [f.name, i]));
  const { size, parent } = subtreeSizes(nodes);
  const functions: { id: number; lines: string[] }[] = [];
  const roots = [0];
  const pad = (level: number): string => s.indent.repeat(level);
  for (let r = 0; r < roots.length; r++) {
    const root = roots[r];
    const body: string[] = [];
    const reads = new Set<number>();
    let splits = 0;
    // Work stack without recursion: a node to write at an indentation level, or a closing line.
    const stack: Array<{ id: number; level: number } | string> = [{ id: root, level: 1 }];
    while (stack.length > 0) {
      const item = stack.pop() as (typeof stack)[number];
      if (typeof item === 'string') {
        body.push(item);
        continue;
      }
      const { id, level } = item;
      const node = nodes[id];
      if (isLeaf(node)) {
        body.push(pad(level) + s.ret(leafValue(node), leafComment(model, node)));
        continue;
      }
      if (id !== root && (level > NEST_LIMIT || (size[id] <= CHUNK_NODES && size[parent[id]] > CHUNK_NODES) || splits >= MAX_FUNCTION_NODES)) {
        body.push(pad(level) + s.ret(s.functionName(id), ''));
        roots.push(id);
        continue;
      }
      splits++;
      const split = node.split as NonNullable<ModelNode['split']>;
      const f = index.get(split.feature) as number;
      reads.add(f);
      const v = `f${f}`;
      const close = s.close === null ? null : pad(level) + s.close;
      if (split.kind === 'numeric') {
        const t = split.threshold;
        const test = node.missingGoesTo === 0 ? s.atMostOrMissing(v, t) : s.atMost(v, t);
        body.push(pad(level) + s.ifOpen(test, thresholdComment(features[f], t)));
        stack.push({ id: node.children[1], level });
        if (close !== null) stack.push(close);
        stack.push({ id: node.children[0], level: level + 1 });
        continue;
      }
      // Categorical: a test per listed branch, then the branch of missing and unlisted values.
      const missing = node.missingGoesTo ?? 0;
      const own = ownBranches(split.branches);
      stack.push({ id: node.children[missing], level });
      for (let b = node.children.length - 1; b >= 0; b--) {
        if (b === missing || own[b] === undefined || own[b].length === 0) continue;
        // Pushed in reverse: the `if` line is written when the item below it is popped.
        if (close !== null) stack.push(close);
        stack.push({ id: node.children[b], level: level + 1 });
        stack.push(pad(level) + s.ifOpen(s.oneOf(v, own[b]), ''));
      }
    }
    const binds = [...reads].sort((a, b) => a - b).map((f) => pad(1) + s.bind(`f${f}`, f, commentText(JSON.stringify(features[f].name))));
    functions.push({ id: root, lines: [...binds, ...body] });
  }
  return functions;
}
