// The Rules tab's rows, served by the host a page at a time: a fully grown tree has a rule per
// leaf (100,000 and more), which would dominate the panel's first message if sent whole. The host
// sorts as the tab asks (ties keep the report's order) and remembers the last order it made, so
// "Show more" on a big tree slices instead of sorting again.
import type { Rule } from '../engine/rules/types';
import type { TreeReport } from '../engine/report-types';
import type { RequestRulesPageMessage, RuleSort, RulesPageMessage } from '../protocol';

const collator = new Intl.Collator('en');

/** The value a rule is sorted by; MSE stands in for accuracy on a regression tree. */
function sortValue(sort: RuleSort, rule: Rule, index: number): number | string {
  switch (sort.key) {
    case 'order':
      return index;
    case 'conditions':
      return rule.conditions.length;
    case 'prediction':
      return rule.prediction;
    case 'covered':
      return rule.covered;
    case 'accuracy':
      return rule.mse ?? rule.accuracy ?? 0;
  }
}

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return collator.compare(String(a), String(b));
}

/** Indices into `rules` in the order the Rules tab shows them. */
export function ruleOrder(rules: readonly Rule[], sort: RuleSort): Uint32Array {
  const values = rules.map((r, i) => sortValue(sort, r, i));
  const order = Array.from(rules, (_r, i) => i);
  order.sort((a, b) => {
    const d = compare(values[a], values[b]);
    return (sort.descending ? -d : d) || a - b;
  });
  return Uint32Array.from(order);
}

/** Answers `requestRulesPage` from a report's rules, keeping the order of the last sort asked for. */
export class RulePages {
  private last: { rules: readonly Rule[]; key: string; order: Uint32Array } | undefined;

  answer(report: Pick<TreeReport, 'rules'>, request: RequestRulesPageMessage): RulesPageMessage {
    const { rules } = report;
    const key = `${request.sort.key}:${request.sort.descending}`;
    if (this.last?.rules !== rules || this.last.key !== key) this.last = { rules, key, order: ruleOrder(rules, request.sort) };
    const { order } = this.last;
    const end = Math.min(order.length, request.offset + request.limit);
    const rows: RulesPageMessage['rows'] = [];
    for (let at = request.offset; at < end; at++) rows.push({ index: order[at], rule: rules[order[at]] });
    return { type: 'rulesPage', requestId: request.requestId, offset: request.offset, total: rules.length, rows };
  }
}
