// TreeModel → Mermaid `flowchart TD` (or LR) text (docs/architecture.md "The tree in Mermaid"). Pure: used
// by the webview, by "Export as Mermaid Markdown" and by `train --format mermaid`. Node ids are
// synthetic (`n<id>` for tree nodes, `f<id>` for fold stubs, `l<k>` for legend entries); text from
// the data only ever appears escaped inside quoted labels.
import type { TreeModel } from '../../engine/model';
import { escapeMermaidText, truncateText } from './mermaid-escape';
import { descendantCounts } from '../../engine/model-columns';
import { DEFAULT_FOLD, foldTree, type FoldOptions } from './fold';
import { classHue, DIFF_COLOUR, PATH_COLOUR, STRENGTH_LEVELS, strengthLevel, tint } from './palette';
import { featureOf } from '../../engine/feature-text';
import { branchText, majorityClass, nodeLines, PLAIN, purity, styledNumber, type NumberStyle } from './tree-labels';
import type { DiffMark } from '../tree-diff';

export interface MermaidOptions extends Partial<FoldOptions> {
  /** Node ids from the root to a leaf: the path of one row, highlighted. */
  path?: readonly number[];
  /** Draw the legend inside the diagram (for exports; the webview draws its own). */
  legend?: boolean;
  /** High-contrast themes: coloured outlines instead of tinted fills. */
  highContrast?: boolean;
  /** Names longer than this (in code points) are shortened in labels. */
  maxNameLength?: number;
  /**
   * Nodes below each node of the whole tree, and (regression) its range of node values: given
   * where the model holds only some of the tree's nodes (the webview's big trees).
   */
  descendants?: ArrayLike<number>;
  valueRange?: readonly [number, number] | null;
  /**
   * The webview draws each node's class shares (regression: mean and spread) as a bar over an
   * empty last line of the label (webview/node-bars.ts); the bar replaces a split node's counts line.
   */
  bars?: boolean;
  /** Nodes outlined as differing from another tree (src/shared/tree-diff.ts), for the side-by-side comparison. */
  diff?: readonly DiffMark[];
  /**
   * Compact labels for a drawing that must fit a narrow panel (docs/architecture.md "Fitting the
   * tree to its panel"): a split node names its feature only (its edges carry the condition), a
   * leaf its prediction; the bar and the details pane say the rest.
   */
  compact?: boolean;
  /**
   * Which way the tree grows: top-down (the default, and every export's), or left to right, which a
   * deep tree in a narrow, tall panel fits better (docs/architecture.md "Fitting the tree to its panel").
   */
  direction?: 'TD' | 'LR';
  /** How labels write numbers: the decimal point (every export's), or a page's language's mark (tree-labels.ts NumberStyle). */
  numbers?: NumberStyle;
}

/** The empty label line a node bar is drawn over: a zero-width space, which Mermaid keeps as a line (it trims a blank one). */
export const BAR_LINE = '\u200b';

/** Lets a long name wrap after `_`, `.`, `-` or `/` (a zero-width space), as `petal_ / length_cm`. */
function breakable(name: string): string {
  return name.replace(/([_./-])(?=.)/g, '$1\u200b');
}

function drawnLines(model: TreeModel, node: TreeModel['nodes'][number], bars: boolean, compact: boolean, style: NumberStyle): string[] {
  if (compact) {
    const head = node.split ? breakable(node.split.feature) : typeof node.prediction === 'number' ? styledNumber(node.prediction, style) : node.prediction;
    return bars ? [head, BAR_LINE] : [head];
  }
  const lines = nodeLines(model, node, style);
  if (!bars) return lines;
  return [...(node.split && Array.isArray(node.value) ? lines.slice(0, -1) : lines), BAR_LINE];
}

export interface LegendEntry {
  label: string;
  colour: string;
}

export interface MermaidDiagram {
  text: string;
  legend: LegendEntry[];
  /** Nodes whose subtrees are folded into stubs. */
  folded: number[];
  /** Number of tree nodes drawn (stubs and legend not counted). */
  shownNodes: number;
}

