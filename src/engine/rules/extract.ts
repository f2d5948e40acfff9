// If-then rules, one per leaf (issue 4 item 4): the path's conditions joined by AND, with the
// conditions on one column merged into one (an interval, or a set of categories), coverage and
// accuracy from the training counts stored in the model, and each condition's FOIL gain.
import type { ModelNode, TreeModel } from '../model';
import type { CategoricalCondition, NumericCondition, Rule, RuleCondition } from './types';
import { foilGain } from './foil';
import { categoricalText, numericText, ruleText } from './text';

/** One edge of the path: node → its `child`-th child. */
interface Step {
  node: ModelNode;
  child: number;
}

function numericCondition(feature: string, steps: readonly Step[]): Omit<NumericCondition, 'text' | 'foilGain'> {
  let lower: number | null = null;
  let upper: number | null = null;
  let missing = true;
  for (const { node, child } of steps) {
    const t = (node.split as { threshold: number }).threshold;
    if (child === 0) upper = upper === null ? t : Math.min(upper, t);
    else lower = lower === null ? t : Math.max(lower, t);
    missing &&= child === node.missingGoesTo;
  }
  return { feature, kind: 'numeric', lower, upper, missing };
}

function intersect(a: Set<string> | null, b: Set<string>): Set<string> {
  return a === null ? b : new Set([...a].filter((c) => b.has(c)));
}

function categoricalCondition(feature: string, steps: readonly Step[]): Omit<CategoricalCondition, 'text' | 'foilGain'> {
  // A step along a node's missing branch admits every value not sent to its other branches;
  // any other step admits exactly its branch's categories.
  let shown: Set<string> | null = null;
  let required: Set<string> | null = null;
  const excluded = new Set<string>();
  for (const { node, child } of steps) {
    const branches = (node.split as { branches: string[][] }).branches;
    const mine = new Set(branches[child]);
    shown = intersect(shown, mine);
    if (child === node.missingGoesTo) {
      branches.forEach((b, i) => i !== child && b.forEach((c) => excluded.add(c)));
    } else {
      required = intersect(required, mine);
    }
  }
  if (required !== null) {
    return { feature, kind: 'categorical', categories: [...required].filter((c) => !excluded.has(c)), missing: false, excluded: [] };
  }
  return { feature, kind: 'categorical', categories: [...(shown ?? [])].filter((c) => !excluded.has(c)), missing: true, excluded: [...excluded] };
}

function ruleFor(model: TreeModel, leaf: ModelNode, path: readonly Step[]): Rule {
  const total = model.nodes[0].samples;
  const classification = model.task === 'classification';
  const counts = classification ? (leaf.value as number[]) : null;
  const c = classification ? (model.classes ?? []).indexOf(String(leaf.prediction)) : -1;
  const byFeature = new Map<string, Step[]>();
  const gains = new Map<string, number>();
  for (const step of path) {
    const feature = (step.node.split as { feature: string }).feature;
    if (!byFeature.has(feature)) byFeature.set(feature, []);
    (byFeature.get(feature) as Step[]).push(step);
    if (counts && c >= 0) {
      const before = step.node.value as number[];
      const afterNode = model.nodes[step.node.children[step.child]];
      const after = afterNode.value as number[];
      const gain = foilGain(before[c], step.node.samples - before[c], after[c], afterNode.samples - after[c]);
      // A merged condition stands for several steps: its gain is the sum of theirs.
      gains.set(feature, (gains.get(feature) ?? 0) + gain);
    }
  }
  const conditions: RuleCondition[] = [];
  for (const [feature, steps] of byFeature) {
    const foil = counts ? (gains.get(feature) ?? 0) : null;
    if (steps[0].node.split?.kind === 'numeric') {
      const cond = numericCondition(feature, steps);
      conditions.push({ ...cond, foilGain: foil, text: numericText(cond) });
    } else {
      const cond = categoricalCondition(feature, steps);
      conditions.push({ ...cond, foilGain: foil, text: categoricalText(cond) });
    }
  }
  return {
    leaf: leaf.id,
    conditions,
    prediction: leaf.prediction,
    covered: leaf.samples,
    coverage: total > 0 ? leaf.samples / total : 0,
    accuracy: counts ? (leaf.samples > 0 && c >= 0 ? counts[c] / leaf.samples : 0) : null,
    mse: classification ? null : leaf.impurity,
    distribution: counts ? [...counts] : null,
    text: ruleText(conditions, model.target, leaf.prediction),
  };
}

/** One rule per leaf; sorted by coverage (largest first, then tree order) unless `sort` is 'tree'. */
export function extractRules(model: TreeModel, sort: 'coverage' | 'tree' = 'coverage'): Rule[] {
  const rules: Rule[] = [];
  if (model.nodes.length === 0) return rules;
  const path: Step[] = [];
  const walk = (node: ModelNode): void => {
    if (node.children.length === 0) {
      rules.push(ruleFor(model, node, path));
      return;
    }
    node.children.forEach((id, child) => {
      path.push({ node, child });
      walk(model.nodes[id]);
      path.pop();
    });
  };
  walk(model.nodes[0]);
  if (sort === 'coverage') rules.sort((a, b) => b.covered - a.covered || a.leaf - b.leaf);
  return rules;
}
