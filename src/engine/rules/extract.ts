// If-then rules, one per leaf (docs/formulas.md "Rules and FOIL gain"): the path's conditions joined by AND, with the
// conditions on one column merged into one (an interval, or a set of categories), coverage and
// accuracy from the training counts stored in the model, and each condition's FOIL gain.
//
// The walk is a loop over preorder ids keeping one merged condition per column, mutated in place,
// and an undo log with one saved copy per path step, so a leaf costs O(columns on its path)
// however deep it is (trees can be thousands deep) and a numeric step allocates nothing. A column's
// wording is kept until a step on that column changes it: a leaf reuses the strings of every
// condition its path shares with the previous leaf's, which on a big tree is nearly all of them.
import { featureOf, valueText } from '../feature-text';
import { nodeWeight, type ModelNode, type TreeModel } from '../model';
import type { Rule, RuleCondition } from './types';
import { foilGain } from './foil';
import { formatNumber } from '../number-text';
import { categoricalText, formatName, numericText, ordinalRangeText, ruleText } from './text';

/** The part of a column's merged condition that a step changes (and its undo entry restores). */
interface State {
  lower: number | null;
  upper: number | null;
  /** Every step so far routes missing values (and unseen categories) this way. */
  missing: boolean;
  /**
   * Training rows missing the column reached some step so far (or a step does not record it:
   * ModelNode.sawMissing): only then does the wording say "or missing".
   */
  seen: boolean;
  /** Categorical: categories of the branches taken (intersection), for display. Sets are never mutated. */
  shown: ReadonlySet<string> | null;
  /** Categorical: intersection of the branches taken by steps off the missing branch. */
  required: ReadonlySet<string> | null;
  /** Categorical: categories sent elsewhere by steps along the missing branch. */
  excluded: ReadonlySet<string>;
  /** formatNumber of lower / upper, null until a leaf needs it (always null while the bound is). */
  lowerText: string | null;
  upperText: string | null;
  /** The condition's text (and for categorical, its lists) for this state, null until a leaf needs it. */
  text: string | null;
  lists: { categories: string[]; excluded: string[] } | null;
  /** Classification: FOIL gains of the steps so far, summed per class of the leaf. */
  gains: Float64Array;
}

interface Column extends State {
  feature: string;
  /** formatName(feature). */
  name: string;
  /** Wording of a bound: a number, a date or an ordinal category (feature-text.ts). */
  bound: (v: number) => string;
  /** An ordinal column's categories in order (its rules list those a range holds), else null. */
  ordinal: readonly string[] | null;
  kind: 'numeric' | 'categorical';
  /** On the current path. */
  active: boolean;
}

/** One path step: the column it narrowed and that column's state before it. */
interface Step {
  column: Column;
  /** The column was not on the path before this step. */
  added: boolean;
  /** Kind of the step's split: which fields of `saved` hold the state before it. */
  kind: Column['kind'];
  saved: State;
}

const NO_CATEGORIES: ReadonlySet<string> = new Set();

function emptyState(k: number): State {
  return {
    lower: null,
    upper: null,
    missing: true,
    seen: false,
    shown: null,
    required: null,
    excluded: NO_CATEGORIES,
    lowerText: null,
    upperText: null,
    text: null,
    lists: null,
    gains: new Float64Array(k),
  };
}

/** Copies the fields a split of this kind can change (null: all of them). */
function copyState(to: State, from: State, kind: Column['kind'] | null): void {
  to.missing = from.missing;
  to.seen = from.seen;
  to.text = from.text;
  if (kind !== 'categorical') {
    to.lower = from.lower;
    to.upper = from.upper;
    to.lowerText = from.lowerText;
    to.upperText = from.upperText;
  }
  if (kind !== 'numeric') {
    to.shown = from.shown;
    to.required = from.required;
    to.excluded = from.excluded;
    to.lists = from.lists;
  }
  if (to.gains.length > 0) to.gains.set(from.gains);
}

function intersect(a: ReadonlySet<string> | null, b: ReadonlySet<string>): ReadonlySet<string> {
  if (a === null) return b;
  const both = new Set<string>();
  for (const c of a) if (b.has(c)) both.add(c);
  return both;
}

