// "Show the calculation": a drawer over the tree with a node's worked arithmetic (learn mode) —
// its counts and impurity formula with the numbers, then for its split and each ranked alternative
// the partition table, each branch's impurity, the weighted mean and the score, and a numeric
// column's candidate thresholds. The numbers come from the worker (src/engine/explain/), laid out
// by src/shared/render/calculation-view.ts; formulas are typeset by the bundled KaTeX into DOM
// nodes (katex.render: no HTML strings, no network; its CSS and fonts come from dist/katex). Names
// from the data are text nodes here, and escaped for LaTeX's \text{} by the engine (`tex`).
import { render as renderMath } from 'katex';
import type { NodeCalculation, Step } from '../src/engine/explain/types';
import { KATEX_MACROS } from '../src/engine/explain/latex';
import type { PruningCalculation } from '../src/engine/explain/pruning-calculation';
import type { RuleCalculation } from '../src/engine/explain/rule-calculation';
import { FORMULAS_FILE, nodeSections, PRUNING_SECTIONS, RULE_SECTIONS, sectionAnchor, type FormulaSection } from '../src/engine/explain/formula-sections';
import { calculationView, formulaPieces, type CalcTable, type CandidateView } from '../src/shared/render/calculation-view';
import { pruningView, ruleView, type SectionView, type StepGroup } from '../src/shared/render/pruning-rule-view';
import { el, replaceChildren } from './dom';
import { button, checkbox } from './toolkit';
import { hiddenFrom } from '../src/shared/render/practice-view';
import { answerText, questionBox } from './practice';
import { t } from './l10n';

export interface CalculationDrawerEvents {
  /** The node's calculation, from the host's worker; `column`: that column's split worked out whatever its rank. */
  request(nodeId: number, column: string | null): Promise<NodeCalculation>;
  /** "Export as Markdown…": the host writes the CLI's `explain` Markdown for the node. */
  exportMarkdown(nodeId: number): void;
  /** Both prunings of the tree's settings, worked out on its tree as grown, or on the edited tree as shown. */
  requestPruning(): Promise<PruningCalculation>;
  /** The rule of leaf `leaf`: coverage, accuracy, FOIL gains. */
  requestRule(leaf: number): Promise<RuleCalculation>;
  /** Opens docs/formulas.md at `section` (absent: the links do nothing, e.g. a forest's tree). */
  openFormulas?(section: FormulaSection): void;
  /** The drawer closed; called before the focus goes back to the opener (whose tab may have to come back first). */
  closed?(): void;
}

/** As the drawer typesets: no \\href or \\url (trust: false), the escapes' macros. */
const MATH_OPTIONS = { displayMode: false, throwOnError: true, strict: 'ignore', trust: false, macros: { ...KATEX_MACROS } } as const;

/**
 * One formula in display style, set piece by piece (formulaPieces) so that a long sum wraps after
 * its terms on a narrow panel; the whole formula once more as MathML, for screen readers. A formula
 * KaTeX cannot typeset shows its LaTeX source as text.
 */
function formula(step: Step): HTMLElement {
  const math = el('div', { class: 'calc-math' });
  try {
    const pieces = formulaPieces(step.latex);
    // Practice mode hides the worked values (practice-view.ts hiddenFrom) while the scope is hidden.
    const hideFrom = hiddenFrom(pieces);
    const seen = el('span', { class: 'calc-pieces', 'aria-hidden': 'true' });
    const set = (latex: string, className: string) => {
      const holder = el('span', { class: className });
      // `{}` first: a leading = or − keeps its spacing as a relation or a binary operator.
      renderMath(`\\displaystyle {}${latex}`, holder, { ...MATH_OPTIONS, output: 'html' });
      seen.append(holder, ' ');
    };
    pieces.forEach((piece, i) => {
      if (i === hideFrom) set('= \\mathord{?}', 'calc-piece calc-hidden-mark');
      set(piece, hideFrom >= 0 && i >= hideFrom ? 'calc-piece calc-result' : 'calc-piece');
    });
    const spoken = el('span', { class: 'sr-only calc-result' });
    renderMath(`\\displaystyle ${step.latex}`, spoken, { ...MATH_OPTIONS, output: 'mathml' });
    math.append(seen, spoken);
    if (hideFrom >= 0) {
      const asked = el('span', { class: 'sr-only calc-hidden-mark' });
      renderMath(`\\displaystyle ${[...pieces.slice(0, hideFrom), '= ?'].join(' ')}`, asked, { ...MATH_OPTIONS, output: 'mathml' });
      math.append(asked);
    }
  } catch {
    replaceChildren(math, el('code', {}, step.latex));
  }
  return el('div', { class: 'calc-step' }, el('p', { class: 'calc-label' }, `${step.label}:`), math);
}

