// The tree as a JavaScript function, rule by rule (see dialect.ts).
import type { TreeModel } from '../model';
import type { Rule } from '../rules/types';
import { boundsTest, commentText, type Dialect, numberLiteral, ruleComment, ruleCondition, usedFeatures } from './dialect';

const js: Dialect = {
  numeric: (c, v) => {
    const bounds = boundsTest(c, v, ' && ');
    return c.missing ? `(isMissing(${v}) || (${bounds}))` : `(!isMissing(${v}) && ${bounds})`;
  },
  categorical: (c, v) => (c.missing ? `!${JSON.stringify(c.excluded)}.includes(${v})` : `${JSON.stringify(c.categories)}.includes(${v})`),
  literal: (value) => (typeof value === 'number' ? numberLiteral(value) : JSON.stringify(value)),
};

export function toJavaScript(model: TreeModel, rules: readonly Rule[]): string {
  const features = usedFeatures(model, rules);
  const variables = new Map(features.map((f) => [f.name, f.variable]));
  const lines = [
    `// Decision tree predicting ${commentText(JSON.stringify(model.target))}, exported by Decision Tree Explorer as ${rules.length} rules.`,
    '// predict(row): `row` maps column names to values: numbers for numeric columns, strings for',
    '// categorical and boolean ones; null, undefined or NaN mean missing.',
    'function predict(row) {',
    "  const isMissing = (v) => v === null || v === undefined || (typeof v === 'number' && Number.isNaN(v));",
    ...features.map((f) => `  const ${f.variable} = row[${JSON.stringify(f.name)}];`),
  ];
  for (const rule of rules) {
    lines.push(`  // ${ruleComment(rule)}`);
    lines.push(`  if (${ruleCondition(js, rule, variables, ' && ', 'true')}) return ${js.literal(rule.prediction)};`);
  }
  lines.push('  return null;', '}', '');
  return lines.join('\n');
}
