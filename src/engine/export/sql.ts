// The tree as one SQL `CASE WHEN … END` over a table (SQLite, PostgreSQL and most dialects),
// rule by rule (see dialect.ts). Identifiers are double-quoted and literals single-quoted, with
// embedded quotes doubled. Numeric columns must hold numbers (REAL/NUMERIC), missing = NULL.
import type { TreeModel } from '../model';
import type { Rule } from '../rules/types';
import { boundsTest, commentText, type Dialect, numberLiteral, ruleComment, ruleCondition } from './dialect';

export const sqlIdentifier = (name: string): string => `"${name.replace(/"/g, '""')}"`;
const sqlString = (s: string): string => `'${s.replace(/'/g, "''")}'`;
const list = (values: readonly string[]): string => `(${values.map(sqlString).join(', ')})`;

const sql: Dialect = {
  numeric: (c, v) => {
    const bounds = boundsTest(c, v, ' AND ');
    return c.missing ? `(${v} IS NULL OR (${bounds}))` : `(${v} IS NOT NULL AND ${bounds})`;
  },
  categorical: (c, v) => {
    if (c.missing) return c.excluded.length ? `(${v} IS NULL OR ${v} NOT IN ${list(c.excluded)})` : '1 = 1';
    return c.categories.length ? `${v} IN ${list(c.categories)}` : '1 = 0';
  },
  literal: (value) => (typeof value === 'number' ? numberLiteral(value) : sqlString(value)),
};

export function toSql(model: TreeModel, rules: readonly Rule[], table = 'data'): string {
  const variables = new Map(model.features.map((f) => [f.name, sqlIdentifier(f.name)]));
  const lines = [
    `-- Decision tree predicting ${commentText(JSON.stringify(model.target))}, exported by Decision Tree Explorer as ${rules.length} rules.`,
    `-- Replace ${sqlIdentifier(table)} with your table; numeric columns must be numeric, missing values NULL.`,
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
