// If-then rules, one per leaf (issue 4 item 4): the path's conditions joined by AND, with the
// conditions on one column merged into one (an interval, or a set of categories), coverage and
// accuracy from the training counts stored in the model, and each condition's FOIL gain.
//
// The walk is a loop over preorder ids keeping one merged condition per column and an undo log,
// so a leaf costs O(columns on its path) however deep it is (trees can be thousands deep).
import type { ModelNode, TreeModel } from '../model';
import type { Rule, RuleCondition } from './types';
import { foilGain } from './foil';
import { categoricalText, numericText, ruleText } from './text';

/** A column's merged condition so far along the path. Sets are never mutated (undo keeps old ones). */
interface Merged {
  kind: 'numeric' | 'categorical';
  lower: number | null;
  upper: number | null;
  /** Every step so far routes missing values (and unseen categories) this way. */
  missing: boolean;
  /** Categorical: categories of the branches taken (intersection), for display. */
  shown: ReadonlySet<string> | null;
  /** Categorical: intersection of the branches taken by steps off the missing branch. */
  required: ReadonlySet<string> | null;
  /** Categorical: categories sent elsewhere by steps along the missing branch. */
  excluded: ReadonlySet<string>;
}

function intersect(a: ReadonlySet<string> | null, b: ReadonlySet<string>): ReadonlySet<string> {
  return a === null ? b : new Set([...a].filter((c) => b.has(c)));
}

/** `prev` (or nothing yet) narrowed by the step node → its `child`-th child. */
function narrow(prev: Merged | undefined, node: ModelNode, child: number): Merged {
  const split = node.split as NonNullable<ModelNode['split']>;
  const alongMissing = child === node.missingGoesTo;
  const base: Merged = prev ?? { kind: split.kind, lower: null, upper: null, missing: true, shown: null, required: null, excluded: new Set() };
  if (split.kind === 'numeric') {
    const t = split.threshold;
    return {
      ...base,
      upper: child === 0 ? (base.upper === null ? t : Math.min(base.upper, t)) : base.upper,
      lower: child === 1 ? (base.lower === null ? t : Math.max(base.lower, t)) : base.lower,
      missing: base.missing && alongMissing,
    };
  }
  // A step along the missing branch admits every value not sent to the other branches;
  // any other step admits exactly its branch's categories.
  const mine = new Set(split.branches[child]);
  const excluded = alongMissing ? new Set([...base.excluded, ...split.branches.flatMap((b, i) => (i === child ? [] : b))]) : base.excluded;
  return {
    ...base,
    shown: intersect(base.shown, mine),
    required: alongMissing ? base.required : intersect(base.required, mine),
    excluded,
    missing: base.missing && alongMissing,
  };
}

function condition(feature: string, m: Merged, foil: number | null): RuleCondition {
  if (m.kind === 'numeric') {
    const c = { feature, kind: 'numeric' as const, lower: m.lower, upper: m.upper, missing: m.missing };
    return { ...c, foilGain: foil, text: numericText(c) };
  }
  const excluded = m.excluded;
  const c =
    m.required !== null
      ? { feature, kind: 'categorical' as const, categories: [...m.required].filter((x) => !excluded.has(x)), missing: false, excluded: [] }
      : { feature, kind: 'categorical' as const, categories: [...(m.shown ?? [])].filter((x) => !excluded.has(x)), missing: true, excluded: [...excluded] };
  return { ...c, foilGain: foil, text: categoricalText(c) };
}

/** One rule per leaf; sorted by coverage (largest first, then tree order) unless `sort` is 'tree'. */
export function extractRules(model: TreeModel, sort: 'coverage' | 'tree' = 'coverage'): Rule[] {
  const rules: Rule[] = [];
  const nodes = model.nodes;
  if (nodes.length === 0) return rules;
  const total = nodes[0].samples;
  const classification = model.task === 'classification';
  const classIndex = new Map((model.classes ?? []).map((c, i) => [c, i]));
  const parent = new Int32Array(nodes.length).fill(-1);
  const slot = new Int32Array(nodes.length);
  const level = new Int32Array(nodes.length);
  // Merged condition per column (Map order = order of first test on the path), and an undo log
  // with one entry per path step. FOIL gains depend on the leaf's class, so they are summed per
  // column and class: gains[column] = gain per class index.
  const merged = new Map<string, Merged>();
  const gains = new Map<string, Float64Array>();
  const undo: { feature: string; merged: Merged | undefined; gains: Float64Array | undefined }[] = [];
  const k = classification ? (model.classes ?? []).length : 0;
  for (const node of nodes) {
    node.children.forEach((c, i) => {
      parent[c] = node.id;
      slot[c] = i;
    });
    if (parent[node.id] >= 0) {
      const p = nodes[parent[node.id]];
      level[node.id] = level[p.id] + 1;
      while (undo.length > level[node.id] - 1) {
        const u = undo.pop() as (typeof undo)[number];
        if (u.merged === undefined) merged.delete(u.feature);
        else merged.set(u.feature, u.merged);
        if (u.gains === undefined) gains.delete(u.feature);
        else gains.set(u.feature, u.gains);
      }
      const feature = (p.split as { feature: string }).feature;
      undo.push({ feature, merged: merged.get(feature), gains: gains.get(feature) });
      merged.set(feature, narrow(merged.get(feature), p, slot[node.id]));
      if (classification) {
        const before = p.value as number[];
        const after = node.value as number[];
        const g = Float64Array.from(gains.get(feature) ?? new Float64Array(k));
        for (let c = 0; c < k; c++) g[c] += foilGain(before[c], p.samples - before[c], after[c], node.samples - after[c]);
        gains.set(feature, g);
      }
    }
    if (node.children.length > 0) continue;
    const c = classification ? (classIndex.get(String(node.prediction)) ?? -1) : -1;
    const counts = classification ? (node.value as number[]) : null;
    const conditions = [...merged].map(([feature, m]) => condition(feature, m, classification ? (c >= 0 ? (gains.get(feature) as Float64Array)[c] : 0) : null));
    rules.push({
      leaf: node.id,
      conditions,
      prediction: node.prediction,
      covered: node.samples,
      coverage: total > 0 ? node.samples / total : 0,
      accuracy: counts ? (node.samples > 0 && c >= 0 ? counts[c] / node.samples : 0) : null,
      mse: classification ? null : node.impurity,
      distribution: counts ? [...counts] : null,
      text: ruleText(conditions, model.target, node.prediction),
    });
  }
  if (sort === 'coverage') rules.sort((a, b) => b.covered - a.covered || a.leaf - b.leaf);
  return rules;
}