/** What a Mermaid node id refers to; the webview maps clicks with this. */
export type DiagramNodeRef = { kind: 'node' | 'stub'; id: number } | { kind: 'legend'; id: number };

const ID_PATTERN = /^([nfl])(\d+)$/;

export function parseDiagramId(id: string): DiagramNodeRef | undefined {
  const m = ID_PATTERN.exec(id);
  if (!m) return undefined;
  const kind = m[1] === 'n' ? 'node' : m[1] === 'f' ? 'stub' : 'legend';
  return { kind, id: Number(m[2]) };
}

function label(lines: readonly string[], maxName: number): string {
  return `"${lines.map((l) => escapeMermaidText(truncateText(l, maxName))).join('<br/>')}"`;
}

interface Styling {
  classOf: (nodeId: number) => string;
  /** Class name → its `classDef` line; only the classes nodes use are emitted. */
  classDefs: Map<string, string>;
  legend: LegendEntry[];
}

/** Tinted fill, or in high contrast no fill and an outline whose width grows with strength. */
function fillStyle(hue: string, level: number, highContrast: boolean): string {
  return highContrast ? `fill:none,stroke:${hue},stroke-width:${1 + level}px` : `fill:${tint(hue, level)},stroke:${hue},stroke-width:1px`;
}

function styleClassification(model: TreeModel, highContrast: boolean): Styling {
  const classes = model.classes ?? [];
  const classDefs = new Map<string, string>();
  for (let k = 0; k < classes.length; k++) {
    for (let s = 0; s < STRENGTH_LEVELS; s++) classDefs.set(`k${k}s${s}`, fillStyle(classHue(k), s, highContrast));
  }
  return {
    classDefs,
    classOf: (id) => {
      const node = model.nodes[id];
      return `k${majorityClass(node)}s${strengthLevel(purity(node), classes.length)}`;
    },
    legend: classes.map((c, k) => ({ label: c, colour: classHue(k) })),
  };
}

/** Regression: one hue, stronger for larger predicted values. */
function styleRegression(model: TreeModel, highContrast: boolean, range: readonly [number, number] | null | undefined, style: NumberStyle): Styling {
  const hue = classHue(4);
  let [lo, hi] = range ?? [Infinity, -Infinity];
  if (!range) {
    for (const n of model.nodes) {
      const v = Number(n.value);
      if (v < lo) lo = v;
      if (v > hi) hi = v;
    }
  }
  const level = (v: number) => (hi > lo ? Math.min(STRENGTH_LEVELS - 1, Math.floor(((v - lo) / (hi - lo)) * STRENGTH_LEVELS)) : 0);
  const classDefs = new Map<string, string>();
  for (let s = 0; s < STRENGTH_LEVELS; s++) classDefs.set(`r${s}`, fillStyle(hue, s, highContrast));
  const legend =
    model.nodes.length > 0
      ? [
          { label: `low (${styledNumber(lo, style)})`, colour: tint(hue, 0) },
          { label: `high (${styledNumber(hi, style)})`, colour: tint(hue, STRENGTH_LEVELS - 1) },
        ]
      : [];
  return { classDefs, classOf: (id) => `r${level(Number(model.nodes[id].value))}`, legend };
}

/** Outlines of differing nodes: dashed for another question, dotted for a subtree one tree has alone. */
const DIFF_STYLE = {
  changed: `stroke:${DIFF_COLOUR.changed},stroke-width:4px,stroke-dasharray:8 4`,
  only: `stroke:${DIFF_COLOUR.only},stroke-width:4px,stroke-dasharray:2 3`,
} as const;

