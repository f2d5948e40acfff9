// The worked arithmetic of a rule (docs/formulas.md "Rules and FOIL gain"): its coverage and
// accuracy from the leaf's training counts, and the FOIL gain of each step of its path, by the
// rules' own foilGain (rules/foil.ts) on the class counts of the nodes the path passes.
import { InputError } from '../errors';
import { nodeWeight, type TreeModel } from '../model';
import { extractRules } from '../rules/extract';
import { foilGain } from '../rules/foil';
import type { Rule } from '../rules/types';
import { branchLabel } from './partition';
import { frac, shown, tex } from './latex';
import type { Step } from './types';

export interface RuleCalculation {
  leaf: number;
  text: string;
  coverage: number;
  accuracy: number | null;
  /** Classification: one FOIL gain per path step (the rule's merged conditions sum them). */
  foil: Array<{ feature: string; condition: string; pos: number; neg: number; posAfter: number; negAfter: number; gain: number }>;
  steps: Step[];
}

function parents(model: TreeModel): Int32Array {
  const parent = new Int32Array(model.nodes.length).fill(-1);
  for (const n of model.nodes) for (const c of n.children) parent[c] = n.id;
  return parent;
}

/** The calculation of every rule of `model` (one per leaf), as the rules list orders them. */
export function ruleCalculations(model: TreeModel, rules: readonly Rule[] = extractRules(model)): RuleCalculation[] {
  const parent = parents(model);
  return rules.map((rule) => {
    const leaf = model.nodes[rule.leaf];
    const steps: Step[] = [{ label: 'coverage', latex: `coverage = \\frac{|covered|}{|D|} = ${frac(rule.covered, model.nodes[0].samples)} = ${shown(rule.coverage)}`, value: rule.coverage }];
    const foil: RuleCalculation['foil'] = [];
    if (model.task === 'classification' && rule.accuracy !== null) {
      const c = (model.classes ?? []).indexOf(String(rule.prediction));
      const counts = leaf.value as number[];
      steps.push({ label: 'accuracy', latex: `accuracy = \\frac{|covered \\cap ${tex(String(rule.prediction))}|}{|covered|} = ${frac(counts[c], nodeWeight(leaf))} = ${shown(rule.accuracy)}`, value: rule.accuracy });
      const path: number[] = [];
      for (let id = rule.leaf; id >= 0; id = parent[id]) path.unshift(id);
      for (let s = 1; s < path.length; s++) {
        const up = model.nodes[path[s - 1]];
        const down = model.nodes[path[s]];
        const pos = (up.value as number[])[c];
        const posAfter = (down.value as number[])[c];
        const gain = foilGain(pos, nodeWeight(up) - pos, posAfter, nodeWeight(down) - posAfter);
        const split = up.split;
        const condition = split === null ? '' : `${split.feature} ${split.kind === 'categorical' ? '∈ {' + branchLabel(split, up.children.indexOf(down.id)) + '}' : branchLabel(split, up.children.indexOf(down.id))}`;
        foil.push({ feature: split?.feature ?? '', condition, pos, neg: nodeWeight(up) - pos, posAfter, negAfter: nodeWeight(down) - posAfter, gain });
        steps.push({
          label: `FOIL gain of "${condition}"`,
          latex: `FOIL = p'\\left(\\log_2\\frac{p'}{p'+n'} - \\log_2\\frac{p}{p+n}\\right) = ${shown(posAfter)}\\left(\\log_2${frac(posAfter, nodeWeight(down))} - \\log_2${frac(pos, nodeWeight(up))}\\right) = ${shown(gain)}`,
          value: gain,
        });
      }
    }
    return { leaf: rule.leaf, text: rule.text, coverage: rule.coverage, accuracy: rule.accuracy, foil, steps };
  });
}

/** The calculation of the rule of leaf `leaf` (the Rules tab's "Calculation"). */
export function ruleCalculationOf(model: TreeModel, leaf: number): RuleCalculation {
  const rule = extractRules(model).find((r) => r.leaf === leaf);
  if (rule === undefined) throw new InputError('bad-option', `node ${leaf} is not a leaf of the tree: no rule ends there`);
  return ruleCalculations(model, [rule])[0];
}