/** `hidden`: the column whose values practice mode hides (an impurity, a score). */
function table(t: CalcTable, caption: string, numericFrom = 1, hidden = -1): HTMLElement {
  return el(
    'div',
    { class: 'calc-table-wrap' },
    el(
      'table',
      { class: 'calc-table' },
      el('caption', { class: 'sr-only' }, caption),
      el('thead', {}, el('tr', {}, ...t.header.map((h) => el('th', { scope: 'col' }, h)))),
      el('tbody', {}, ...t.rows.map((r) => el('tr', { class: r.chosen ? 'chosen' : undefined }, ...r.cells.map((c, i) => (i === 0 ? el('th', { scope: 'row' }, c) : el('td', { class: i >= numericFrom ? 'num' : undefined }, ...(i === hidden ? answerText(c) : [c]))))))),
    ),
  );
}

/** `practice`: its numbers hidden until the student's value of its score is checked. */
function candidate(c: CandidateView, focus: boolean, count: number, practice: boolean): HTMLElement {
  const body = el(
    'div',
    { class: 'calc-candidate-body' },
    table(c.partition, t("Partition of the node's rows by {0}", c.title), 1, c.partition.header.length - 1),
    c.missingNote && el('p', { class: 'muted' }, c.missingNote),
    ...c.steps.map(formula),
    c.thresholds && el('p', {}, c.thresholds.intro),
    c.thresholds && table(c.thresholds.table, t('Candidate thresholds and their scores'), 1, 1),
  );
  // Every candidate is a disclosure (keyboard: Tab to its summary, Enter or Space): the chosen split open.
  const score = el('span', { class: 'calc-score' }, `${c.scoreName}: `, ...answerText(c.score), t` (rank ${c.rank} of ${count})`);
  const details = el('details', { class: `calc-candidate${c.chosen ? ' chosen' : ''}${focus ? ' asked' : ''}${practice ? ' practice-hidden' : ''}`, open: c.chosen || focus, 'data-feature': c.feature }, el('summary', {}, el('span', { class: 'calc-title' }, c.title), score), body);
  if (practice) body.insertBefore(questionBox(`${c.scoreName} of ${c.feature}`, c.scoreValue, details), c.thresholds ? body.children[body.children.length - 2] : null);
  return details;
}

/** A disclosure of worked steps (a pruning step, a rule's condition). */
function stepGroup(g: StepGroup): HTMLElement {
  return el('details', { class: 'calc-candidate calc-group', open: g.open }, el('summary', {}, el('span', { class: 'calc-title' }, g.title), el('span', { class: 'calc-score' }, g.summary)), el('div', { class: 'calc-candidate-body' }, ...g.steps.map(formula)));
}

function section(s: SectionView): HTMLElement[] {
  return [el('h4', {}, s.heading), el('p', { class: 'muted' }, s.intro), s.table && table(s.table, s.caption), s.note && el('p', { class: 'muted' }, s.note), ...s.groups.map(stepGroup)].filter((e): e is HTMLElement => e !== null && e !== undefined);
}

