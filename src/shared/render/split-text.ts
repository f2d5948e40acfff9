// A column's best split as a short phrase — `≤ 20.995`, `present | missing` (threshold +∞), or the
// category set of each branch (`{sunny, rain} | overcast`) — for the splits CLI and the ranking QuickPick.
import { isPresenceThreshold } from '../../engine/model';
import type { ColumnSplit } from '../../engine/splits/types';
import { categorySetText, formatThreshold, PLAIN, type NumberStyle } from './tree-labels';

/** `escape` is applied to each category name (e.g. for a terminal); `style` writes the threshold's number (the CLI's: PLAIN). */
export function splitText(s: Pick<ColumnSplit, 'kind' | 'threshold' | 'thresholdText' | 'branches'>, escape: (text: string) => string = (t) => t, style: NumberStyle = PLAIN): string {
  if (s.kind === 'numeric' && isPresenceThreshold(s.threshold ?? NaN)) return 'present | missing';
  if (s.kind === 'numeric') return `≤ ${s.thresholdText === undefined ? style(formatThreshold(s.threshold ?? NaN)) : escape(s.thresholdText)}`;
  return (s.branches ?? []).map((b) => categorySetText(b.map(escape))).join(' | ');
}
