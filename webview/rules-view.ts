// The Rules tab: one if-then rule per leaf with class, coverage and accuracy, and on request the
// FOIL gain of each condition; sortable by any column; picking a rule highlights its leaf in the
// tree. Below 480 px each rule is a card (media/panel.css), its cells labelled by `data-label`. The host holds
// the rules and sends them a page at a time, sorted as asked (src/panel/rules-page.ts): a fully
// grown tree has a rule per leaf (100,000 and more), too many to post with the first view.
import type { Rule } from '../src/engine/rules/types';
import type { RuleSort, RuleSortKey, RulesPage } from '../src/shared/protocol';
import { append, el, percent, replaceChildren } from './dom';
import { button } from './toolkit';
import { figure, formatNumber as localNumber, t } from './l10n';

/** Rows asked for at a time. */
const RULES_PER_PAGE = 250;

export interface RulesActions {
  /** Asks the host for a page of rules. */
  request(sort: RuleSort, offset: number, limit: number): Promise<RulesPage>;
  sorted(sort: RuleSort): void;
  pick(leaf: number): void;
  export(): void;
  /** Opens the calculation drawer on the rule of leaf `leaf` (learn mode); `opener` gets the focus back. */
  calculation?(leaf: number, opener: HTMLElement): void;
}

function columns(regression: boolean): { key: RuleSortKey; label: string }[] {
  return [
    { key: 'order', label: '#' },
    { key: 'conditions', label: t('Rule') },
    { key: 'prediction', label: t('Prediction') },
    { key: 'covered', label: t('Coverage') },
    { key: 'accuracy', label: regression ? /* l10n-ignore */ 'MSE' : t('Accuracy') },
  ];
}

/** What the FOIL gain next to a condition is (docs/formulas.md "Rules and FOIL gain"). */
const foilTitle = () =>
  t("FOIL gain of this condition for the rule's class: pos′ · (log₂(pos′/(pos′+neg′)) − log₂(pos/(pos+neg))), pos/neg the rows of the class and of the others covered before the condition, pos′/neg′ after it");

function ruleCell(rule: Rule): HTMLElement {
  const conditions = rule.conditions.map((c, i) =>
    el(
      'li',
      {},
      i === 0 ? t('IF ') : t('AND '),
      el('code', {}, c.text),
      c.foilGain === null ? null : el('span', { class: 'foil', title: foilTitle() }, t` FOIL ${figure(c.foilGain, 3)}`),
    ),
  );
  if (conditions.length === 0) conditions.push(el('li', {}, t('always')));
  return el('td', { 'data-label': t('Rule') }, el('ul', { class: 'conditions' }, ...conditions));
}

/** The tab for one report: draws the pages the host sends, asks for the next on "Show more". */
export class RulesView {
  private readonly body = el('tbody', {});
  private readonly more = el('div', { class: 'more-rules' });
  private readonly count = el('span', { class: 'muted' });
  private drawn = 0;
  /** Whether each condition shows its FOIL gain (off: a number on every line nobody asked for). */
  private foil = false;
  /** Counts the pages asked for: only the last one's answer is drawn (an older one had another sort). */
  private asked = 0;
  private loaded = false;

  constructor(
    private readonly container: HTMLElement,
    private readonly regression: boolean,
    private sort: RuleSort,
    private readonly actions: RulesActions,
  ) {}

  /** Asks for the first page unless it was asked already: called when the tab is on show. */
  load(): void {
    if (this.loaded) return;
    this.loaded = true;
    this.draw();
  }

  private receive(page: RulesPage): void {
    append(this.body, ...page.rows.map(({ index, rule }) => this.row(index, rule)));
    this.drawn = page.offset + page.rows.length;
    replaceChildren(this.count, t`${localNumber(page.total)} rules, one per leaf. Click a rule to see its leaf in the tree.`);
    const left = page.total - this.drawn;
    replaceChildren(
      this.more,
      left > 0 && t('{0} of {1} rules shown. ', localNumber(this.drawn), localNumber(page.total)),
      left > 0 && button(t`Show ${Math.min(left, RULES_PER_PAGE)} more`, () => this.ask()),
    );
  }

