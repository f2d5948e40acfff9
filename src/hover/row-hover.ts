// Hover markdown for a data cell of a file with a trained tree: the row's prediction, its true
// value and the short path (`petal_length ≤ 2.45 → setosa`), with a link that highlights the path
// in the tree panel.
import { featureOf } from '../engine/feature-text';
import type { TreeModel } from '../engine/model';
import type { RowPathResult } from '../shared/row-path';
import { formatNumber, ruleConditionText } from '../shared/render/tree-labels';
import { HOVER_COMMANDS } from './hover-commands';
import { commandUri, mdText } from './markdown-text';
import { formatNumber as localNumber, labelNumber, t } from '../host/l10n';

function valueText(v: string | number | null): string {
  if (v === null) return `*${t('missing')}*`;
  // Four significant digits (as the tree writes them), with the UI's decimal comma.
  return typeof v === 'number' ? localNumber(Number(formatNumber(v)), { maximumFractionDigits: 20, useGrouping: false }) : mdText(v, 40);
}

/** The conditions from the root to the leaf, then the prediction. */
export function shortPath(model: TreeModel, path: readonly number[]): string {
  const steps: string[] = [];
  for (let i = 0; i + 1 < path.length; i++) {
    const node = model.nodes[path[i]];
    if (node.split === null) break;
    steps.push(mdText(ruleConditionText(node.split, node.children.indexOf(path[i + 1]), featureOf(model, node.split.feature), labelNumber()), 80));
  }
  const leaf = model.nodes[path[path.length - 1]];
  return [...steps, `**${valueText(leaf.prediction)}**`].join(' → ');
}

export function rowHover(model: TreeModel, result: RowPathResult, column: string, uri: string): string {
  const { row, prediction, actual } = result;
  // Class labels are text in the model; a numeric target column gives its value as a number.
  const match = model.task !== 'classification' || actual === null ? '' : String(prediction) === String(actual) ? ' ✓' : ' ✗';
  return [
    t`**Row ${localNumber(row + 1)}** · column *${mdText(column)}*`,
    '',
    t`Prediction **${valueText(prediction)}** · true ${mdText(model.target)} **${valueText(actual)}**${match}`,
    '',
    t`Path: ${shortPath(model, result.path)}`,
    '',
    t`[Highlight this path in the tree panel](${commandUri(HOVER_COMMANDS.highlightRow, [uri, row])})`,
  ].join('\n');
}