export class CalculationDrawer {
  readonly element = el('section', { class: 'calc-drawer', role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': 'calc-drawer-title', tabindex: -1, hidden: true });
  private readonly titleText = el('h3', { id: 'calc-drawer-title' });
  private readonly body = el('div', { class: 'calc-body', 'aria-live': 'polite' });
  private nodeId: number | null = null;
  /** Where the focus goes back to when the drawer closes (the button that opened it). */
  private opener: HTMLElement | null = null;
  private token = 0;

  private readonly exportButton: HTMLElement;
  private readonly practiceBox: HTMLElement;
  /** Practice mode: a node's numbers hidden until the student's values are checked. */
  private practice = false;
  /** The node calculation shown, drawn again when practice mode is switched. */
  private shown: { calc: NodeCalculation; column: string | null } | null = null;

  constructor(private readonly events: CalculationDrawerEvents) {
    const exportButton = (this.exportButton = button(t('Export as Markdown…'), () => this.nodeId !== null && events.exportMarkdown(this.nodeId), { title: t("Save this calculation as Markdown with $$…$$ formulas (the CLI's explain output)") }));
    const close = button(t('Close'), () => this.close(), { title: t('Close the calculation (Escape)') });
    this.practiceBox = checkbox(t('Practice: hide the numbers'), false, (on) => {
      this.practice = on;
      if (this.shown) this.show(this.shown.calc, this.shown.column);
    }).element;
    this.practiceBox.title = t("Hide the node's impurity and each candidate's score until you type your own value");
    this.element.append(el('div', { class: 'calc-head' }, this.titleText, el('span', { class: 'calc-actions' }, this.practiceBox, exportButton, close)), this.body);
    this.element.addEventListener('keydown', (e) => {
      if (e.key !== 'Escape') return;
      e.stopPropagation();
      this.close();
    });
  }

  get openNode(): number | null {
    return this.nodeId;
  }

  /**
   * Opens the drawer on node `nodeId`, asking the host for its calculation; `opener` gets the focus
   * back on close; `column` (the hover's link): that column's split opened and brought into view.
   */
  open(nodeId: number, opener: HTMLElement | null, column: string | null = null): void {
    this.start(t('How node {0} was scored', nodeId), nodeId, opener, () => this.events.request(nodeId, column).then((calc) => () => this.show(calc, column)));
  }

  /** Opens the drawer on the pruning of the tree's settings (from the settings' pruning controls). */
  openPruning(opener: HTMLElement | null): void {
    this.start(t('How pruning works on this tree'), null, opener, () => this.events.requestPruning().then((p) => () => this.showSections(pruningView(p), 'explain --pruning cost-complexity (or pessimistic)', PRUNING_SECTIONS)));
  }

  /** Opens the drawer on the rule of leaf `leaf` (from the Rules tab). */
  openRule(leaf: number, opener: HTMLElement | null): void {
    this.start(t('How the rule of leaf {0} is scored', leaf), null, opener, () => this.events.requestRule(leaf).then((r) => () => this.showSections(ruleView(r), 'explain --rules', RULE_SECTIONS)));
  }

  /** Shows the drawer saying it is working, then what `load` resolves to draw, unless another opening came since. */
  private start(title: string, nodeId: number | null, opener: HTMLElement | null, load: () => Promise<() => void>): void {
    this.nodeId = nodeId;
    this.opener = opener;
    // Only a node's calculation is exported from here (Export Calculation as Markdown writes the others too).
    this.exportButton.hidden = nodeId === null;
    this.practiceBox.hidden = nodeId === null;
    this.shown = null;
    const token = ++this.token;
    replaceChildren(this.titleText, title);
    replaceChildren(this.body, el('p', { class: 'muted' }, t('Working out the calculation…')));
    this.element.hidden = false;
    this.element.focus({ preventScroll: true });
    load().then(
      (draw) => token === this.token && draw(),
      (err: Error) => token === this.token && replaceChildren(this.body, el('p', { class: 'error' }, err.message)),
    );
  }

  private showSections(sections: SectionView[], cli: string, cited: readonly FormulaSection[]): void {
    replaceChildren(this.body, ...sections.flatMap(section), el('p', { class: 'muted calc-foot' }, ...this.formulas(cited), t`; the CLI writes the same: ${cli}.`));
  }

  /** "The formulas: docs/formulas.md "A", "B"", each a link the host opens at its section. */
  private formulas(cited: readonly FormulaSection[]): Array<Node | string> {
    const links = cited.map((section) => {
      const a = el('a', { href: `#${sectionAnchor(section)}`, class: 'formulas-link', title: t`Open ${FORMULAS_FILE} at "${section}"` }, `“${section}”`);
      a.addEventListener('click', (e) => {
        e.preventDefault();
        this.events.openFormulas?.(section);
      });
      return a;
    });
    return [t('The formulas: {0} ', FORMULAS_FILE), ...links.flatMap((a, i) => (i === 0 ? [a] : [', ', a]))];
  }

  close(): void {
    if (this.element.hidden) return;
    this.token++;
    this.element.hidden = true;
    this.nodeId = null;
    const back = this.opener;
    this.opener = null;
    this.events.closed?.();
    if (back?.isConnected) back.focus({ preventScroll: true });
  }

  private show(calc: NodeCalculation, column: string | null): void {
    this.shown = { calc, column };
    const v = calculationView(calc);
    const practice = this.practice;
    const impurity = el('div', { class: `calc-node-impurity${practice ? ' practice-hidden' : ''}` }, ...v.impurity.map(formula));
    if (practice) impurity.append(questionBox(v.impurityName, v.impurityValue, impurity));
    replaceChildren(
      this.body,
      el('p', { class: 'calc-where' }, el('strong', {}, `${v.heading}: `), v.where),
      el('p', { class: 'muted' }, v.intro),
      practice && el('p', { class: 'practice-intro' }, t("Practice: work out the node's impurity and each candidate's score, type your value, then Check (Enter). The numbers show once you have answered.")),
      v.counts && table(v.counts, t('Rows of each class at the node')),
      v.summary && el('p', {}, v.summary),
      impurity,
      v.empty && el('p', { class: 'muted' }, v.empty),
      v.candidates.length > 0 && el('h4', {}, t('The split and the alternatives, by score')),
      ...v.candidates.map((c) => candidate(c, c.feature === column, v.candidates.length, practice)),
      el('p', { class: 'muted calc-foot' }, ...this.formulas(nodeSections(calc.criterion)), t('; Export as Markdown writes the same as the CLI: explain --node '), String(calc.nodeId), '.'),
    );
    const asked = this.body.querySelector<HTMLElement>('details.calc-candidate.asked > summary');
    if (asked) {
      asked.focus({ preventScroll: true });
      // Once KaTeX's fonts are in, the formulas above it have their final height.
      void document.fonts.ready.then(() => asked.isConnected && asked.scrollIntoView({ block: 'start' }));
    }
  }
}