/** Narrows `m` by the step node → its `child`-th child. */
function narrow(m: Column, node: ModelNode, child: number): void {
  const split = node.split as NonNullable<ModelNode['split']>;
  const alongMissing = child === node.missingGoesTo;
  m.text = null;
  m.missing = m.missing && alongMissing;
  m.seen = m.seen || node.sawMissing !== false;
  if (split.kind === 'numeric') {
    const t = split.threshold;
    if (child === 0) {
      const upper = m.upper === null ? t : Math.min(m.upper, t);
      if (upper !== m.upper) m.upperText = null;
      m.upper = upper;
    } else if (child === 1) {
      const lower = m.lower === null ? t : Math.max(m.lower, t);
      if (lower !== m.lower) m.lowerText = null;
      m.lower = lower;
    }
    return;
  }
  // A step along the missing branch admits every value not sent to the other branches;
  // any other step admits exactly its branch's categories.
  const mine = new Set(split.branches[child]);
  m.lists = null;
  if (alongMissing) {
    const excluded = new Set(m.excluded);
    split.branches.forEach((b, i) => {
      if (i !== child) for (const c of b) excluded.add(c);
    });
    m.excluded = excluded;
  }
  m.shown = intersect(m.shown, mine);
  if (!alongMissing) m.required = intersect(m.required, mine);
}

/** Fills in the column's text (and lists) for its current state. */
function word(m: Column): string {
  if (m.kind === 'numeric') {
    // Past a "missing vs present" split (+∞): `x > ∞ or missing` is `x is missing`; `x ≤ ∞` no bound.
    if (m.lower === Infinity) return (m.text = `${m.name} is missing`);
    if (m.lower !== null && m.lowerText === null) m.lowerText = m.bound(m.lower);
    if (m.upper !== null && m.upperText === null && m.upper !== Infinity) m.upperText = m.bound(m.upper);
    const listed = m.ordinal === null ? null : ordinalRangeText(m.ordinal, m.lower, m.upper);
    // "or missing" only where training saw missing values of the column on the way (iris has none).
    return (m.text = numericText(m.name, m.lowerText, m.upperText, m.missing && m.seen, listed));
  }
  const excluded = m.excluded;
  const lists =
    m.required !== null
      ? { categories: [...m.required].filter((x) => !excluded.has(x)), excluded: [] }
      : { categories: [...(m.shown ?? [])].filter((x) => !excluded.has(x)), excluded: [...excluded] };
  m.lists = lists;
  return (m.text = categoricalText(m.name, lists.categories, m.required === null));
}

function condition(m: Column, foil: number | null): RuleCondition {
  const text = m.text ?? word(m);
  if (m.kind === 'numeric') return { feature: m.feature, kind: 'numeric', lower: m.lower, upper: m.upper, missing: m.missing, foilGain: foil, text };
  const lists = m.lists as NonNullable<State['lists']>;
  const categories = lists.categories.slice();
  return { feature: m.feature, kind: 'categorical', categories, missing: m.required === null, excluded: lists.excluded.slice(), foilGain: foil, text };
}

/** A leaf's share of rows (of weight) of class index `c`: its rule's accuracy (0 with no rows, or no such class). */
export function classShare(node: ModelNode, c: number): number {
  const w = nodeWeight(node);
  return w > 0 && c >= 0 ? (node.value as number[])[c] / w : 0;
}

/** One rule per leaf; sorted by coverage (largest first, then tree order) unless `sort` is 'tree'. */
export function extractRules(model: TreeModel, sort: 'coverage' | 'tree' = 'coverage'): Rule[] {
  const rules = walk(model, model.nodes.keys());
  if (sort === 'coverage') rules.sort((a, b) => b.covered - a.covered || a.leaf - b.leaf);
  return rules;
}

/**
 * The rules of some leaves only, in tree order, each equal to its rule in extractRules: the walk
 * visits just the nodes on their paths, so a page of rules costs its paths, not the whole tree.
 * `parent`: each node's parent by id (-1 for the root), for a caller that asks page after page.
 */
