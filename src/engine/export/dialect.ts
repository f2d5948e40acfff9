// What a target language needs to turn rules into code: how to read a column, test it, and
// write a literal. The rules are disjoint and cover every row (missing and unseen values
// included), so a flat chain of "if rule then prediction" reproduces the tree exactly, and its
// nesting depth does not grow with the tree's.
import type { CategoricalCondition, NumericCondition, Rule } from '../rules/types';
import type { TreeModel } from '../model';
import { InputError } from '../errors';
import { rowCount } from '../rules/text';

export interface Dialect {
  /** Numeric condition on the column held in variable `v`. */
  numeric(c: NumericCondition, v: string): string;
  categorical(c: CategoricalCondition, v: string): string;
  literal(value: string | number): string;
}

/** Shortest text that reads back as exactly the same double (JS, Python and SQL all parse it). */
export function numberLiteral(x: number): string {
  // Only a damaged model file holds one (JSON reads 1e999 as Infinity): bad input, not a crash.
  if (!Number.isFinite(x)) throw new InputError('bad-model', `the model holds the non-finite number ${x}, which code cannot express`);
  return String(x);
}

/** Features the rules test, in model order, each with a variable name `f0`, `f1`, … */
export function usedFeatures(model: TreeModel, rules: readonly Rule[]): { name: string; variable: string }[] {
  const used = new Set(rules.flatMap((r) => r.conditions.map((c) => c.feature)));
  return model.features.filter((f) => used.has(f.name)).map((f, i) => ({ name: f.name, variable: `f${i}` }));
}

export function ruleCondition(d: Dialect, rule: Rule, variables: ReadonlyMap<string, string>, and: string, always: string): string {
  if (rule.conditions.length === 0) return always;
  return rule.conditions
    .map((c) => {
      const v = variables.get(c.feature) as string;
      return c.kind === 'numeric' ? d.numeric(c, v) : d.categorical(c, v);
    })
    .join(and);
}

/** The bounds of a numeric condition as comparisons joined by `and`, e.g. `2.45 < v and v <= 4.75`. */
export function boundsTest(c: NumericCondition, v: string, and: string): string {
  const parts: string[] = [];
  if (c.lower !== null) parts.push(`${v} > ${numberLiteral(c.lower)}`);
  if (c.upper !== null) parts.push(`${v} <= ${numberLiteral(c.upper)}`);
  return parts.join(and);
}

/** Text safe inside a line comment of any of the languages: names are data, a line break in one must not end the comment. */
export function commentText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029\u0085]+/g, ' ');
}

/** One-line description of a rule for a code comment. */
export function ruleComment(rule: Rule): string {
  const quality = rule.accuracy !== null ? `accuracy ${(rule.accuracy * 100).toFixed(1)} %` : `mse ${rule.mse}`;
  return commentText(`${rule.text} — ${rowCount(rule.covered)} (${(rule.coverage * 100).toFixed(1)} %), ${quality}`);
}
