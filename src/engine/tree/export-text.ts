// The tree as indented text, in the style of scikit-learn's export_text:
//   |--- petal_length <= 2.45
//   |   |--- class: setosa
// Categorical branches read `|--- outlook in {sunny, rain}`; the branch that takes missing values
// and unseen categories is marked "(+ missing)". A "missing vs present" split reads `x <= inf`, as
// scikit-learn prints it.
import { featureOf, valueText } from '../feature-text';
import type { ModelNode, TreeModel } from '../model';

/** Names and labels come from a CSV: keep each on one line. */
const oneLine = (s: string): string => s.replace(/[\r\n\t]+/g, ' ');

function leafText(model: TreeModel, node: ModelNode, decimals: number): string {
  if (model.task === 'regression') return `value: [${(node.value as number).toFixed(decimals)}]`;
  return `class: ${oneLine(String(node.prediction))}`;
}

/** Python's round(t, decimals) as export_text prints it: `inf` for +∞. */
const thresholdText = (t: number, decimals: number): string => (Number.isFinite(t) ? t.toFixed(decimals) : t > 0 ? 'inf' : '-inf');

function branchTexts(model: TreeModel, node: ModelNode, decimals: number): string[] {
  const split = node.split as NonNullable<ModelNode['split']>;
  const name = oneLine(split.feature);
  // Dates as ISO 8601 text, ordinal thresholds as their category (feature-text.ts).
  const t = split.kind === 'numeric' ? oneLine(valueText(featureOf(model, split.feature), split.threshold, (x) => thresholdText(x, decimals))) : '';
  const texts =
    split.kind === 'numeric'
      ? [`${name} <= ${t}`, `${name} >  ${t}`]
      : split.branches.map((b) => `${name} in {${b.map(oneLine).join(', ')}}`);
  return texts.map((t, i) => (i === node.missingGoesTo ? `${t} (+ missing)` : t));
}

export function exportText(model: TreeModel, decimals = 2): string {
  const lines: string[] = [];
  // Explicit stack (deep trees): entries are a line to print or a node to expand.
  const stack: Array<{ id: number; depth: number } | string> = [{ id: 0, depth: 0 }];
  if (model.nodes[0].children.length === 0) return `|--- ${leafText(model, model.nodes[0], decimals)}\n`;
  while (stack.length > 0) {
    const item = stack.pop() as { id: number; depth: number } | string;
    if (typeof item === 'string') {
      lines.push(item);
      continue;
    }
    const node = model.nodes[item.id];
    const indent = '|   '.repeat(item.depth);
    if (node.children.length === 0) {
      lines.push(`${indent}|--- ${leafText(model, node, decimals)}`);
      continue;
    }
    const texts = branchTexts(model, node, decimals);
    for (let b = node.children.length - 1; b >= 0; b--) {
      stack.push({ id: node.children[b], depth: item.depth + 1 });
      stack.push(`${indent}|--- ${texts[b]}`);
    }
  }
  return lines.join('\n') + '\n';
}
