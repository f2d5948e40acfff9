// What a target language needs to turn rules into code (SQL's CASE, sql.ts): how to test a column
// and write a literal. The rules are disjoint and cover every row (missing and unseen values
// included), so a flat chain of "WHEN rule THEN prediction" reproduces the tree exactly. Also the
// literals and comments every exporter shares.
import type { CategoricalCondition, NumericCondition, Rule } from '../rules/types';
import { InputError } from '../errors';
import { rowCount } from '../rules/text';
import type { ModelFeature } from '../model';

export interface Dialect {
  /** Numeric condition on the column held in variable `v`. */
  numeric(c: NumericCondition, v: string): string;
  categorical(c: CategoricalCondition, v: string): string;
  literal(value: string | number): string;
}

/**
 * Shortest text that reads back as exactly the same double (JS, Python and SQL all parse it);
 * ±infinity (a missing-vs-present split's threshold) spelt `infinity` / `-infinity` where the
 * language has one.
 */
export function numberLiteral(x: number, infinity?: string): string {
  if (Number.isFinite(x)) return String(x);
  if (infinity !== undefined && !Number.isNaN(x)) return x > 0 ? infinity : `-${infinity}`;
  // Only a damaged model file holds NaN: bad input, not a crash.
  throw new InputError('bad-model', `the model holds the number ${x}, which code cannot express`);
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

/** Text safe inside a line comment of any of the languages: names are data, a line break in one must not end the comment. */
export function commentText(text: string): string {
  return text.replace(/[\r\n\u2028\u2029\u0085]+/g, ' ');
}

/** One-line description of a rule for a code comment. */
export function ruleComment(rule: Rule): string {
  const quality = rule.accuracy !== null ? `accuracy ${(rule.accuracy * 100).toFixed(1)} %` : `mse ${rule.mse}`;
  return commentText(`${rule.text} — ${rowCount(rule.covered)} (${(rule.coverage * 100).toFixed(1)} %), ${quality}`);
}

/** A language's names of the row converter's helpers (javascript.ts, python.ts). */
export interface ConverterNames {
  number: string;
  /** Numbers written with a decimal comma. */
  numberComma: string;
  date: string;
  text: string;
  /** The call that makes an ordinal column's converter from its categories, lowest first. */
  ordinal(categories: readonly string[]): string;
}

/** The expression converting CSV text of feature `f` to the value predict() expects, in the language `names` are of. */
export function converterOf(f: ModelFeature, names: ConverterNames): string {
  switch (f.type) {
    case 'numeric':
      return f.decimal === ',' ? names.numberComma : names.number;
    case 'date':
      return names.date;
    case 'ordinal':
      return names.ordinal(f.categories ?? []);
    default:
      return names.text;
  }
}