export function treeToMermaid(model: TreeModel, options: MermaidOptions = {}): MermaidDiagram {
  const maxName = options.maxNameLength ?? 80;
  const numbers = options.numbers ?? PLAIN;
  const path = options.path ?? [];
  // A highlighted row must be visible: open every node on its path.
  const expanded = new Set([...(options.expanded ?? []), ...path.slice(0, -1)]);
  const fold = foldTree(model, {
    maxDepth: options.maxDepth ?? DEFAULT_FOLD.maxDepth,
    maxNodes: options.maxNodes ?? DEFAULT_FOLD.maxNodes,
    expanded,
    collapsed: options.collapsed,
    depthCap: options.depthCap,
    root: options.root,
  });
  const styling = model.task === 'classification' ? styleClassification(model, !!options.highContrast) : styleRegression(model, !!options.highContrast, options.valueRange, numbers);
  const hidden = options.descendants ?? descendantCounts(model);

  const lines = [`flowchart ${options.direction ?? 'TD'}`];
  const edges: string[] = [];
  const pathEdges: number[] = [];
  const onPath = new Set(path);
  for (const id of fold.shown) {
    const node = model.nodes[id];
    const text = label(drawnLines(model, node, !!options.bars, !!options.compact, numbers), maxName);
    lines.push(node.split ? `  n${id}[${text}]` : `  n${id}(${text})`);
    if (fold.open.has(id) && node.split) {
      node.children.forEach((child, branch) => {
        if (onPath.has(id) && onPath.has(child)) pathEdges.push(edges.length);
        edges.push(`  n${id} -->|${label([branchText(node.split!, branch, featureOf(model, node.split!.feature), numbers)], maxName)}| n${child}`);
      });
    } else if (node.children.length > 0) {
      // A compact drawing's stub says only the count: "+6", its accessible name says the rest (webview/diagram-svg.ts).
      lines.push(`  f${id}(["+${hidden[id]}${options.compact ? '' : ' nodes'}"])`);
      edges.push(`  n${id} -.-> f${id}`);
    }
  }
  lines.push(...edges);

  if (options.legend && styling.legend.length > 0) {
    lines.push('  subgraph legend ["Legend"]');
    styling.legend.forEach((entry, k) => {
      lines.push(`    l${k}[${label([entry.label], maxName)}]`);
      lines.push(`    style l${k} fill:${entry.colour},stroke:${entry.colour}`);
    });
    lines.push('  end');
  }

  const byClass = new Map<string, number[]>();
  for (const id of fold.shown) {
    const cls = styling.classOf(id);
    const ids = byClass.get(cls);
    if (ids) ids.push(id);
    else byClass.set(cls, [id]);
  }
  for (const cls of byClass.keys()) lines.push(`  classDef ${cls} ${styling.classDefs.get(cls)}`);
  for (const [cls, ids] of byClass) lines.push(`  class ${ids.map((id) => `n${id}`).join(',')} ${cls}`);
  if (fold.folded.length > 0) {
    lines.push('  classDef stub stroke-dasharray:4 3');
    lines.push(`  class ${fold.folded.map((id) => `f${id}`).join(',')} stub`);
  }
  const shown = new Set(fold.shown);
  for (const id of fold.shown) {
    const mark = options.diff?.[id];
    if (mark === 'changed' || mark === 'only') lines.push(`  style n${id} ${DIFF_STYLE[mark]}`);
  }
  for (const id of path) if (shown.has(id)) lines.push(`  style n${id} stroke:${PATH_COLOUR},stroke-width:4px`);
  if (pathEdges.length > 0) lines.push(`  linkStyle ${pathEdges.join(',')} stroke:${PATH_COLOUR},stroke-width:4px`);

  return { text: lines.join('\n') + '\n', legend: styling.legend, folded: fold.folded, shownNodes: fold.shown.length };
}

/** The whole tree as a Markdown document with a fenced Mermaid block and its legend drawn in. */
export function treeToMermaidMarkdown(model: TreeModel, options: MermaidOptions = {}): string {
  const diagram = treeToMermaid(model, { maxDepth: Infinity, maxNodes: Infinity, legend: true, ...options });
  // Only the fenced block carries data; every backtick in it is escaped, so the fence cannot be closed early.
  return `# Decision tree\n\n\`\`\`mermaid\n${diagram.text}\`\`\`\n`;
}
