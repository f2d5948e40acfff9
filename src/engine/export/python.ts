// The tree as a Python function, rule by rule (see dialect.ts). JSON string literals are valid
// Python string literals, so names with quotes, backslashes or non-ASCII letters stay exact.
import type { TreeModel } from '../model';
import type { Rule } from '../rules/types';
import { boundsTest, commentText, type Dialect, numberLiteral, ruleComment, ruleCondition, usedFeatures } from './dialect';

const tuple = (values: readonly string[]): string =>
  values.length === 1 ? `(${JSON.stringify(values[0])},)` : `(${values.map((v) => JSON.stringify(v)).join(', ')})`;

const py: Dialect = {
  numeric: (c, v) => {
    const bounds = boundsTest(c, v, ' and ');
    return c.missing ? `(_is_missing(${v}) or (${bounds}))` : `(not _is_missing(${v}) and ${bounds})`;
  },
  categorical: (c, v) => (c.missing ? `${v} not in ${tuple(c.excluded)}` : `${v} in ${tuple(c.categories)}`),
  literal: (value) => (typeof value === 'number' ? numberLiteral(value) : JSON.stringify(value)),
};

export function toPython(model: TreeModel, rules: readonly Rule[]): string {
  const features = usedFeatures(model, rules);
  const variables = new Map(features.map((f) => [f.name, f.variable]));
  const lines = [
    `# Decision tree predicting ${commentText(JSON.stringify(model.target))}, exported by Decision Tree Explorer as ${rules.length} rules.`,
    'import math',
    '',
    '',
    'def _is_missing(v):',
    '    return v is None or (isinstance(v, float) and math.isnan(v))',
    '',
    '',
    'def predict(row):',
    '    """`row` maps column names to values: numbers for numeric columns, strings for categorical',
    '    and boolean ones; None or NaN mean missing."""',
    ...features.map((f) => `    ${f.variable} = row.get(${JSON.stringify(f.name)})`),
  ];
  for (const rule of rules) {
    lines.push(`    # ${ruleComment(rule)}`);
    lines.push(`    if ${ruleCondition(py, rule, variables, ' and ', 'True')}:`);
    lines.push(`        return ${py.literal(rule.prediction)}`);
  }
  lines.push('    return None', '');
  return lines.join('\n');
}