export function rulesOfLeaves(model: TreeModel, leaves: Iterable<number>, parent: ArrayLike<number> = parentsOf(model)): Rule[] {
  const visit = new Set<number>();
  for (const leaf of leaves) {
    if (model.nodes[leaf]?.children.length !== 0) throw new RangeError(`node ${leaf} is not a leaf`);
    for (let id = leaf; id >= 0 && !visit.has(id); id = parent[id]) visit.add(id);
  }
  return walk(model, [...visit].sort((a, b) => a - b));
}

/** Each node's parent, by node id (-1 for the root). */
function parentsOf(model: TreeModel): Int32Array {
  const parent = new Int32Array(model.nodes.length).fill(-1);
  for (const node of model.nodes) for (const c of node.children) parent[c] = node.id;
  return parent;
}

/** The rules of the leaves among `ids`: node ids ascending (preorder), each with its ancestors. */
function walk(model: TreeModel, ids: Iterable<number>): Rule[] {
  const rules: Rule[] = [];
  const nodes = model.nodes;
  if (nodes.length === 0) return rules;
  const total = nodes[0].samples;
  const classification = model.task === 'classification';
  const classIndex = new Map((model.classes ?? []).map((c, i) => [c, i]));
  const k = classification ? (model.classes ?? []).length : 0;
  const target = formatName(model.target);
  const parent = new Int32Array(nodes.length).fill(-1);
  const slot = new Int32Array(nodes.length);
  const level = new Int32Array(nodes.length);
  const columns = new Map<string, Column>();
  // Columns on the path in the order of their first test; steps[0, depth) is the undo log.
  const path: Column[] = [];
  const steps: Step[] = [];
  let depth = 0;
  const blank = emptyState(k);
  for (const id of ids) {
    const node = nodes[id];
    const children = node.children;
    for (let i = 0; i < children.length; i++) {
      parent[children[i]] = node.id;
      slot[children[i]] = i;
    }
    if (parent[node.id] >= 0) {
      const p = nodes[parent[node.id]];
      level[node.id] = level[p.id] + 1;
      while (depth > level[node.id] - 1) {
        const s = steps[--depth];
        if (s.added) {
          s.column.active = false;
          path.pop();
        } else copyState(s.column, s.saved, s.kind);
      }
      const split = p.split as NonNullable<ModelNode['split']>;
      let m = columns.get(split.feature);
      if (m === undefined) {
        const feature = featureOf(model, split.feature);
        const bound = feature === undefined || feature.type === 'numeric' ? formatNumber : (v: number) => formatName(valueText(feature, v));
        const ordinal = feature?.type === 'ordinal' ? (feature.categories ?? null) : null;
        m = { ...emptyState(k), feature: split.feature, name: formatName(split.feature), bound, ordinal, kind: split.kind, active: false };
        columns.set(split.feature, m);
      }
      const s = (steps[depth++] ??= { column: m, added: false, kind: split.kind, saved: emptyState(k) });
      s.column = m;
      s.added = !m.active;
      s.kind = split.kind;
      if (m.active) copyState(s.saved, m, split.kind);
      else {
        copyState(m, blank, null);
        m.kind = split.kind;
        m.active = true;
        path.push(m);
      }
      narrow(m, p, slot[node.id]);
      if (classification) {
        const before = p.value as number[];
        const after = node.value as number[];
        for (let c = 0; c < k; c++) m.gains[c] += foilGain(before[c], nodeWeight(p) - before[c], after[c], nodeWeight(node) - after[c]);
      }
    }
    if (children.length > 0) continue;
    const c = classification ? (classIndex.get(String(node.prediction)) ?? -1) : -1;
    const counts = classification ? (node.value as number[]) : null;
    const conditions: RuleCondition[] = new Array(path.length);
    for (let i = 0; i < path.length; i++) conditions[i] = condition(path[i], classification ? (c >= 0 ? path[i].gains[c] : 0) : null);
    rules.push({
      leaf: node.id,
      conditions,
      prediction: node.prediction,
      covered: node.samples,
      coverage: total > 0 ? node.samples / total : 0,
      accuracy: classification ? classShare(node, c) : null,
      mse: classification ? null : node.impurity,
      distribution: counts ? [...counts] : null,
      text: ruleText(conditions, target, node.prediction),
    });
  }
  return rules;
}
