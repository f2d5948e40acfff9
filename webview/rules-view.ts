// The Rules tab: one if-then rule per leaf with class, coverage, accuracy and the FOIL gain of each
// condition; sortable by any column; picking a rule highlights its leaf in the tree.
import type { Rule } from '../src/engine/rules/types';
import { formatNumber } from '../src/render/tree-labels';
import { append, el, percent, replaceChildren } from './dom';
import { button } from './toolkit';

/** Rows drawn at a time: a fully grown tree has a rule per leaf (100,000 and more). */
const RULES_PER_PAGE = 250;

export type RuleSortKey = 'order' | 'prediction' | 'covered' | 'accuracy' | 'conditions';
export interface RuleSort {
  key: RuleSortKey;
  descending: boolean;
}

interface Column {
  key: RuleSortKey;
  label: string;
  value: (r: Rule, index: number) => number | string;
}

function columns(regression: boolean): Column[] {
  return [
    { key: 'order', label: '#', value: (_r, i) => i },
    { key: 'conditions', label: 'Rule', value: (r) => r.conditions.length },
    { key: 'prediction', label: 'Prediction', value: (r) => r.prediction },
    { key: 'covered', label: 'Coverage', value: (r) => r.covered },
    regression
      ? { key: 'accuracy', label: 'MSE', value: (r) => r.mse ?? 0 }
      : { key: 'accuracy', label: 'Accuracy', value: (r) => r.accuracy ?? 0 },
  ];
}

function compare(a: number | string, b: number | string): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  return String(a).localeCompare(String(b));
}

function ruleCell(rule: Rule): HTMLElement {
  const conditions = rule.conditions.map((c, i) =>
    el(
      'li',
      {},
      i === 0 ? 'IF ' : 'AND ',
      el('code', {}, c.text),
      c.foilGain === null ? null : el('span', { class: 'foil', title: 'FOIL gain of this condition' }, ` FOIL ${formatNumber(c.foilGain, 3)}`),
    ),
  );
  if (conditions.length === 0) conditions.push(el('li', {}, 'always'));
  return el('td', {}, el('ul', { class: 'conditions' }, ...conditions));
}

export function renderRules(
  container: HTMLElement,
  rules: readonly Rule[],
  regression: boolean,
  sort: RuleSort,
  onSort: (sort: RuleSort) => void,
  onPick: (leaf: number) => void,
  onExport: () => void,
): void {
  const cols = columns(regression);
  const col = cols.find((c) => c.key === sort.key) ?? cols[0];
  const order = rules.map((r, i) => ({ r, i }));
  order.sort((a, b) => {
    const d = compare(col.value(a.r, a.i), col.value(b.r, b.i));
    return (sort.descending ? -d : d) || a.i - b.i;
  });
  const header = el(
    'tr',
    {},
    ...cols.map((c) => {
      const active = c.key === sort.key;
      const b = el('button', { class: 'sort', type: 'button', title: `Sort by ${c.label}` }, c.label, active ? (sort.descending ? ' ▼' : ' ▲') : '');
      b.addEventListener('click', () => onSort({ key: c.key, descending: active ? !sort.descending : c.key !== 'order' }));
      return el('th', { 'aria-sort': active ? (sort.descending ? 'descending' : 'ascending') : 'none', scope: 'col' }, b);
    }),
  );
  const row = ({ r, i }: { r: Rule; i: number }): HTMLElement => {
    const tr = el(
      'tr',
      { tabindex: 0, class: 'rule-row', title: 'Show this leaf in the tree' },
      el('td', { class: 'num' }, String(i + 1)),
      ruleCell(r),
      el('td', {}, typeof r.prediction === 'number' ? formatNumber(r.prediction) : r.prediction),
      el('td', { class: 'num' }, `${r.covered} (${percent(r.coverage)})`),
      el('td', { class: 'num' }, regression ? formatNumber(r.mse ?? NaN, 4) : percent(r.accuracy ?? 0)),
    );
    tr.addEventListener('click', () => onPick(r.leaf));
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        onPick(r.leaf);
      }
    });
    return tr;
  };
  const body = el('tbody', {});
  const more = el('div', { class: 'more-rules' });
  let drawn = 0;
  const drawMore = () => {
    const next = Math.min(order.length, drawn + RULES_PER_PAGE);
    append(body, ...order.slice(drawn, next).map(row));
    drawn = next;
    const left = order.length - drawn;
    replaceChildren(
      more,
      left > 0 && `${drawn.toLocaleString('en-US')} of ${order.length.toLocaleString('en-US')} rules shown. `,
      left > 0 && button(`Show ${Math.min(left, RULES_PER_PAGE)} more`, drawMore),
    );
  };
  drawMore();
  replaceChildren(
    container,
    el(
      'div',
      { class: 'toolbar' },
      el('span', { class: 'muted' }, `${rules.length} rules, one per leaf. Click a rule to see its leaf in the tree.`),
      button('Export rules…', onExport, { title: 'Save the rules as Python, JavaScript, SQL or text' }),
    ),
    el('table', { class: 'rules' }, el('thead', {}, header), body),
    more,
  );
}
