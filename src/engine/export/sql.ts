// The tree as one SQL `CASE WHEN … END` over a table (SQLite, PostgreSQL and most dialects),
// rule by rule (see dialect.ts). Identifiers are double-quoted and literals single-quoted, with
// embedded quotes doubled. Numeric columns must hold numbers (REAL/NUMERIC), missing = NULL.
// Date columns are compared with ISO 8601 text literals (`'2021-03-04T12:00:00.000Z'`): exact on
// a date/timestamp type, and in SQLite, which keeps dates as text, exact for text written
// `YYYY-MM-DD` or `YYYY-MM-DDTHH:MM:SS.SSSZ`. Ordinal columns are tested by their category text.
// SQL has no infinity: a threshold of +∞ (a missing-vs-present split) is written `IS NOT NULL`.
import type { ModelFeature, TreeModel } from '../model';
import type { NumericCondition, Rule } from '../rules/types';
import { commentText, type Dialect, numberLiteral, ruleComment, ruleCondition } from './dialect';

export const sqlIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const list = (values: readonly string[]): string => `(${values.map(sqlString).join(', ')})`;

/** A date threshold as ISO text: rows hold whole milliseconds, so `x ≤ t` is `x ≤ ⌊t⌋`. */
const dateLiteral = (t: number): string => sqlString(new Date(Math.floor(t)).toISOString());

/** Tests on a present value for `lower < v ≤ upper`; null: every present value passes, false: none does. */
function presentTest(c: NumericCondition, v: string, feature: ModelFeature | undefined): string | null | false {
  const literal = (feature?.type as string) === 'date' ? dateLiteral : numberLiteral;
  const parts: string[] = [];
  if (c.lower === Infinity || c.upper === -Infinity) return false;
  // −∞ < v and v ≤ +∞ hold for every present value.
  if (c.lower !== null && c.lower !== -Infinity) parts.push(`${v} > ${literal(c.lower)}`);
  if (c.upper !== null && c.upper !== Infinity) parts.push(`${v} <= ${literal(c.upper)}`);
  return parts.length > 0 ? parts.join(' AND ') : null;
}

/** An ordinal condition on category indices, as a test of the category text. */
function ordinalTest(c: NumericCondition, v: string, categories: readonly string[]): string {
  const inside = (i: number): boolean => (c.lower === null || i > c.lower) && (c.upper === null || i <= c.upper);
  if (c.missing) {
    // Missing and unknown categories pass: everything but the known categories outside.
    const outside = categories.filter((_, i) => !inside(i));
    return outside.length ? `(${v} IS NULL OR ${v} NOT IN ${list(outside)})` : '1 = 1';
  }
  const within = categories.filter((_, i) => inside(i));
  return within.length ? `${v} IN ${list(within)}` : '1 = 0';
}

function sqlDialect(model: TreeModel): Dialect {
  const features = new Map(model.features.map((f) => [f.name, f]));
  return {
    numeric: (c, v) => {
      const feature = features.get(c.feature);
      if ((feature?.type as string) === 'ordinal') return ordinalTest(c, v, feature?.categories ?? []);
      const present = presentTest(c, v, feature);
      if (c.missing) return present === false ? `${v} IS NULL` : present === null ? '1 = 1' : `(${v} IS NULL OR (${present}))`;
      return present === false ? '1 = 0' : present === null ? `${v} IS NOT NULL` : `(${v} IS NOT NULL AND ${present})`;
    },
    categorical: (c, v) => {
      if (c.missing) return c.excluded.length ? `(${v} IS NULL OR ${v} NOT IN ${list(c.excluded)})` : '1 = 1';
      return c.categories.length ? `${v} IN ${list(c.categories)}` : '1 = 0';
    },
    literal: (value) => (typeof value === 'number' ? numberLiteral(value) : sqlString(value)),
  };
}

export function toSql(model: TreeModel, rules: readonly Rule[], table = 'data'): string {
  const sql = sqlDialect(model);
  const variables = new Map(model.features.map((f) => [f.name, sqlIdentifier(f.name)]));
  const lines = [
    `-- Decision tree predicting ${commentText(JSON.stringify(model.target))}, exported by Decision Tree Explorer as ${rules.length} rules.`,
    `-- Replace ${sqlIdentifier(table)} with your table; numeric columns must be numeric, missing values NULL,`,
    "-- dates ISO 8601 text (in SQLite: 'YYYY-MM-DD' or 'YYYY-MM-DDTHH:MM:SS.SSSZ') or a date type.",
    'SELECT',
    '  CASE',
  ];
  for (const rule of rules) {
    lines.push(`    -- ${ruleComment(rule)}`);
    lines.push(`    WHEN ${ruleCondition(sql, rule, variables, ' AND ', '1 = 1')} THEN ${sql.literal(rule.prediction)}`);
  }
  lines.push('  END AS ' + sqlIdentifier(`predicted_${model.target}`), `FROM ${sqlIdentifier(table)};`, '');
  return lines.join('\n');
}
