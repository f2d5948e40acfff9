// Growing a tree by hand in the panel (README "Learn mode", the course notes' exercise): above the
// tree, the open leaf being decided with every column's best split at it, scored by the tree's
// criterion and the algorithm's choice marked; the student splits it by one of them or makes it a
// leaf, or takes the algorithm's choice (Next), lets the algorithm grow the rest (Finish), or takes
// back the last step (Undo). Their tree's size and scores stand beside the algorithm's. The steps
// and the engine work are the host's and the worker's (src/panel/by-hand.ts); this draws and asks.
// The section is one line (progress, sizes, the step buttons) over a drawer with the candidates and
// the scores: open while a leaf is open, closed once none is, so the finished tree gets the height.
import type { TreeModel } from '../src/engine/model';
import type { HandCandidates } from '../src/engine/explain/hand-candidates';
import type { HandStepMessage, HandView, ReportSummary } from '../src/shared/protocol';
import { formatNumber, nodeLines, ruleTo } from '../src/shared/render/tree-labels';
import { handScoresTable } from './compare-metrics';
import { el, replaceChildren } from './dom';
import { allCriteria } from '../src/engine/tree/criteria';
import { t } from './l10n';
import { measureName } from '../src/shared/terms';
import { button, dropdown } from './toolkit';

type CandidatesState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'ready'; candidates: HandCandidates };

export interface HandEvents {
  candidates(nodeId: number): Promise<HandCandidates>;
  step(action: HandStepMessage['action'], busy: string): void;
  /** Opens the calculation drawer on the node; `opener` gets the focus back. */
  showCalculation(nodeId: number, opener: HTMLElement): void;
  /** The open leaf being decided changed: the tree selects it. */
  current(nodeId: number): void;
}

const BODY_ID = 'hand-body';

/** The candidates' score name (a criterion's measure, in English) as the page says it. */
function scoreName(measure: string): string {
  const spec = allCriteria().find((c) => c.measure === measure);
  return spec ? measureName(spec.score) : measure;
}

export class HandGrower {
  readonly element = el('section', { class: 'by-hand', 'aria-label': t('Grow the tree by hand'), hidden: true });
  /** The user's opening or closing of the drawer; null: open while a leaf is open. Forgotten when that changes. */
  private expanded: boolean | null = null;
  private anyOpen: boolean | null = null;
  private view: HandView | null = null;
  private model: TreeModel | null = null;
  private summary: ReportSummary | null = null;
  private node: number | null = null;
  private readonly candidates = new Map<number, CandidatesState>();

  constructor(private readonly events: HandEvents) {}

  /** The tree shown and its by-hand view (null: the tree is not grown by hand, the section hides). */
  show(view: HandView | null, model: TreeModel, summary: ReportSummary): void {
    this.view = view;
    this.model = model;
    this.summary = summary;
    this.candidates.clear();
    this.element.hidden = view === null;
    if (view === null) return replaceChildren(this.element);
    this.node = this.node !== null && view.open.includes(this.node) ? this.node : (view.open[0] ?? null);
    this.render();
  }

  /** The open leaf being decided; null when the tree is not grown by hand or none is open. */
  get deciding(): number | null {
    return this.view === null ? null : this.node;
  }

  /** A node clicked in the tree: decided next when it is an open leaf. */
  select(nodeId: number): void {
    if (!this.view?.open.includes(nodeId) || this.node === nodeId) return;
    this.node = nodeId;
    this.render();
  }

  private load(nodeId: number): CandidatesState {
    const known = this.candidates.get(nodeId);
    if (known && known.kind !== 'failed') return known;
    const loading: CandidatesState = { kind: 'loading' };
    this.candidates.set(nodeId, loading);
    const settle = (state: CandidatesState) => {
      if (this.candidates.get(nodeId) !== loading) return; // the tree changed since
      this.candidates.set(nodeId, state);
      if (this.node === nodeId) this.render();
    };
    this.events.candidates(nodeId).then(
      (candidates) => settle({ kind: 'ready', candidates }),
      (err: Error) => settle({ kind: 'failed', message: err.message }),
    );
    return loading;
  }