  private failed(message: string): void {
    replaceChildren(this.more, el('p', { class: 'error' }, message), button(t('Try again'), () => this.ask()));
  }

  private draw(): void {
    const header = el(
      'tr',
      {},
      ...columns(this.regression).map((c) => {
        const active = c.key === this.sort.key;
        const descending = this.sort.descending;
        const b = el('button', { class: 'sort', type: 'button', title: t`Sort by ${c.label}` }, c.label, active ? (descending ? ' ▼' : ' ▲') : '');
        b.addEventListener('click', () => {
          this.sort = { key: c.key, descending: active ? !descending : c.key !== 'order' };
          this.actions.sorted(this.sort);
          this.draw();
        });
        return el('th', { 'aria-sort': active ? (descending ? 'descending' : 'ascending') : 'none', scope: 'col' }, b);
      }),
      this.actions.calculation && el('th', { scope: 'col', 'aria-label': t('Calculation') }),
    );
    replaceChildren(this.body);
    this.drawn = 0;
    const table = el('table', { class: this.foil ? 'rules' : 'rules foil-hidden' }, el('thead', {}, header), this.body);
    replaceChildren(
      this.container,
      el('div', { class: 'toolbar' }, this.count, button(t('Export rules…'), () => this.actions.export(), { title: t('Save the rules as Python, JavaScript, SQL or text') }), this.regression ? null : this.foilToggle(table)),
      table,
      this.more,
    );
    this.ask();
  }

  /** Shows or hides the FOIL gains already drawn (a class on the table: nothing is asked again). */
  private foilToggle(table: HTMLElement): HTMLElement {
    const toggle = button(
      t('FOIL gain'),
      () => {
        this.foil = !this.foil;
        toggle.setAttribute('aria-pressed', String(this.foil));
        table.classList.toggle('foil-hidden', !this.foil);
      },
      { title: t`Show each condition's FOIL gain. ${foilTitle()}` },
    );
    toggle.setAttribute('aria-pressed', String(this.foil));
    return toggle;
  }

  private ask(): void {
    replaceChildren(this.more, el('p', { class: 'muted' }, t('Loading rules…')));
    const asked = ++this.asked;
    this.actions.request(this.sort, this.drawn, RULES_PER_PAGE).then(
      (page) => asked === this.asked && this.receive(page),
      (err: Error) => asked === this.asked && this.failed(err.message),
    );
  }

  /** "Calculation": the rule's coverage, accuracy and FOIL gains worked out in the drawer (a click here is not a pick of the rule). */
  private calculationCell(leaf: number): HTMLElement | null {
    const open = this.actions.calculation;
    if (open === undefined) return null;
    const b: HTMLElement = button(t('Calculation'), () => open(leaf, b), { title: t("Work out this rule's coverage, accuracy and the FOIL gain of each condition") });
    for (const kind of ['click', 'keydown'] as const) b.addEventListener(kind, (e) => e.stopPropagation());
    return el('td', { class: 'rule-calc', 'data-label': '' }, b);
  }

  private row(index: number, r: Rule): HTMLElement {
    const tr = el(
      'tr',
      { tabindex: 0, class: 'rule-row', title: t('Show this leaf in the tree') },
      el('td', { class: 'num', 'data-label': '#' }, String(index + 1)),
      ruleCell(r),
      el('td', { 'data-label': t('Prediction') }, typeof r.prediction === 'number' ? figure(r.prediction) : r.prediction),
      el('td', { class: 'num', 'data-label': t('Coverage') }, `${r.covered} (${percent(r.coverage)})`),
      el('td', { class: 'num', 'data-label': this.regression ? /* l10n-ignore */ 'MSE' : t('Accuracy') }, this.regression ? figure(r.mse ?? NaN, 4) : percent(r.accuracy ?? 0)),
      this.calculationCell(r.leaf),
    );
    tr.addEventListener('click', () => this.actions.pick(r.leaf));
    tr.addEventListener('keydown', (e) => {
      if (e.key === 'Enter' || e.key === ' ') {
        e.preventDefault();
        this.actions.pick(r.leaf);
      }
    });
    return tr;
  }
}