  private render(): void {
    const { view, model, summary } = this;
    if (!view || !model || !summary) return;
    const node = this.node;
    const undo = button(t('Undo'), () => this.events.step({ kind: 'undo' }, t('Taking back the last step…')), { title: t('Take back the last step') });
    const steps = view.steps.length;
    undo.toggleAttribute('disabled', steps === 0);
    const next = node !== null && button(t('Next'), () => this.events.step({ kind: 'algorithm', node }, t("Taking the algorithm's choice…")), { title: t("Take the algorithm's choice at node {0}", node) });
    const finish = view.open.length > 0 && button(t('Finish'), () => this.events.step({ kind: 'finish' }, t('Growing the rest…')), { title: t('Let the algorithm grow every open leaf with the tree’s settings') });
    const open = view.open.length;
    if (this.anyOpen !== open > 0) {
      this.anyOpen = open > 0;
      this.expanded = null;
    }
    const body = el(
      'div',
      { class: 'hand-body', id: BODY_ID, hidden: !(this.expanded ?? open > 0) },
      node === null ? el('p', { class: 'muted' }, t('Every leaf is decided. Undo to change a step; the Metrics, Rules and exports are of this tree.')) : this.nodeSection(model, node, view.open),
      el('details', { class: 'hand-scores', open: true }, el('summary', {}, t("Your tree beside the algorithm's")), handScoresTable(summary, view.algorithm)),
    );
    const toggle = el(
      'button',
      { class: 'hand-toggle', type: 'button', 'aria-expanded': String(!body.hidden), 'aria-controls': BODY_ID, title: t('Show or hide the candidates and the scores') },
      el('span', { class: 'chevron', 'aria-hidden': 'true' }, '▸'),
      t('Growing by hand'),
    );
    // Opened or closed in place, so the focus stays on the toggle.
    toggle.addEventListener('click', () => {
      body.hidden = !body.hidden;
      this.expanded = !body.hidden;
      toggle.setAttribute('aria-expanded', String(!body.hidden));
    });
    const progress = `${steps === 1 ? t('1 step') : t('{0} steps', steps)} · ${open === 0 ? t('no open leaf') : open === 1 ? t('1 open leaf') : t('{0} open leaves', open)}`;
    const nodes = (s: ReportSummary) => s.final.nodes;
    replaceChildren(
      this.element,
      el(
        'div',
        { class: 'hand-head' },
        el('h3', {}, toggle),
        el('span', { class: 'muted' }, progress),
        el('span', { class: 'hand-size' }, t("{0} nodes (the algorithm's {1})", nodes(summary), nodes(view.algorithm))),
        el('div', { class: 'actions', role: 'toolbar', 'aria-label': t('Steps') }, next, finish, undo),
      ),
      body,
    );
  }

  private nodeSection(model: TreeModel, nodeId: number, open: readonly number[]): HTMLElement {
    const n = model.nodes[nodeId];
    const label = (id: number) => {
      const rule = ruleTo(model, id);
      return rule.length > 0 ? t('node {0}: {1}', id, rule[rule.length - 1]) : t('node {0} (root)', id);
    };
    const pick = dropdown(t('Open leaf'), open.map((id) => ({ value: String(id), label: label(id) })), String(nodeId), (v) => {
      this.node = Number(v);
      this.render();
      this.events.current(this.node);
    });
    const calculation: HTMLElement = button(t('Show the calculation'), () => this.events.showCalculation(nodeId, calculation), { title: t("The worked arithmetic of this leaf's impurity and of each candidate's score") });
    return el(
      'div',
      { class: 'hand-node' },
      pick.element,
      el('p', { class: 'muted hand-node-lines' }, n ? nodeLines(model, n).join(' · ') : ''),
      this.table(nodeId, this.load(nodeId)),
      calculation,
    );
  }

  private table(nodeId: number, state: CandidatesState): HTMLElement {
    if (state.kind === 'loading') return el('p', { class: 'muted' }, t('Scoring the candidates in the worker…'));
    if (state.kind === 'failed') return el('p', { class: 'error' }, state.message);
    const { splits, algorithm } = state.candidates;
    const mark = (on: boolean) => on && el('span', { class: 'hand-mark' }, t("★ algorithm's choice"));
    const rows = splits.map((s, i) =>
      el(
        'tr',
        { class: i === algorithm ? 'algorithm' : undefined, 'data-feature': s.feature },
        el('td', { title: s.feature }, s.condition, ' ', mark(i === algorithm)),
        el('td', { class: 'num' }, formatNumber(s.score, 4), el('br'), el('span', { class: 'muted' }, s.childSamples.map((x) => formatNumber(x)).join(' / '))),
        el('td', {}, button(t('Split'), () => this.events.step({ kind: 'split', node: nodeId, split: s.split }, t('Splitting node {0} by {1}…', nodeId, s.condition)), { title: t('Split node {0} by {1}; its children stay open', nodeId, s.condition) })),
      ),
    );
    const leaf = el(
      'tr',
      { class: algorithm === null ? 'algorithm hand-leaf' : 'hand-leaf' },
      el('td', {}, t('Make it a leaf'), ' ', mark(algorithm === null)),
      el('td', { class: 'num' }, '—'),
      el('td', {}, button(t('Leaf'), () => this.events.step({ kind: 'leaf', node: nodeId }, t('Making node {0} a leaf…', nodeId)), { title: t('Node {0} stays a leaf, predicting its majority (or mean)', nodeId) })),
    );
    const head = el('tr', {}, el('th', {}, t('Candidate split')), el('th', {}, splits[0] ? scoreName(splits[0].scoreName) : t('score'), el('br'), el('span', { class: 'muted' }, t('rows per branch'))), el('th', {}, ''));
    return el('table', { class: 'alternatives hand-candidates', 'aria-label': t('Candidate splits at node {0}', nodeId) }, el('thead', {}, head), el('tbody', {}, ...rows, leaf));
  }
}
